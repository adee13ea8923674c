import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postEcommerceEvent } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';

function item(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `p${n}`,
    key: `rp${String(n).padStart(4, '0')}`,
    name: `商品${n}`,
    code: `CODE-${n}`,
    product_price: 1000 * n,
    before_price: null,
    tax_rate: 10,
    brand: { key: 'daytona', name: 'DAYTONA' },
    maker: { key: 'daytona', name: 'デイトナ' },
    categories: [{ key: 'bike-glove', name: 'グローブ' }],
    image: { url: `/images/products/rp${n}.svg`, alt: `商品${n}` },
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
    ...extra,
  };
}

const pages = (total: number, current = 1, per = 15) => ({
  'x-total': String(total),
  'x-per-page': String(per),
  'x-last-page': String(Math.max(1, Math.ceil(total / per))),
  'x-current-page': String(current),
});

const categories = {
  data: [
    {
      id: 'c1',
      key: 'bike',
      name: 'バイク用品',
      children: [
        {
          id: 'c2',
          key: 'bike-gear',
          name: 'ライディングギア',
          children: [{ id: 'c3', key: 'bike-glove', name: 'グローブ', children: [] }],
        },
      ],
    },
  ],
};

const detail = {
  ...item(130, { name: 'ウインターグローブ', product_price: 6480, before_price: 7980 }),
  description: '冬用グローブです。',
  images: [
    { url: '/images/products/a.svg', alt: '正面' },
    { url: '/images/products/b.svg', alt: '使用イメージ' },
  ],
  product_model: {
    products: [
      {
        key: 'm-bk',
        name: 'ウインターグローブ（M / ブラック）',
        size: 'M',
        color: 'ブラック',
        price: 6480,
        stock_status: 'in_stock',
      },
      {
        key: '3l-bk',
        name: 'ウインターグローブ（3L / ブラック）',
        size: '3L',
        color: 'ブラック',
        price: 7030,
        stock_status: 'out_of_stock',
      },
      {
        key: 'm-rd',
        name: 'ウインターグローブ（M / レッド）',
        size: 'M',
        color: 'レッド',
        price: 6480,
        stock_status: 'few',
      },
    ],
  },
  sale_start: null,
  sale_end: null,
  review: { count: 0, average: null },
};

function catalogFake() {
  return createSiteFake()
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', categories)
    .on('GET', '/v1/makers', {
      data: [{ id: 'm1', key: 'daytona', name: 'デイトナ', name_kana: 'でいとな', description: '', url: null }],
    })
    .on('GET', '/v1/brands', {
      data: [
        { id: 'b1', key: 'daytona', name: 'DAYTONA', description: '', maker: { key: 'daytona', name: 'デイトナ' } },
      ],
    })
    .on('GET', '/v1/tags', { data: [] })
    .on('GET', '/v1/products', (req) => {
      const page = Number(new URL(req.url).searchParams.get('page') ?? '1');
      return json({ data: Array.from({ length: 15 }, (_, i) => item(i + 1)) }, { headers: pages(40, page) });
    })
    .on('GET', '/v1/products/rp0130', detail)
    .on('GET', '/v1/products/rp0130/recommend', { data: [item(7)] })
    .on('GET', '/v1/products/rp0130/accessories', { data: [] })
    .on('GET', '/v1/products/rp0130/reviews', json({ data: [] }, { headers: pages(0, 1, 3) }));
}

describe('/product', () => {
  it('lists 15 products with the total, prices with tax and stock', async () => {
    await renderApp('/product', catalogFake());

    const list = await screen.findByRole('list', { name: '商品一覧' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByRole('heading', { level: 1, name: '商品一覧' })).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    const first = within(list).getAllByRole('article')[0]!;
    expect(within(first).getByRole('link', { name: '商品1' })).toHaveAttribute('href', '/product/rp0001');
    expect(first).toHaveTextContent('¥1,000（税込）');
    expect(first).toHaveTextContent('在庫あり');
    expect(
      within(screen.getByRole('navigation', { name: '商品一覧のページ送り' })).getByRole('link', { name: '2ページ目' }),
    ).toHaveAttribute('href', '/product?page=2');
  });

  it('sends the URL’s filters to the API, with the child flag for a category', async () => {
    const fake = catalogFake();
    await renderApp(
      '/product?category=bike-gear&keyword=%E3%81%90%E3%82%8D%E3%83%BC%E3%81%B6&sort=price_asc&page=2',
      fake,
    );

    expect(await screen.findByRole('heading', { level: 1, name: '「ぐろーぶ」の検索結果' })).toBeInTheDocument();
    const query = new URL(fake.callsTo('/v1/products').at(-1)!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      per: '15',
      category: 'bike-gear',
      child: '1',
      keyword: 'ぐろーぶ',
      sort: 'price_asc',
    });
    const sort = screen.getByRole('navigation', { name: '並び替え' });
    expect(within(sort).getByRole('link', { name: '価格の安い順' })).toHaveAttribute('aria-current', 'true');
    expect(within(sort).getByRole('link', { name: '価格の高い順' })).toHaveAttribute(
      'href',
      '/product?keyword=%E3%81%90%E3%82%8D%E3%83%BC%E3%81%B6&category=bike-gear&sort=price_desc',
    );
    expect(screen.getByRole('link', { name: 'カテゴリー「ライディングギア」の条件を解除' })).toHaveAttribute(
      'href',
      '/product?keyword=%E3%81%90%E3%82%8D%E3%83%BC%E3%81%B6&sort=price_asc',
    );
    const crumbs = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(crumbs).getByRole('link', { name: 'バイク用品' })).toHaveAttribute('href', '/product?category=bike');
  });

  it('shows the category’s picture as a banner at the top, and none for a category without one', async () => {
    const pictured = structuredClone(categories);
    Object.assign(pictured.data[0]!.children[0]!, {
      image_url: '/media/gear-960.webp',
      image_srcset: '/media/gear-480.webp 480w, /media/gear-960.webp 960w',
    });
    const first = await renderApp(
      '/product?category=bike-gear',
      catalogFake().on('GET', '/v1/categories/hierarchy', pictured),
    );
    await screen.findByRole('heading', { level: 1, name: 'ライディングギア' });
    const banner = screen.getByRole('img', { name: 'ライディングギア' });
    expect(banner).toHaveAttribute('src', '/media/gear-960.webp');
    expect(banner).toHaveAttribute('srcset', '/media/gear-480.webp 480w, /media/gear-960.webp 960w');
    expect(banner).toHaveAttribute('sizes', '(min-width: 1200px) 1200px, 100vw');
    // A fixed box: the picture cannot move the list when it arrives.
    expect(banner).toHaveAttribute('width');
    expect(banner).toHaveAttribute('height');
    first.unmount();

    await renderApp('/product?category=bike', catalogFake().on('GET', '/v1/categories/hierarchy', pictured));
    await screen.findByRole('heading', { level: 1, name: 'バイク用品' });
    expect(screen.queryByRole('img', { name: 'バイク用品' })).not.toBeInTheDocument();
  });

  it('applies the filter form to the URL from page 1', async () => {
    const { router } = await renderApp('/product?page=3', catalogFake());
    const form = await screen.findByRole('form', { name: '条件で絞り込む' });
    await screen.findByRole('option', { name: 'デイトナ' });

    fireEvent.change(within(form).getByLabelText('メーカー'), { target: { value: 'daytona' } });
    fireEvent.change(within(form).getByLabelText('下限価格（円）'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('上限価格（円）'), { target: { value: '１０００' } });
    fireEvent.click(within(form).getByLabelText('在庫ありのみ表示'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'この条件で絞り込む' }));
    });

    await screen.findByRole('heading', { level: 1, name: 'デイトナの商品一覧' });
    expect(router.state.location.search).toBe('?maker=daytona&price_min=1000&price_max=5000&in_stock=1');
  });

  it('says so when nothing matches', async () => {
    const fake = catalogFake().on('GET', '/v1/products', json({ data: [] }, { headers: pages(0) }));
    await renderApp('/product?keyword=zzz', fake);

    expect(await screen.findByText('該当する商品が見つかりませんでした。')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '商品一覧' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '条件をクリアして表示' })).toHaveAttribute('href', '/product');
  });

  it('puts the filters behind a 「絞り込み」 dialog on a phone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      await renderApp('/product', catalogFake());
      await screen.findByRole('list', { name: '商品一覧' });
      expect(screen.queryByRole('complementary', { name: '絞り込み' })).not.toBeInTheDocument();

      const button = screen.getByRole('button', { name: /絞り込み/ });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: '絞り込み' });
      expect(within(dialog).getByRole('link', { name: 'ライディングギア' })).toHaveAttribute(
        'href',
        '/product?category=bike-gear',
      );
      expect(button).toHaveAttribute('aria-expanded', 'true');
      fireEvent.click(within(dialog).getByRole('button', { name: /閉じる/ }));
      expect(button).toHaveAttribute('aria-expanded', 'false');
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('/product/:key', () => {
  it('shows the product, and a variation changes price and stock', async () => {
    await renderApp('/product/rp0130', catalogFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'ウインターグローブ' })).toBeInTheDocument();
    expect(screen.getByText('CODE-130', { selector: 'p > span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'デイトナ' })).toHaveAttribute('href', '/maker/daytona');
    expect(screen.getByRole('link', { name: 'DAYTONA' })).toHaveAttribute('href', '/product?brand=daytona');
    const buy = document.querySelector('[aria-live="polite"][aria-atomic="true"]') as HTMLElement;
    expect(buy).toHaveTextContent('¥6,480（税込）');
    expect(buy.querySelector('s')).toHaveTextContent('¥7,980');
    expect(buy).toHaveTextContent('在庫あり');

    fireEvent.click(screen.getByRole('radio', { name: /3L/ }));
    expect(buy).toHaveTextContent('¥7,030（税込）');
    expect(buy.querySelector('s')).toBeNull();
    expect(buy).toHaveTextContent('在庫切れ');

    fireEvent.click(screen.getByRole('radio', { name: /レッド/ }));
    expect(buy).toHaveTextContent('¥6,480（税込）');
    expect(buy).toHaveTextContent('残りわずか');
    expect(screen.getByRole('radio', { name: /^M/ })).toBeChecked();

    // レッド M is on sale and in stock (few): it can go into the cart.
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toBeEnabled();
    expect(await screen.findByRole('list', { name: 'おすすめ商品' })).toBeInTheDocument();
    expect(screen.getByText('この商品のレビューはまだありません。')).toBeInTheDocument();
    const crumbs = await screen.findByRole('navigation', { name: 'パンくずリスト' });
    await within(crumbs).findByRole('link', { name: 'ライディングギア' });
  });

  it('puts the chosen variation into the cart in the chosen quantity', async () => {
    const answer = (quantity: number) => ({
      token: 'cart-1',
      order_no: null,
      removed_products: [],
      detail: { products: quantity ? [{ key: 'l1', parent_key: null, quantity }] : [], shippings: [], coupons: [] },
    });
    const fake = catalogFake()
      .on('POST', '/v1/carts/init', answer(0))
      .on('PATCH', '/v1/carts/products/add', answer(2))
      .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: null }, { status: 201 }));
    await renderApp('/product/rp0130', fake);
    fireEvent.click(await screen.findByRole('radio', { name: /レッド/ }));
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'カートに入れる' }));
    expect(await screen.findByRole('link', { name: 'カートを見る' })).toHaveAttribute('href', '/cart');
    expect(await fake.callsTo('/v1/carts/products/add')[0]!.json()).toEqual({
      token: 'cart-1',
      variation_key: 'm-rd',
      quantity: 2,
    });
    expect(screen.getByRole('link', { name: 'カート（2点）' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /3L/ }));
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toHaveAccessibleDescription(
      '在庫切れのためご購入いただけません。',
    );
  });

  it('carries the おすすめ商品 click into the ecommerce events that follow it (logreco_rcmd_ct)', async () => {
    const fake = catalogFake()
      .on('GET', '/v1/products/rp0007', json({ code: 'not_found', message: '見つかりません。' }, { status: 404 }))
      .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: null }, { status: 201 }));
    await renderApp('/product/rp0130', fake);
    await act(async () => {
      await postEcommerceEvent('view_item', {});
    });
    expect((await fake.callsTo('/v1/ecommerce_events')[0]!.json()).logreco_rcmd_ct).toBeNull();

    const recommended = await screen.findByRole('list', { name: 'おすすめ商品' });
    fireEvent.click(within(recommended).getAllByRole('link')[0]!);
    await act(async () => {
      await postEcommerceEvent('add_to_cart', { variation_key: 'v7', quantity: 1 });
    });
    const sent = await fake.callsTo('/v1/ecommerce_events')[1]!.json();
    expect(sent.logreco_rcmd_ct).toEqual({ source: 'rp0130', target: 'rp0007', clicked_at: expect.any(String) });
  });

  it('moves through the gallery with the arrow keys', async () => {
    await renderApp('/product/rp0130', catalogFake());
    const thumbs = within(await screen.findByRole('list', { name: '商品画像の一覧' })).getAllByRole('button');
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
    thumbs[0]!.focus();
    fireEvent.keyDown(thumbs[0]!, { key: 'ArrowRight' });
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs[1]).toHaveFocus();
    fireEvent.keyDown(thumbs[1]!, { key: 'ArrowRight' });
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks reduced-rate items and products not on sale yet', async () => {
    const fake = catalogFake().on('GET', '/v1/products/rp0130', {
      ...detail,
      tax_rate: 8,
      is_on_sale: false,
      sale_start: '2099-01-01T00:00:00Z',
    });
    await renderApp('/product/rp0130', fake);

    expect(await screen.findByText('軽減税率対象（8%）')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('この商品は2099.01.01 9:00から販売開始予定です。');
  });

  it('shows the 404 page for an unknown key', async () => {
    const fake = catalogFake().on(
      'GET',
      '/v1/products/nothing',
      json({ message: '商品が見つかりません。' }, { status: 404 }),
    );
    await renderApp('/product/nothing', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});

describe('/maker and /brand', () => {
  it('shows a maker with its own products', async () => {
    const fake = catalogFake().on('GET', '/v1/makers/daytona', {
      id: 'm1',
      key: 'daytona',
      name: 'デイトナ',
      name_kana: 'でいとな',
      description: '二輪用品メーカー。',
      url: null,
    });
    await renderApp('/maker/daytona?sort=popular', fake);

    expect(await screen.findByRole('heading', { level: 1, name: /デイトナ/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
    const query = new URL(fake.callsTo('/v1/products').at(-1)!.url).searchParams;
    expect(query.get('maker')).toBe('daytona');
    expect(query.get('sort')).toBe('popular');
    expect(
      within(screen.getByRole('navigation', { name: '商品一覧のページ送り' })).getByRole('link', { name: '2ページ目' }),
    ).toHaveAttribute('href', '/maker/daytona?sort=popular&page=2');
  });

  it('lists makers by kana row and brands as product-list links', async () => {
    const { router } = await renderApp('/maker', catalogFake());
    expect(await screen.findByRole('heading', { level: 2, name: 'た行' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /デイトナ/ })).toHaveAttribute('href', '/maker/daytona');

    await act(async () => {
      await router.navigate('/brand');
    });
    expect(await screen.findByRole('link', { name: /DAYTONA/ })).toHaveAttribute('href', '/product?brand=daytona');
  });
});
