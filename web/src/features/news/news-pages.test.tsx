import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parsePageParam } from '../../lib/page-param';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { createSiteFake, newsItem, renderApp } from '../../test/render-app';

describe('/news', () => {
  it('lists news with Japan-time dates and categories', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/news',
      json(
        { data: [newsItem(1, '2026-11-20T15:30:00Z'), newsItem(2, '2026-11-01T00:00:00Z')] },
        { headers: { 'x-total': '2', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
    await renderApp('/news', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'ニュース' })).toBeInTheDocument();
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'お知らせ1' })).toHaveAttribute('href', '/news/news-1');
    expect(within(items[0]!).getByText('2026.11.21')).toBeInTheDocument();
    expect(within(items[1]!).getByText('2026.11.01')).toBeInTheDocument();
    expect(within(items[0]!).getByText('概要1')).toBeInTheDocument();
    // One page only: no page navigation.
    expect(screen.queryByRole('navigation', { name: 'ニュースのページ送り' })).not.toBeInTheDocument();
    // The title follows the page in an effect, after the content may already be on screen.
    await waitFor(() => expect(document.title).toBe('ニュース｜モトバイクパーツ'));
  });

  it('asks for the page in ?page= and paginates from the headers', async () => {
    const fake = createSiteFake().on('GET', '/v1/news', (req) => {
      const url = new URL(req.url);
      return json(
        { data: [newsItem(11)] },
        {
          headers: {
            'x-total': '25',
            'x-per-page': '10',
            'x-last-page': '3',
            'x-current-page': url.searchParams.get('page') ?? '1',
          },
        },
      );
    });
    await renderApp('/news?page=2', fake);

    const nav = await screen.findByRole('navigation', { name: 'ニュースのページ送り' });
    const query = new URL(fake.callsTo('/v1/news').at(-1)!.url).searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('per')).toBe('10');
    expect(within(nav).getByRole('link', { name: '2ページ目' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '3ページ目' })).toHaveAttribute('href', '/news?page=3');
    expect(within(nav).getByRole('link', { name: '1ページ目' })).toHaveAttribute('href', '/news');
    expect(within(nav).getByText('全25件（2 / 3ページ）')).toBeInTheDocument();
  });

  it('shows an item’s picture as a lazy thumbnail named by its title, and no frame for an item without one', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/news',
      json(
        { data: [newsItem(1, '2026-11-20T15:30:00Z', 'ab12'), newsItem(2, '2026-11-01T00:00:00Z')] },
        { headers: { 'x-total': '2', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
    await renderApp('/news', fake);
    await screen.findByRole('heading', { level: 1, name: 'ニュース' });
    const [pictured, plain] = screen.getAllByRole('article');

    const thumb = within(pictured!).getByRole('img', { name: 'お知らせ1' });
    expect(thumb).toHaveAttribute('src', '/media/ab12-1440.webp');
    expect(thumb).toHaveAttribute('srcset', newsItem(1, undefined, 'ab12').image_srcset);
    expect(thumb.getAttribute('sizes')).toMatch(/px/);
    expect(thumb).toHaveAttribute('loading', 'lazy');
    // Its box is known before it loads: nothing moves.
    expect(Number(thumb.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(thumb.getAttribute('height'))).toBeGreaterThan(0);

    expect(within(plain!).queryByRole('img')).not.toBeInTheDocument();
    expect(plain!.querySelector('img')).toBeNull();
  });

  it('says so when there is no news', async () => {
    const fake = createSiteFake().on(
      'GET',
      '/v1/news',
      json(
        { data: [] },
        { headers: { 'x-total': '0', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
    await renderApp('/news', fake);

    expect(await screen.findByText('ニュースはまだありません。')).toBeInTheDocument();
  });

  it('reads a bad page number as page 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
    expect(parsePageParam('3')).toBe(3);
  });
});

describe('/news/:key', () => {
  it('shows title, date, category and the body as the server’s HTML, without a picture when it has none', async () => {
    await renderApp('/news/news-1');

    const article = await screen.findByRole('article', { name: 'お知らせ1' });
    expect(within(article).getByRole('heading', { level: 1, name: 'お知らせ1' })).toBeInTheDocument();
    expect(within(article).getByText('2026.11.20')).toBeInTheDocument();
    expect(within(article).getByText('お知らせ')).toBeInTheDocument();
    expect(within(article).getByText('一段落目です。').tagName).toBe('P');
    expect(within(article).getByText('二段落目です。').tagName).toBe('P');
    expect(article.querySelector('img')).toBeNull();
    expect(within(article).getByRole('link', { name: 'ニュース一覧へ戻る' })).toHaveAttribute('href', '/news');
  });

  it('shows the picture under the heading, then the body’s markup (body_html, not body)', async () => {
    const fake = createSiteFake().on('GET', '/v1/news/news-1', {
      ...newsItem(1, '2026-11-20T01:00:00Z', 'cd34'),
      body: '<p>全品<strong>20%オフ</strong></p>',
      body_html: '<p>全品<strong>20%オフ</strong></p><ul><li>期間：12月31日まで</li></ul>',
    });
    await renderApp('/news/news-1', fake);

    const article = await screen.findByRole('article', { name: 'お知らせ1' });
    const heading = within(article).getByRole('heading', { level: 1, name: 'お知らせ1' });
    const picture = within(article).getByRole('img', { name: 'お知らせ1' });
    expect(picture).toHaveAttribute('src', '/media/cd34-1440.webp');
    expect(picture).toHaveAttribute('srcset', newsItem(1, undefined, 'cd34').image_srcset);
    expect(picture).toHaveAttribute('sizes');
    expect(Number(picture.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(picture.getAttribute('height'))).toBeGreaterThan(0);
    const strong = within(article).getByText('20%オフ');
    expect(strong.tagName).toBe('STRONG');
    expect(within(article).getByRole('listitem')).toHaveTextContent('期間：12月31日まで');
    // The heading, then the picture, then the body.
    expect(heading.compareDocumentPosition(picture) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(picture.compareDocumentPosition(strong) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The tags are drawn, not shown as text.
    expect(article).not.toHaveTextContent('<strong>');
  });

  it('shows the 404 page for an unknown key', async () => {
    const fake = createSiteFake().on('GET', '/v1/news/nothing', json({ message: '見つかりません。' }, { status: 404 }));
    await renderApp('/news/nothing', fake);

    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(screen.getByText('お探しのページが見つかりませんでした。')).toBeInTheDocument();
  });

  it('records the read for a logged-in member', async () => {
    localStorage.setItem(TOKEN_KEY, 'member-token');
    localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
    const fake = createSiteFake().on('POST', '/v1/news/readables', new Response(null, { status: 204 }));
    await renderApp('/news/news-1', fake);
    await screen.findByRole('article', { name: 'お知らせ1' });

    await expect.poll(() => fake.callsTo('/v1/news/readables').length).toBe(1);
    const call = fake.callsTo('/v1/news/readables')[0]!;
    expect(await call.json()).toEqual({ readable_id: 'id-1' });
    expect(call.headers.get('authorization')).toBe('Bearer member-token');
  });

  it('does not record reads for visitors', async () => {
    const { fake } = await renderApp('/news/news-1');
    await screen.findByRole('article', { name: 'お知らせ1' });

    expect(fake.callsTo('/v1/news/readables')).toHaveLength(0);
  });
});
