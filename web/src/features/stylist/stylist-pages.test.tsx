import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parsePageParam } from '../../lib/page-param';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { stylistHref } from './stylist-queries';

function stylist(key: string, name: string, role: string) {
  return {
    key,
    name,
    name_kana: 'さとう けんいち',
    role,
    profile: 'バイク歴30年。\n長く使える定番品を選ぶのが信条。',
    riding_style: 'ツーリング（CB1300SF）',
    avatar: `/images/stylists/${key}.svg`,
  };
}

function product(n: number) {
  return {
    id: `p${n}`,
    key: `rp${String(n).padStart(4, '0')}`,
    name: `商品${n}`,
    code: `CODE-${n}`,
    product_price: 1000 * n,
    before_price: null,
    tax_rate: 10,
    brand: { key: 'wakos', name: "WAKO'S" },
    maker: { key: 'wakos', name: 'ワコーズ' },
    categories: [{ key: 'bike-oil', name: 'エンジンオイル' }],
    image: { url: `/images/products/rp${n}.svg`, alt: `商品${n}` },
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
  };
}

const pageHeaders = (total: number) => ({
  headers: { 'x-total': String(total), 'x-per-page': '20', 'x-last-page': '1', 'x-current-page': '1' },
});

describe('/stylist', () => {
  it('shows every stylist as a card with avatar, name and role', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/stylists',
      json(
        { data: [stylist('sato-kenichi', '佐藤 健一', '店長'), stylist('suzuki-daisuke', '鈴木 大輔', '整備士')] },
        pageHeaders(2),
      ),
    );
    await renderApp('/stylist', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'スタッフのおすすめ' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'スタッフ一覧' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: '佐藤 健一' })).toHaveAttribute('href', '/stylist/sato-kenichi');
    expect(within(cards[0]!).getByText('店長')).toBeInTheDocument();
    expect(cards[1]!.querySelector('img')).toHaveAttribute('src', '/images/stylists/suzuki-daisuke.svg');
    expect(within(cards[1]!).getByText('整備士')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('スタッフのおすすめ｜モトバイクパーツ'));
  });

  it('says so when the shop has no stylists', async () => {
    const fake = createSiteFake().on('GET', '/v1/stylists', json({ data: [] }, pageHeaders(0)));
    await renderApp('/stylist', fake);

    expect(await screen.findByText('ご紹介できるスタッフはまだいません。')).toBeInTheDocument();
  });

  it('reads a bad page number as page 1 and builds safe links', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    expect(stylistHref('a/b')).toBe('/stylist/a%2Fb');
  });
});

describe('/stylist/:key', () => {
  it('shows the profile and the picks as product cards with their comments', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/stylists/sato-kenichi',
      json({
        ...stylist('sato-kenichi', '佐藤 健一', '店長'),
        picks: [
          { comment: '交換サイクルを守るのが一番のメンテナンスです。', product: product(1) },
          { comment: '冬前の交換がおすすめ。', product: product(2) },
        ],
      }),
    );
    await renderApp('/stylist/sato-kenichi', fake);

    expect(await screen.findByRole('heading', { level: 1, name: /佐藤 健一/ })).toBeInTheDocument();
    expect(screen.getByText('店長')).toBeInTheDocument();
    expect(screen.getByText('ツーリング（CB1300SF）')).toBeInTheDocument();
    expect(screen.getByText(/バイク歴30年。/)).toBeInTheDocument();
    const picks = within(screen.getByRole('list', { name: 'おすすめ商品' })).getAllByRole('listitem');
    expect(picks).toHaveLength(2);
    expect(within(picks[0]!).getByText('交換サイクルを守るのが一番のメンテナンスです。')).toBeInTheDocument();
    expect(within(picks[0]!).getByRole('link', { name: '商品1' })).toHaveAttribute('href', '/product/rp0001');
    expect(within(picks[1]!).getByText('冬前の交換がおすすめ。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'スタッフ一覧へ戻る' })).toHaveAttribute('href', '/stylist');
    await waitFor(() => expect(document.title).toBe('佐藤 健一のおすすめ｜モトバイクパーツ'));
  });

  it('shows the 404 page for an unknown key', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/stylists/nobody',
      json({ message: '見つかりません。' }, { status: 404 }),
    );
    await renderApp('/stylist/nobody', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});
