import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const law = {
  url: '/law',
  title: '特定商取引法に基づく表記',
  sections: [
    { heading: '販売業者', body: 'RideCraft株式会社' },
    { heading: '送料', body: '全国一律880円（税込）。\n\n税込5,500円以上で送料無料。' },
  ],
  updated_at: '2026-11-22T01:00:00Z',
};

const landing = (extend = { is_show_header: true, is_show_footer: true }) => ({
  slug: 'winter',
  title: '冬のメンテナンス特集',
  layout: [
    {
      kind: 'hero',
      props: { heading: '寒い季節こそ点検を', body: '最大20%オフ。', image: 'https://evil.example/x.png', coupon: [] },
    },
    { kind: 'text', props: { heading: '3つのポイント', body: 'チェーン\n\nブレーキ' } },
    {
      kind: 'links',
      props: {
        links: [
          { label: 'ブログを読む', path: '/blog/b-1' },
          { label: '危険', path: 'javascript:alert(1)' },
        ],
      },
    },
    { kind: 'mystery', props: {} },
  ],
  extend,
});

describe('catch-all: static pages', () => {
  it('shows a static page by its path, sections as a list', async () => {
    const fake = createSiteFake().on('GET', '/v1/static-pages/url/law', law);
    await renderApp('/law', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeInTheDocument();
    expect(screen.getByText('販売業者').tagName).toBe('DT');
    expect(screen.getByText('RideCraft株式会社')).toBeInTheDocument();
    expect(screen.getByText('税込5,500円以上で送料無料。')).toBeInTheDocument();
    expect(screen.getByText('2026.11.22')).toBeInTheDocument();
    // The title follows the page in an effect, after the content may already be on screen.
    await waitFor(() => expect(document.title).toBe('特定商取引法に基づく表記｜モトバイクパーツ'));
  });

  it('asks once for a nested path and shows 404 when the server knows no page', async () => {
    const fake = createSiteFake();
    await renderApp('/guide/nothing', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    const calls = fake.calls.filter((c) => new URL(c.url).pathname.startsWith('/v1/static-pages/url/'));
    expect(calls).toHaveLength(1);
    expect(decodeURIComponent(new URL(calls[0]!.url).pathname)).toBe('/v1/static-pages/url/guide/nothing');
    expect(fake.callsTo('/v1/lp/nothing')).toHaveLength(0);
  });
});

describe('catch-all: landing pages', () => {
  it('renders the blocks it knows, safely', async () => {
    const fake = createSiteFake().on('GET', '/v1/lp/winter', landing());
    await renderApp('/lp/winter', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '冬のメンテナンス特集' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '寒い季節こそ点検を' })).toBeInTheDocument();
    expect(screen.getByText('ブレーキ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ブログを読む' })).toHaveAttribute('href', '/blog/b-1');
    expect(screen.queryByRole('link', { name: '危険' })).not.toBeInTheDocument();
    // An outside picture is not loaded.
    expect(document.querySelector('img[src^="https://"]')).toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('hides header and footer when the page says so', async () => {
    const fake = createSiteFake().on('GET', '/v1/lp/winter', landing({ is_show_header: false, is_show_footer: false }));
    await renderApp('/lp/winter', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '冬のメンテナンス特集' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('follows x-redirect to a same-site path', async () => {
    const fake = createSiteFake().on('GET', '/v1/lp/old', json(landing(), { headers: { 'x-redirect': '/news' } }));
    const { router } = await renderApp('/lp/old', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ニュース' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/news');
  });

  it('ignores an x-redirect to another site and shows the page', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/lp/old',
      json(landing(), { headers: { 'x-redirect': 'https://evil.example/' } }),
    );
    const { router } = await renderApp('/lp/old', fake);

    expect(await screen.findByRole('heading', { level: 1, name: '冬のメンテナンス特集' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lp/old');
  });
});

describe('/sitemap', () => {
  it('lists main pages, guides, categories and makers from the API', async () => {
    const fake = createSiteFake()
      .on('GET', '/v1/static-pages/urls', { data: [{ url: '/law', title: '特定商取引法に基づく表記' }] })
      .on('GET', '/v1/lp', { data: [] })
      .on('GET', '/v1/categories/hierarchy', {
        data: [
          {
            id: 'c1',
            key: 'bike',
            name: 'バイク用品',
            children: [{ id: 'c2', key: 'bike-mirror', name: 'ミラー', children: [] }],
          },
        ],
      })
      .on('GET', '/v1/makers', {
        data: [{ id: 'm1', key: 'daytona', name: 'デイトナ', name_kana: 'デイトナ', description: null }],
      });
    await renderApp('/sitemap', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'サイトマップ' })).toBeInTheDocument();
    const guides = screen.getByRole('region', { name: 'ご利用案内' });
    expect(within(guides).getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveAttribute('href', '/law');
    const categories = screen.getByRole('region', { name: '商品カテゴリ' });
    expect(within(categories).getByRole('link', { name: 'ミラー' })).toHaveAttribute(
      'href',
      '/product?category=bike-mirror',
    );
    expect(
      within(screen.getByRole('region', { name: 'メーカー' })).getByRole('link', { name: 'デイトナ' }),
    ).toHaveAttribute('href', '/maker/daytona');
    expect(
      within(screen.getByRole('region', { name: 'メインページ' })).getByRole('link', { name: 'ブログ' }),
    ).toHaveAttribute('href', '/blog');
    expect(
      within(screen.getByRole('region', { name: 'メインページ' })).getByRole('link', { name: 'お問い合わせ' }),
    ).toHaveAttribute('href', '/contact');
  });
});
