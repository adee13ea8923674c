import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { paged, type Role, renderAdmin } from '../../test/render-admin';
import { memberDeskFake, memberRow } from '../../test/member-desk-fixtures';

const LIST = '/v1/admin/members';
const CSV = '/v1/admin/members.csv';

const ROWS = [
  memberRow('mem-1', { locked: true, caution: true }),
  memberRow('mem-2', {
    code: '11',
    name: '佐藤 花子',
    kana: 'サトウ ハナコ',
    email: 'hanako@example.co.jp',
    prefecture: '大阪府',
    corporation: '株式会社サトウ商事',
    order_count: 0,
    spent: 0,
    last_ordered_at: null,
  }),
];

function listFake(role: Role = 'owner', options: { without?: string[] } = {}) {
  return memberDeskFake(role, options).on('GET', LIST, () => paged(ROWS, 2));
}

function lastQuery(fake: FakeFetch, path = LIST): Record<string, string> {
  return Object.fromEntries(new URL(fake.callsTo(path).at(-1)!.url).searchParams);
}

function cell(row: HTMLElement, label: string): HTMLElement {
  return row.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
}

async function rows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: '会員一覧' });
  return within(table).getAllByRole('row').slice(1);
}

describe('会員管理: the list', () => {
  it('lists the members with their figures and badges, each linking to the member', async () => {
    const fake = listFake();
    renderAdmin('/admin/members', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '会員管理' })).toBeInTheDocument();
    expect(document.title).toBe('会員管理 | 管理画面');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '会員' })).toHaveAttribute('aria-current', 'page');
    const entries = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // After the order desk, before the catalogue.
    expect(entries.indexOf('会員')).toBe(entries.indexOf('受注管理') + 1);
    expect(entries.indexOf('商品管理')).toBe(entries.indexOf('会員') + 1);

    const table = await screen.findByRole('table', { name: '会員一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['会員番号', '氏名', 'メールアドレス', '都道府県', '購入回数', '購入金額', '最終購入日', '状態']);
    const [taro, hanako] = await rows();
    expect(cell(taro!, '会員番号')).toHaveTextContent('12');
    expect(cell(taro!, '氏名')).toHaveTextContent('山田 太郎ヤマダ タロウ');
    expect(within(taro!).getByRole('link', { name: '山田 太郎' })).toHaveAttribute('href', '/admin/members/mem-1');
    expect(cell(taro!, 'メールアドレス')).toHaveTextContent('taro@example.jp');
    expect(cell(taro!, '都道府県')).toHaveTextContent('東京都');
    expect(cell(taro!, '購入回数')).toHaveTextContent('3回');
    expect(cell(taro!, '購入金額')).toHaveTextContent('¥12,800');
    // 01:00 UTC is 10:00 in Japan, the same day.
    expect(cell(taro!, '最終購入日')).toHaveTextContent('2026/11/28');
    expect(cell(taro!, '状態')).toHaveTextContent('ロック中要注意');

    expect(cell(hanako!, '氏名')).toHaveTextContent('佐藤 花子サトウ ハナコ株式会社サトウ商事');
    expect(cell(hanako!, '購入金額')).toHaveTextContent('¥0');
    expect(cell(hanako!, '最終購入日')).toHaveTextContent('なし');
    expect(cell(hanako!, '状態')).toHaveTextContent('');

    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全2件（1 / 1ページ）');
    expect(lastQuery(fake)).toEqual({ page: '1', per: '20' });
  });

  it('says so when no member matches', async () => {
    renderAdmin(
      '/admin/members?q=nobody',
      memberDeskFake().on('GET', LIST, () => paged([], 0)),
    );
    expect(await screen.findByText('該当する会員はいません。')).toBeInTheDocument();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const user = userEvent.setup();
    const fake = listFake();
    const { router } = renderAdmin('/admin/members', fake);
    const search = await screen.findByRole('form', { name: '会員の検索' });
    expect(screen.getByText('詳しい条件')).toBeInTheDocument();

    await user.type(within(search).getByLabelText('フリーワード'), ' やまだ ');
    await user.selectOptions(within(search).getByLabelText('都道府県'), '大阪府');
    await user.selectOptions(within(search).getByLabelText('区分'), '法人');
    await user.selectOptions(within(search).getByLabelText('誕生月'), '5月');
    await user.type(within(search).getByLabelText('購入回数（下限）'), '2');
    await user.type(within(search).getByLabelText('購入回数（上限）'), '10');
    await user.type(within(search).getByLabelText('購入金額（下限）'), '5000');
    await user.type(within(search).getByLabelText('最終購入日（から）'), '2026-01-01');
    await user.type(within(search).getByLabelText('最終購入日（まで）'), '2026-11-30');
    await user.click(within(search).getByLabelText('要注意のみ'));
    await user.click(within(search).getByRole('button', { name: '検索' }));

    const expected = {
      q: 'やまだ',
      prefecture: '大阪府',
      orders_min: '2',
      orders_max: '10',
      spent_min: '5000',
      last_order_from: '2026-01-01',
      last_order_to: '2026-11-30',
      birth_month: '5',
      kind: 'corporate',
      caution: 'true',
    };
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);
    await waitFor(() => expect(lastQuery(fake).q).toBe('やまだ'));
    expect(lastQuery(fake)).toEqual({ page: '1', per: '20', ...expected });
    expect(screen.getByText('詳しい条件（9件指定中）')).toBeInTheDocument();

    // 条件をクリア empties the address and the form.
    await user.click(within(search).getByRole('link', { name: '条件をクリア' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(within(search).getByLabelText('フリーワード')).toHaveValue(''));
    expect(within(search).getByLabelText('要注意のみ')).not.toBeChecked();
  });

  it('reads a bookmarked search and its page from the address', async () => {
    const fake = listFake();
    renderAdmin(`/admin/members?prefecture=${encodeURIComponent('大阪府')}&caution=true&page=2`, fake);
    const search = await screen.findByRole('form', { name: '会員の検索' });
    expect(within(search).getByLabelText('都道府県')).toHaveValue('大阪府');
    expect(within(search).getByLabelText('要注意のみ')).toBeChecked();
    await rows();
    expect(lastQuery(fake)).toEqual({ page: '2', per: '20', prefecture: '大阪府', caution: 'true' });
  });

  it('checks the numbers and dates before asking', async () => {
    const user = userEvent.setup();
    const fake = listFake();
    const { router } = renderAdmin('/admin/members', fake);
    const search = await screen.findByRole('form', { name: '会員の検索' });
    await rows();
    const asked = fake.callsTo(LIST).length;

    await user.type(within(search).getByLabelText('購入回数（下限）'), '5');
    await user.type(within(search).getByLabelText('購入回数（上限）'), '2');
    await user.type(within(search).getByLabelText('購入金額（下限）'), '-1');
    await user.type(within(search).getByLabelText('最終購入日（から）'), '2026-11-30');
    await user.type(within(search).getByLabelText('最終購入日（まで）'), '2026-11-01');
    await user.click(within(search).getByRole('button', { name: '検索' }));

    expect(await within(search).findByText('上限は下限以上の回数にしてください。')).toBeInTheDocument();
    expect(within(search).getByLabelText('購入金額（下限）')).toHaveAccessibleDescription(
      '購入金額は0以上の整数で入力してください。',
    );
    expect(within(search).getByLabelText('最終購入日（まで）')).toHaveAccessibleDescription(
      '終了日は開始日以降の日付を選んでください。',
    );
    expect(router.state.location.search).toBe('');
    expect(fake.callsTo(LIST)).toHaveLength(asked);
  });

  it('shows the server’s 422 under the field it names', async () => {
    const fake = memberDeskFake().on('GET', LIST, () =>
      json(
        {
          message: '入力内容をご確認ください。',
          errors: {
            last_order_to: ['終了日は開始日以降の日付にしてください。'],
            spent_min: ['購入金額は0以上の整数で入力してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/members?spent_min=abc&last_order_from=2026-11-30&last_order_to=2026-11-01', fake);
    const search = await screen.findByRole('form', { name: '会員の検索' });
    await waitFor(() =>
      expect(within(search).getByLabelText('最終購入日（まで）')).toHaveAccessibleDescription(
        '終了日は開始日以降の日付にしてください。',
      ),
    );
    expect(within(search).getByLabelText('購入金額（下限）')).toHaveAccessibleDescription(
      '購入金額は0以上の整数で入力してください。',
    );
    expect(within(search).getByLabelText('購入金額（下限）')).toHaveAttribute('aria-invalid', 'true');
    // The fields say it: no second alert for the list.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a 422 on 要注意のみ under the checkbox', async () => {
    const fake = memberDeskFake().on('GET', LIST, () =>
      json(
        { message: '入力内容をご確認ください。', errors: { caution: ['要注意の指定が正しくありません。'] } },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/members?caution=yes', fake);
    const search = await screen.findByRole('form', { name: '会員の検索' });
    await waitFor(() =>
      expect(within(search).getByLabelText('要注意のみ')).toHaveAccessibleDescription(
        '要注意の指定が正しくありません。',
      ),
    );
  });
});

describe('会員管理: the CSV', () => {
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
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const csvAnswer = (name: string) => () =>
    new Response('\uFEFF会員番号,氏名\r\n12,山田 太郎\r\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="members.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });

  it('downloads the search in the address, in UTF-8 or Shift_JIS', async () => {
    const user = userEvent.setup();
    const fake = listFake().on('GET', CSV, csvAnswer('会員_2026-11-29.csv'));
    renderAdmin(`/admin/members?q=${encodeURIComponent('山田')}&kind=personal&page=3`, fake);
    await rows();

    await user.click(screen.getByRole('button', { name: 'CSVダウンロード' }));
    await waitFor(() => expect(saved).toEqual(['会員_2026-11-29.csv']));
    // Every page of the search: no page, no per.
    expect(lastQuery(fake, CSV)).toEqual({ q: '山田', kind: 'personal', encoding: 'utf8' });
    expect(fake.callsTo(CSV)[0]!.headers.get('accept')).toBe('text/csv');

    await user.click(screen.getByRole('button', { name: 'CSV（Shift_JIS）' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(lastQuery(fake, CSV)).toEqual({ q: '山田', kind: 'personal', encoding: 'sjis' });
  });

  it('says why the server refused (over 10,000 rows)', async () => {
    const user = userEvent.setup();
    const over = '該当する会員が10,000件を超えています。条件を絞り込んでください。';
    const fake = listFake().on('GET', CSV, () =>
      json({ message: '入力内容をご確認ください。', errors: { q: [over] } }, { status: 422 }),
    );
    renderAdmin('/admin/members', fake);
    await rows();
    await user.click(screen.getByRole('button', { name: 'CSVダウンロード' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(over);
    expect(saved).toEqual([]);
  });

  it('is offered only to staff holding `personal_data_export`', async () => {
    const view = renderAdmin('/admin/members', listFake('order_clerk'));
    await rows();
    expect(screen.queryByRole('button', { name: 'CSVダウンロード' })).not.toBeInTheDocument();
    view.unmount();

    renderAdmin('/admin/members', listFake('manager', { without: ['personal_data_export'] }));
    await rows();
    expect(screen.queryByRole('button', { name: 'CSV（Shift_JIS）' })).not.toBeInTheDocument();
  });
});

describe('会員管理 by permission', () => {
  it('is left out of the menu of staff without `members_view`, and the address says so without asking', async () => {
    const fake = listFake('shipping_clerk');
    renderAdmin('/admin/members', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('会員を閲覧する権限がありません。');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).queryByRole('link', { name: '会員' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '会員の検索' })).not.toBeInTheDocument();
    expect(fake.callsTo(LIST)).toHaveLength(0);
  });

  it('shows the list to a viewer', async () => {
    renderAdmin('/admin/members', listFake('viewer'));
    expect(await rows()).toHaveLength(2);
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '会員' })).toHaveAttribute('href', '/admin/members');
  });
});
