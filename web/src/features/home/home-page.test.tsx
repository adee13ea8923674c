import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { createSiteFake, renderApp } from '../../test/render-app';
import { isBlockVisible } from './home-blocks';

const blocks = [
  {
    id: 'b1',
    kind: 'hero',
    title: null,
    props: {
      heading: 'バイクパーツの専門店',
      body: '純正から社外品まで。',
      link_label: '商品を見る',
      link_path: '/product',
    },
    visible_for: 'all',
    device: 'all',
  },
  { id: 'b2', kind: 'news', title: '新着情報', props: { count: 3 }, visible_for: 'all', device: 'all' },
  {
    id: 'b3',
    kind: 'text',
    title: '会員の皆さまへ',
    props: { body: '会員限定セール中。' },
    visible_for: 'member',
    device: 'all',
  },
  {
    id: 'b4',
    kind: 'text',
    title: '初めての方へ',
    props: { body: '会員登録で500ポイント。' },
    visible_for: 'guest',
    device: 'all',
  },
  {
    id: 'b5',
    kind: 'text',
    title: 'スマホ版のご案内',
    props: { body: 'アプリもあります。' },
    visible_for: 'all',
    device: 'sp',
  },
  {
    id: 'b6',
    kind: 'text',
    title: 'PC版のご案内',
    props: { body: '大きな画面で。' },
    visible_for: 'all',
    device: 'pc',
  },
  {
    id: 'b7',
    kind: 'links',
    title: 'カテゴリ',
    props: {
      links: [
        { label: 'ヘルメット', path: '/product?category=helmet' },
        { label: '危険', path: 'javascript:alert(1)' },
      ],
    },
    visible_for: 'all',
    device: 'all',
  },
  { id: 'b8', kind: 'carousel', title: '未対応', props: {}, visible_for: 'all', device: 'all' },
];

function homeFake(messages: unknown[] = []) {
  return createSiteFake()
    .on('GET', '/v1/pages/front/layout/home', { page: 'home', title: 'トップページ', description: '', blocks })
    .on('GET', '/v1/messages', { data: messages });
}

describe('block visibility', () => {
  it('follows login state and device', () => {
    const guestPhone = { isLogin: false, screen: 'phone' as const };
    const memberDesktop = { isLogin: true, screen: 'desktop' as const };
    expect(isBlockVisible({ visible_for: 'member', device: 'all' }, guestPhone)).toBe(false);
    expect(isBlockVisible({ visible_for: 'member', device: 'all' }, memberDesktop)).toBe(true);
    expect(isBlockVisible({ visible_for: 'guest', device: 'all' }, memberDesktop)).toBe(false);
    expect(isBlockVisible({ visible_for: 'all', device: 'sp' }, guestPhone)).toBe(true);
    expect(isBlockVisible({ visible_for: 'all', device: 'sp' }, memberDesktop)).toBe(false);
    expect(isBlockVisible({ visible_for: 'all', device: 'pc' }, { isLogin: false, screen: 'tablet' })).toBe(true);
    expect(isBlockVisible({ visible_for: 'all', device: 'pc' }, guestPhone)).toBe(false);
  });
});

describe('home page', () => {
  it('renders the blocks a guest on a desktop should see', async () => {
    window.innerWidth = 1280;
    const { fake } = await renderApp('/', homeFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'トップページ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'バイクパーツの専門店' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '商品を見る' })).toHaveAttribute('href', '/product');
    expect(screen.getByRole('heading', { name: '初めての方へ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PC版のご案内' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '会員の皆さまへ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'スマホ版のご案内' })).not.toBeInTheDocument();
    expect(screen.queryByText('未対応')).not.toBeInTheDocument();

    const links = screen.getByRole('navigation', { name: 'カテゴリ' });
    expect(within(links).getByRole('link', { name: 'ヘルメット' })).toHaveAttribute('href', '/product?category=helmet');
    expect(within(links).queryByRole('link', { name: '危険' })).not.toBeInTheDocument();

    const news = screen.getByRole('region', { name: '新着情報' });
    expect(await within(news).findByRole('link', { name: 'お知らせ1' })).toHaveAttribute('href', '/news/news-1');
    expect(within(news).getAllByText('2026.11.20')).toHaveLength(2);
    expect(new URL(fake.callsTo('/v1/news')[0]!.url).searchParams.get('per')).toBe('3');
  });

  it('shows member blocks to a logged-in member on a phone at /ec', async () => {
    window.innerWidth = 375;
    localStorage.setItem(TOKEN_KEY, 'member-token');
    localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
    await renderApp('/ec', homeFake());

    expect(await screen.findByRole('heading', { name: '会員の皆さまへ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'スマホ版のご案内' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '初めての方へ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'PC版のご案内' })).not.toBeInTheDocument();
  });

  it('shows the caution notice until closed, and again once it is updated', async () => {
    const caution = {
      code: 'caution',
      title: '配送遅延のお知らせ',
      body: '年末年始は配送が遅れます。',
      updated_at: '2026-11-20T01:00:00Z',
    };
    const user = userEvent.setup();
    const first = await renderApp('/', homeFake([caution, { ...caution, code: 'point', title: 'ポイント' }]));

    const notice = await screen.findByRole('region', { name: '配送遅延のお知らせ' });
    expect(within(notice).getByText('年末年始は配送が遅れます。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ポイント' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: '「配送遅延のお知らせ」を閉じる' }));
    expect(screen.queryByRole('region', { name: '配送遅延のお知らせ' })).not.toBeInTheDocument();
    first.unmount();

    // Same notice on the next visit: still hidden.
    const second = await renderApp('/', homeFake([caution]));
    await screen.findByRole('heading', { level: 1, name: 'トップページ' });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('region', { name: '配送遅延のお知らせ' })).not.toBeInTheDocument();
    second.unmount();

    // The shop edits it: it comes back.
    await renderApp('/', homeFake([{ ...caution, updated_at: '2026-11-22T01:00:00Z' }]));
    expect(await screen.findByRole('region', { name: '配送遅延のお知らせ' })).toBeInTheDocument();
  });

  it('uses the news item block fallback title and count', async () => {
    const fake = createSiteFake().on('GET', '/v1/pages/front/layout/home', {
      page: 'home',
      title: '',
      description: '',
      blocks: [{ id: 'n', kind: 'news', title: null, props: {}, visible_for: 'all', device: 'all' }],
    });
    await renderApp('/', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'モトバイクパーツ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'お知らせ' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'お知らせ2' });
    expect(new URL(fake.callsTo('/v1/news')[0]!.url).searchParams.get('per')).toBe('5');
  });
});

describe('home page content from the content API', () => {
  const banner = (id: string, area: string, title: string) => ({
    id,
    area,
    title,
    alt: `${title}の画像`,
    image: `/images/banners/${id}.svg`,
    link: `/lp/${id}`,
    position: 0,
    is_show: true,
    starts_at: null,
    ends_at: null,
  });

  function contentFake() {
    return homeFake()
      .on('GET', '/v1/banners', (req) => {
        const url = new URL(req.url);
        expect(url.searchParams.getAll('area[]')).toEqual(['top_main', 'sidebar', 'footer']);
        expect(url.searchParams.get('is_show')).toBe('1');
        return new Response(
          JSON.stringify({
            data: [
              banner('m1', 'top_main', '冬の特集'),
              banner('m2', 'top_main', 'LEDバルブ'),
              banner('s1', 'sidebar', '会員登録'),
            ],
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      })
      .on('GET', '/v1/free-areas', {
        data: [
          { code: 'all', title: '休業のお知らせ', body: '年末年始は休みます。', visible_for: 'all', device: 'all' },
          { code: 'mem', title: '会員様限定', body: 'ポイント2倍。', visible_for: 'member', device: 'all' },
          { code: 'sp', title: 'スマホの方へ', body: '送料無料ライン。', visible_for: 'all', device: 'sp' },
        ],
      })
      .on('GET', '/v1/business-dates/monthly/calendar/front', (req) => {
        const url = new URL(req.url);
        const start = url.searchParams.get('startDate')!;
        return new Response(
          JSON.stringify({
            data: [
              {
                date: start,
                weekday: new Date(`${start}T00:00:00Z`).getUTCDay(),
                is_holiday: true,
                holiday_name: 'テストの日',
                is_closed: true,
              },
            ],
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      });
  }

  it('shows the main banners as a carousel, sidebar banners, free areas and the calendar', async () => {
    window.innerWidth = 1280;
    const user = userEvent.setup();
    const { fake } = await renderApp('/', contentFake());

    const carousel = await screen.findByRole('region', { name: 'おすすめ特集' });
    expect(within(carousel).getByRole('img', { name: '冬の特集の画像' }).closest('a')).toHaveAttribute(
      'href',
      '/lp/m1',
    );
    expect(within(carousel).queryByRole('img', { name: 'LEDバルブの画像' })).not.toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: '次のスライド' }));
    expect(within(carousel).getByRole('img', { name: 'LEDバルブの画像' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'スライド2：LEDバルブ' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Arrow keys move between slides while focus is inside.
    await user.keyboard('{ArrowRight}');
    expect(within(carousel).getByRole('img', { name: '冬の特集の画像' })).toBeInTheDocument();

    const aside = screen.getByRole('complementary', { name: 'バナー' });
    expect(within(aside).getByRole('img', { name: '会員登録の画像' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: '休業のお知らせ' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '会員様限定' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'スマホの方へ' })).not.toBeInTheDocument();
    expect(new URL(fake.callsTo('/v1/free-areas')[0]!.url).searchParams.get('per')).toBe('all');

    const calendar = screen.getByRole('region', { name: '営業日カレンダー' });
    expect(await within(calendar).findAllByRole('table')).toHaveLength(2);
    expect(within(calendar).getByText(/1日（.） テストの日 休業日/)).toBeInTheDocument();
    expect(within(calendar).getByRole('list', { name: '凡例' })).toHaveTextContent('休業日');
    const query = new URL(fake.callsTo('/v1/business-dates/monthly/calendar/front')[0]!.url).searchParams;
    expect(query.get('startDate')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.get('endDate')).toMatch(/^\d{4}-\d{2}-(28|29|30|31)$/);
  });

  it('leaves the sidebar banners out on a phone', async () => {
    window.innerWidth = 375;
    await renderApp('/', contentFake());

    expect(await screen.findByRole('region', { name: 'おすすめ特集' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'バナー' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'スマホの方へ' })).toBeInTheDocument();
  });
});
