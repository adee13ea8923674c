/**
 * What a customer sees of each tenant theme: its header and footer with the shop's menus, its
 * top page around the shop's content, its product card and its own ご利用ガイド; and the app
 * drawing a tenant shop with them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client';
import type { ProductItem, StaticPage } from '../api/types';
import { queryClient } from '../lib/query-client';
import { createFakeFetch } from '../test/fake-fetch';
import { createSiteFake, renderApp } from '../test/render-app';
import { ProductGrid } from './product-grid';
import { activeThemeStore } from './active-theme';
import { THEME_NAMES, loadTheme, registry } from './registry';
import type { GuidePageProps, HomeLayoutProps, ThemeComponents } from './types';
import type { ProductCardProps } from '../ui/product-card';

const TENANTS = THEME_NAMES.filter((name) => name !== 'simple');

/** What each theme says about its trade, somewhere a customer sees it. */
const TRADE: Record<(typeof TENANTS)[number], { header: RegExp; card: RegExp; home: RegExp }> = {
  asone: { header: /見積書/, card: /型番/, home: /型番/ },
  takimoto: { header: /瀧本陶苑/, card: /窯元工房/, home: /和食器と茶道具/ },
  tsunagu: { header: /法人のお客様専用/, card: /品番：RT-100/, home: /注文履歴/ },
  awjapan: { header: /ワークストア/, card: /品番 RT-100/, home: /作業服・安全靴・保護具/ },
  halehana: { header: /ハレハナ/, card: /ハワイ工房|パウスカート/, home: /Aloha!/ },
  livins: { header: /リヴィンズ/, card: /窯元工房/, home: /長く使える家具/ },
};

const SHOP_NAMES: Record<(typeof TENANTS)[number], string> = {
  asone: 'ラボネクスト',
  takimoto: '瀧本陶苑',
  tsunagu: 'ライドパーツ 業販サイト',
  awjapan: 'AWジャパン ワークストア',
  halehana: 'ハレハナ',
  livins: 'リヴィンズ',
};

const product: ProductItem = {
  id: 'p1',
  key: 'rt-100',
  name: '丸底フラスコ 500mL',
  code: 'RT-100',
  product_price: 1200,
  before_price: null,
  tax_rate: 10,
  brand: null,
  maker: { key: 'kobo', name: '窯元工房' },
  categories: [{ key: 'glass', name: 'ガラス器具' }],
  image: null,
  is_favorite: false,
  stock_status: 'in_stock',
  is_on_sale: true,
};

const guide: StaticPage = {
  id: 'sp1',
  url: '/guide',
  title: 'ご利用ガイド',
  sections: [{ heading: '送料', body: '税込11,000円以上で送料無料。' }],
  updated_at: '2026-11-01T00:00:00Z',
} as unknown as StaticPage;

function show(ui: ReactNode) {
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: createFakeFetch().fetch, navigate: () => {} });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function partsOf(name: string) {
  await loadTheme({ theme: name, tenant: name });
  const resolve = registry.resolve as (n: keyof ThemeComponents, c: object, s?: unknown) => never;
  const context = activeThemeStore.get();
  const none = () => null;
  return {
    Header: resolve('Header', context) as ThemeComponents['Header'],
    Footer: resolve('Footer', context) as ThemeComponents['Footer'],
    HomeLayout: resolve('HomeLayout', context, none) as (p: HomeLayoutProps) => ReactNode,
    ProductCard: resolve('ProductCard', context, none) as (p: ProductCardProps) => ReactNode,
    GuidePage: resolve('GuidePage', context, none) as (p: GuidePageProps) => ReactNode,
  };
}

afterEach(() => {
  queryClient.clear();
});

describe.each(TENANTS)('the %s theme', (name) => {
  const shopName = SHOP_NAMES[name];
  const navigation = [
    { label: '商品一覧', path: '/product' },
    { label: 'お知らせ', path: '/news' },
  ];

  it('has a header with the shop name, its menu, the cart and the login', async () => {
    const { Header } = await partsOf(name);
    show(<Header shopName={shopName} navigation={navigation} />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: shopName })).toHaveAttribute('href', '/');
    const menu = within(banner).getByRole('navigation', { name: 'メインメニュー' });
    expect(within(menu).getByRole('link', { name: '商品一覧' })).toHaveAttribute('href', '/product');
    expect(within(menu).getByRole('link', { name: 'お知らせ' })).toHaveAttribute('href', '/news');
    expect(within(banner).getByRole('link', { name: 'カート' })).toHaveAttribute('href', '/cart');
    expect(within(banner).getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    expect(banner).toHaveTextContent(TRADE[name].header);
  });

  it('has a footer with the shop menu, its own guide and the copyright', async () => {
    const { Footer } = await partsOf(name);
    show(<Footer shopName={shopName} navigation={navigation} copyright={`© 2026 ${shopName}`} />);
    const footer = screen.getByRole('contentinfo');
    const menu = within(footer).getByRole('navigation', { name: 'フッターメニュー' });
    expect(within(menu).getByRole('link', { name: '商品一覧' })).toHaveAttribute('href', '/product');
    expect(within(menu).getByRole('link', { name: 'ご利用ガイド' })).toHaveAttribute('href', '/guide');
    expect(footer).toHaveTextContent(`© 2026 ${shopName}`);
  });

  it('lays out the top page around the shop content under a visible title', async () => {
    const { HomeLayout } = await partsOf(name);
    show(
      <HomeLayout
        shopName={shopName}
        title="トップページ"
        notice={<p>お知らせ欄</p>}
        mainBanners={<p>メインバナー</p>}
        blocks={<section aria-label="ブロック">ショップのブロック</section>}
        collections={<section aria-label="新着商品">新着商品の一覧</section>}
        information={<p>営業日カレンダー</p>}
        linkBanners={<p>リンクバナー</p>}
        withSidebar={(main) => <div data-sidebar="yes">{main}</div>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'トップページ' })).toBeVisible();
    for (const text of [
      'お知らせ欄',
      'メインバナー',
      'ショップのブロック',
      '新着商品の一覧',
      '営業日カレンダー',
      'リンクバナー',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(document.body).toHaveTextContent(TRADE[name].home);
    // The theme's own way into the catalogue or its guide.
    const own = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(own.some((href) => href === '/product' || href === '/mypage/order_history')).toBe(true);
  });

  it('draws a product card linking to the product, with its code, price and stock', async () => {
    const { ProductCard } = await partsOf(name);
    show(<ProductCard product={product} />);
    const card = screen.getByRole('article', { name: '丸底フラスコ 500mL' });
    expect(within(card).getByRole('link', { name: '丸底フラスコ 500mL' })).toHaveAttribute('href', '/product/rt-100');
    expect(card).toHaveTextContent(/1,200/);
    expect(card).toHaveTextContent('在庫あり');
    expect(within(card).getByRole('button', { name: 'お気に入りに追加' })).toBeInTheDocument();
    if (name !== 'halehana') expect(card).toHaveTextContent(TRADE[name].card);
  });

  it('has its own ご利用ガイド with the shop sections and ways to the screens it speaks of', async () => {
    const { GuidePage } = await partsOf(name);
    show(<GuidePage shopName={shopName} page={guide} />);
    expect(screen.getByRole('heading', { level: 1, name: /ご利用ガイド/ })).toBeInTheDocument();
    expect(screen.getByText('送料')).toBeInTheDocument();
    expect(screen.getByText('税込11,000円以上で送料無料。')).toBeInTheDocument();
    const targets = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(targets).toContain('/product');
    expect(targets.some((href) => href === '/cart' || href === '/mypage/order_history')).toBe(true);
  });

  it('still has its guide when the shop has no /guide page', async () => {
    const { GuidePage } = await partsOf(name);
    show(<GuidePage shopName={shopName} page={null} />);
    expect(screen.getByRole('heading', { level: 1, name: /ご利用ガイド/ })).toBeInTheDocument();
    expect(screen.queryByText('送料')).not.toBeInTheDocument();
  });
});

describe('product lists through the registry', () => {
  it('draw the visit theme card (Asone leads with 型番) and Simple otherwise', async () => {
    await loadTheme({ theme: 'asone', tenant: 'asone' });
    const { unmount } = show(<ProductGrid products={[product]} label="商品一覧" />);
    expect(within(screen.getByRole('list', { name: '商品一覧' })).getByText('型番')).toBeInTheDocument();
    unmount();
    await loadTheme({ theme: 'simple', tenant: null });
    show(<ProductGrid products={[product]} label="商品一覧" />);
    expect(screen.queryByText('型番')).not.toBeInTheDocument();
    expect(screen.getByText('品番：RT-100')).toBeInTheDocument();
  });
});

describe('a tenant shop in the app', () => {
  it('opens with its theme header, top page and footer', async () => {
    const fake = createSiteFake().on('GET', '/public.json', {
      channel: 'halehana',
      name: 'ハレハナ',
      theme: 'halehana',
      tenant: 'halehana',
      api_base_url: '',
    });
    await renderApp('/', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    expect(screen.getByText('Aloha!')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('halehana');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'ご利用ガイド' })).toHaveAttribute('href', '/guide');
  });

  it('shows its own guide even when the shop has no /guide page', async () => {
    const fake = createSiteFake()
      .on('GET', '/public.json', {
        channel: 'livins',
        name: 'リヴィンズ',
        theme: 'livins',
        tenant: 'livins',
        api_base_url: '',
      })
      .on('GET', '/v1/layouts/default', {
        page: 'default',
        layout: 'default',
        header: { navigation: [] },
        footer: { navigation: [], copyright: '© リヴィンズ' },
      });
    await renderApp('/guide', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'ご利用ガイド' })).toBeInTheDocument();
    expect(screen.getByText(/家具を気持ちよくお迎えいただくために/)).toBeInTheDocument();
  });

  it('leaves a Simple shop guide-less /guide a 404, as any missing page', async () => {
    await renderApp('/guide');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
  });
});
