import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { deskHome, orderRow } from '../../test/order-desk';
import { createAdminFake, paged, type Role, renderAdmin } from '../../test/render-admin';
import type { StatementApplied, StatementCandidate, StatementMatch, StatementPreview } from './bank-types';

const PREVIEW_PATH = '/v1/admin/bank-statements/preview';
const APPLY_PATH = '/v1/admin/bank-statements/apply';

// ---- answers shaped like the API's -------------------------------------------------------------

function candidate(orderNo: string, overrides: Partial<StatementCandidate> = {}): StatementCandidate {
  return {
    order_no: orderNo,
    version: 4,
    orderer_name: '山田 花子',
    orderer_kana: 'ヤマダ ハナコ',
    ordered_at: '2026-11-18T03:00:00Z',
    remaining: 5500,
    total: 5500,
    reason: 'name',
    amount_differs: false,
    ...overrides,
  } as StatementCandidate;
}

const ICHIRO = { orderer_name: '東京 一郎', orderer_kana: 'トウキョウ イチロウ', remaining: 3300, total: 3300 };

/** One line of each kind: 照合済, 候補複数, 該当なし with a short payment's order, 対象外. */
const PREVIEW = {
  encoding: 'Shift_JIS',
  lines: [
    {
      line: 2,
      paid_on: '2026-11-20',
      amount: 5500,
      payer: 'ﾔﾏﾀﾞ ﾊﾅｺ',
      status: 'matched',
      proposed: 'RP00000012',
      candidates: [candidate('RP00000012')],
      note: '',
    },
    {
      line: 3,
      paid_on: '2026-11-21',
      amount: 3300,
      payer: 'ﾄｳｷﾖｳ ｲﾁﾛｳ',
      status: 'ambiguous',
      proposed: null,
      candidates: [
        candidate('RP00000020', { ...ICHIRO, version: 2 }),
        candidate('RP00000021', { ...ICHIRO, version: 7 }),
      ],
      note: '',
    },
    {
      line: 4,
      paid_on: '2026-11-22',
      amount: 5000,
      payer: 'ｽｽﾞｷ ｼﾞﾛｳ',
      status: 'unmatched',
      proposed: null,
      candidates: [
        candidate('RP00000030', {
          orderer_name: '鈴木 次郎',
          orderer_kana: 'スズキ ジロウ',
          remaining: 6000,
          total: 6000,
          version: 1,
          amount_differs: true,
        }),
      ],
      note: '',
    },
    {
      line: 5,
      paid_on: '2026-11-22',
      amount: null,
      payer: 'ﾃｽｳﾘﾖｳ',
      status: 'skipped',
      proposed: null,
      candidates: [],
      note: '出金または0円の行です。',
    },
  ],
  counts: { matched: 1, ambiguous: 1, unmatched: 1, skipped: 1 },
} as StatementPreview;

/** Shift_JIS bytes, as a bank's service writes them: the page sends them untouched. */
const BYTES = [0x93, 0xfa, 0x95, 0x74, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0d, 0x0a];

function statement(): File {
  return new File([new Uint8Array(BYTES)], 'meisai.csv', { type: 'text/csv' });
}

function bankFake(role: Role = 'order_clerk', preview: Response = json(PREVIEW)) {
  return createAdminFake(role)
    .on('POST', PREVIEW_PATH, preview)
    .on('POST', APPLY_PATH, async (request) => {
      const { matches } = (await request.json()) as { matches: StatementMatch[] };
      const messages = {
        paid: '入金済にしました。',
        stale: 'この注文は他の画面で更新されました。取り込み直してください。',
      };
      const answer: StatementApplied = {
        results: matches.map((match) => {
          const outcome = match.order_no === 'RP00000021' ? 'stale' : 'paid';
          return { line: match.line, order_no: match.order_no, outcome, message: messages[outcome] };
        }),
      } as StatementApplied;
      return json(answer);
    });
}

async function previewStatement(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: '入出金明細のファイル' });
  await user.upload(within(form).getByLabelText('CSVファイル'), statement());
  await user.click(within(form).getByRole('button', { name: '確認する' }));
  return screen.findByRole('region', { name: '照合の結果' });
}

function row(region: HTMLElement, payer: string): HTMLElement {
  return within(region).getByRole('row', { name: new RegExp(payer) });
}

function options(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('入金消込（CSV）', () => {
  it('sends the file as it is and shows each line with its state; only the matched line is ticked', async () => {
    const user = userEvent.setup();
    const fake = bankFake();
    renderAdmin('/admin/orders/bank', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '入金消込（CSV）' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: '入出金明細のファイル' });
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    expect(await within(form).findByText('ファイルを選んでください')).toBeInTheDocument();
    expect(fake.callsTo(PREVIEW_PATH)).toHaveLength(0);

    const preview = await previewStatement(user);
    const sent = fake.callsTo(PREVIEW_PATH)[0]!;
    expect(sent.headers.get('content-type')).toBe('text/csv');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array(BYTES));

    expect(preview).toHaveTextContent('4行：照合済 1件・候補複数 1件・該当なし 1件・対象外 1件');

    const matched = row(preview, 'ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(matched).toHaveTextContent('2026/11/20');
    expect(matched).toHaveTextContent('¥5,500');
    expect(matched).toHaveTextContent('照合済');
    expect(matched).toHaveTextContent('注文番号RP00000012');
    expect(matched).toHaveTextContent('ご注文者山田 花子');
    expect(matched).toHaveTextContent('ご請求残高¥5,500');
    expect(within(matched).getByRole('checkbox', { name: '2行目の入金を確定する' })).toBeChecked();
    expect(within(matched).queryByRole('combobox')).not.toBeInTheDocument();

    const ambiguous = row(preview, 'ﾄｳｷﾖｳ ｲﾁﾛｳ');
    expect(ambiguous).toHaveTextContent('候補複数');
    const ambiguousBox = within(ambiguous).getByRole('checkbox', { name: '3行目の入金を確定する' });
    expect(ambiguousBox).not.toBeChecked();
    expect(ambiguousBox).toBeDisabled();
    const choices = within(ambiguous).getByRole('combobox', { name: '3行目の注文' });
    expect(choices).toHaveValue('');
    expect(options(choices)).toEqual([
      '選択しない',
      'RP00000020 東京 一郎 残高3,300円',
      'RP00000021 東京 一郎 残高3,300円',
    ]);

    const short = row(preview, 'ｽｽﾞｷ ｼﾞﾛｳ');
    expect(short).toHaveTextContent('該当なし');
    expect(within(short).getByRole('checkbox', { name: '4行目の入金を確定する' })).not.toBeChecked();
    expect(options(within(short).getByRole('combobox', { name: '4行目の注文' }))).toEqual([
      '選択しない',
      'RP00000030 鈴木 次郎 金額が異なります（残高 6,000円）',
    ]);

    const skipped = row(preview, 'ﾃｽｳﾘﾖｳ');
    expect(skipped).toHaveTextContent('対象外');
    expect(skipped).toHaveTextContent('出金または0円の行です。');
    expect(within(skipped).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(skipped).queryByRole('combobox')).not.toBeInTheDocument();

    expect(within(preview).getAllByRole('checkbox', { checked: true })).toHaveLength(1);
    expect(within(preview).getByRole('button', { name: 'チェックした入金を確定する（1件）' })).toBeEnabled();
  });

  it('enables a line’s checkbox once one of its candidates is chosen', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/orders/bank', bankFake());
    const preview = await previewStatement(user);
    const ambiguous = row(preview, 'ﾄｳｷﾖｳ ｲﾁﾛｳ');
    const box = within(ambiguous).getByRole('checkbox', { name: '3行目の入金を確定する' });

    await user.selectOptions(within(ambiguous).getByRole('combobox', { name: '3行目の注文' }), 'RP00000021');
    expect(box).toBeEnabled();
    expect(box).toBeChecked();
    expect(within(preview).getByRole('button', { name: 'チェックした入金を確定する（2件）' })).toBeEnabled();

    await user.click(box);
    expect(box).not.toBeChecked();
    expect(within(preview).getByRole('button', { name: 'チェックした入金を確定する（1件）' })).toBeEnabled();

    await user.selectOptions(within(ambiguous).getByRole('combobox', { name: '3行目の注文' }), '');
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
  });

  it('confirms exactly the ticked lines with each chosen order’s version, then shows each outcome', async () => {
    const user = userEvent.setup();
    const fake = bankFake();
    renderAdmin('/admin/orders/bank', fake);
    const preview = await previewStatement(user);

    // 候補複数: the second order; 該当なし: the short payment's order chosen, then unticked again.
    await user.selectOptions(within(preview).getByRole('combobox', { name: '3行目の注文' }), 'RP00000021');
    await user.selectOptions(within(preview).getByRole('combobox', { name: '4行目の注文' }), 'RP00000030');
    await user.click(within(preview).getByRole('checkbox', { name: '4行目の入金を確定する' }));

    await user.click(within(preview).getByRole('button', { name: 'チェックした入金を確定する（2件）' }));
    const dialog = await screen.findByRole('dialog', { name: '入金の確定' });
    expect(dialog).toHaveTextContent('2件の入金を確定します。お客様へ入金確認メールが送られます。');
    expect(fake.callsTo(APPLY_PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '確定する' }));

    expect(await within(row(preview, 'ﾔﾏﾀﾞ ﾊﾅｺ')).findByText('入金済にしました。')).toBeInTheDocument();
    expect(row(preview, 'ﾄｳｷﾖｳ ｲﾁﾛｳ')).toHaveTextContent(
      'この注文は他の画面で更新されました。取り込み直してください。',
    );
    expect(within(row(preview, 'ﾔﾏﾀﾞ ﾊﾅｺ')).getByRole('link', { name: 'RP00000012を開く' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000012',
    );
    expect(screen.queryByRole('dialog', { name: '入金の確定' })).not.toBeInTheDocument();
    expect(within(preview).getByRole('status')).toHaveTextContent(
      '1件の入金を記録しました。1件は記録できませんでした（各行の結果をご確認ください）。',
    );

    const calls = fake.callsTo(APPLY_PATH);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('content-type')).toContain('application/json');
    expect(await calls[0]!.json()).toEqual({
      matches: [
        { line: 2, order_no: 'RP00000012', version: 4, paid_on: '2026-11-20', amount: 5500 },
        { line: 3, order_no: 'RP00000021', version: 7, paid_on: '2026-11-21', amount: 3300 },
      ],
    });

    // Sent lines are done: not offered again; the line left unticked still is.
    expect(within(preview).getByRole('checkbox', { name: '2行目の入金を確定する' })).toBeDisabled();
    expect(within(preview).getByRole('combobox', { name: '3行目の注文' })).toBeDisabled();
    expect(within(preview).getByRole('checkbox', { name: '4行目の入金を確定する' })).toBeEnabled();
    expect(within(preview).getByRole('button', { name: 'チェックした入金を確定する（0件）' })).toBeDisabled();
  });

  it('shows the lines that do not read as a list, and nothing else', async () => {
    const user = userEvent.setup();
    const lines = [
      '3行目「日付」: 日付を読み取れません（例: 2026/11/20）。',
      '3行目「金額」: 金額を読み取れません（例: 5,500）。',
    ];
    renderAdmin(
      '/admin/orders/bank',
      bankFake('order_clerk', json({ message: '入力内容を確認してください。', errors: { lines } }, { status: 422 })),
    );
    const form = await screen.findByRole('form', { name: '入出金明細のファイル' });
    await user.upload(within(form).getByLabelText('CSVファイル'), statement());
    await user.click(within(form).getByRole('button', { name: '確認する' }));

    const errors = await screen.findByRole('list', { name: '読み取れない行' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(lines);
    expect(screen.getByRole('region', { name: '読み取れない行があります' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '照合の結果' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /チェックした入金を確定する/ })).not.toBeInTheDocument();
  });

  it('words the contract’s {line, column, message} the same way, and shows a refused file on its field', async () => {
    const user = userEvent.setup();
    let answer = json(
      {
        message: '入力内容を確認してください。',
        errors: { lines: [{ line: 4, column: '金額', message: '金額を読み取れません（例: 5,500）。' }] },
      },
      { status: 422 },
    );
    const fake = createAdminFake('owner').on('POST', PREVIEW_PATH, () => answer.clone());
    renderAdmin('/admin/orders/bank', fake);
    const form = await screen.findByRole('form', { name: '入出金明細のファイル' });
    await user.upload(within(form).getByLabelText('CSVファイル'), statement());
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    expect(await screen.findByRole('list', { name: '読み取れない行' })).toHaveTextContent(
      '4行目「金額」: 金額を読み取れません（例: 5,500）。',
    );

    const missing = '見出しに「金額」がありません。日付・金額・振込依頼人名の列があるCSVを選んでください。';
    answer = json({ message: missing, errors: { file: [missing] } }, { status: 422 });
    await user.click(within(form).getByRole('button', { name: '確認する' }));
    expect(await within(form).findByText(missing)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '読み取れない行' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is reached from 受注管理 by staff who confirm payments, and closed to the others', async () => {
    const desk = (role: Role) =>
      createAdminFake(role)
        .on('GET', '/v1/admin/orders/queues', json(deskHome()))
        .on('GET', '/v1/admin/orders', () => paged([orderRow('RP00000007')], 1))
        .on('GET', '/v1/admin/orders/views', json({ data: [] }));

    const clerk = renderAdmin('/admin/orders', desk('order_clerk'));
    expect(await screen.findByRole('link', { name: '入金消込（CSV）' })).toHaveAttribute('href', '/admin/orders/bank');
    clerk.unmount();

    const shipping = renderAdmin('/admin/orders', desk('shipping_clerk'));
    expect(await screen.findByRole('link', { name: '送り状番号の取り込み' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '入金消込（CSV）' })).not.toBeInTheDocument();
    shipping.unmount();

    renderAdmin('/admin/orders/bank', desk('shipping_clerk'));
    expect(await screen.findByText('入金を確認する権限がありません。')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '入出金明細のファイル' })).not.toBeInTheDocument();
  });
});
