import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin, staffMember } from '../../test/render-admin';
import { todayInJapan } from '../ui/date-time';
import type { BreakdownReport, ReportFigures, ReportRow, SalesReport } from './report-types';
import { ITEMISED_NOTE, RULE_TEXT } from './report-view';

const SALES = '/v1/admin/reports/sales';
const BREAKDOWN = '/v1/admin/reports/breakdown';
const PAGE = '/admin/reports?from=2026-11-01&to=2026-11-03&grain=day&by=product';

// ---- answers shaped like the API's (docs/contracts/reports.md) ------------------------------------

/** Figures whose `net` is worked out as the server does. */
function figures(values: Partial<Omit<ReportFigures, 'net'>> = {}): ReportFigures {
  const f = { orders: 0, items: 0, gross: 0, discounts: 0, points: 0, fees: 0, returns: 0, ...values };
  return { ...f, net: f.gross - f.discounts - f.points + f.fees - f.returns };
}

function sum(rows: readonly ReportRow[]): ReportFigures {
  return figures({
    orders: rows.reduce((n, row) => n + row.figures.orders, 0),
    items: rows.reduce((n, row) => n + row.figures.items, 0),
    gross: rows.reduce((n, row) => n + row.figures.gross, 0),
    discounts: rows.reduce((n, row) => n + row.figures.discounts, 0),
    points: rows.reduce((n, row) => n + row.figures.points, 0),
    fees: rows.reduce((n, row) => n + row.figures.fees, 0),
    returns: rows.reduce((n, row) => n + row.figures.returns, 0),
  });
}

const NOV_1 = figures({ orders: 3, items: 5, gross: 12_000, discounts: 500, fees: 880 }); // net 12,380
const NOV_2 = figures({ orders: 1, items: 2, gross: 6_000, points: 300, fees: 660, returns: 2_000 }); // net 4,360
const NOV_3 = figures();

const DAYS: ReportRow[] = [
  { key: '2026-11-01', label: '11/1(日)', figures: NOV_1 },
  { key: '2026-11-02', label: '11/2(月)', figures: NOV_2 },
  { key: '2026-11-03', label: '11/3(火)', figures: NOV_3 },
];

const WEEKS: ReportRow[] = [
  { key: '2026-10-26', label: '10/26(月)〜', figures: NOV_1 },
  { key: '2026-11-02', label: '11/2(月)〜', figures: sum([DAYS[1]!, DAYS[2]!]) },
];

/** The three days before: 5 orders, 15,000 yen net, nothing given back. */
const PREVIOUS = {
  from: '2026-10-29',
  to: '2026-10-31',
  total: figures({ orders: 5, items: 6, gross: 14_000, fees: 1_000 }),
};

function salesReport(query: URLSearchParams): SalesReport {
  const grain = (query.get('grain') ?? 'day') as SalesReport['grain'];
  const rows = grain === 'week' ? WEEKS : DAYS;
  return {
    from: query.get('from') ?? '2026-11-01',
    to: query.get('to') ?? '2026-11-03',
    grain,
    rows,
    total: sum(DAYS),
    previous: PREVIOUS,
  };
}

const BY_PRODUCT: ReportRow[] = [
  { key: 'p-2', label: 'ウィンターグローブ', figures: figures({ orders: 2, items: 4, gross: 9_000, discounts: 200 }) },
  {
    key: 'p-1',
    label: 'レザージャケット',
    figures: figures({ orders: 2, items: 3, gross: 9_000, discounts: 300, returns: 2_000 }),
  },
];

const BY_PAYMENT: ReportRow[] = [
  { key: 'credit', label: 'クレジットカード', figures: NOV_1 },
  { key: 'cod', label: '代金引換', figures: NOV_2 },
];

function breakdownReport(query: URLSearchParams): BreakdownReport {
  const by = (query.get('by') ?? 'product') as BreakdownReport['by'];
  const rows = by === 'payment' ? BY_PAYMENT : BY_PRODUCT;
  return {
    from: query.get('from') ?? '2026-11-01',
    to: query.get('to') ?? '2026-11-03',
    by,
    rows,
    total: sum(rows),
    previous: PREVIOUS,
    truncated: false,
  };
}

/**
 * A signed-in back office whose staff member holds `reports` (オーナー, 店長) unless `reports` is
 * false; the reports answer from the query they are asked with.
 */
function reportsFake(role: Role = 'owner', { reports = true } = {}): FakeFetch {
  const staff = staffMember(role);
  const others = staff.permissions.filter((permission) => permission !== 'reports');
  const permissions = reports ? [...others, 'reports'] : others;
  return createAdminFake(role)
    .on('GET', '/v1/admin/auth/me', { staff: { ...staff, permissions }, is_corporate_shop: false })
    .on('GET', SALES, (request) => json(salesReport(new URL(request.url).searchParams)))
    .on('GET', BREAKDOWN, (request) => json(breakdownReport(new URL(request.url).searchParams)));
}

function lastQuery(fake: FakeFetch, path: string): Record<string, string> {
  return Object.fromEntries(new URL(fake.callsTo(path).at(-1)!.url).searchParams);
}

/** The card whose label is `label` (its figure, the previous period's and the change). */
function card(label: string): HTMLElement {
  const summary = screen.getByRole('region', { name: '概要' });
  return within(summary).getByText(label, { selector: 'dt' }).closest('div')!;
}

/** A step of how 純売上 is made: its label and figure. */
function step(label: string): HTMLElement {
  const waterfall = screen.getByRole('region', { name: '純売上の計算' });
  return within(waterfall).getByText(label, { selector: 'dt', exact: false }).closest('div')!;
}

function rowTexts(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .map((cell) => cell.textContent)
        .join('|'),
    );
}

// ---- the tests ----------------------------------------------------------------------------------

describe('売上', () => {
  it('shows the cards with the previous period and its change', async () => {
    renderAdmin(PAGE, reportsFake());
    expect(await screen.findByRole('heading', { level: 1, name: '売上' })).toBeInTheDocument();
    await screen.findByRole('region', { name: '概要' });
    expect(document.title).toBe('売上 | 管理画面');
    expect(screen.getByText(/前期間は同じ日数の直前の期間（2026\/10\/29〜2026\/10\/31）です。/)).toBeInTheDocument();

    // 純売上 16,740 against 15,000.
    expect(card('純売上')).toHaveTextContent('純売上¥16,740前期間 ¥15,000前期間比 +11.6%');
    expect(card('注文数')).toHaveTextContent('注文数4件前期間 5件前期間比 -20.0%');
    // 客単価: 16,740 ÷ 4 = 4,185 (rounded down) against 15,000 ÷ 5 = 3,000.
    expect(card('客単価')).toHaveTextContent('客単価¥4,185前期間 ¥3,000前期間比 +39.5%');
    // Nothing given back before: nothing to compare with.
    expect(card('返品・返金・キャンセル')).toHaveTextContent('返品・返金・キャンセル¥2,000前期間 0円');
    expect(card('返品・返金・キャンセル')).not.toHaveTextContent('前期間比');
  });

  it('shows 「—」 for 客単価 when the period has no orders', async () => {
    const empty = figures();
    const fake = reportsFake().on('GET', SALES, () =>
      json({
        from: '2026-11-03',
        to: '2026-11-03',
        grain: 'day',
        rows: [{ key: '2026-11-03', label: '11/3(火)', figures: empty }],
        total: empty,
        previous: { from: '2026-11-02', to: '2026-11-02', total: empty },
      } satisfies SalesReport),
    );
    renderAdmin('/admin/reports?from=2026-11-03&to=2026-11-03', fake);
    await screen.findByRole('region', { name: '概要' });
    expect(card('客単価')).toHaveTextContent('客単価—前期間 —');
    expect(card('純売上')).toHaveTextContent('純売上¥0前期間 0円');
    expect(card('注文数')).toHaveTextContent('注文数0件前期間 0件');
  });

  it('shows how 純売上 is made, under the rule that money counts on its own day', async () => {
    renderAdmin(PAGE, reportsFake());
    const waterfall = await screen.findByRole('region', { name: '純売上の計算' });
    expect(within(waterfall).getByText(RULE_TEXT)).toBeInTheDocument();
    const steps = within(waterfall)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(steps).toEqual([
      '総売上',
      '−クーポン値引',
      '−ポイント利用',
      '+送料・手数料',
      '−返品・返金・キャンセル',
      '＝純売上',
    ]);
    expect(step('総売上')).toHaveTextContent('¥18,000');
    expect(step('クーポン値引')).toHaveTextContent('¥500');
    expect(step('ポイント利用')).toHaveTextContent('¥300');
    expect(step('送料・手数料')).toHaveTextContent('¥1,540');
    expect(step('返品・返金・キャンセル')).toHaveTextContent('¥2,000');
    expect(step('純売上')).toHaveTextContent('¥16,740');
  });

  it('lists every period with its figures and a 合計 row, under a chart hidden from assistive technology', async () => {
    renderAdmin(PAGE, reportsFake());
    const table = await screen.findByRole('table', { name: '日別の売上（2026/11/01〜2026/11/03）' });
    expect(rowTexts(table)).toEqual([
      '期間|注文数|点数|総売上|クーポン値引|ポイント利用|送料・手数料|返品・返金・キャンセル|純売上',
      '11/1(日)|3|5|¥12,000|¥500|¥0|¥880|¥0|¥12,380',
      '11/2(月)|1|2|¥6,000|¥0|¥300|¥660|¥2,000|¥4,360',
      '11/3(火)|0|0|¥0|¥0|¥0|¥0|¥0|¥0',
      '合計|4|7|¥18,000|¥500|¥300|¥1,540|¥2,000|¥16,740',
    ]);
    expect(within(table).getByRole('rowheader', { name: '合計' }).closest('tfoot')).not.toBeNull();
    // The table scrolls in its own box, which the keyboard can reach.
    expect(screen.getByRole('region', { name: '日別の売上（2026/11/01〜2026/11/03）' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    const sales = screen.getByRole('region', { name: '日別の売上' });
    const chart = sales.querySelector('[aria-hidden="true"]')!;
    expect(chart).not.toBeNull();
    // recharts draws (lazily loaded, at its initial size where jsdom measures nothing).
    await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(chart.querySelector('svg.recharts-surface')).not.toHaveAttribute('tabindex');
    // A bar per day with sales (11/3 has none).
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2));
  });

  it('asks again by week when 週別 is chosen, keeping the period in the address', async () => {
    const user = userEvent.setup();
    const fake = reportsFake();
    const { router } = renderAdmin(PAGE, fake);
    await screen.findByRole('table', { name: /^日別の売上/ });
    expect(screen.getByRole('radio', { name: '日別' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '週別' }));
    const table = await screen.findByRole('table', { name: '週別の売上（2026/11/01〜2026/11/03）' });
    expect(lastQuery(fake, SALES)).toEqual({ from: '2026-11-01', to: '2026-11-03', grain: 'week' });
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-03&grain=week&by=product');
    expect(screen.getByRole('radio', { name: '週別' })).toBeChecked();
    expect(rowTexts(table).slice(1)).toEqual([
      '10/26(月)〜|3|5|¥12,000|¥500|¥0|¥880|¥0|¥12,380',
      '11/2(月)〜|1|2|¥6,000|¥0|¥300|¥660|¥2,000|¥4,360',
      '合計|4|7|¥18,000|¥500|¥300|¥1,540|¥2,000|¥16,740',
    ]);
    // The breakdown's period did not change: it is not asked again.
    expect(fake.callsTo(BREAKDOWN)).toHaveLength(1);
  });

  it('sets the period from a quick choice, and shows the typed dates with 表示する', async () => {
    const user = userEvent.setup();
    const fake = reportsFake();
    const { router } = renderAdmin(PAGE, fake);
    await screen.findByRole('table', { name: /^日別の売上/ });
    const period = screen.getByRole('form', { name: '期間と集計単位' });

    const today = todayInJapan();
    await user.click(within(period).getByRole('button', { name: '今日' }));
    await waitFor(() => expect(lastQuery(fake, SALES)).toEqual({ from: today, to: today, grain: 'day' }));
    expect(lastQuery(fake, BREAKDOWN)).toEqual({ from: today, to: today, by: 'product' });
    expect(within(period).getByRole('button', { name: '今日' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(period).getByRole('button', { name: '昨日' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(period).getByLabelText('開始日')).toHaveValue(today);
    expect(within(period).getByLabelText('終了日')).toHaveValue(today);

    const from = within(period).getByLabelText('開始日');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    const to = within(period).getByLabelText('終了日');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(within(period).getByRole('button', { name: '表示する' }));
    await waitFor(() => expect(lastQuery(fake, SALES)).toEqual({ from: '2026-10-01', to: '2026-10-31', grain: 'day' }));
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31&grain=day&by=product');
  });

  it('shows the server’s 422 under the date inputs, and no report', async () => {
    const refusal = json(
      {
        message: '入力内容に誤りがあります。',
        code: 'validation',
        errors: { to: ['終了日は開始日以降の日付を指定してください。'] },
      },
      { status: 422 },
    );
    const fake = reportsFake().on('GET', SALES, refusal).on('GET', BREAKDOWN, refusal);
    renderAdmin('/admin/reports?from=2026-11-05&to=2026-11-01', fake);

    const to = await screen.findByLabelText('終了日');
    await waitFor(() => expect(to).toHaveAccessibleDescription('終了日は開始日以降の日付を指定してください。'));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('開始日')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '概要' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('breaks the period down by the chosen select, with the note for item breakdowns', async () => {
    const user = userEvent.setup();
    const fake = reportsFake();
    const { router } = renderAdmin(PAGE, fake);
    const breakdown = await screen.findByRole('region', { name: '内訳' });
    const select = within(breakdown).getByRole('combobox', { name: '内訳の種類' });
    expect(select).toHaveValue('product');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '商品別',
      'SKU別',
      'カテゴリ別',
      '決済方法別',
      '都道府県別',
      '会員・ゲスト・法人',
      '新規・リピート',
      '税率別',
    ]);
    const products = await within(breakdown).findByRole('table', { name: '商品別の内訳（2026/11/01〜2026/11/03）' });
    expect(rowTexts(products)).toEqual([
      '内訳|注文数|点数|総売上|クーポン値引|ポイント利用|送料・手数料|返品・返金・キャンセル|純売上',
      'ウィンターグローブ|2|4|¥9,000|¥200|¥0|¥0|¥0|¥8,800',
      'レザージャケット|2|3|¥9,000|¥300|¥0|¥0|¥2,000|¥6,700',
      '合計|4|7|¥18,000|¥500|¥0|¥0|¥2,000|¥15,500',
    ]);
    expect(within(breakdown).getByText(ITEMISED_NOTE)).toBeInTheDocument();

    await user.selectOptions(select, '決済方法別');
    const payments = await within(breakdown).findByRole('table', {
      name: '決済方法別の内訳（2026/11/01〜2026/11/03）',
    });
    expect(lastQuery(fake, BREAKDOWN)).toEqual({ from: '2026-11-01', to: '2026-11-03', by: 'payment' });
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-03&grain=day&by=payment');
    expect(rowTexts(payments)[1]).toBe('クレジットカード|3|5|¥12,000|¥500|¥0|¥880|¥0|¥12,380');
    // Fees and points belong to the order: a payment breakdown has them, and no note.
    expect(within(breakdown).queryByText(ITEMISED_NOTE)).not.toBeInTheDocument();
    // The sales over time did not change: not asked again.
    expect(fake.callsTo(SALES)).toHaveLength(1);
  });

  describe('CSV', () => {
    const saved: string[] = [];
    beforeEach(() => {
      saved.length = 0;
      URL.createObjectURL = vi.fn(() => 'blob:http://shop.test/file');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    /** A CSV answered under the server's file name. */
    const csvAnswer = (name: string) => () =>
      new Response('\uFEFF期間,注文数\r\n合計,4\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="report.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      });

    it('downloads sales.csv for the same query, in UTF-8 or Shift_JIS, and the breakdown’s CSV', async () => {
      const user = userEvent.setup();
      const fake = reportsFake()
        .on('GET', `${SALES}.csv`, csvAnswer('売上_2026-11-01_2026-11-03_week.csv'))
        .on('GET', `${BREAKDOWN}.csv`, csvAnswer('売上内訳_2026-11-01_2026-11-03_product.csv'));
      renderAdmin('/admin/reports?from=2026-11-01&to=2026-11-03&grain=week&by=product', fake);
      const sales = await screen.findByRole('region', { name: '週別の売上' });

      await user.click(within(sales).getByRole('button', { name: 'CSVダウンロード' }));
      await waitFor(() => expect(saved).toEqual(['売上_2026-11-01_2026-11-03_week.csv']));
      expect(lastQuery(fake, `${SALES}.csv`)).toEqual({
        from: '2026-11-01',
        to: '2026-11-03',
        grain: 'week',
        encoding: 'utf8',
      });
      expect(fake.callsTo(`${SALES}.csv`)[0]!.headers.get('accept')).toBe('text/csv');

      await user.click(within(sales).getByRole('button', { name: 'CSV（Shift_JIS）' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(lastQuery(fake, `${SALES}.csv`)).toEqual({
        from: '2026-11-01',
        to: '2026-11-03',
        grain: 'week',
        encoding: 'sjis',
      });

      const breakdown = screen.getByRole('region', { name: '内訳' });
      await user.click(await within(breakdown).findByRole('button', { name: 'CSVダウンロード' }));
      await waitFor(() => expect(saved).toHaveLength(3));
      expect(saved[2]).toBe('売上内訳_2026-11-01_2026-11-03_product.csv');
      expect(lastQuery(fake, `${BREAKDOWN}.csv`)).toEqual({
        from: '2026-11-01',
        to: '2026-11-03',
        by: 'product',
        encoding: 'utf8',
      });
    });

    it('says why a download was refused', async () => {
      const user = userEvent.setup();
      const fake = reportsFake().on(
        'GET',
        `${SALES}.csv`,
        json({ message: '売上を閲覧する権限がありません。', code: 'staff.forbidden' }, { status: 403 }),
      );
      renderAdmin(PAGE, fake);
      const sales = await screen.findByRole('region', { name: '日別の売上' });
      await user.click(within(sales).getByRole('button', { name: 'CSVダウンロード' }));
      expect(await within(sales).findByRole('alert')).toHaveTextContent('売上を閲覧する権限がありません。');
      expect(saved).toEqual([]);
    });
  });
});

describe('売上 by permission', () => {
  it('is in the menu of staff holding `reports`, after the catalogue desks', async () => {
    renderAdmin(PAGE, reportsFake('manager'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    const link = within(menu).getByRole('link', { name: '売上' });
    expect(link).toHaveAttribute('href', '/admin/reports');
    expect(link).toHaveAttribute('aria-current', 'page');
    const entries = within(menu)
      .getAllByRole('link')
      .map((entry) => entry.textContent);
    expect(entries.indexOf('売上')).toBe(entries.indexOf('CSV入出力') + 1);
  });

  it('is not offered to staff without `reports`, and the address says so without asking the server', async () => {
    const fake = reportsFake('order_clerk', { reports: false });
    renderAdmin(PAGE, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('売上を閲覧する権限がありません。');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).queryByRole('link', { name: '売上' })).not.toBeInTheDocument();
    expect(fake.callsTo(SALES)).toHaveLength(0);
    expect(fake.callsTo(BREAKDOWN)).toHaveLength(0);
  });

  it('shows the server’s refusal when it answers 403', async () => {
    const forbidden = json({ message: '売上を閲覧する権限がありません。', code: 'staff.forbidden' }, { status: 403 });
    const fake = reportsFake().on('GET', SALES, forbidden).on('GET', BREAKDOWN, forbidden);
    renderAdmin(PAGE, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('売上を閲覧する権限がありません。');
    // Once: the breakdown (asked alongside) shows nothing while the sales are refused.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says the server is counting a stretch looked at for the first time, and shows it once counted', async () => {
    const counting = '売上を集計しています。';
    let asked = 0;
    const fake = reportsFake().on('GET', SALES, (request) => {
      asked += 1;
      return asked === 1
        ? json({ message: counting, code: 'reports.counting' }, { status: 503 })
        : json(salesReport(new URL(request.url).searchParams));
    });
    renderAdmin(PAGE, fake);
    expect(await screen.findByText(counting)).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('table', { name: /^日別の売上/ }, { timeout: 6000 })).toBeInTheDocument();
    expect(asked).toBe(2);
  }, 10_000);
});
