/** A demo gift and the fake server answers the recipient screens' tests share. */
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake } from '../../test/render-app';
import type { GiftAddress, GiftCompletion, GiftLeadtime, GiftProducts } from './gift-types';

export const GIFT_TOKEN = '0123456789abcdef0123456789abcdef';

export function giftProducts(over: Partial<GiftProducts> = {}): GiftProducts {
  return {
    state: 'waiting',
    receiver_name: 'はなちゃん',
    sender_name: '購入 太郎',
    message: 'お誕生日おめでとう！\nツーリングで使ってね。',
    expires_at: '2026-12-02T06:30:00Z',
    shop_name: 'モトバイクパーツ',
    packing: { wrapping_label: 'ギフトラッピング', noshi_label: null, noshi_name: '' },
    products: [
      {
        product_info: {
          product_key: 'gloves',
          variation_key: 'gloves-m',
          name: 'ウインターグローブ',
          variation_name: 'M / ブラック',
          image_url: '/images/gloves.png',
          url: '/product/gloves',
        },
        quantity: 1,
      },
    ],
    ...over,
  };
}

export const shibuya: GiftAddress = {
  shipping_last_name: '受取',
  shipping_first_name: '花子',
  shipping_last_name_kana: 'ウケトリ',
  shipping_first_name_kana: 'ハナコ',
  postal_code: '1500001',
  prefecture: '東京都',
  city: '渋谷区神宮前',
  address1: '1-2-3',
  address2: '',
  phone_number: '03-1234-5678',
  cell_phone_number: '',
  email: 'hanako@example.com',
};

export const giftLeadtimes: GiftLeadtime[] = [
  {
    order_shipping_id: 'os-1',
    earliest_date: '2026-11-28',
    dates: [
      { date: '2026-11-28', label: '11月28日(土)' },
      { date: '2026-11-29', label: '11月29日(日)' },
    ],
    timezones: [
      { key: 'am', label: '午前中' },
      { key: '14-16', label: '14時〜16時' },
    ],
    no_date_reason: null,
  },
];

export const completion: GiftCompletion = {
  state: 'accepted',
  receiver_name: 'はなちゃん',
  sender_name: '購入 太郎',
  shop_name: 'モトバイクパーツ',
  address: {
    name: '受取 花子',
    postal_code: '1500001',
    prefecture: '東京都',
    city: '渋谷区神宮前',
    address1: '1-2-3',
    address2: '',
    phone_number: '03-1234-5678',
    full_address: '〒150-0001 東京都渋谷区神宮前1-2-3',
  },
  delivery_date: '2026-11-29',
  delivery_date_label: '11月29日(日)',
  delivery_timezone_label: '午前中',
  products: giftProducts().products,
};

export const notFound = () =>
  json({ message: 'ギフトが見つかりません。URLをご確認ください。', code: 'social_gift.not_found' }, { status: 404 });

/** The demo site answering the recipient's calls for GIFT_TOKEN. */
export function giftFake(products: GiftProducts = giftProducts()): FakeFetch {
  return createSiteFake()
    .on('GET', '/v1/postal-codes/prefectures', {
      data: [
        { code: '13', name: '東京都', kana: 'トウキョウト' },
        { code: '27', name: '大阪府', kana: 'オオサカフ' },
      ],
    })
    .on('GET', `/v1/social-gifts/${GIFT_TOKEN}/products`, json(products))
    .on('GET', `/v1/shipping-leadtime/input/${GIFT_TOKEN}`, giftLeadtimes)
    .on('GET', `/v1/social-gifts/${GIFT_TOKEN}/complete`, json(completion))
    .on('POST', '/v1/social-gifts/check/shipping', { ok: true })
    .on('POST', '/v1/social-gifts/check/delivery', { ok: true })
    .on('PUT', `/v1/social-gifts/${GIFT_TOKEN}`, json(completion));
}
