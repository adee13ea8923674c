import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin } from '../../test/render-admin';
import { movement, stockRow } from '../../test/stock-desk';

const LEDGER = [
  movement('m-3', {
    at: '2026-11-28T05:00:00Z',
    reason: { code: 'stocktake', label: '棚卸' },
    available_delta: -1,
    on_hand_delta: -1,
    available_after: 9,
    on_hand_after: 11,
    note: '棚卸で1点破損',
  }),
  movement('m-2', {
    at: '2026-11-28T03:00:00Z',
    reason: { code: 'sale', label: '販売' },
    available_delta: -2,
    on_hand_delta: 0,
    available_after: 10,
    on_hand_after: 12,
    staff_name: null,
    order_no: 'RP00000007',
  }),
  movement('m-1'),
];

function ledgerFake(role: 'owner' | 'viewer' = 'owner', row = stockRow('v-1')) {
  return createAdminFake(role)
    .on('GET', '/v1/admin/stock', () => paged([stockRow('v-1')]))
    .on('GET', '/v1/admin/stock/v-1', () => json(row))
    .on('GET', '/v1/admin/stock/v-1/movements', () => paged(LEDGER, 3, 50));
}

/** 販売可能 / 引当中 / 実在庫 as the ledger's heading shows them. */
function counts(): Record<string, string> {
  const summary = screen.getByRole('region', { name: '現在の在庫' });
  return Object.fromEntries(
    within(summary)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('在庫の履歴', () => {
  it('lists the moves newest first with their reason, changes, what was left, who and which order', async () => {
    renderAdmin('/admin/catalog/stock/v-1', ledgerFake('viewer'));
    const table = await screen.findByRole('table', { name: '在庫の履歴（新しい順）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('2026/11/28 14:00');
    expect(rows[0]).toHaveTextContent('棚卸');
    expect(rows[0]).toHaveTextContent('販売可能 9 / 実在庫 11');
    expect(rows[0]).toHaveTextContent('棚卸で1点破損');
    expect(rows[1]).toHaveTextContent('販売-2±0');
    expect(within(rows[1]!).getByRole('link', { name: 'RP00000007' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000007',
    );
    expect(rows[2]).toHaveTextContent('入荷+5+5');
    expect(rows[2]).toHaveTextContent('店長 太郎');
    expect(screen.getByRole('link', { name: '在庫一覧へ戻る' })).toHaveAttribute('href', '/admin/catalog/stock');
  });

  it('names the product, its variation and SKU and shows the three counts when its address is opened directly', async () => {
    const fake = ledgerFake('viewer', stockRow('v-1', { available: 2, reserved: 1, on_hand: 3, low: true }));
    renderAdmin('/admin/catalog/stock/v-1', fake);
    expect(
      await screen.findByRole('heading', { level: 1, name: '在庫の履歴：LEDウインカーバルブ S25（アンバー 2個入）' }),
    ).toBeInTheDocument();
    expect(screen.getByText('商品コード KT-800・SKU KT-800-v-1')).toBeInTheDocument();
    expect(counts()).toEqual({ 販売可能: '2在庫わずか', 引当中: '1', 実在庫: '3' });
    await waitFor(() =>
      expect(document.title).toBe('在庫の履歴：LEDウインカーバルブ S25（アンバー 2個入） | 管理画面'),
    );
    // The one row, not the list.
    expect(fake.callsTo('/v1/admin/stock')).toHaveLength(0);
    expect(fake.callsTo('/v1/admin/stock/v-1')).toHaveLength(1);
  });

  it('shows the counts as they are now when the list it was opened from is older', async () => {
    const user = userEvent.setup();
    const fake = ledgerFake('owner', stockRow('v-1', { available: 0, reserved: 2, on_hand: 2 }));
    renderAdmin('/admin/catalog/stock', fake);
    await user.click(await screen.findByRole('link', { name: /の履歴$/ }));
    await waitFor(() => expect(counts()).toEqual({ 販売可能: '0在庫切れ', 引当中: '2', 実在庫: '2' }));
  });

  it('names the variation when opened from the list, and goes back to the same search', async () => {
    const user = userEvent.setup();
    const fake = ledgerFake();
    const { router } = renderAdmin('/admin/catalog/stock?filter=low&q=KT', fake);
    await user.click(await screen.findByRole('link', { name: /の履歴$/ }));
    expect(router.state.location.pathname).toBe('/admin/catalog/stock/v-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: '在庫の履歴：LEDウインカーバルブ S25（アンバー 2個入）' }),
    ).toBeInTheDocument();
    expect(screen.getByText('商品コード KT-800・SKU KT-800-v-1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '在庫一覧へ戻る' }));
    expect(router.state.location.search).toBe('?filter=low&q=KT');
  });

  it('says so when the variation is unknown', async () => {
    const notFound = json({ code: 'not_found', message: '見つかりません。' }, { status: 404 });
    const fake = createAdminFake('owner')
      .on('GET', '/v1/admin/stock/nope', notFound)
      .on('GET', '/v1/admin/stock/nope/movements', notFound);
    renderAdmin('/admin/catalog/stock/nope', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('この商品の在庫は見つかりません。');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^在庫の履歴$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在庫一覧へ戻る' })).toHaveAttribute('href', '/admin/catalog/stock');
    expect(fake.callsTo('/v1/admin/stock/nope')).toHaveLength(1);
  });

  it('still shows the ledger when only the row fails to load', async () => {
    const fake = ledgerFake('owner').on(
      'GET',
      '/v1/admin/stock/v-1',
      json({ message: 'サーバーでエラーが発生しました。' }, { status: 500 }),
    );
    renderAdmin('/admin/catalog/stock/v-1', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('サーバーでエラーが発生しました。');
    expect(await screen.findByRole('table', { name: '在庫の履歴（新しい順）' })).toBeInTheDocument();
  });
});
