import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const blog = (n: number, eyecatch: string | null = null) => ({
  id: `b${n}`,
  key: `b-${n}`,
  title: `記事${n}`,
  excerpt: `抜粋${n}`,
  category: { key: 'maintenance', name: 'メンテナンス' },
  author: '整備士 田中',
  published_at: '2026-11-20T01:00:00Z',
  eyecatch,
});

const pageHeaders = (current: string) => ({
  'x-total': '12',
  'x-per-page': '10',
  'x-last-page': '2',
  'x-current-page': current,
});

describe('/blog', () => {
  it('lists articles with eyecatch or placeholder, category link and pagination', async () => {
    const fake = createSiteFake().on('GET', '/v1/blogs', (req) => {
      const page = new URL(req.url).searchParams.get('page') ?? '1';
      return json({ data: [blog(1, '/images/banners/x.svg'), blog(2)] }, { headers: pageHeaders(page) });
    });
    await renderApp('/blog?page=2', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ブログ' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(within(articles[0]!).getByRole('link', { name: '記事1' })).toHaveAttribute('href', '/blog/b-1');
    expect(within(articles[0]!).getByRole('link', { name: 'メンテナンス' })).toHaveAttribute(
      'href',
      '/blog?category=maintenance',
    );
    expect(articles[0]!.querySelector('img')).toHaveAttribute('src', '/images/banners/x.svg');
    expect(articles[1]!.querySelector('img')).toBeNull();
    const query = new URL(fake.callsTo('/v1/blogs').at(-1)!.url).searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('per')).toBe('10');
    const nav = screen.getByRole('navigation', { name: 'ブログのページ送り' });
    expect(within(nav).getByRole('link', { name: '2ページ目' })).toHaveAttribute('aria-current', 'page');
  });

  it('narrows to a category', async () => {
    const fake = createSiteFake().on('GET', '/v1/blogs', json({ data: [blog(1)] }, { headers: pageHeaders('1') }));
    await renderApp('/blog?category=maintenance', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ブログ：メンテナンス' })).toBeInTheDocument();
    expect(new URL(fake.callsTo('/v1/blogs').at(-1)!.url).searchParams.get('category')).toBe('maintenance');
    expect(screen.getByRole('link', { name: 'すべての記事を見る' })).toHaveAttribute('href', '/blog');
  });
});

describe('/blog/:key', () => {
  it('shows the article with links to the older and newer ones', async () => {
    const fake = createSiteFake().on('GET', '/v1/blogs/b-2', {
      ...blog(2),
      body: '一段落目。\n\n二段落目。',
      prev_key: 'b-1',
      next_key: null,
    });
    await renderApp('/blog/b-2', fake);

    const article = await screen.findByRole('article', { name: '記事2' });
    expect(within(article).getByText('二段落目。').tagName).toBe('P');
    expect(within(article).getByText('整備士 田中')).toBeInTheDocument();
    const pager = within(article).getByRole('navigation', { name: '前後の記事' });
    expect(within(pager).getByRole('link', { name: /前の記事/ })).toHaveAttribute('href', '/blog/b-1');
    expect(within(pager).queryByRole('link', { name: /次の記事/ })).not.toBeInTheDocument();
  });

  it('shows the 404 page for an unknown key', async () => {
    const fake = createSiteFake().on('GET', '/v1/blogs/none', json({ message: '見つかりません。' }, { status: 404 }));
    await renderApp('/blog/none', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});
