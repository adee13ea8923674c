/** A demo cart and the fake server answers the cart screens' tests share. */
import { EXPIRY_KEY, TOKEN_KEY, setCartToken } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake } from '../../test/render-app';
import type { Cart, CartPaymentOption, CartProduct, Leadtime, Orderer, ShippingAddress } from './cart-types';

export const TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00';

export function line(over: Partial<CartProduct> & { name?: string; variation?: string } = {}): CartProduct {
  const { name = 'スポーツドリンク 粉末 1L用 10袋', variation = '', ...rest } = over;
  return {
    key: 'line-1',
    shipping_key: null,
    parent_key: null,
    product_info: {
      product_key: 'rp0300',
      variation_key: 'v-300',
      name,
      variation_name: variation,
      code: 'RF-DR-1',
      image_url: '/images/rp0300.png',
      url: '/product/rp0300',
      stock_status: 'in_stock',
      max_quantity: 5,
    },
    unit_price: 1080,
    quantity: 2,
    subtotal: 2160,
    tax_rate: 8,
    tax_amount: 160,
    coupon_discount_parts: 0,
    embroidery: null,
    embroiderable: null,
    ...rest,
  };
}

export const gloves = line({
  key: 'line-2',
  name: 'ウインターグローブ',
  variation: 'M / ブラック',
  unit_price: 6480,
  quantity: 1,
  subtotal: 6480,
  tax_rate: 10,
  tax_amount: 589,
  embroiderable: { price: 550, max_chars: 10 },
});

export const address: ShippingAddress = {
  shipping_last_name: '山田',
  shipping_first_name: '花子',
  shipping_last_name_kana: 'ヤマダ',
  shipping_first_name_kana: 'ハナコ',
  postal_code: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  address1: '1-1',
  address2: '',
  phone_number: '03-1234-5678',
  shipping_name: '山田 花子',
  full_address: '〒100-0001 東京都千代田区千代田1-1',
};

export const orderer: Orderer = {
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  email: 'hanako@example.com',
  postal_code: '1000001',
  prefecture: '東京都',
  city: '千代田区千代田',
  address1: '1-1',
  address2: '',
  phone_number: '03-1234-5678',
};

export function cart(
  over: Partial<Cart> & { products?: CartProduct[]; order?: Partial<Cart['detail']['order']>; shipped?: boolean } = {},
): Cart {
  const { products = [line(), gloves], order = {}, shipped = false, ...rest } = over;
  return {
    token: TOKEN,
    order_no: null,
    expires_at: '2026-12-22T00:00:00Z',
    transaction_error: null,
    payment_in_progress: false,
    removed_products: [],
    reason: null,
    social_gift: {
      offered: false,
      allowed: false,
      unavailable_reason: 'ソーシャルギフトはこのショップでは利用できません。',
      days: 7,
      carriage: 1100,
      payment_codes: ['credit_card'],
      receiver: null,
    },
    detail: {
      products,
      shippings: shipped
        ? [
            {
              key: 'ship-1',
              user_address_id: null,
              address,
              delivery_date: null,
              delivery_timezone_key: null,
              packing: { wrapping_key: null, noshi_key: null, noshi_name: '' },
              carriage: 880,
              packing_fee: 0,
              wrapping_allowed: true,
              noshi_allowed: true,
            },
          ]
        : [],
      coupons: [],
      order: {
        items_subtotal: 8640,
        coupon_discount: 0,
        total_carriage: 880,
        payment_fee: 0,
        packing_fee: 0,
        use_points: 0,
        total_payment: 9520,
        total_tax: 1025,
        amount_by_tax_rate: [
          { tax_rate: 10, amount: 7360, tax: 669 },
          { tax_rate: 8, amount: 2160, tax: 160 },
        ],
        earn_points: 0,
        point_balance: null,
        payment_method: null,
        card: null,
        orderer: null,
        note: '',
        can_decide: false,
        missing: ['shipping_address', 'payment_method', 'orderer'],
        ...order,
      },
    },
    ...rest,
  };
}

export const leadtimes: Leadtime[] = [
  {
    shipping_key: 'ship-1',
    earliest_date: '2026-11-25',
    dates: [
      { date: '2026-11-25', label: '11月25日(水)' },
      { date: '2026-11-26', label: '11月26日(木)' },
    ],
    timezones: [
      { key: 'am', label: '午前中' },
      { key: '14-16', label: '14時〜16時' },
    ],
  },
];

export const payments: CartPaymentOption[] = [
  {
    id: 'pm-card',
    code: 'credit_card',
    name: 'クレジットカード',
    description: '',
    fee: 0,
    member_only: false,
    is_available: true,
    unavailable_reason: null,
  },
  {
    id: 'pm-cod',
    code: 'cod',
    name: '代金引換',
    description: '商品お届け時にお支払いください。',
    fee: 330,
    member_only: false,
    is_available: true,
    unavailable_reason: null,
  },
  {
    id: 'pm-bank',
    code: 'bank_transfer',
    name: '銀行振込',
    description: '',
    fee: 0,
    member_only: true,
    is_available: false,
    unavailable_reason: '会員の方のみご利用いただけます',
  },
];

export function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

/** The demo site with a stored cart token and the cart `body` answered by init. */
export function cartFake(body: Cart): FakeFetch {
  setCartToken(TOKEN);
  return createSiteFake()
    .on('GET', '/v1/postal-codes/prefectures', { data: [{ code: '13', name: '東京都', kana: 'トウキョウト' }] })
    .on('POST', '/v1/carts/init', json(body))
    .on('GET', `/v1/shipping-leadtime/carts/${TOKEN}`, leadtimes)
    .on('GET', `/v1/payments/carts/${TOKEN}`, payments)
    .on('POST', '/v1/ecommerce_events', json({ id: 'ev-1', popup: null }, { status: 201 }));
}

export async function bodyOf(request: Request | undefined): Promise<Record<string, unknown>> {
  if (!request) throw new Error('no such request');
  return (await request.clone().json()) as Record<string, unknown>;
}
