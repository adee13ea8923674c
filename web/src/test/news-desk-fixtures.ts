/**
 * お知らせ管理's answers shaped like the API's (docs/contracts/news-desk.md), for the desk's tests:
 * items, and a back office whose news endpoints keep what they are sent — the list filtered by
 * `status` and `q` and paged, one item, a create (a key made from the day when none is sent), a
 * save (version + 1) and a delete (409 when the version is not the item's).
 */
import { json, type FakeFetch } from './fake-fetch';
import { createAdminFake, paged, type Role } from './render-admin';
import type { NewsCreateInput, NewsDesk, NewsDeskSummary, NewsUpdateInput } from '../admin/content/news-types';

export const NEWS_PATH = '/v1/admin/news';
export const PHOTOS_PATH = '/v1/admin/catalog/photos';
export const NEWS_STALE = 'このお知らせは他の画面で更新されました。最新の内容を読み込んでから編集してください。';

/** A picture as the photos' upload answers it, under /media/ with its widths. */
export function uploadedPhoto(hash: string, name = `${hash}.jpg`) {
  return {
    url: `/media/${hash}-1440.webp`,
    srcset: `/media/${hash}-240.webp 240w, /media/${hash}-480.webp 480w, /media/${hash}-1440.webp 1440w`,
    width: 1440,
    height: 960,
    name,
  };
}

/** One item as the editor reads it; a published winter sale with a picture unless told. */
export function newsDesk(overrides: Partial<NewsDesk> = {}): NewsDesk {
  const photo = uploadedPhoto('ab12');
  return {
    id: 'nw-1',
    key: 'winter-sale',
    title: '冬のセールのお知らせ',
    category: 'キャンペーン',
    status: 'published',
    is_published: true,
    published_at: '2026-12-01T01:00:00Z',
    image_url: photo.url,
    image_srcset: photo.srcset,
    version: 1,
    updated_at: '2026-12-01T01:00:00Z',
    summary: '12月1日から冬のセールを開催します。',
    body: '<p>全品<strong>20%オフ</strong>です。</p>',
    body_html: '<p>全品<strong>20%オフ</strong>です。</p>',
    ...overrides,
  } as NewsDesk;
}

/** The list's line of an item. */
export function summaryOf(news: NewsDesk): NewsDeskSummary {
  const { summary: _summary, body: _body, body_html: _html, ...line } = news;
  return line as NewsDeskSummary;
}

/** The shop's news: published, scheduled and draft, newest 公開日時 first. */
export function newsList(): NewsDesk[] {
  return [
    newsDesk({
      id: 'nw-3',
      key: 'year-end',
      title: '年末年始の営業について',
      summary: '12月29日から1月3日まで休業します。',
      category: '重要',
      status: 'scheduled',
      published_at: '2026-12-20T00:00:00Z',
      image_url: null,
      image_srcset: null,
      updated_at: '2026-12-02T03:00:00Z',
    }),
    newsDesk(),
    newsDesk({
      id: 'nw-2',
      key: '20261125-3f9a',
      title: 'システムメンテナンスのお知らせ',
      summary: 'メンテナンス中はご注文いただけません。',
      category: 'メンテナンス',
      status: 'draft',
      is_published: false,
      published_at: '2026-11-25T01:00:00Z',
      image_url: null,
      image_srcset: null,
      version: 3,
      updated_at: '2026-11-24T09:30:00Z',
    }),
  ];
}

/** The status an item would have now (the fake's clock: 2026-12-05). */
function statusFor(isPublished: boolean, publishedAt: string): NewsDesk['status'] {
  if (!isPublished) return 'draft';
  return new Date(publishedAt).getTime() > Date.parse('2026-12-05T00:00:00Z') ? 'scheduled' : 'published';
}

/** A datetime-local value (Japan time) as the server answers it (UTC). */
function fromJapanTime(value: string): string {
  return /[zZ]|[+-]\d{2}:\d{2}$/.test(value)
    ? new Date(value).toISOString().replace('.000Z', 'Z')
    : new Date(`${value}:00+09:00`).toISOString().replace('.000Z', 'Z');
}

/** Plain text becomes paragraphs; markup loses its scripts (as far as the tests need). */
function bodyHtml(body: string): string {
  const kept = body.replace(/<script[\s\S]*?<\/script>/gi, '');
  return /<[a-z/]/i.test(kept) ? kept : `<p>${kept}</p>`;
}

export interface NewsDeskFake extends FakeFetch {
  /** The items as the fake holds them now. */
  items(): NewsDesk[];
  /** An item changed elsewhere (what the next GET answers). */
  change(next: NewsDesk): void;
  /** The bodies POST sent, in order. */
  created(): Promise<NewsCreateInput[]>;
  /** The bodies PUT sent to `id`, in order. */
  saved(id: string): Promise<NewsUpdateInput[]>;
}

/**
 * A signed-in back office whose role may (owner, manager) or may not keep the news, holding
 * `items`. The list answers 20 a page; GET, PUT and DELETE answer 404 for an id it does not hold.
 */
export function newsDeskFake(role: Role = 'owner', items: NewsDesk[] = newsList()): NewsDeskFake {
  let current = [...items];
  let next = 10;
  const find = (id: string) => current.find((item) => item.id === id);
  const notFound = () => json({ code: 'not_found', message: 'お知らせが見つかりません。' }, { status: 404 });
  const idOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');

  const fake = createAdminFake(role)
    .on('GET', NEWS_PATH, (request) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status') ?? '';
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('page') ?? '1');
      const per = Number(url.searchParams.get('per') ?? '20');
      if (status && !['draft', 'scheduled', 'published'].includes(status)) {
        return json(
          { message: '状態の指定が正しくありません。', errors: { status: ['状態の指定が正しくありません。'] } },
          { status: 422 },
        );
      }
      const found = current
        .filter((item) => !status || item.status === status)
        .filter((item) => !q || item.title.includes(q) || item.summary.includes(q))
        .sort((a, b) => b.published_at.localeCompare(a.published_at));
      return paged(found.slice((page - 1) * per, page * per).map(summaryOf), found.length, per, page);
    })
    .on('POST', NEWS_PATH, async (request) => {
      const body = (await request.clone().json()) as NewsCreateInput;
      const publishedAt = fromJapanTime(body.published_at);
      const id = `nw-${next++}`;
      const created = newsDesk({
        id,
        key: body.key || `${publishedAt.slice(0, 10).replace(/-/g, '')}-${id}`,
        title: body.title,
        summary: body.summary,
        category: body.category,
        body: body.body,
        body_html: bodyHtml(body.body),
        image_url: body.image_url ?? null,
        image_srcset: body.image_url ? uploadedPhoto('cd34').srcset : null,
        published_at: publishedAt,
        is_published: body.is_published,
        status: statusFor(body.is_published, publishedAt),
        version: 1,
        updated_at: '2026-12-05T01:00:00Z',
      });
      current = [created, ...current];
      return json(created, { status: 201 });
    });

  for (const id of new Set([...items.map((item) => item.id), 'nw-10', 'nw-11'])) {
    const path = `${NEWS_PATH}/${id}`;
    fake
      .on('GET', path, (request) => {
        const item = find(idOf(request));
        return item ? json(item) : notFound();
      })
      .on('PUT', path, async (request) => {
        const item = find(idOf(request));
        if (!item) return notFound();
        const body = (await request.clone().json()) as NewsUpdateInput;
        if (body.version !== item.version) return json({ code: 'news.stale', message: NEWS_STALE }, { status: 409 });
        const publishedAt = fromJapanTime(body.published_at);
        const saved = {
          ...item,
          title: body.title,
          summary: body.summary,
          category: body.category,
          body: body.body,
          body_html: bodyHtml(body.body),
          image_url: body.image_url ?? null,
          image_srcset:
            body.image_url === item.image_url
              ? item.image_srcset
              : body.image_url
                ? uploadedPhoto('ef56').srcset
                : null,
          published_at: publishedAt,
          is_published: body.is_published,
          status: statusFor(body.is_published, publishedAt),
          version: item.version + 1,
          updated_at: '2026-12-05T02:00:00Z',
        } as NewsDesk;
        current = current.map((line) => (line.id === saved.id ? saved : line));
        return json(saved);
      });
  }
  // DELETE carries ?version=: matched by the path alone.
  const remove = async (request: Request) => {
    const item = find(idOf(request));
    if (!item) return notFound();
    const version = new URL(request.url).searchParams.get('version');
    if (version === null) {
      const message = '版番号がありません。画面を読み込み直してください。';
      return json({ message, errors: { version: [message] } }, { status: 422 });
    }
    if (Number(version) !== item.version) return json({ code: 'news.stale', message: NEWS_STALE }, { status: 409 });
    current = current.filter((line) => line.id !== item.id);
    return new Response(null, { status: 204 });
  };
  for (const id of new Set([...items.map((item) => item.id), 'nw-10', 'nw-11'])) {
    fake.on('DELETE', `${NEWS_PATH}/${id}`, remove);
  }

  const bodies = async <T>(requests: Request[]) =>
    Promise.all(requests.map((call) => call.clone().json() as Promise<T>));
  return Object.assign(fake, {
    items: () => current,
    change(changed: NewsDesk) {
      current = current.map((line) => (line.id === changed.id ? changed : line));
    },
    created: () => bodies<NewsCreateInput>(fake.callsTo(NEWS_PATH).filter((call) => call.method === 'POST')),
    saved: (id: string) =>
      bodies<NewsUpdateInput>(fake.callsTo(`${NEWS_PATH}/${id}`).filter((call) => call.method === 'PUT')),
  });
}
