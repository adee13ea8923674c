import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin } from '../../test/render-admin';
import { ACTION_LABELS } from './audit-labels';

const ENTRIES = [
  { at: '2026-12-01T04:00:00Z', staff_name: '山田 花子', action: 'order_payment', target: 'RP00000007' },
  { at: '2026-11-30T01:30:00Z', staff_name: '店長 太郎', action: 'member_caution', target: '会員 M0001 なし→要注意' },
];

const STAFF = [
  { id: 'st-owner', name: '店長 太郎' },
  { id: 'st-hanako', name: '山田 花子' },
  { id: 'st-jiro', name: '佐藤 次郎' },
].map((person) => ({
  ...person,
  email: `${person.id}@example.jp`,
  role: 'order_clerk',
  role_label: '受注担当',
  active: true,
  locked: false,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00Z',
  version: 1,
  is_me: person.id === 'st-owner',
  enrolment_pending: false,
}));

function auditFake(entries: unknown[] = ENTRIES) {
  return createAdminFake('owner')
    .on('GET', '/v1/admin/staff', () => json({ data: STAFF }))
    .on('GET', '/v1/admin/audit-log', () => paged(entries, entries.length, 50));
}

function lastQuery(fake: ReturnType<typeof auditFake>): URLSearchParams {
  return new URL(fake.callsTo('/v1/admin/audit-log').at(-1)!.url).searchParams;
}

const form = () => screen.getByRole('form', { name: '操作履歴の絞り込み' });

describe('操作履歴', () => {
  it('lists the entries with their actions in words, and offers every action and every staff member', async () => {
    const fake = auditFake();
    renderAdmin('/admin/audit-log', fake);

    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('山田 花子入金確認RP00000007');
    expect(rows[2]).toHaveTextContent('会員の要注意設定');
    expect(Object.fromEntries(lastQuery(fake))).toEqual({ page: '1', per: '50' });

    const filter = form();
    const actions = within(filter).getByLabelText('操作');
    expect(
      within(actions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', ...Object.values(ACTION_LABELS)]);
    const staff = within(filter).getByLabelText('スタッフ');
    await waitFor(() =>
      expect(
        within(staff)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['すべて', '店長 太郎', '山田 花子', '佐藤 次郎']),
    );
    expect(staff).toHaveDisplayValue('すべて');
    expect(within(filter).queryByRole('link', { name: '条件をクリア' })).not.toBeInTheDocument();
  });

  it('asks the server with the filters in the address and shows them in the form', async () => {
    let answerStaff = () => {};
    const staffAnswered = new Promise<void>((resolve) => {
      answerStaff = resolve;
    });
    const fake = auditFake().on('GET', '/v1/admin/staff', async () => {
      await staffAnswered;
      return json({ data: STAFF });
    });
    renderAdmin(
      `/admin/audit-log?staff_id=st-hanako&action=order_payment&q=RP0000&from=2026-11-01&to=2026-11-30&page=2`,
      fake,
    );

    await screen.findAllByRole('row');
    expect(Object.fromEntries(lastQuery(fake))).toEqual({
      page: '2',
      per: '50',
      staff_id: 'st-hanako',
      action: 'order_payment',
      q: 'RP0000',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const filter = form();
    // The member chosen stays chosen when the staff list arrives.
    expect(within(filter).getByLabelText('スタッフ')).toHaveDisplayValue('読み込み中…');
    answerStaff();
    await waitFor(() => expect(within(filter).getByLabelText('スタッフ')).toHaveDisplayValue('山田 花子'));
    expect(within(filter).getByLabelText('操作')).toHaveDisplayValue('入金確認');
    expect(within(filter).getByLabelText('キーワード')).toHaveValue('RP0000');
    expect(within(filter).getByLabelText('期間（から）')).toHaveValue('2026-11-01');
    expect(within(filter).getByLabelText('期間（まで）')).toHaveValue('2026-11-30');
  });

  it('puts the submitted filters in the address (back to page 1) and clears them', async () => {
    const user = userEvent.setup();
    const fake = auditFake();
    const { router } = renderAdmin('/admin/audit-log?page=3', fake);
    await screen.findAllByRole('row');
    const filter = form();

    await waitFor(() => expect(within(filter).getAllByRole('option', { name: '山田 花子' })).toHaveLength(1));
    await user.selectOptions(within(filter).getByLabelText('スタッフ'), '山田 花子');
    await user.selectOptions(within(filter).getByLabelText('操作'), '会員の要注意設定');
    await user.type(within(filter).getByLabelText('キーワード'), ' M0001 ');
    await user.type(within(filter).getByLabelText('期間（から）'), '2026-11-01');
    await user.type(within(filter).getByLabelText('期間（まで）'), '2026-11-30');
    await user.click(within(filter).getByRole('button', { name: '絞り込む' }));

    expect(router.state.location.search).toBe(
      '?staff_id=st-hanako&action=member_caution&q=M0001&from=2026-11-01&to=2026-11-30',
    );
    await waitFor(() => expect(lastQuery(fake).get('action')).toBe('member_caution'));
    expect(Object.fromEntries(lastQuery(fake))).toEqual({
      page: '1',
      per: '50',
      staff_id: 'st-hanako',
      action: 'member_caution',
      q: 'M0001',
      from: '2026-11-01',
      to: '2026-11-30',
    });

    await user.click(within(filter).getByRole('link', { name: '条件をクリア' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(Object.fromEntries(lastQuery(fake))).toEqual({ page: '1', per: '50' }));
    expect(within(filter).getByLabelText('キーワード')).toHaveValue('');
    expect(within(filter).getByLabelText('スタッフ')).toHaveDisplayValue('すべて');
  });

  it('checks the period before asking', async () => {
    const user = userEvent.setup();
    const fake = auditFake();
    const { router } = renderAdmin('/admin/audit-log', fake);
    await screen.findAllByRole('row');
    const calls = fake.callsTo('/v1/admin/audit-log').length;
    const filter = form();

    await user.type(within(filter).getByLabelText('期間（から）'), '2026-11-30');
    await user.type(within(filter).getByLabelText('期間（まで）'), '2026-11-01');
    await user.click(within(filter).getByRole('button', { name: '絞り込む' }));

    expect(await within(filter).findByText('終了日は開始日以降の日付を選んでください')).toBeInTheDocument();
    expect(within(filter).getByLabelText('期間（まで）')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(fake.callsTo('/v1/admin/audit-log')).toHaveLength(calls);
  });

  it('shows the server’s word on a filter under its field', async () => {
    const fake = auditFake().on('GET', '/v1/admin/audit-log', (request) =>
      new URL(request.url).searchParams.get('from')
        ? json(
            { message: '入力内容をご確認ください。', errors: { from: ['日付はYYYY-MM-DDの形式で入力してください。'] } },
            { status: 422 },
          )
        : paged(ENTRIES),
    );
    renderAdmin('/admin/audit-log?from=2026-13-01', fake);

    const filter = await screen.findByRole('form', { name: '操作履歴の絞り込み' });
    const message = await within(filter).findByText('日付はYYYY-MM-DDの形式で入力してください。');
    expect(within(filter).getByLabelText('期間（から）')).toHaveAccessibleDescription(message.textContent ?? '');
    expect(lastQuery(fake).get('from')).toBe('2026-13-01');
    // Said at the field, not as the page's failure; no list.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and when there is nothing yet', async () => {
    const filtered = renderAdmin('/admin/audit-log?action=points_adjust', auditFake([]));
    expect(await screen.findByText('条件に合う操作の記録はありません。')).toBeInTheDocument();
    expect(screen.queryByText('操作の記録はまだありません。')).not.toBeInTheDocument();
    expect(within(form()).getByRole('link', { name: '条件をクリア' })).toBeInTheDocument();
    filtered.unmount();

    renderAdmin('/admin/audit-log', auditFake([]));
    expect(await screen.findByText('操作の記録はまだありません。')).toBeInTheDocument();
    expect(screen.queryByText('条件に合う操作の記録はありません。')).not.toBeInTheDocument();
  });
});
