import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { ALL_ACTIONS, deskOrder, NO_ACTIONS, shipment } from '../../test/order-desk';
import { createAdminFake, renderAdmin, staffMember } from '../../test/render-admin';
import { todayInJapan } from '../ui/date-time';

const ORDER = '/v1/admin/orders/RP00000007';

function section(name: RegExp | string) {
  return screen.getByRole('region', { name });
}

describe('注文詳細', () => {
  it('shows the order: badges, orderer, the customer’s 備考, amounts, payment, shipments and the timeline', async () => {
    const order = deskOrder('RP00000007', {
      on_hold: true,
      hold_reason: '住所の確認待ち',
      shipments: [
        shipment('RP00000007-1', {
          state: { code: 'shipped', label: '出荷済' },
          carrier: { code: 'yamato_b2', label: 'ヤマト運輸 B2クラウド' },
          noshi_label: '御祝',
          noshi_name: '山田',
          wrapping_label: 'ギフトラッピング',
          tracking: [
            {
              carrier: 'yamato_b2',
              carrier_label: 'ヤマト運輸 B2クラウド',
              number: '444413758703',
              url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=444413758703',
              added_at: '2026-11-28T03:00:00Z',
              removed_at: null,
            },
          ],
        }),
      ],
    });
    renderAdmin('/admin/orders/RP00000007', createAdminFake('owner').on('GET', ORDER, json(order)));

    expect(await screen.findByRole('heading', { level: 1, name: '注文 RP00000007' })).toBeInTheDocument();
    expect(screen.getByText('注文の状態：').parentElement).toHaveTextContent('対応中入金：未入金出荷：未出荷保留');
    expect(screen.getByText('保留中').parentElement).toHaveTextContent('保留中：住所の確認待ち');
    expect(section('ご注文者')).toHaveTextContent('山田 太郎（ヤマダ タロウ）');
    expect(section('ご注文者')).toHaveTextContent('〒150-0001 東京都 渋谷区 神宮前1-2-3 ライドマンション101');
    expect(section('お客様の備考')).toHaveTextContent('午前中の配達を希望します。');
    expect(section('金額')).toHaveTextContent('ご請求額¥7,170');
    expect(section('お支払い')).toHaveTextContent('入金済み額¥1,000');
    // 2026-12-05T14:59:59Z is the end of 12/05 in Japan.
    expect(section('お支払い')).toHaveTextContent('お支払い期限2026/12/05まで');

    const parcel = section(/出荷\s*RP00000007-1/);
    expect(parcel).toHaveTextContent('御祝（名入れ：山田）');
    expect(parcel).toHaveTextContent('ギフトラッピング');
    expect(parcel).toHaveTextContent('2026/11/30');
    expect(parcel).toHaveTextContent('2026/12/02・午前中');
    expect(within(parcel).getByRole('link', { name: '444413758703' })).toHaveAttribute(
      'href',
      'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=444413758703',
    );
    expect(within(parcel).getByRole('row', { name: /KT-80001/ })).toHaveTextContent('¥2,980');

    const events = within(section('履歴')).getByRole('list', { name: 'この注文の履歴（古い順）' });
    const items = within(events).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('ご注文'),
      expect.stringContaining('【ライドパーツ本舗】ご注文ありがとうございます'),
      expect.stringContaining('店長 太郎'),
    ]);
  });

  it('offers only the buttons the server’s `actions` allow', async () => {
    const viewer = renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('viewer').on('GET', ORDER, json(deskOrder('RP00000007', { actions: NO_ACTIONS }))),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文 RP00000007' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'この注文の操作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /出荷済みにする/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'メモの追加' })).not.toBeInTheDocument();
    viewer.unmount();

    renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('owner').on(
        'GET',
        ORDER,
        json(
          deskOrder('RP00000007', {
            on_hold: true,
            needs_review: true,
            actions: { ...ALL_ACTIONS, hold: false, release: true, mark_reviewed: true },
          }),
        ),
      ),
    );
    const actions = await screen.findByRole('region', { name: 'この注文の操作' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['入金確認', '保留解除', '確認済みにする', '返品・返金', '注文をキャンセル']);
    expect(screen.getByRole('button', { name: 'RP00000007-1を出荷準備中にする' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RP00000007-1を出荷済みにする' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'メモの追加' })).toBeInTheDocument();
  });

  it('shows 要注意会員 with its note, linking to the member for staff who may read members', async () => {
    const order = deskOrder('RP00000007', {
      member_caution: { member_id: 'mem-1', note: '電話で確認してから出荷' },
    });
    const staff = staffMember('owner');
    const owner = renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('owner')
        .on('GET', '/v1/admin/auth/me', {
          staff: { ...staff, permissions: [...staff.permissions, 'members_view'] },
          is_corporate_shop: false,
        })
        .on('GET', ORDER, json(order)),
    );
    const banner = await screen.findByRole('note', { name: '要注意会員' });
    expect(banner).toHaveTextContent('要注意会員：電話で確認してから出荷');
    expect(within(banner).getByRole('link', { name: '会員情報を見る' })).toHaveAttribute(
      'href',
      '/admin/members/mem-1',
    );
    owner.unmount();

    // 出荷担当 cannot read members: the note, without the way there.
    const clerk = renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('shipping_clerk').on('GET', ORDER, json(order)),
    );
    expect(await screen.findByRole('note', { name: '要注意会員' })).toHaveTextContent('電話で確認してから出荷');
    expect(within(screen.getByRole('note', { name: '要注意会員' })).queryByRole('link')).not.toBeInTheDocument();
    clerk.unmount();

    renderAdmin(
      '/admin/orders/RP00000007',
      createAdminFake('owner').on('GET', ORDER, json(deskOrder('RP00000007', { member_caution: null }))),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '注文 RP00000007' })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: '要注意会員' })).not.toBeInTheDocument();
  });

  it('records a payment: today and the amount still owed by default, with the version read', async () => {
    const user = userEvent.setup();
    const order = deskOrder('RP00000007');
    const paid = deskOrder('RP00000007', {
      payment: { code: 'paid', label: '入金済' },
      paid_amount: 7170,
      version: 4,
      actions: { ...ALL_ACTIONS, confirm_payment: false },
    });
    const fake = createAdminFake('owner').on('GET', ORDER, json(order)).on('POST', `${ORDER}/payments`, json(paid));
    renderAdmin('/admin/orders/RP00000007', fake);

    await user.click(await screen.findByRole('button', { name: '入金確認' }));
    const form = screen.getByRole('form', { name: '入金確認' });
    expect(within(form).getByLabelText('入金日')).toHaveValue(todayInJapan());
    expect(within(form).getByLabelText('入金額（円）')).toHaveValue('6170');
    await user.click(within(form).getByRole('button', { name: '入金を記録する' }));

    expect(await screen.findByText(/入金（.*6,170円）を記録しました。/)).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/payments`)[0]!.json()).toEqual({
      paid_on: todayInJapan(),
      amount: 6170,
      version: 3,
    });
    expect(screen.getByText('注文の状態：').parentElement).toHaveTextContent('入金：入金済');
    expect(screen.queryByRole('button', { name: '入金確認' })).not.toBeInTheDocument();
  });

  it('checks the payment form first, then shows the server’s field errors', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('owner')
      .on('GET', ORDER, json(deskOrder('RP00000007')))
      .on(
        'POST',
        `${ORDER}/payments`,
        json(
          {
            message: '入力内容をご確認ください。',
            errors: { amount: ['入金額は1円以上1億円以下で入力してください。'] },
          },
          { status: 422 },
        ),
      );
    renderAdmin('/admin/orders/RP00000007', fake);
    await user.click(await screen.findByRole('button', { name: '入金確認' }));
    const form = screen.getByRole('form', { name: '入金確認' });
    const amount = within(form).getByLabelText('入金額（円）');
    await user.clear(amount);
    await user.click(within(form).getByRole('button', { name: '入金を記録する' }));
    expect(await within(form).findByText('入金額を入力してください')).toBeInTheDocument();
    expect(fake.callsTo(`${ORDER}/payments`)).toHaveLength(0);

    await user.type(amount, '99');
    await user.click(within(form).getByRole('button', { name: '入金を記録する' }));
    expect(await within(form).findByText('入金額は1円以上1億円以下で入力してください。')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when someone else changed the order, and reads it again on request', async () => {
    const user = userEvent.setup();
    let version = 3;
    const fake = createAdminFake('owner')
      .on('GET', ORDER, () => json(deskOrder('RP00000007', { version, hold_reason: version > 3 ? '別スタッフ' : '' })))
      .on(
        'POST',
        `${ORDER}/hold`,
        json(
          {
            message: 'この注文は他のスタッフが更新しました。画面を読み込み直してから、もう一度操作してください。',
            code: 'orders.desk.stale',
          },
          { status: 409 },
        ),
      );
    renderAdmin('/admin/orders/RP00000007', fake);

    await user.click(await screen.findByRole('button', { name: '保留' }));
    const form = screen.getByRole('form', { name: '保留' });
    await user.click(within(form).getByRole('button', { name: '保留にする' }));
    expect(await within(form).findByText('保留の理由を入力してください')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('保留の理由'), '在庫確認のため');
    await user.click(within(form).getByRole('button', { name: '保留にする' }));

    const alert = await screen.findByText(
      'この注文は他のスタッフが更新しました。画面を読み込み直してから、もう一度操作してください。',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(await fake.callsTo(`${ORDER}/hold`)[0]!.json()).toEqual({ reason: '在庫確認のため', version: 3 });

    version = 5;
    const gets = fake.callsTo(ORDER).length;
    await user.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(fake.callsTo(ORDER).length).toBe(gets + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: '最新の内容を読み込む' })).not.toBeInTheDocument());
    expect(screen.queryByRole('form', { name: '保留' })).not.toBeInTheDocument();
  });

  it('cancels with a reason after the confirmation dialog', async () => {
    const user = userEvent.setup();
    const cancelled = deskOrder('RP00000007', {
      lifecycle: { code: 'cancelled', label: 'キャンセル' },
      cancel_reason: 'お客様のご依頼',
      actions: NO_ACTIONS,
    });
    const fake = createAdminFake('owner')
      .on('GET', ORDER, json(deskOrder('RP00000007')))
      .on('POST', `${ORDER}/cancel`, json(cancelled));
    renderAdmin('/admin/orders/RP00000007', fake);

    await user.click(await screen.findByRole('button', { name: '注文をキャンセル' }));
    const form = screen.getByRole('form', { name: '注文のキャンセル' });
    await user.type(within(form).getByLabelText('キャンセルの理由'), 'お客様のご依頼');
    await user.click(within(form).getByRole('button', { name: 'キャンセルに進む' }));

    // The form's validation is asynchronous, so the dialog opens a tick after the click.
    const dialog = await screen.findByRole('dialog', { name: '注文のキャンセル' });
    expect(dialog).toHaveTextContent('キャンセルは元に戻せません。');
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo(`${ORDER}/cancel`)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'キャンセルに進む' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '注文のキャンセル' })).getByRole('button', {
        name: 'キャンセルを確定する',
      }),
    );
    expect(await screen.findByText('注文をキャンセルしました。お客様にメールでお知らせしました。')).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/cancel`)[0]!.json()).toEqual({ reason: 'お客様のご依頼', version: 3 });
    expect(screen.getByText('キャンセル理由').parentElement).toHaveTextContent('キャンセル理由：お客様のご依頼');
  });

  it('ships a shipment with its carrier and tracking number, and steps one back with a reason', async () => {
    const user = userEvent.setup();
    const shipped = deskOrder('RP00000007', {
      version: 4,
      shipments: [shipment('RP00000007-1', { state: { code: 'shipped', label: '出荷済' } })],
    });
    const fake = createAdminFake('owner')
      .on('GET', ORDER, json(deskOrder('RP00000007')))
      .on('POST', `${ORDER}/shipments/RP00000007-1`, async (request) => {
        const body = (await request.json()) as { to: string };
        return body.to === 'shipped' ? json(shipped) : json(deskOrder('RP00000007', { version: 5 }));
      });
    renderAdmin('/admin/orders/RP00000007', fake);

    await user.click(await screen.findByRole('button', { name: 'RP00000007-1を出荷済みにする' }));
    const form = screen.getByRole('form', { name: 'RP00000007-1の出荷' });
    expect(within(form).getByLabelText('配送業者')).toHaveValue('yamato_b2');
    await user.type(within(form).getByLabelText('送り状番号'), '4444/1375/8703');
    await user.click(within(form).getByRole('button', { name: '出荷済みにして通知する' }));
    expect(await within(form).findByText('送り状番号は英数字30文字以内で入力してください')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('送り状番号'));
    await user.type(within(form).getByLabelText('送り状番号'), '4444-1375-8703');
    await user.click(within(form).getByRole('button', { name: '出荷済みにして通知する' }));

    expect(
      await screen.findByText('RP00000007-1を出荷済みにしました。お客様に発送完了メールを送信しました。'),
    ).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/shipments/RP00000007-1`)[0]!.json()).toEqual({
      to: 'shipped',
      carrier: 'yamato_b2',
      tracking_numbers: ['444413758703'],
      version: 3,
    });

    await user.click(screen.getByRole('button', { name: 'RP00000007-1を出荷準備中に戻す' }));
    const back = screen.getByRole('form', { name: 'RP00000007-1を出荷準備中に戻す' });
    await user.click(within(back).getByRole('button', { name: '出荷準備中に戻す' }));
    expect(await within(back).findByText('戻す理由を入力してください')).toBeInTheDocument();
    await user.type(within(back).getByLabelText('戻す理由'), '送り状の貼り間違い');
    await user.click(within(back).getByRole('button', { name: '出荷準備中に戻す' }));
    expect(await screen.findByText('RP00000007-1を出荷準備中に戻しました。')).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/shipments/RP00000007-1`)[1]!.json()).toEqual({
      to: 'preparing',
      reason: '送り状の貼り間違い',
      version: 4,
    });
  });

  it('adds a note to the timeline and shows the server’s refusal of a step', async () => {
    const user = userEvent.setup();
    const noted = deskOrder('RP00000007', {
      timeline: [
        ...deskOrder('RP00000007').timeline,
        {
          at: '2026-11-28T04:00:00Z',
          kind: { code: 'note', label: 'メモ' },
          staff_name: '店長 太郎',
          detail: '再確認済み',
        },
      ],
    });
    const fake = createAdminFake('owner')
      .on('GET', ORDER, json(deskOrder('RP00000007')))
      .on('POST', `${ORDER}/notes`, json(noted, { status: 201 }))
      .on(
        'POST',
        `${ORDER}/shipments/RP00000007-1`,
        json(
          {
            message: '入金が確認できていないため出荷できません。先に入金確認をしてください。',
            code: 'orders.desk.refused',
          },
          { status: 422 },
        ),
      );
    renderAdmin('/admin/orders/RP00000007', fake);

    const form = await screen.findByRole('form', { name: 'メモの追加' });
    await user.type(within(form).getByLabelText('メモ'), '再確認済み');
    await user.click(within(form).getByRole('button', { name: 'メモを追加' }));
    expect(await screen.findByText('メモを追加しました。')).toBeInTheDocument();
    expect(await fake.callsTo(`${ORDER}/notes`)[0]!.json()).toEqual({ body: '再確認済み' });
    expect(within(section('履歴')).getByText('再確認済み')).toBeInTheDocument();
    expect(within(form).getByLabelText('メモ')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'RP00000007-1を出荷準備中にする' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '入金が確認できていないため出荷できません。先に入金確認をしてください。',
    );
  });

  describe('出荷を分割', () => {
    const TWO_LINES = shipment('RP00000007-1', {
      lines: [
        { ...shipment('x').lines[0]!, id: 'line-a', code: 'KT-80001', quantity: 2 },
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

    it('moves units of the lines to a new shipment, checking the numbers first', async () => {
      const user = userEvent.setup();
      const split = deskOrder('RP00000007', {
        version: 4,
        shipments: [
          shipment('RP00000007-1', { lines: [{ ...TWO_LINES.lines[0]!, quantity: 1 }, TWO_LINES.lines[1]!] }),
          shipment('RP00000007-2', { lines: [{ ...TWO_LINES.lines[0]!, id: 'line-c', quantity: 1 }] }),
        ],
      });
      const fake = createAdminFake('owner')
        .on('GET', ORDER, json(deskOrder('RP00000007', { shipments: [TWO_LINES] })))
        .on('POST', `${ORDER}/shipments/RP00000007-1/split`, json(split));
      renderAdmin('/admin/orders/RP00000007', fake);

      await user.click(await screen.findByRole('button', { name: 'RP00000007-1の出荷を分割' }));
      const dialog = screen.getByRole('dialog', { name: 'RP00000007-1の出荷を分割' });
      const first = within(dialog).getByLabelText('KT-80001の移す数');
      expect(first).toHaveValue(0);
      await user.click(within(dialog).getByRole('button', { name: '分割する' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        '新しい出荷に移す数量を1点以上入力してください',
      );

      await user.clear(first);
      await user.type(first, '3');
      await user.click(within(dialog).getByRole('button', { name: '分割する' }));
      expect(await within(dialog).findByText('2以下で入力してください')).toBeInTheDocument();
      expect(first).toHaveAttribute('aria-invalid', 'true');

      await user.clear(first);
      await user.type(first, '2');
      await user.type(within(dialog).getByLabelText('KT-80002の移す数'), '{backspace}1');
      await user.click(within(dialog).getByRole('button', { name: '分割する' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('元の出荷に1点以上残してください');
      expect(fake.callsTo(`${ORDER}/shipments/RP00000007-1/split`)).toHaveLength(0);

      await user.clear(first);
      await user.type(first, '1');
      await user.click(within(dialog).getByRole('button', { name: '分割する' }));
      expect(
        await screen.findByText('RP00000007-1を分割しました。移した商品は新しい出荷になりました。'),
      ).toBeInTheDocument();
      expect(await fake.callsTo(`${ORDER}/shipments/RP00000007-1/split`)[0]!.json()).toEqual({
        lines: [
          { line_id: 'line-a', quantity: 1 },
          { line_id: 'line-b', quantity: 1 },
        ],
        version: 3,
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(section(/出荷\s*2\s*RP00000007-2/)).toBeInTheDocument();
    });

    it('closes on a stale copy and offers to read the order again', async () => {
      const user = userEvent.setup();
      const fake = createAdminFake('owner')
        .on('GET', ORDER, json(deskOrder('RP00000007', { shipments: [TWO_LINES] })))
        .on(
          'POST',
          `${ORDER}/shipments/RP00000007-1/split`,
          json({ message: 'この注文は他のスタッフが更新しました。', code: 'orders.desk.stale' }, { status: 409 }),
        );
      renderAdmin('/admin/orders/RP00000007', fake);
      await user.click(await screen.findByRole('button', { name: 'RP00000007-1の出荷を分割' }));
      const dialog = screen.getByRole('dialog', { name: 'RP00000007-1の出荷を分割' });
      await user.type(within(dialog).getByLabelText('KT-80002の移す数'), '{backspace}1');
      await user.click(within(dialog).getByRole('button', { name: '分割する' }));
      expect(await screen.findByRole('button', { name: '最新の内容を読み込む' })).toBeInTheDocument();
      expect(screen.getByText('この注文は他のスタッフが更新しました。')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('is not offered without `actions.split`, for one unit, or once the parcel has left', async () => {
      const view = renderAdmin(
        '/admin/orders/RP00000007',
        createAdminFake('owner').on(
          'GET',
          ORDER,
          json(deskOrder('RP00000007', { shipments: [TWO_LINES], actions: { ...ALL_ACTIONS, split: false } })),
        ),
      );
      expect(await screen.findByRole('button', { name: 'RP00000007-1を出荷済みにする' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /出荷を分割/ })).not.toBeInTheDocument();
      view.unmount();

      const one = shipment('RP00000007-1', { lines: [{ ...TWO_LINES.lines[0]!, quantity: 1 }] });
      const left = { ...TWO_LINES, code: 'RP00000007-2', state: { code: 'shipped', label: '出荷済' } };
      renderAdmin(
        '/admin/orders/RP00000007',
        createAdminFake('owner').on('GET', ORDER, json(deskOrder('RP00000007', { shipments: [one, left] }))),
      );
      expect(await screen.findByRole('button', { name: 'RP00000007-1を出荷済みにする' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /出荷を分割/ })).not.toBeInTheDocument();
    });
  });

  describe('メールを再送', () => {
    const MAILS = [
      { code: 'order_received', label: 'ご注文確認' },
      { code: 'shipped', label: '発送完了' },
    ];

    it('sends the chosen mail again, 発送完了 for the shipment chosen, and the timeline shows it', async () => {
      const user = userEvent.setup();
      const shipped = shipment('RP00000007-1', { state: { code: 'shipped', label: '出荷済' } });
      const order = deskOrder('RP00000007', { resend_mails: MAILS, shipments: [shipped, shipment('RP00000007-2')] });
      const mailed = {
        ...order,
        timeline: [
          ...order.timeline,
          {
            at: '2026-11-30T05:00:00Z',
            kind: { code: 'mail', label: 'メール送信' },
            staff_name: '店長 太郎',
            detail: '【ライドパーツ本舗】商品発送のお知らせ（再送）',
          },
        ],
      };
      const fake = createAdminFake('owner')
        .on('GET', ORDER, json(order))
        .on('POST', `${ORDER}/mails`, json(mailed, { status: 201 }));
      renderAdmin('/admin/orders/RP00000007', fake);

      const form = await screen.findByRole('form', { name: 'メールの再送' });
      expect(within(form).queryByLabelText('出荷')).not.toBeInTheDocument();
      await user.selectOptions(within(form).getByLabelText('メールの種類'), '発送完了');
      // Only a shipment that has left has a 発送完了 mail.
      const parcels = within(form).getByLabelText('出荷');
      expect(
        within(parcels)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['RP00000007-1（出荷済）']);
      await user.click(within(form).getByRole('button', { name: 'メールを再送する' }));

      expect(await screen.findByText('「発送完了」のメールをお客様に再送しました。')).toBeInTheDocument();
      expect(await fake.callsTo(`${ORDER}/mails`)[0]!.json()).toEqual({
        kind: 'shipped',
        shipment_code: 'RP00000007-1',
      });
      expect(within(section('履歴')).getByText('【ライドパーツ本舗】商品発送のお知らせ（再送）')).toBeInTheDocument();
    });

    it('sends ご注文確認 without a shipment, and is hidden when there is nothing to send', async () => {
      const user = userEvent.setup();
      const fake = createAdminFake('owner')
        .on('GET', ORDER, json(deskOrder('RP00000007', { resend_mails: MAILS })))
        .on('POST', `${ORDER}/mails`, json(deskOrder('RP00000007', { resend_mails: MAILS }), { status: 201 }));
      const view = renderAdmin('/admin/orders/RP00000007', fake);
      const form = await screen.findByRole('form', { name: 'メールの再送' });
      await user.click(within(form).getByRole('button', { name: 'メールを再送する' }));
      expect(await screen.findByText('「ご注文確認」のメールをお客様に再送しました。')).toBeInTheDocument();
      expect(await fake.callsTo(`${ORDER}/mails`)[0]!.json()).toEqual({ kind: 'order_received' });
      view.unmount();

      renderAdmin('/admin/orders/RP00000007', createAdminFake('owner').on('GET', ORDER, json(deskOrder('RP00000007'))));
      expect(await screen.findByRole('heading', { level: 1, name: '注文 RP00000007' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'メールの再送' })).not.toBeInTheDocument();
    });
  });

  it('says so when the order does not exist', async () => {
    renderAdmin(
      '/admin/orders/RP99999999',
      createAdminFake('owner').on(
        'GET',
        '/v1/admin/orders/RP99999999',
        json({ message: 'ページが見つかりません。' }, { status: 404 }),
      ),
    );
    expect(await screen.findByText('この注文は見つかりません。')).toBeInTheDocument();
  });
});
