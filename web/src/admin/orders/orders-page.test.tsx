import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { deskHome, orderRow, shipment } from '../../test/order-desk';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';
import { todayInJapan } from '../ui/date-time';

const ROWS = [
  orderRow('RP00000007', {
    shipments: [
      shipment('RP00000007-1'),
      shipment('RP00000007-2', {
        name: '佐藤 花子',
        prefecture: '大阪府',
        state: { code: 'preparing', label: '出荷準備中' },
      }),
    ],
  }),
  orderRow('RP00000006', {
    payment_name: '代金引換',
    payment: { code: 'to_bill', label: '請求予定' },
    shipping: { code: 'shipped', label: '出荷済' },
    on_hold: true,
    shipments: [
      shipment('RP00000006-1', {
        state: { code: 'shipped', label: '出荷済' },
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
  }),
];

function deskFake(role: Role = 'owner') {
  return createAdminFake(role)
    .on('GET', '/v1/admin/orders/queues', json(deskHome()))
    .on('GET', '/v1/admin/orders', () => paged(ROWS, 2))
    .on('GET', '/v1/admin/orders/views', json({ data: [] }));
}

function lastListQuery(fake: ReturnType<typeof deskFake>): URLSearchParams {
  return new URL(fake.callsTo('/v1/admin/orders').at(-1)!.url).searchParams;
}

describe('受注管理', () => {
  it('shows the figures, the queues with their counts and one row per order with its shipments', async () => {
    renderAdmin('/admin/orders', deskFake());

    const figures = await screen.findByRole('region', { name: '注文と売上' });
    expect(figures).toHaveTextContent('本日3件¥25,300');
    expect(figures).toHaveTextContent('今週12件¥98,400');
    expect(figures).toHaveTextContent('今月40件¥412,000');
    expect(within(figures).getByRole('link', { name: '2件' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/orders\?queue=to_ship&planned_to=\d{4}-\d{2}-\d{2}$/),
    );

    const queues = screen.getByRole('navigation', { name: '作業キュー' });
    expect(
      within(queues)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'すべて',
      '新規3件',
      '入金待ち2件',
      '入金期限切れ0件',
      '出荷待ち5件',
      '出荷準備中1件',
      '一部出荷0件',
      '保留0件',
      '要確認1件',
      'キャンセル済4件',
    ]);
    expect(within(queues).getByRole('link', { name: 'すべて' })).toHaveAttribute('aria-current', 'page');

    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'RP00000007' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000007',
    );
    const shipments = within(rows[1]!).getByRole('list', { name: 'RP00000007の出荷' });
    expect(
      within(shipments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['RP00000007-1未出荷山田 太郎・東京都', 'RP00000007-2出荷準備中佐藤 花子・大阪府']);
    expect(rows[2]).toHaveTextContent('保留');
    expect(within(rows[2]!).getByRole('link', { name: '送り状 444413758703' })).toHaveAttribute(
      'href',
      expect.stringContaining('444413758703'),
    );
    // Orders are ticked, not parcels: one box per row.
    expect(
      within(rows[1]!)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['RP00000007を選択']);
    expect(within(rows[2]!).getByRole('checkbox', { name: 'RP00000006を選択' })).not.toBeChecked();
  });

  it('keeps the queue, the search and the filters in the address and asks the server with them', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    const { router } = renderAdmin('/admin/orders', fake);

    const queues = await screen.findByRole('navigation', { name: '作業キュー' });
    await user.click(within(queues).getByRole('link', { name: /入金待ち/ }));
    expect(router.state.location.search).toBe('?queue=awaiting_payment');
    await waitFor(() => expect(lastListQuery(fake).get('queue')).toBe('awaiting_payment'));
    expect(within(queues).getByRole('link', { name: /入金待ち/ })).toHaveAttribute('aria-current', 'page');

    const search = screen.getByRole('form', { name: '注文の検索' });
    await user.type(within(search).getByLabelText('キーワード'), ' 090-1234 ');
    await user.selectOptions(within(search).getByLabelText('お支払い方法'), '銀行振込');
    await user.selectOptions(within(search).getByLabelText('お届け先の都道府県'), '大阪府');
    await user.type(within(search).getByLabelText('合計金額（下限）'), '1000');
    await user.type(within(search).getByLabelText('商品名・商品コード（SKU）'), 'KT-8');
    await user.click(within(search).getByRole('button', { name: '検索' }));

    expect(router.state.location.search).toBe(
      `?queue=awaiting_payment&q=090-1234&payment=bank_transfer&prefecture=${encodeURIComponent('大阪府')}&amount_min=1000&product=KT-8`,
    );
    await waitFor(() => expect(lastListQuery(fake).get('q')).toBe('090-1234'));
    const query = lastListQuery(fake);
    expect([query.get('queue'), query.get('payment'), query.get('prefecture'), query.get('amount_min')]).toEqual([
      'awaiting_payment',
      'bank_transfer',
      '大阪府',
      '1000',
    ]);
    expect(screen.getByText('詳しい条件（4件指定中）')).toBeInTheDocument();

    // Another tab keeps the search.
    await user.click(within(queues).getByRole('link', { name: /出荷待ち/ }));
    expect(router.state.location.search).toMatch(/^\?queue=to_ship&q=090-1234&payment=bank_transfer/);
  });

  it('checks the filter before asking, and shows the server’s word on a filter', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('GET', '/v1/admin/orders', (request) =>
      new URL(request.url).searchParams.get('ordered_from')
        ? json(
            {
              message: '入力内容をご確認ください。',
              errors: { ordered_from: ['日付はYYYY-MM-DDの形式で入力してください。'] },
            },
            { status: 422 },
          )
        : paged(ROWS, 2),
    );
    const first = renderAdmin('/admin/orders', fake);
    const search = await screen.findByRole('form', { name: '注文の検索' });
    await user.type(within(search).getByLabelText('合計金額（下限）'), '5000');
    await user.type(within(search).getByLabelText('合計金額（上限）'), '-1');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(await within(search).findByText('金額は0以上の整数で入力してください')).toBeInTheDocument();
    await user.clear(within(search).getByLabelText('合計金額（上限）'));
    await user.type(within(search).getByLabelText('合計金額（上限）'), '100');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(await within(search).findByText('上限は下限以上の金額にしてください')).toBeInTheDocument();
    const calls = fake.callsTo('/v1/admin/orders').length;
    first.unmount();

    renderAdmin('/admin/orders?ordered_from=2026-13-01', fake);
    expect(await screen.findByText('日付はYYYY-MM-DDの形式で入力してください。')).toBeInTheDocument();
    expect(lastListQuery(fake).get('ordered_from')).toBe('2026-13-01');
    expect(fake.callsTo('/v1/admin/orders').length).toBe(calls + 1);
  });

  it('lists one member’s orders (the member desk’s すべての注文を見る) until 会員で絞り込み中 is removed', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    const { router } = renderAdmin('/admin/orders?member=mem-1', fake);
    expect(await screen.findByText('会員で絞り込み中')).toBeInTheDocument();
    await waitFor(() => expect(lastListQuery(fake).get('member')).toBe('mem-1'));
    // Not one of the panel's filters.
    expect(screen.getByText('詳しい条件')).toBeInTheDocument();

    // A tab and a search keep it.
    const queues = screen.getByRole('navigation', { name: '作業キュー' });
    await user.click(within(queues).getByRole('link', { name: /入金待ち/ }));
    expect(router.state.location.search).toBe('?queue=awaiting_payment&member=mem-1');
    const search = screen.getByRole('form', { name: '注文の検索' });
    await user.type(within(search).getByLabelText('キーワード'), 'RP0000');
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(router.state.location.search).toBe('?queue=awaiting_payment&q=RP0000&member=mem-1');
    await waitFor(() => expect(lastListQuery(fake).get('q')).toBe('RP0000'));
    expect(lastListQuery(fake).get('member')).toBe('mem-1');

    await user.click(screen.getByRole('link', { name: '会員の絞り込みを解除' }));
    expect(router.state.location.search).toBe('?queue=awaiting_payment&q=RP0000');
    await waitFor(() => expect(lastListQuery(fake).get('member')).toBeNull());
    expect(screen.queryByText('会員で絞り込み中')).not.toBeInTheDocument();
  });

  it('says the server’s word on a malformed member', async () => {
    const fake = deskFake().on('GET', '/v1/admin/orders', (request) =>
      new URL(request.url).searchParams.get('member')
        ? json(
            { message: '入力内容をご確認ください。', errors: { member: ['会員の指定が正しくありません。'] } },
            { status: 422 },
          )
        : paged(ROWS, 2),
    );
    renderAdmin('/admin/orders?member=nope', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('会員の指定が正しくありません。');
    expect(screen.getByText('会員で絞り込み中')).toBeInTheDocument();
  });

  describe('選択した注文の操作', () => {
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

    function bar() {
      return screen.getByRole('region', { name: '選択した注文の操作' });
    }

    it('ticks orders one by one or the whole page, and lets them go', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin/orders', deskFake());
      await user.click(await screen.findByRole('checkbox', { name: 'RP00000006を選択' }));
      expect(within(bar()).getByRole('status')).toHaveTextContent('1件の注文を選択中');
      const all = screen.getByRole('checkbox', { name: 'このページの注文をすべて選択' });
      expect(all).toHaveProperty('indeterminate', true);
      await user.click(all);
      expect(within(bar()).getByRole('status')).toHaveTextContent('2件の注文を選択中');
      await user.click(within(bar()).getByRole('button', { name: '選択を解除' }));
      expect(within(bar()).getByRole('status')).toHaveTextContent('注文を選ぶと、まとめて操作できます');
      expect(within(bar()).getByRole('button', { name: '入金確認' })).toBeDisabled();
    });

    it('confirms payments: 入金日 first, the preview with what is left out, then the run and each result', async () => {
      const user = userEvent.setup();
      let polls = 0;
      const job = (state: 'running' | 'done', done: number) => ({
        id: 'job-1',
        action: 'confirm_payment',
        action_label: '入金確認',
        state,
        total: 1,
        done,
        changed: done,
        skipped: 0,
        results: done > 0 ? [{ order_no: 'RP00000007', ok: true, message: '' }] : [],
      });
      const fake = deskFake()
        .on(
          'POST',
          '/v1/admin/orders/bulk/preview',
          json({
            action: 'confirm_payment',
            action_label: '入金確認',
            will_change: [{ order_no: 'RP00000007', detail: '¥7,170を入金済にします' }],
            skipped: [{ order_no: 'RP00000006', reason: '代金引換の注文です。' }],
          }),
        )
        .on('POST', '/v1/admin/orders/bulk', json(job('running', 0), { status: 202 }))
        .on('GET', '/v1/admin/orders/bulk/job-1', () => {
          polls += 1;
          return json(polls < 2 ? job('running', 0) : job('done', 1));
        });
      renderAdmin('/admin/orders?queue=awaiting_payment', fake);

      await user.click(await screen.findByRole('checkbox', { name: 'このページの注文をすべて選択' }));
      await user.click(within(bar()).getByRole('button', { name: '入金確認' }));
      const dialog = screen.getByRole('dialog', { name: '入金確認' });
      expect(within(dialog).getByLabelText('入金日')).toHaveValue(todayInJapan());
      await user.click(within(dialog).getByRole('button', { name: '対象を確認する' }));

      expect(await within(dialog).findByText('1件を変更します。1件は対象外です。')).toBeInTheDocument();
      expect(await fake.callsTo('/v1/admin/orders/bulk/preview')[0]!.json()).toEqual({
        action: 'confirm_payment',
        order_nos: ['RP00000007', 'RP00000006'],
        paid_on: todayInJapan(),
      });
      expect(within(dialog).getByRole('list', { name: '対象外の注文' })).toHaveTextContent(
        'RP00000006：代金引換の注文です。',
      );
      const lists = fake.callsTo('/v1/admin/orders').length;
      await user.click(within(dialog).getByRole('button', { name: '1件に実行する' }));

      expect(await within(dialog).findByText('0/1件 処理済み')).toBeInTheDocument();
      expect(within(dialog).getByRole('progressbar', { name: '処理の進み具合' })).toBeInTheDocument();
      expect(await fake.callsTo('/v1/admin/orders/bulk')[0]!.json()).toEqual({
        action: 'confirm_payment',
        order_nos: ['RP00000007', 'RP00000006'],
        paid_on: todayInJapan(),
      });
      expect(await within(dialog).findByText('1/1件 処理済み', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(within(dialog).getByRole('row', { name: /RP00000007/ })).toHaveTextContent('RP00000007変更しました');

      await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(bar()).getByRole('status')).toHaveTextContent('注文を選ぶと、まとめて操作できます');
      await waitFor(() => expect(fake.callsTo('/v1/admin/orders').length).toBeGreaterThan(lists));
    });

    it('says the role may not, when the server answers 403', async () => {
      const user = userEvent.setup();
      const fake = deskFake().on(
        'POST',
        '/v1/admin/orders/bulk/preview',
        json({ message: '出荷を操作する権限がありません。', code: 'staff.forbidden' }, { status: 403 }),
      );
      renderAdmin('/admin/orders', fake);
      await user.click(await screen.findByRole('checkbox', { name: 'RP00000007を選択' }));
      await user.click(within(bar()).getByRole('button', { name: '出荷準備中にする' }));
      const dialog = screen.getByRole('dialog', { name: '出荷準備中にする' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('この操作を行う権限がありません。');
      expect(within(dialog).queryByRole('button', { name: /に実行する$/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(fake.callsTo('/v1/admin/orders/bulk')).toHaveLength(0);
    });

    it('prints a picking list as a PDF and says how many orders were left out', async () => {
      const user = userEvent.setup();
      const fake = deskFake().on(
        'POST',
        '/v1/admin/orders/documents',
        () =>
          new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="picking-list-20261130.pdf"; filename*=UTF-8''picking-list-20261130.pdf`,
              'x-skipped': '1',
            },
          }),
      );
      renderAdmin('/admin/orders', fake);
      await user.click(await screen.findByRole('checkbox', { name: 'このページの注文をすべて選択' }));
      await user.click(within(bar()).getByRole('button', { name: '帳票を印刷' }));
      const dialog = screen.getByRole('dialog', { name: '帳票を印刷' });
      await user.click(within(dialog).getByRole('radio', { name: 'ピッキングリスト' }));
      await user.click(within(dialog).getByRole('button', { name: 'PDFを出力' }));

      expect(
        await screen.findByText('ピッキングリスト（1件）をPDFで出力しました。1件は対象外のため出力しませんでした。'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(saved).toEqual(['picking-list-20261130.pdf']);
      expect(await fake.callsTo('/v1/admin/orders/documents')[0]!.json()).toEqual({
        kind: 'picking_list',
        order_nos: ['RP00000007', 'RP00000006'],
      });
      // Printing changes nothing: the orders stay ticked.
      expect(within(bar()).getByRole('status')).toHaveTextContent('2件の注文を選択中');
    });

    it('shows a refused print in its window', async () => {
      const user = userEvent.setup();
      const fake = deskFake().on(
        'POST',
        '/v1/admin/orders/documents',
        json({ message: '領収書を出力できる注文がありません。', code: 'orders.documents.nothing' }, { status: 422 }),
      );
      renderAdmin('/admin/orders', fake);
      await user.click(await screen.findByRole('checkbox', { name: 'RP00000006を選択' }));
      await user.click(within(bar()).getByRole('button', { name: '帳票を印刷' }));
      const dialog = screen.getByRole('dialog', { name: '帳票を印刷' });
      await user.click(within(dialog).getByRole('radio', { name: '領収書' }));
      await user.click(within(dialog).getByRole('button', { name: 'PDFを出力' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('領収書を出力できる注文がありません。');
      expect(saved).toEqual([]);
    });

    it('writes the chosen carrier’s file for the ticked orders’ shipments, saves it and lists what changed', async () => {
      const user = userEvent.setup();
      const fake = deskFake().on(
        'POST',
        '/v1/admin/shipments/export',
        json({
          files: [{ name: 'sagawa_ehiden_20261130.csv', content_base64: btoa('abc') }],
          replaced: [
            { shipment_code: 'RP00000007-1', field: 'お届け先名称２', original: '𠮷田', replaced_with: '〓田' },
          ],
          exported: ['RP00000007-1'],
          skipped: [{ shipment_code: 'RP00000007-2', reason: '入金が確認できていません。' }],
        }),
      );
      renderAdmin('/admin/orders', fake);

      await user.click(await screen.findByRole('checkbox', { name: 'このページの注文をすべて選択' }));
      await user.click(within(bar()).getByRole('button', { name: '配送業者CSV' }));
      const dialog = screen.getByRole('dialog', { name: '配送業者CSV' });
      // RP00000006's parcel has left: only RP00000007's two go.
      expect(dialog).toHaveTextContent('出荷2件の送り状データを出力します');
      await user.selectOptions(within(dialog).getByLabelText('配送業者'), '佐川急便 e飛伝Ⅲ');
      await user.click(within(dialog).getByRole('button', { name: '送り状データ出力' }));

      const result = await screen.findByRole('region', { name: '送り状データの出力結果' });
      expect(await fake.callsTo('/v1/admin/shipments/export')[0]!.json()).toEqual({
        carrier: 'sagawa_ehiden',
        shipment_codes: ['RP00000007-1', 'RP00000007-2'],
      });
      expect(saved).toEqual(['sagawa_ehiden_20261130.csv']);
      expect(within(result).getByRole('status')).toHaveTextContent(
        '佐川急便 e飛伝Ⅲの送り状データを出力しました（1件）',
      );
      expect(within(result).getByRole('row', { name: /𠮷田/ })).toHaveTextContent('RP00000007-1お届け先名称２𠮷田〓田');
      expect(within(result).getByRole('list', { name: '出力しなかった出荷' })).toHaveTextContent(
        'RP00000007-2：入金が確認できていません。',
      );
      // The shipments moved on: the selection is done with, the list and counts are asked again.
      expect(within(bar()).getByRole('status')).toHaveTextContent('注文を選ぶと、まとめて操作できます');
      await waitFor(() => expect(fake.callsTo('/v1/admin/orders').length).toBeGreaterThan(1));

      await user.click(
        within(result).getByRole('button', { name: 'sagawa_ehiden_20261130.csv をもう一度ダウンロード' }),
      );
      expect(saved).toHaveLength(2);
    });

    it('offers each role only what it may do', async () => {
      const viewer = renderAdmin('/admin/orders', deskFake('viewer'));
      expect(await screen.findByRole('checkbox', { name: 'RP00000007を選択' })).toBeInTheDocument();
      expect(
        within(bar())
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['帳票を印刷']);
      expect(screen.queryByRole('link', { name: '送り状番号の取り込み' })).not.toBeInTheDocument();
      viewer.unmount();

      renderAdmin('/admin/orders', deskFake('shipping_clerk'));
      await screen.findByRole('checkbox', { name: 'RP00000007を選択' });
      expect(
        within(bar())
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['出荷準備中にする', '出荷済にする', '発送完了メールを再送', '帳票を印刷', '配送業者CSV']);
    });
  });

  describe('保存した検索条件', () => {
    const VIEWS = [
      { id: 'v-1', name: '代引きの出荷待ち', query: 'queue=to_ship&payment=cod' },
      { id: 'v-2', name: '大阪', query: `prefecture=${encodeURIComponent('大阪府')}` },
    ];

    it('applies a saved search on click and marks the one in use', async () => {
      const user = userEvent.setup();
      const fake = deskFake().on('GET', '/v1/admin/orders/views', json({ data: VIEWS }));
      const { router } = renderAdmin('/admin/orders', fake);
      const views = await screen.findByRole('region', { name: '保存した検索条件' });
      await user.click(await within(views).findByRole('link', { name: '代引きの出荷待ち' }));
      expect(router.state.location.search).toBe('?queue=to_ship&payment=cod');
      await waitFor(() => expect(lastListQuery(fake).get('payment')).toBe('cod'));
      expect(within(views).getByRole('link', { name: '代引きの出荷待ち' })).toHaveAttribute('aria-current', 'true');
      expect(within(views).getByRole('link', { name: '大阪' })).not.toHaveAttribute('aria-current');
    });

    it('saves the current search without its page under a name, with the server’s word on the name', async () => {
      const user = userEvent.setup();
      let answers = 0;
      const fake = deskFake().on('POST', '/v1/admin/orders/views', () => {
        answers += 1;
        return answers === 1
          ? json(
              { message: '入力内容をご確認ください。', errors: { name: ['保存できるビューは30件までです。'] } },
              { status: 422 },
            )
          : json(
              { id: 'v-3', name: '入金待ち（銀行振込）', query: 'queue=awaiting_payment&payment=bank_transfer' },
              { status: 201 },
            );
      });
      renderAdmin('/admin/orders?queue=awaiting_payment&payment=bank_transfer&page=2', fake);

      await user.click(await screen.findByRole('button', { name: 'この条件を保存' }));
      const dialog = screen.getByRole('dialog', { name: 'この条件を保存' });
      await user.click(within(dialog).getByRole('button', { name: '保存する' }));
      expect(await within(dialog).findByText('名前を入力してください')).toBeInTheDocument();
      expect(fake.callsTo('/v1/admin/orders/views').filter((call) => call.method === 'POST')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('名前'), '入金待ち（銀行振込）');
      await user.click(within(dialog).getByRole('button', { name: '保存する' }));
      expect(await within(dialog).findByText('保存できるビューは30件までです。')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('名前')).toHaveAttribute('aria-invalid', 'true');

      await user.click(within(dialog).getByRole('button', { name: '保存する' }));
      expect(await screen.findByText('「入金待ち（銀行振込）」として保存しました。')).toBeInTheDocument();
      const posts = fake.callsTo('/v1/admin/orders/views').filter((call) => call.method === 'POST');
      expect(await posts[1]!.json()).toEqual({
        name: '入金待ち（銀行振込）',
        query: 'queue=awaiting_payment&payment=bank_transfer',
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('deletes a saved search after asking', async () => {
      const user = userEvent.setup();
      const fake = deskFake()
        .on('GET', '/v1/admin/orders/views', json({ data: VIEWS }))
        .on('DELETE', '/v1/admin/orders/views/v-2', () => new Response(null, { status: 204 }));
      renderAdmin('/admin/orders', fake);
      await user.click(await screen.findByRole('button', { name: '「大阪」を削除' }));
      const dialog = screen.getByRole('dialog', { name: '保存した条件の削除' });
      expect(dialog).toHaveTextContent('保存した条件「大阪」を削除します。');
      await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
      expect(fake.callsTo('/v1/admin/orders/views/v-2')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: '「大阪」を削除' }));
      await user.click(
        within(screen.getByRole('dialog', { name: '保存した条件の削除' })).getByRole('button', { name: '削除する' }),
      );
      expect(await screen.findByText('「大阪」を削除しました。')).toBeInTheDocument();
      expect(fake.callsTo('/v1/admin/orders/views/v-2')).toHaveLength(1);
    });
  });
});
