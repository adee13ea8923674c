import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';
import { stockRow } from '../../test/stock-desk';

const BULB = stockRow('v-1');
const GLOVE = stockRow('v-2', {
  product_name: 'メッシュグローブ',
  product_code: 'GL-100',
  sku: 'GL-100-M-BK',
  variation_name: 'メッシュグローブ（M / ブラック）',
  available: 2,
  reserved: 1,
  on_hand: 3,
  threshold: 3,
  low: true,
  restock_requests: 4,
});
const HELMET = stockRow('v-3', {
  product_name: 'ジェットヘルメット',
  product_code: 'HM-200',
  sku: 'HM-200',
  variation_name: 'ジェットヘルメット',
  available: 0,
  reserved: 0,
  on_hand: 0,
  threshold: null,
  low: false,
  restock_requests: 12,
});

function stockFake(role: Role = 'owner') {
  return createAdminFake(role).on('GET', '/v1/admin/stock', () => paged([BULB, GLOVE, HELMET], 3, 50));
}

function lastListQuery(fake: ReturnType<typeof stockFake>): URLSearchParams {
  return new URL(fake.callsTo('/v1/admin/stock').at(-1)!.url).searchParams;
}

/** The row of the list that names `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: /^在庫一覧/ });
  return within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text))!;
}

/** A row's cell under the column `label` (the cards' label on a phone). */
function cell(row: HTMLElement, label: string): HTMLElement {
  return row.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
}

describe('在庫管理', () => {
  it('shows each variation’s 販売可能, 引当中 and 実在庫, and marks low and sold-out rows in words', async () => {
    renderAdmin('/admin/catalog/stock', stockFake());
    expect(await screen.findByRole('heading', { level: 1, name: '在庫管理' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '管理メニュー' })).toContainElement(
      screen.getByRole('link', { name: '在庫管理' }),
    );
    expect(screen.getByRole('link', { name: '在庫管理' })).toHaveAttribute('aria-current', 'page');

    const bulb = await rowOf('KT-800-v-1');
    expect(bulb).toHaveTextContent('LEDウインカーバルブ S25');
    expect(bulb).toHaveTextContent('アンバー 2個入');
    expect(cell(bulb, '販売可能')).toHaveTextContent(/^5$/);
    expect(cell(bulb, '引当中')).toHaveTextContent(/^2$/);
    expect(cell(bulb, '実在庫')).toHaveTextContent(/^7$/);
    expect(cell(bulb, 'しきい値')).toHaveTextContent(/^3$/);
    expect(bulb).not.toHaveTextContent('在庫わずか');

    const glove = await rowOf('GL-100-M-BK');
    expect(cell(glove, '販売可能')).toHaveTextContent('2在庫わずか');
    expect(cell(glove, '入荷リクエスト')).toHaveTextContent('4件');

    const helmet = await rowOf('HM-200');
    expect(cell(helmet, '販売可能')).toHaveTextContent('0在庫切れ');
    expect(cell(helmet, 'しきい値')).toHaveTextContent('なし');
    expect(cell(helmet, '入荷リクエスト')).toHaveTextContent('12件');

    expect(screen.getByRole('navigation', { name: 'ページ送り' })).toHaveTextContent('全3件（1 / 1ページ）');
  });

  it('keeps the tab and the search in the address and asks the server with them', async () => {
    const user = userEvent.setup();
    const fake = stockFake();
    const { router } = renderAdmin('/admin/catalog/stock', fake);

    const tabs = await screen.findByRole('navigation', { name: '在庫の絞り込み' });
    expect(within(tabs).getByRole('link', { name: 'すべて' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: '在庫わずか' }));
    expect(router.state.location.search).toBe('?filter=low');
    await waitFor(() => expect(lastListQuery(fake).get('filter')).toBe('low'));

    const search = screen.getByRole('form', { name: '在庫の検索' });
    await user.type(within(search).getByLabelText('キーワード'), ' GL-100 ');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(router.state.location.search).toBe('?filter=low&q=GL-100');
    await waitFor(() => expect(lastListQuery(fake).get('q')).toBe('GL-100'));
    expect(lastListQuery(fake).get('filter')).toBe('low');
    expect(lastListQuery(fake).get('page')).toBe('1');

    await user.click(within(tabs).getByRole('link', { name: '在庫切れ' }));
    expect(router.state.location.search).toBe('?filter=out&q=GL-100');
    await waitFor(() => expect(document.title).toBe('在庫管理（在庫切れ） | 管理画面'));
  });

  it('records an arrival: sends the signed change, its reason and メモ, shows 販売可能 before and after, and refreshes the row', async () => {
    const user = userEvent.setup();
    let rows = [BULB, GLOVE, HELMET];
    const fake = createAdminFake('shipping_clerk')
      .on('GET', '/v1/admin/stock', () => paged(rows, 3, 50))
      .on('POST', '/v1/admin/stock/v-1/adjustments', () => {
        rows = [{ ...BULB, available: 8, on_hand: 10 }, GLOVE, HELMET];
        return json(rows[0]);
      });
    renderAdmin('/admin/catalog/stock', fake);

    await user.click(
      within(await rowOf('KT-800-v-1')).getByRole('button', {
        name: 'LEDウインカーバルブ S25（アンバー 2個入）の入出庫',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: '入出庫：LEDウインカーバルブ S25（アンバー 2個入）' });
    expect(within(dialog).getByRole('radio', { name: '増やす（＋）' })).toBeChecked();
    expect(within(dialog).getByLabelText('理由')).toHaveDisplayValue('入荷');
    expect(dialog).toHaveTextContent('販売可能 5 → —');
    await user.type(within(dialog).getByLabelText('数量'), '3');
    expect(dialog).toHaveTextContent('販売可能 5 → 8');
    expect(dialog).toHaveTextContent('実在庫 7 → 10');
    await user.type(within(dialog).getByLabelText('メモ（任意）'), '  11/28 入荷分  ');
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));

    expect(
      await screen.findByText('LEDウインカーバルブ S25（アンバー 2個入）：入荷 +3を記録しました（販売可能 5 → 8）。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/stock/v-1/adjustments')[0]!.json()).toEqual({
      delta: 3,
      reason: 'arrival',
      note: '11/28 入荷分',
    });
    expect(cell(await rowOf('KT-800-v-1'), '販売可能')).toHaveTextContent(/^8$/);
    expect(cell(await rowOf('KT-800-v-1'), '実在庫')).toHaveTextContent(/^10$/);
    // The list is asked again: someone else's change shows too.
    await waitFor(() => expect(fake.callsTo('/v1/admin/stock').length).toBeGreaterThan(1));
  });

  it('takes stock away as a negative change, and shows the server’s word when it would go below zero', async () => {
    const user = userEvent.setup();
    const fake = stockFake().on(
      'POST',
      '/v1/admin/stock/v-1/adjustments',
      json(
        {
          message: '入力内容をご確認ください。',
          errors: { delta: ['販売可能在庫が0未満になります（現在 3）。'] },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/stock', fake);

    await user.click(within(await rowOf('KT-800-v-1')).getByRole('button', { name: /の入出庫$/ }));
    const dialog = screen.getByRole('dialog', { name: /^入出庫：/ });
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(await within(dialog).findByText('数量を入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/stock/v-1/adjustments')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: '減らす（－）' }));
    await user.type(within(dialog).getByLabelText('数量'), '５');
    await user.selectOptions(within(dialog).getByLabelText('理由'), '調整');
    expect(dialog).toHaveTextContent('販売可能 5 → 0');
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));

    expect(await within(dialog).findByText('販売可能在庫が0未満になります（現在 3）。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('数量')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('数量')).toHaveAccessibleDescription(
      '販売可能在庫が0未満になります（現在 3）。',
    );
    expect(await fake.callsTo('/v1/admin/stock/v-1/adjustments')[0]!.json()).toEqual({
      delta: -5,
      reason: 'adjustment',
      note: '',
    });

    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts stock from what was seen, and after a 409 shows the server’s message and the count as it is now', async () => {
    const user = userEvent.setup();
    const moved = { ...BULB, available: 10, on_hand: 12 };
    // A sale and an arrival meanwhile: the server's row is `moved`, the list still shows BULB.
    let bulb = BULB;
    const fake = createAdminFake('manager')
      .on('GET', '/v1/admin/stock', () => paged([bulb, GLOVE, HELMET], 3, 50))
      .on('GET', '/v1/admin/stock/v-1', () => json(moved))
      .on('PUT', '/v1/admin/stock/v-1/count', async (request) => {
        const body = (await request.clone().json()) as { from: number; to: number };
        bulb = moved;
        return body.from === 12
          ? json({ ...moved, available: body.to - moved.reserved, on_hand: body.to })
          : json(
              {
                code: 'stock.moved',
                message: '在庫数が変わりました（現在 12）。最新の在庫数を確認してからやり直してください。',
              },
              { status: 409 },
            );
      });
    renderAdmin('/admin/catalog/stock', fake);

    await user.click(within(await rowOf('KT-800-v-1')).getByRole('button', { name: /の棚卸$/ }));
    const dialog = screen.getByRole('dialog', { name: '棚卸：LEDウインカーバルブ S25（アンバー 2個入）' });
    expect(dialog).toHaveTextContent('実在庫 7 →');
    const counted = within(dialog).getByLabelText('数えた実在庫');
    expect(counted).toHaveFocus();
    await user.type(counted, '9');
    expect(dialog).toHaveTextContent('販売可能 5 → 7');
    await user.click(within(dialog).getByRole('button', { name: '棚卸を記録する' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '在庫数が変わりました（現在 12）。最新の在庫数を確認してからやり直してください。',
    );
    expect(await fake.callsTo('/v1/admin/stock/v-1/count')[0]!.json()).toEqual({ from: 7, to: 9, note: '' });
    expect(await within(dialog).findByText(/^最新の実在庫は12（引当中 2）です。/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('実在庫 12 →');
    expect(dialog).toHaveTextContent('販売可能 10 → 7');
    expect(counted).toHaveValue('9');
    // The row was read on its own (not searched for in the list), and the list behind shows it too.
    expect(fake.callsTo('/v1/admin/stock/v-1')).toHaveLength(1);
    expect(fake.callsTo('/v1/admin/stock').every((call) => !new URL(call.url).searchParams.has('q'))).toBe(true);
    expect(cell(await rowOf('KT-800-v-1'), '実在庫')).toHaveTextContent(/^12$/);

    await user.click(within(dialog).getByRole('button', { name: '棚卸を記録する' }));
    expect(
      await screen.findByText('LEDウインカーバルブ S25（アンバー 2個入）の実在庫を12から9にしました。'),
    ).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/stock/v-1/count')[1]!.json()).toEqual({ from: 12, to: 9, note: '' });
  });

  it('says so in the 棚卸 window when the row cannot be read again after a 409', async () => {
    const user = userEvent.setup();
    const fake = stockFake()
      .on(
        'PUT',
        '/v1/admin/stock/v-1/count',
        json({ code: 'stock.moved', message: '在庫数が変わりました（現在 12）。' }, { status: 409 }),
      )
      .on('GET', '/v1/admin/stock/v-1', json({ code: 'not_found', message: '見つかりません。' }, { status: 404 }));
    renderAdmin('/admin/catalog/stock', fake);
    await user.click(within(await rowOf('KT-800-v-1')).getByRole('button', { name: /の棚卸$/ }));
    const dialog = screen.getByRole('dialog', { name: /^棚卸：/ });
    await user.type(within(dialog).getByLabelText('数えた実在庫'), '9');
    await user.click(within(dialog).getByRole('button', { name: '棚卸を記録する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('在庫数が変わりました（現在 12）。');
    expect(await within(dialog).findByText('見つかりません。')).toBeInTheDocument();
    // Still what was seen: nothing new to compare with.
    expect(dialog).toHaveTextContent('実在庫 7 →');
  });

  it('shows the server’s field message when a count is below what orders hold', async () => {
    const user = userEvent.setup();
    const fake = stockFake().on(
      'PUT',
      '/v1/admin/stock/v-1/count',
      json(
        { message: '入力内容をご確認ください。', errors: { to: ['注文で引当中の2個より少なくはできません。'] } },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/catalog/stock', fake);
    await user.click(within(await rowOf('KT-800-v-1')).getByRole('button', { name: /の棚卸$/ }));
    const dialog = screen.getByRole('dialog', { name: /^棚卸：/ });
    await user.type(within(dialog).getByLabelText('数えた実在庫'), '1');
    await user.click(within(dialog).getByRole('button', { name: '棚卸を記録する' }));
    expect(await within(dialog).findByText('注文で引当中の2個より少なくはできません。')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('数えた実在庫')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets a しきい値, and a blank one as none', async () => {
    const user = userEvent.setup();
    let glove = GLOVE;
    const fake = createAdminFake('owner')
      .on('GET', '/v1/admin/stock', () => paged([BULB, glove, HELMET], 3, 50))
      .on('PUT', '/v1/admin/stock/v-2/threshold', async (request) => {
        const { threshold } = (await request.clone().json()) as { threshold: number | null };
        glove = { ...GLOVE, threshold, low: threshold !== null && GLOVE.available <= threshold };
        return json(glove);
      });
    renderAdmin('/admin/catalog/stock', fake);

    await user.click(within(await rowOf('GL-100-M-BK')).getByRole('button', { name: /のしきい値$/ }));
    let dialog = screen.getByRole('dialog', { name: 'しきい値：メッシュグローブ（M / ブラック）' });
    const box = within(dialog).getByLabelText('在庫アラートのしきい値');
    expect(box).toHaveValue('3');
    await user.clear(box);
    await user.type(box, '1');
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('メッシュグローブ（M / ブラック）のしきい値を1にしました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/stock/v-2/threshold')[0]!.json()).toEqual({ threshold: 1 });
    expect(cell(await rowOf('GL-100-M-BK'), '販売可能')).not.toHaveTextContent('在庫わずか');

    await user.click(within(await rowOf('GL-100-M-BK')).getByRole('button', { name: /のしきい値$/ }));
    dialog = screen.getByRole('dialog', { name: /^しきい値：/ });
    await user.clear(within(dialog).getByLabelText('在庫アラートのしきい値'));
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('メッシュグローブ（M / ブラック）のしきい値をなしにしました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/stock/v-2/threshold')[1]!.json()).toEqual({ threshold: null });
  });

  it('offers no change of stock to roles without `stock`, only the ledger', async () => {
    for (const role of ['order_clerk', 'viewer'] as const) {
      const view = renderAdmin('/admin/catalog/stock', stockFake(role));
      const row = await rowOf('KT-800-v-1');
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
      expect(
        within(row).getByRole('link', { name: 'LEDウインカーバルブ S25（アンバー 2個入）の履歴' }),
      ).toHaveAttribute('href', '/admin/catalog/stock/v-1');
      view.unmount();
    }
    renderAdmin('/admin/catalog/stock', stockFake('shipping_clerk'));
    const row = await rowOf('KT-800-v-1');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['入出庫', '棚卸', 'しきい値']);
  });

  it('shows the server’s refusal when a change answers 403', async () => {
    const user = userEvent.setup();
    const fake = stockFake().on(
      'POST',
      '/v1/admin/stock/v-1/adjustments',
      json({ code: 'staff.forbidden', message: '在庫を変更する権限がありません。' }, { status: 403 }),
    );
    renderAdmin('/admin/catalog/stock', fake);
    await user.click(within(await rowOf('KT-800-v-1')).getByRole('button', { name: /の入出庫$/ }));
    const dialog = screen.getByRole('dialog', { name: /^入出庫：/ });
    await user.type(within(dialog).getByLabelText('数量'), '1');
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('在庫を変更する権限がありません。');
  });
});
