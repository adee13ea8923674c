import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskOrder, DeskRefund, RefundProposal } from '../api/admin-types';
import { json } from '../../test/fake-fetch';
import { ALL_ACTIONS, deskOrder, NO_ACTIONS, shipment } from '../../test/order-desk';
import { createAdminFake, renderAdmin } from '../../test/render-admin';

const ORDER = '/v1/admin/orders/RP00000007';
const PREVIEW = `${ORDER}/refunds/preview`;

const SHIPPED = shipment('RP00000007-1', {
  state: { code: 'shipped', label: '出荷済' },
  lines: [
    { ...shipment('x').lines[0]!, id: 'line-a', quantity: 2 },
    {
      id: 'line-b',
      code: 'KT-80002',
      name: 'ヘルメットホルダー',
      variation_name: 'ブラック',
      unit_price: 1980,
      quantity: 1,
      tax_rate: 10,
    },
  ],
});

function paidOrder(overrides: Partial<DeskOrder> = {}): DeskOrder {
  return deskOrder('RP00000007', {
    payment_name: 'クレジットカード',
    payment: { code: 'captured', label: '入金済' },
    paid_amount: 7170,
    shipments: [SHIPPED],
    actions: { ...ALL_ACTIONS, confirm_payment: false, cancel: false },
    ...overrides,
  });
}

function proposal(overrides: Partial<RefundProposal> = {}): RefundProposal {
  return {
    lines: [
      {
        line_id: 'line-a',
        name: 'LEDウインカーバルブ S25',
        variation_name: 'アンバー 2個入',
        unit_price: 2980,
        ordered: 2,
        returned: 0,
        returnable: 2,
        shipped: true,
      },
      {
        line_id: 'line-b',
        name: 'ヘルメットホルダー',
        variation_name: 'ブラック',
        unit_price: 1980,
        ordered: 1,
        returned: 1,
        returnable: 0,
        shipped: true,
      },
    ],
    goods_amount: 0,
    coupon_share: 0,
    points_share: 0,
    fees_amount: 0,
    suggested_amount: 0,
    refundable: 7170,
    points_returned: 0,
    points_returnable: 300,
    points_revoked: 0,
    points_revocable: 59,
    method: { code: 'card', label: 'クレジットカード返金' },
    ...overrides,
  };
}

const ONE_UNIT = proposal({
  goods_amount: 2980,
  coupon_share: 300,
  points_share: 100,
  suggested_amount: 2580,
  points_returned: 100,
  points_revoked: 27,
});

function refund(overrides: Partial<DeskRefund> = {}): DeskRefund {
  return {
    id: 'rf-1',
    refund_no: 1,
    created_at: '2026-11-30T01:00:00Z',
    refunded_at: '2026-11-30T01:00:02Z',
    amount: 2500,
    method: { code: 'card', label: 'クレジットカード返金' },
    state: { code: 'refunded', label: '返金済' },
    restocked: true,
    points_returned: 100,
    points_revoked: 27,
    reason: 'サイズ違いのため返品',
    bank_account: '',
    failure: '',
    staff_name: '店長 太郎',
    lines: [
      {
        line_id: 'line-a',
        name: 'LEDウインカーバルブ S25',
        variation_name: 'アンバー 2個入',
        quantity: 1,
        amount: 2980,
      },
    ],
    ...overrides,
  };
}

/** Answers the empty proposal for no unit, and ONE_UNIT (or `computed`) once units are asked. */
function previewFake(order: DeskOrder, computed: RefundProposal = ONE_UNIT, start: RefundProposal = proposal()) {
  return createAdminFake('owner')
    .on('GET', ORDER, json(order))
    .on('POST', PREVIEW, async (request) => {
      const body = (await request.json()) as { lines: unknown[]; include_fees?: boolean };
      return json(body.lines.length === 0 && !body.include_fees ? start : computed);
    });
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '返品・返金' }));
  return screen.findByRole('form', { name: '返品・返金' });
}

describe('返品・返金', () => {
  it('returns one unit by card: the proposal, the choices, the confirmation, then the refund on the page', async () => {
    const user = userEvent.setup();
    const recorded = paidOrder({
      version: 4,
      payment: { code: 'partially_refunded', label: '一部返金' },
      refunded_amount: 2500,
      refunds: [refund()],
    });
    const fake = previewFake(paidOrder()).on('POST', `${ORDER}/refunds`, json(recorded, { status: 201 }));
    renderAdmin('/admin/orders/RP00000007', fake);

    const form = await openPanel(user);
    expect(await fake.callsTo(PREVIEW)[0]!.json()).toEqual({ lines: [], include_fees: false });
    const first = await within(form).findByLabelText('LEDウインカーバルブ S25（アンバー 2個入） の返品数');
    expect(first).toHaveValue(0);
    // The holder has come back already: nothing left to return.
    expect(within(form).getByRole('row', { name: /ヘルメットホルダー/ })).toHaveTextContent('すべて返品済み');
    expect(within(form).queryByRole('button', { name: '内容を確認する' })).not.toBeInTheDocument();

    await user.clear(first);
    await user.type(first, '3');
    await user.click(within(form).getByRole('button', { name: '計算する' }));
    expect(await within(form).findByText('返品できるのは2点までです')).toBeInTheDocument();
    expect(fake.callsTo(PREVIEW)).toHaveLength(1);

    await user.clear(first);
    await user.type(first, '1');
    await user.click(within(form).getByRole('button', { name: '計算する' }));
    const result = await within(form).findByLabelText('計算結果');
    expect(result).toHaveTextContent('返金方法クレジットカード返金');
    expect(result).toHaveTextContent('商品代¥2,980');
    expect(result).toHaveTextContent('クーポン値引き-¥300');
    expect(result).toHaveTextContent('ポイント充当-¥100');
    expect(result).toHaveTextContent('送料・手数料¥0');
    expect(result).toHaveTextContent('返金できる上限¥7,170');
    expect(await fake.callsTo(PREVIEW)[1]!.json()).toEqual({
      lines: [{ line_id: 'line-a', quantity: 1 }],
      include_fees: false,
    });
    expect(within(form).getByLabelText('返金額（円）')).toHaveValue('2580');
    expect(within(form).getByLabelText('返却するポイント')).toHaveValue('100');
    expect(within(form).getByLabelText('取り消すポイント')).toHaveValue('27');
    expect(within(form).getByRole('checkbox', { name: 'お客様にメールを送る' })).toBeChecked();
    expect(within(form).queryByLabelText('振込先（お客様から伺った口座）')).not.toBeInTheDocument();

    // Nothing chosen for 在庫, no reason: both are asked for before the confirmation.
    const stock = within(form).getByRole('group', { name: '在庫' });
    expect(within(stock).getByRole('radio', { name: '在庫に戻す' })).not.toBeChecked();
    expect(within(stock).getByRole('radio', { name: '在庫に戻さない' })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    expect(await within(form).findByText('在庫に戻すかどうかを選んでください')).toBeInTheDocument();
    expect(within(form).getByText('返品・返金の理由を入力してください')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(stock).getByRole('radio', { name: '在庫に戻す' }));
    await user.clear(within(form).getByLabelText('返金額（円）'));
    await user.type(within(form).getByLabelText('返金額（円）'), '2500');
    await user.type(within(form).getByLabelText('理由'), 'サイズ違いのため返品');
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));

    const dialog = await screen.findByRole('dialog', { name: '返品・返金の確認' });
    expect(dialog).toHaveTextContent('LEDウインカーバルブ S25（アンバー 2個入） × 1点');
    expect(dialog).toHaveTextContent('在庫在庫に戻す');
    expect(dialog).toHaveTextContent('返金方法クレジットカード返金');
    expect(dialog).toHaveTextContent('返金額¥2,500');
    expect(dialog).toHaveTextContent('返却するポイント100pt');
    expect(dialog).toHaveTextContent('取り消すポイント27pt');
    expect(dialog).toHaveTextContent('理由サイズ違いのため返品');
    expect(dialog).toHaveTextContent('お客様へのメール送る');
    expect(dialog).toHaveTextContent('確定するとすぐにクレジットカードへ返金します。');
    await user.click(within(dialog).getByRole('button', { name: '返品・返金を確定する' }));

    expect(
      await screen.findByText(
        '返品・返金 #1 を記録しました（¥2,500・クレジットカード返金）。お客様にメールでお知らせしました。',
      ),
    ).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/refunds`)[0]!.json()).toEqual({
      lines: [{ line_id: 'line-a', quantity: 1 }],
      restock: true,
      amount: 2500,
      points_returned: 100,
      points_revoked: 27,
      reason: 'サイズ違いのため返品',
      bank_account: '',
      notify: true,
      version: 3,
    });
    expect(screen.queryByRole('form', { name: '返品・返金' })).not.toBeInTheDocument();
    const entry = screen.getByRole('article', { name: /返品・返金 #1/ });
    expect(entry).toHaveTextContent('返金済');
    expect(entry).toHaveTextContent('¥2,500（クレジットカード返金）');
    expect(entry).toHaveTextContent('LEDウインカーバルブ S25（アンバー 2個入） × 1点（¥2,980）');
    expect(entry).toHaveTextContent('在庫に戻した');
    expect(entry).toHaveTextContent('返却 100pt・取り消し 27pt');
    expect(entry).toHaveTextContent('サイズ違いのため返品');
    expect(entry).toHaveTextContent('店長 太郎');
    expect(screen.getByRole('region', { name: 'お支払い' })).toHaveTextContent('返金済み額¥2,500');
    expect(screen.getByText('注文の状態：').parentElement).toHaveTextContent('入金：一部返金');
  });

  it('refunds the carriage alone by bank transfer, with the account the customer gave, and asks to recompute after a change', async () => {
    const user = userEvent.setup();
    const manual = { code: 'manual', label: '振込返金' };
    const start = proposal({ method: manual });
    const fees = proposal({ method: manual, fees_amount: 1210, suggested_amount: 1210 });
    const fake = previewFake(paidOrder({ payment_name: '銀行振込（前払い）' }), fees, start).on(
      'POST',
      `${ORDER}/refunds`,
      json(
        paidOrder({
          version: 4,
          refunded_amount: 1210,
          refunds: [
            refund({
              amount: 1210,
              lines: [],
              method: manual,
              state: { code: 'awaiting_transfer', label: '振込待ち' },
              refunded_at: null,
              bank_account: '青葉銀行 本店 普通 1234567 ヤマダ タロウ',
            }),
          ],
        }),
        { status: 201 },
      ),
    );
    renderAdmin('/admin/orders/RP00000007', fake);

    const form = await openPanel(user);
    await user.click(await within(form).findByRole('checkbox', { name: '送料・手数料も返金する' }));
    await user.click(within(form).getByRole('button', { name: '計算する' }));
    expect(await within(form).findByLabelText('計算結果')).toHaveTextContent('送料・手数料¥1,210');
    expect(within(form).getByLabelText('返金額（円）')).toHaveValue('1210');
    // No unit comes back: 在庫 is not asked.
    expect(within(form).queryByRole('group', { name: '在庫' })).not.toBeInTheDocument();

    // A change of the units outdates the figures until they are computed again.
    const first = within(form).getByLabelText('LEDウインカーバルブ S25（アンバー 2個入） の返品数');
    await user.clear(first);
    await user.type(first, '1');
    expect(within(form).queryByLabelText('計算結果')).not.toBeInTheDocument();
    expect(within(form).getByText(/もう一度「計算する」を押してください/)).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, '0');
    expect(within(form).getByLabelText('計算結果')).toBeInTheDocument();

    await user.type(
      within(form).getByLabelText('振込先（お客様から伺った口座）'),
      '青葉銀行 本店 普通 1234567 ヤマダ タロウ',
    );
    await user.type(within(form).getByLabelText('理由'), '送料の二重請求のため');
    await user.click(within(form).getByRole('checkbox', { name: 'お客様にメールを送る' }));
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '返品・返金の確認' });
    expect(dialog).toHaveTextContent('返品する商品なし（返金のみ）');
    expect(dialog).toHaveTextContent('返金方法振込返金');
    expect(dialog).toHaveTextContent('振込先青葉銀行 本店 普通 1234567 ヤマダ タロウ');
    expect(dialog).toHaveTextContent('お客様へのメール送らない');
    await user.click(within(dialog).getByRole('button', { name: '返品・返金を確定する' }));

    expect(await screen.findByText(/返品・返金 #1 を記録しました（¥1,210・振込返金）。/)).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/refunds`)[0]!.json()).toMatchObject({
      lines: [],
      restock: false,
      amount: 1210,
      bank_account: '青葉銀行 本店 普通 1234567 ヤマダ タロウ',
      notify: false,
      version: 3,
    });
  });

  it('shows the server’s field errors under the fields and its word on the lines above them', async () => {
    const user = userEvent.setup();
    const fake = previewFake(paidOrder()).on(
      'POST',
      `${ORDER}/refunds`,
      json(
        {
          message: '入力内容をご確認ください。',
          errors: {
            lines: ['返品する数量が購入数を超えています（LEDウインカーバルブ S25：残り0点）。'],
            amount: ['返金額が返金できる上限（2,000円）を超えています。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/orders/RP00000007', fake);
    const form = await openPanel(user);
    const first = await within(form).findByLabelText('LEDウインカーバルブ S25（アンバー 2個入） の返品数');
    await user.clear(first);
    await user.type(first, '1');
    await user.click(within(form).getByRole('button', { name: '計算する' }));
    const amount = await within(form).findByLabelText('返金額（円）');
    await user.clear(amount);
    await user.type(amount, '9000');
    await user.click(within(form).getByRole('radio', { name: '在庫に戻さない' }));
    await user.type(within(form).getByLabelText('理由'), '初期不良');
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    expect(await within(form).findByText('返金額が返金できる上限（7,170円）を超えています')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '2580');
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    const dialog = await screen.findByRole('dialog', { name: '返品・返金の確認' });
    await user.click(within(dialog).getByRole('button', { name: '返品・返金を確定する' }));

    expect(await within(form).findByText('返金額が返金できる上限（2,000円）を超えています。')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      '返品する数量が購入数を超えています（LEDウインカーバルブ S25：残り0点）。',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when someone else changed the order', async () => {
    const user = userEvent.setup();
    const fake = previewFake(paidOrder()).on(
      'POST',
      `${ORDER}/refunds`,
      json({ message: 'この注文は他のスタッフが更新しました。', code: 'orders.desk.stale' }, { status: 409 }),
    );
    renderAdmin('/admin/orders/RP00000007', fake);
    const form = await openPanel(user);
    await user.click(await within(form).findByRole('checkbox', { name: '送料・手数料も返金する' }));
    await user.click(within(form).getByRole('button', { name: '計算する' }));
    const amount = await within(form).findByLabelText('返金額（円）');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(within(form).getByLabelText('理由'), 'お詫び');
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '返品・返金の確認' })).getByRole('button', {
        name: '返品・返金を確定する',
      }),
    );
    expect(await screen.findByRole('button', { name: '最新の内容を読み込む' })).toBeInTheDocument();
    expect(screen.getByText('この注文は他のスタッフが更新しました。')).toBeInTheDocument();
  });

  it('is offered only with `actions.refund`', async () => {
    renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('order_clerk').on(
        'GET',
        ORDER,
        json(
          paidOrder({
            actions: { ...NO_ACTIONS, note: true },
            refunds: [refund({ state: { code: 'awaiting_transfer', label: '振込待ち' } })],
          }),
        ),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文 RP00000007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返品・返金' })).not.toBeInTheDocument();
    // The list is shown to everyone who may see the order, without its button.
    expect(screen.getByRole('article', { name: /返品・返金 #1/ })).toHaveTextContent('振込待ち');
    expect(screen.queryByRole('button', { name: '振込完了にする' })).not.toBeInTheDocument();
  });
});

describe('返品・返金の一覧', () => {
  it('marks a manual refund as transferred after the confirmation', async () => {
    const user = userEvent.setup();
    const waiting = refund({
      amount: 1500,
      method: { code: 'manual', label: '振込返金' },
      state: { code: 'awaiting_transfer', label: '振込待ち' },
      refunded_at: null,
      bank_account: '青葉銀行 本店 普通 1234567',
      restocked: false,
    });
    const done = { ...waiting, state: { code: 'refunded', label: '返金済' }, refunded_at: '2026-12-01T02:00:00Z' };
    const fake = createAdminFake('owner')
      .on('GET', ORDER, json(paidOrder({ refunded_amount: 1500, refunds: [waiting] })))
      .on(
        'POST',
        `${ORDER}/refunds/rf-1/complete`,
        json(paidOrder({ version: 4, refunded_amount: 1500, refunds: [done] })),
      );
    renderAdmin('/admin/orders/RP00000007', fake);

    const entry = await screen.findByRole('article', { name: /返品・返金 #1/ });
    expect(entry).toHaveTextContent('振込待ち');
    expect(entry).toHaveTextContent('在庫に戻していない');
    expect(entry).toHaveTextContent('振込先青葉銀行 本店 普通 1234567');
    await user.click(within(entry).getByRole('button', { name: '振込完了にする' }));
    const dialog = await screen.findByRole('dialog', { name: '返品・返金 #1の振込完了' });
    expect(dialog).toHaveTextContent('¥1,500をお客様の口座へ振り込みましたか。');
    await user.click(within(dialog).getByRole('button', { name: '振込完了にする' }));

    expect(await screen.findByText('返品・返金 #1を返金済にしました。')).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/refunds/rf-1/complete`)[0]!.json()).toEqual({ version: 3 });
    await waitFor(() => expect(screen.getByRole('article', { name: /返品・返金 #1/ })).toHaveTextContent('返金済'));
    expect(screen.queryByRole('button', { name: '振込完了にする' })).not.toBeInTheDocument();
  });

  it('shows why a card refund failed', async () => {
    renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('owner').on(
        'GET',
        ORDER,
        json(
          paidOrder({
            needs_review: true,
            refunds: [
              refund({
                state: { code: 'failed', label: '返金失敗' },
                refunded_at: null,
                failure: 'カード会社が返金を受け付けませんでした。',
              }),
            ],
          }),
        ),
      ),
    );
    const entry = await screen.findByRole('article', { name: /返品・返金 #1/ });
    expect(entry).toHaveTextContent('返金失敗');
    expect(entry).toHaveTextContent('返金できませんでした：カード会社が返金を受け付けませんでした。');
    expect(screen.getByRole('region', { name: 'お支払い' })).not.toHaveTextContent('返金済み額');
  });
});
