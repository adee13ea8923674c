import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, EXPIRY_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { jstDateMonthsAgo } from './order-queries';
import type { Order, OrderShipping } from './order-types';

function logIn(token = 'member-token'): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const member = {
  id: 'u1',
  code: 'M000123',
  email: 'member@example.com',
  username: 'member@example.com',
  is_receive_newsletter: 1,
  is_registered_member: true,
  has_password: true,
  last_name: '山田',
  first_name: '太郎',
};

function order(id: string, over: Partial<Order> = {}): Order {
  return {
    id,
    order_no: `RP${id.padStart(8, '0')}`,
    status: 'accepted',
    status_label: 'ご注文受付',
    ordered_at: '2026-11-20T01:30:00Z',
    user_id: 'u1',
    payment_id: 'p1',
    payment_code: 'cod',
    payment_name: '代金引換',
    card_masked_number: null,
    items_subtotal: 9900,
    coupon_discount: 500,
    total_carriage: 880,
    payment_fee: 330,
    packing_fee: 0,
    use_points: 100,
    earned_points: 94,
    total_payment: 10510,
    total_tax: 941,
    amount_by_tax_rate: [
      { tax_rate: 8, amount: 2160, tax: 160 },
      { tax_rate: 10, amount: 8450, tax: 768 },
    ],
    coupon_code: 'WELCOME500',
    note: '',
    orderer: {
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      email: 'member@example.com',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
      address2: '',
      phone_number: '03-1234-5678',
      company_name: '',
    },
    shippings: [
      {
        id: 's1',
        address: {
          shipping_last_name: '山田',
          shipping_first_name: '太郎',
          shipping_last_name_kana: 'ヤマダ',
          shipping_first_name_kana: 'タロウ',
          postal_code: '1000001',
          prefecture: '東京都',
          city: '千代田区千代田',
          address1: '1-1',
          address2: '',
          phone_number: '03-1234-5678',
          shipping_name: '山田 太郎',
          full_address: '〒100-0001 東京都千代田区千代田1-1',
        },
        delivery_date: '2026-11-25',
        delivery_timezone_label: '午前中',
        wrapping_label: null,
        noshi_label: null,
        noshi_name: '',
        carriage: 880,
        shipped: false,
        tracking: [],
        products: [
          {
            id: 'l1',
            product_key: 'helmet',
            variation_key: 'helmet-m',
            code: 'HLM-001',
            name: 'ジェットヘルメット',
            variation_name: 'M / ブラック',
            unit_price: 3300,
            quantity: 3,
            subtotal: 9900,
            tax_rate: 10,
            image_url: null,
            is_accessory: false,
          },
        ],
      },
    ],
    can_cancel: true,
    cancel_reason: null,
    cancelled_at: null,
    cancel_only_ecd_key: null,
    memo: null,
    receipt: { addressee: '', note: '', issued_count: 0 },
    bank_account: null,
    refunds: [],
    ...over,
  };
}

const accepted = order('1');
const delivered = order('2', {
  status: 'delivered',
  status_label: 'お届け済み',
  ordered_at: '2026-10-01T03:00:00Z',
  total_payment: 4400,
  can_cancel: false,
});

const pages = (n: number) => ({ 'x-total': String(n), 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' });

/** A fake server holding two orders that change as the calls say. */
function ordersFake(start: Order[] = [accepted, delivered]): FakeFetch {
  let orders = [...start];
  const find = (id: string) => orders.find((o) => o.id === id)!;
  const update = (next: Order) => {
    orders = orders.map((o) => (o.id === next.id ? next : o));
    return next;
  };
  const fake = createSiteFake()
    .on('GET', '/v1/me/user', member)
    .on('GET', '/v1/me/orders', (request) => {
      const no = new URL(request.url).searchParams.get('order_no');
      const data = no ? orders.filter((o) => o.order_no === no) : orders;
      const total = orders.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.total_payment, 0);
      return json({ data, user_order_total_payment: total }, { headers: pages(data.length) });
    });
  for (const o of start) {
    fake
      .on('GET', `/v1/me/orders/${o.id}`, () => json(find(o.id)))
      .on('PUT', `/v1/me/orders/${o.id}/cancel`, async (request) => {
        const { cancel_reason } = (await request.json()) as { cancel_reason: string };
        return json(
          update({
            ...find(o.id),
            status: 'cancelled',
            status_label: 'キャンセル済み',
            can_cancel: false,
            cancel_reason,
            cancelled_at: '2026-11-21T02:00:00Z',
          }),
        );
      })
      .on('PUT', `/v1/me/orders/${o.id}/download/receipt`, async (request) => {
        const body = (await request.json()) as { addressee: string; note: string };
        return json(update({ ...find(o.id), receipt: { ...find(o.id).receipt, ...body } }));
      })
      .on('GET', `/v1/me/orders/${o.id}/download/receipt`, () => {
        const current = find(o.id);
        update({ ...current, receipt: { ...current.receipt, issued_count: current.receipt.issued_count + 1 } });
        return new Response('%PDF-1.7 receipt', {
          headers: {
            'content-type': 'application/pdf',
            'x-suggested-filename': encodeURIComponent(`領収書_${o.order_no}.pdf`),
          },
        });
      })
      .on(
        'GET',
        `/v1/me/orders/${o.id}/download/quotation`,
        () =>
          new Response('%PDF-1.7 quotation', {
            headers: {
              'content-type': 'application/pdf',
              'x-suggested-filename': encodeURIComponent(`御見積書_${o.order_no}.pdf`),
            },
          }),
      );
  }
  fake
    .on('POST', '/v1/memos', async (request) => {
      const body = (await request.json()) as { order_id: string; body: string };
      const memo = { id: 'm1', body: body.body, updated_at: '2026-11-21T03:00:00Z' };
      update({ ...find(body.order_id), memo });
      return json(memo, { status: 201 });
    })
    .on('PATCH', '/v1/memos/m1', async (request) => {
      const { body } = (await request.json()) as { body: string };
      const memo = { id: 'm1', body, updated_at: '2026-11-21T04:00:00Z' };
      return json(memo);
    })
    .on('DELETE', '/v1/memos/m1', () => new Response(null, { status: 204 }));
  return fake;
}

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push({ name: '', blob });
    return `blob:test/${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved[saved.length - 1];
    if (last && this.href.startsWith('blob:')) last.name = this.download;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const orderCard = (no: string) => screen.getByRole('article', { name: new RegExp(no) });

describe('/mypage/order_history', () => {
  it('lists the orders with number, date, status, total and the purchase total', async () => {
    logIn();
    await renderApp('/mypage/order_history', ordersFake());

    expect(await screen.findByRole('heading', { level: 1, name: '注文履歴' })).toBeInTheDocument();
    expect(screen.getByText(/ご購入金額合計/)).toHaveTextContent('ご購入金額合計 ¥14,910（税込）');
    const first = orderCard('RP00000001');
    expect(within(first).getByText('ご注文受付')).toBeInTheDocument();
    expect(within(first).getByText('2026.11.20')).toBeInTheDocument();
    expect(within(first).getByText('¥10,510')).toBeInTheDocument();
    expect(within(first).getByText('ジェットヘルメット')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /詳細を見る/ })).toHaveAttribute('href', '/mypage/order_history/1');
    expect(within(orderCard('RP00000002')).getByText('お届け済み')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'マイページメニュー' })).getByRole('link', { name: '注文履歴' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('searches by order number and period, and remembers the search', async () => {
    logIn();
    const { fake, router } = await renderApp('/mypage/order_history', ordersFake());
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('注文番号'), 'RP00000002');
    await user.selectOptions(screen.getByLabelText('期間'), '過去3か月');
    await user.click(screen.getByRole('button', { name: '検索する' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: /RP00000001/ })).not.toBeInTheDocument());
    expect(orderCard('RP00000002')).toBeInTheDocument();
    const last = new URL(fake.callsTo('/v1/me/orders').at(-1)!.url).searchParams;
    expect(last.get('order_no')).toBe('RP00000002');
    expect(last.get('from')).toBe(jstDateMonthsAgo(3));
    expect(router.state.location.search).toBe('?order_no=RP00000002&period=3m');

    // The bare address (the menu link) comes back to the saved search.
    await router.navigate('/mypage');
    await router.navigate('/mypage/order_history');
    expect(await screen.findByLabelText('注文番号')).toHaveValue('RP00000002');
    expect(screen.queryByRole('article', { name: /RP00000001/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    expect(await screen.findByRole('article', { name: /RP00000001/ })).toBeInTheDocument();
  });

  it('does not fetch the list again when coming back from an order', async () => {
    logIn();
    const { fake, router } = await renderApp('/mypage/order_history', ordersFake());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /詳細を見る（注文番号 RP00000001）/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: '注文履歴' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/orders')).toHaveLength(1);
  });

  it('cancels from the list and downloads receipts and quotations there', async () => {
    logIn();
    const waiting = order('3', { status: 'awaiting_payment', status_label: 'お支払い待ち', order_no: 'RP00000003' });
    const { fake } = await renderApp('/mypage/order_history', ordersFake([accepted, delivered, waiting]));
    const user = userEvent.setup();

    // No receipt before the payment is confirmed.
    expect(await screen.findByRole('button', { name: '見積書（注文番号 RP00000003）' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '領収書（注文番号 RP00000003）' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'キャンセル（注文番号 RP00000002）' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '領収書（注文番号 RP00000002）' }));
    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    expect(saved[0]!.name).toBe('領収書_RP00000002.pdf');
    expect(fake.callsTo('/v1/me/orders/2/download/receipt').map((c) => c.method)).toEqual(['GET']);

    await user.click(screen.getByRole('button', { name: 'キャンセル（注文番号 RP00000001）' }));
    const dialog = screen.getByRole('dialog', { name: 'ご注文のキャンセル' });
    await user.type(within(dialog).getByLabelText(/キャンセル理由/), '重複して注文したため');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('ご注文をキャンセルしました。')).toBeInTheDocument();
    expect(within(orderCard('RP00000001')).getByText('キャンセル済み')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'キャンセル（注文番号 RP00000001）' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders', async () => {
    logIn();
    await renderApp('/mypage/order_history', ordersFake([]));
    expect(await screen.findByText('ご注文の履歴はまだありません。')).toBeInTheDocument();
    expect(screen.getByText(/ご購入金額合計/)).toHaveTextContent('¥0');
  });
});

describe('/mypage/order_history/{key}', () => {
  it('shows products, address, delivery, payment, the tax per rate and the totals', async () => {
    logIn();
    await renderApp('/mypage/order_history/1', ordersFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'ご注文詳細' })).toBeInTheDocument();
    expect(screen.getByText('注文番号 RP00000001')).toBeInTheDocument();
    expect(screen.getByText('ジェットヘルメット')).toBeInTheDocument();
    expect(screen.getByText(/M \/ ブラック/)).toBeInTheDocument();
    expect(screen.getByText('〒100-0001 東京都千代田区千代田1-1')).toBeInTheDocument();
    expect(screen.getByText('2026.11.25')).toBeInTheDocument();
    expect(screen.getByText('午前中')).toBeInTheDocument();
    expect(screen.getByText('代金引換')).toBeInTheDocument();
    const taxes = screen.getByRole('list', { name: '税率ごとの内訳' });
    expect(
      within(taxes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8%対象 ¥2,160（内消費税 ¥160）', '10%対象 ¥8,450（内消費税 ¥768）']);
    expect(screen.getByText('クーポン割引（WELCOME500）').nextSibling).toHaveTextContent('-¥500');
    expect(screen.getByText('ポイント利用').nextSibling).toHaveTextContent('100ポイント');
    expect(screen.getByText('2026.11.20 10:30')).toBeInTheDocument();
  });

  it('shows a parcel that has left as 発送済み with its tracking number linked to the carrier', async () => {
    logIn();
    const parcel = accepted.shippings[0]!;
    const shipped = order('4', {
      status: 'shipped',
      status_label: '発送済み',
      can_cancel: false,
      shippings: [
        {
          ...parcel,
          shipped: true,
          tracking: [
            {
              carrier_label: 'ヤマト運輸 B2クラウド',
              number: '444413758703',
              url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=444413758703',
            },
          ],
        },
      ],
    });
    await renderApp('/mypage/order_history/4', ordersFake([shipped]));
    const list = await screen.findByRole('list', { name: 'お荷物のお問い合わせ番号' });
    expect(list).toHaveTextContent('ヤマト運輸 B2クラウド');
    expect(within(list).getByRole('link', { name: /444413758703/ })).toHaveAttribute(
      'href',
      'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=444413758703',
    );
    expect(screen.getAllByText('発送済み').length).toBeGreaterThanOrEqual(1);
  });

  it('marks an order with 返品・返金 beside its status and lists each refund', async () => {
    logIn();
    const returned = order('5', {
      status: 'delivered',
      status_label: 'お届け済み',
      can_cancel: false,
      refunds: [
        {
          created_at: '2026-11-30T01:00:00Z',
          amount: 2500,
          state_label: '返金済',
          method_label: 'クレジットカード返金',
          lines: [{ name: 'ジェットヘルメット', variation_name: 'M / ブラック', quantity: 1 }],
        },
        {
          created_at: '2026-12-02T03:00:00Z',
          amount: 880,
          state_label: '振込待ち',
          method_label: '振込返金',
          lines: [],
        },
      ],
    });
    await renderApp('/mypage/order_history/5', ordersFake([returned]));
    const heading = await screen.findByRole('heading', { level: 2, name: /注文番号 RP00000005/ });
    expect(heading).toHaveTextContent('お届け済み返品・返金あり');

    const section = screen.getByRole('region', { name: '返品・返金' });
    const refunds = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === section);
    expect(refunds).toHaveLength(2);
    expect(refunds[0]).toHaveTextContent('受付日2026.11.30');
    expect(refunds[0]).toHaveTextContent('ジェットヘルメット（M / ブラック） × 1点');
    expect(refunds[0]).toHaveTextContent('返金額¥2,500');
    expect(refunds[0]).toHaveTextContent('返金方法クレジットカード返金');
    expect(refunds[0]).toHaveTextContent('状況返金済');
    expect(refunds[1]).toHaveTextContent('返品の商品なし');
    expect(refunds[1]).toHaveTextContent('返金額¥880');
    expect(refunds[1]).toHaveTextContent('状況振込待ち');
  });

  it('shows no 返品・返金 for an order without one', async () => {
    logIn();
    await renderApp('/mypage/order_history/1', ordersFake());
    expect(await screen.findByText('注文番号 RP00000001')).toBeInTheDocument();
    expect(screen.queryByText('返品・返金あり')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '返品・返金' })).not.toBeInTheDocument();
  });

  it('shows the corporate 配送方法 and 発注番号 of a corporate order', async () => {
    logIn();
    const corporate: Order = {
      ...accepted,
      delivery_option: 3,
      delivery_option_label: 'お客様直送',
      purchase_order_no: 'TS-PO-0001',
    };
    await renderApp('/mypage/order_history/1', ordersFake([corporate, delivered]));
    expect(await screen.findByText('配送方法')).toBeInTheDocument();
    expect(screen.getByText('配送方法').nextSibling).toHaveTextContent('お客様直送');
    expect(screen.getByText('発注番号').nextSibling).toHaveTextContent('TS-PO-0001');
  });

  it('cancels with a reason after the confirmation, and the list shows it cancelled', async () => {
    logIn();
    const { fake, router } = await renderApp('/mypage/order_history', ordersFake());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /詳細を見る（注文番号 RP00000001）/ }));

    await user.click(await screen.findByRole('button', { name: 'この注文をキャンセルする' }));
    const dialog = screen.getByRole('dialog', { name: 'ご注文のキャンセル' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    expect(await within(dialog).findByText('必須項目です')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/orders/1/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/キャンセル理由/), '注文内容を変更したいため');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));

    expect(await screen.findByText('ご注文をキャンセルしました。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await fake.callsTo('/v1/me/orders/1/cancel')[0]!.json()).toEqual({
      cancel_reason: '注文内容を変更したいため',
    });
    expect(screen.getAllByText('キャンセル済み').length).toBeGreaterThan(0);
    expect(screen.getByText('注文内容を変更したいため')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'この注文をキャンセルする' })).not.toBeInTheDocument();
    // No cancel_only_ecd_key: no warning.
    expect(screen.queryByText(/一部のお手続き/)).not.toBeInTheDocument();

    await router.navigate('/mypage/order_history');
    expect(
      await within(await screen.findByRole('article', { name: /RP00000001/ })).findByText('キャンセル済み'),
    ).toBeInTheDocument();
  });

  it('turns a cancel_only_ecd_key into a warning', async () => {
    logIn();
    const fake = ordersFake().on('PUT', '/v1/me/orders/1/cancel', () =>
      json({
        ...accepted,
        status: 'cancelled',
        status_label: 'キャンセル済み',
        can_cancel: false,
        cancel_only_ecd_key: 'ECD-77',
      }),
    );
    await renderApp('/mypage/order_history/1', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'この注文をキャンセルする' }));
    await user.type(screen.getByLabelText(/キャンセル理由/), '不要になった');
    await user.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('受付番号：ECD-77');
  });

  it('shows the server message when the order can no longer be cancelled', async () => {
    logIn();
    const fake = ordersFake().on('PUT', '/v1/me/orders/1/cancel', () =>
      json({ message: 'この注文はキャンセルできません（発送準備に入っています）' }, { status: 422 }),
    );
    await renderApp('/mypage/order_history/1', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'この注文をキャンセルする' }));
    await user.type(screen.getByLabelText(/キャンセル理由/), '不要になった');
    await user.click(screen.getByRole('button', { name: 'キャンセルする' }));
    expect(await screen.findByText('この注文はキャンセルできません（発送準備に入っています）')).toBeInTheDocument();
  });

  it('writes, edits and deletes the memo', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/order_history/1', ordersFake());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'メモを保存' }));
    expect(await screen.findByText('必須項目です')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^メモ/ }), 'ツーリング用');
    await user.click(screen.getByRole('button', { name: 'メモを保存' }));
    expect(await screen.findByText('メモを保存しました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/memos')[0]!.json()).toEqual({ order_id: '1', body: 'ツーリング用' });
    expect(screen.getByText('ツーリング用')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'メモを編集' }));
    const box = screen.getByRole('textbox', { name: /^メモ/ });
    await user.clear(box);
    await user.type(box, '冬のツーリング用');
    await user.click(screen.getByRole('button', { name: 'メモを保存' }));
    expect(await screen.findByText('冬のツーリング用')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/memos/m1')[0]!.json()).toEqual({ body: '冬のツーリング用' });

    await user.click(screen.getByRole('button', { name: 'メモを削除' }));
    expect(await screen.findByText('メモを削除しました。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'メモを保存' })).toBeInTheDocument();
  });

  it('stores the addressee and note, then saves the receipt PDF under the server name', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/order_history/2', ordersFake());
    const user = userEvent.setup();

    const addressee = await screen.findByLabelText(/^宛名/);
    expect(addressee).toHaveValue('');
    expect(screen.getByLabelText(/^但し書き/)).toHaveValue('お品代として');
    await user.type(addressee, '株式会社ライド 御中');
    await user.click(screen.getByRole('button', { name: '領収書をダウンロード' }));

    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/me/orders/2/download/receipt')[0]!.json()).toEqual({
      addressee: '株式会社ライド 御中',
      note: 'お品代として',
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('領収書_RP00000002.pdf');
    // The next one is a re-issue.
    expect(await screen.findByText(/再発行/)).toBeInTheDocument();
  });

  it('offers no receipt before the payment is confirmed, and downloads the quotation', async () => {
    logIn();
    const waiting = order('3', { status: 'awaiting_payment', status_label: 'お支払い待ち' });
    await renderApp('/mypage/order_history/3', ordersFake([waiting]));
    const user = userEvent.setup();
    expect(await screen.findByText('お支払いの確認後に発行できます。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '領収書をダウンロード' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '見積書をダウンロード' }));
    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    expect(saved[0]!.name).toBe('御見積書_RP00000003.pdf');
  });
});

describe('/mypage/order_history/{key} of a social gift', () => {
  const waitingGift = {
    receiver_name: 'はなちゃん',
    sender_name: 'たろう',
    message: 'おめでとう！',
    state: 'waiting' as const,
    state_label: '受取人入力待ち',
    expires_at: '2026-12-02T06:30:00Z',
    prefecture: null,
    delivery_date: null,
    delivery_timezone_label: null,
  };
  /** A gift's shipping before the recipient answers: the server sends the address with every field empty. */
  const noAddress = Object.fromEntries(
    Object.keys(accepted.shippings[0]!.address).map((key) => [key, '']),
  ) as OrderShipping['address'];
  const giftOrder = (over: Partial<Order> = {}) =>
    order('7', {
      status: 'awaiting_recipient',
      status_label: '受取人入力待ち',
      payment_code: 'credit_card',
      payment_name: 'クレジットカード',
      social_gift: waitingGift,
      shippings: [
        { ...accepted.shippings[0]!, address: noAddress, delivery_date: null, delivery_timezone_label: null },
      ],
      ...over,
    });

  it('shows the gift waiting for its recipient, and no address', async () => {
    logIn();
    await renderApp('/mypage/order_history/7', ordersFake([giftOrder()]));
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('受取人入力待ち');
    expect(gift).toHaveTextContent('はなちゃん 様');
    expect(gift).toHaveTextContent('おめでとう！');
    expect(gift).toHaveTextContent('2026.12.02 15:30');
    // The order's status and the gift's state.
    expect(screen.getAllByText('受取人入力待ち')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'ギフトの商品' })).toHaveTextContent('ジェットヘルメット');
    expect(screen.queryByText('ご住所')).toBeNull();
    expect(screen.getByRole('button', { name: 'ギフトURLを再発行' })).toBeInTheDocument();
  });

  it('shows only the prefecture and the date once accepted, never the address', async () => {
    logIn();
    const acceptedGift = giftOrder({
      status: 'preparing',
      status_label: '発送準備中',
      social_gift: {
        ...waitingGift,
        state: 'accepted',
        state_label: 'お届け先登録済み',
        prefecture: '東京都',
        delivery_date: '2026-11-29',
        delivery_timezone_label: '午前中',
      },
    });
    await renderApp('/mypage/order_history/7', ordersFake([acceptedGift]));
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('お届け先登録済み');
    expect(gift).toHaveTextContent('お届け先（都道府県）東京都');
    expect(gift).toHaveTextContent('2026.11.29');
    expect(gift).toHaveTextContent('午前中');
    expect(screen.queryByRole('button', { name: 'ギフトURLを再発行' })).toBeNull();
  });

  it('re-issues the link after a warning and shows the new URL with the ways to send it', async () => {
    logIn();
    const url = `https://shop.example/social-gift?token=${'cd'.repeat(16)}`;
    const fake = ordersFake([giftOrder()]).on(
      'POST',
      '/v1/me/orders/7/social-gift/link',
      json({ url, expires_at: '2026-12-02T06:30:00Z' }),
    );
    await renderApp('/mypage/order_history/7', fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ギフトURLを再発行' }));
    const dialog = screen.getByRole('dialog', { name: 'ギフトURLの再発行' });
    expect(dialog).toHaveTextContent('以前のURLは使えなくなります');
    await user.click(within(dialog).getByRole('button', { name: '再発行する' }));
    const panel = await screen.findByRole('region', { name: '新しいギフトのURL' });
    expect(within(panel).getByLabelText('ギフトのURL')).toHaveValue(url);
    expect(within(panel).getByRole('alert')).toHaveTextContent('以前のURLは使えなくなります');
    expect(within(panel).getByRole('link', { name: 'LINEで送る' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://line.me/R/share?text='),
    );
    expect(within(panel).getByRole('link', { name: 'メールで送る' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:\?subject=/),
    );
    expect(within(panel).getByRole('button', { name: 'URLをコピー' })).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/orders/7/social-gift/link')).toHaveLength(1);
  });
});

describe('/orders/receipt (guest)', () => {
  const guestFake = () =>
    createSiteFake()
      .on('GET', '/v1/orders/RP00000009/check/receipt?t=good', { is_valid: true, can_issue: true })
      .on('GET', '/v1/orders/RP00000009/check/receipt?t=bad', json({ message: 'Not Found' }, { status: 404 }))
      .on('GET', '/v1/orders/RP00000009/guest/receipt?t=good', {
        order_no: 'RP00000009',
        addressee: '',
        note: '',
        issued_count: 0,
        total_payment: 5500,
        ordered_at: '2026-11-19T05:00:00Z',
      })
      .on('PUT', '/v1/orders/RP00000009/guest/receipt?t=good', async (request) => {
        const body = (await request.json()) as { addressee: string; note: string };
        return json({
          order_no: 'RP00000009',
          ...body,
          issued_count: 0,
          total_payment: 5500,
          ordered_at: '2026-11-19T05:00:00Z',
        });
      })
      .on(
        'GET',
        '/v1/orders/RP00000009/download/receipt?t=good',
        () =>
          new Response('%PDF', {
            headers: {
              'content-type': 'application/pdf',
              'x-suggested-filename': encodeURIComponent('領収書_RP00000009.pdf'),
            },
          }),
      );

  it('issues the receipt of a guest order without login', async () => {
    const { fake } = await renderApp('/orders/receipt?no=RP00000009&t=good', guestFake());
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: '領収書の発行' })).toBeInTheDocument();
    expect(await screen.findByText('RP00000009')).toBeInTheDocument();
    expect(screen.getByText('¥5,500')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^宛名/), '佐藤 花子 様');
    await user.click(screen.getByRole('button', { name: '領収書をダウンロード' }));

    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    expect(saved[0]!.name).toBe('領収書_RP00000009.pdf');
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(new URL(put.url).searchParams.get('t')).toBe('good');
    expect(await put.json()).toEqual({ addressee: '佐藤 花子 様', note: 'お品代として' });
    expect(put.headers.get('authorization')).toBeNull();
  });

  it('says the order was not found for a wrong token', async () => {
    await renderApp('/orders/receipt?no=RP00000009&t=bad', guestFake());
    expect(await screen.findByRole('alert')).toHaveTextContent('ご注文が見つかりませんでした。');
    expect(screen.queryByLabelText(/^宛名/)).not.toBeInTheDocument();
  });

  it('says the order was not found without asking when the link lacks its token', async () => {
    const { fake } = await renderApp('/orders/receipt?no=RP00000009', guestFake());
    expect(await screen.findByRole('alert')).toHaveTextContent('ご注文が見つかりませんでした。');
    expect(fake.calls.filter((c) => new URL(c.url).pathname.startsWith('/v1/orders/'))).toEqual([]);
  });
});
