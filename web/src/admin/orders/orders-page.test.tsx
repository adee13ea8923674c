import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { deskHome, orderRow, shipment } from '../../test/order-desk';
import { createAdminFake, paged, renderAdmin, type Role } from '../../test/render-admin';

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
    .on('GET', '/v1/admin/orders', () => paged(ROWS, 2));
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
    // Nothing to tick on a parcel that has left.
    expect(within(rows[2]!).queryByRole('checkbox')).not.toBeInTheDocument();
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

  describe('送り状データ出力', () => {
    const saved: { name: string; size: number }[] = [];
    beforeEach(() => {
      saved.length = 0;
      URL.createObjectURL = vi.fn(() => 'blob:http://shop.test/csv');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, size: 0 });
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('writes the chosen carrier’s file for the ticked shipments, saves it and lists what changed', async () => {
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

      const bar = await screen.findByRole('region', { name: '選択した出荷の操作' });
      expect(within(bar).getByRole('button', { name: '送り状データ出力' })).toBeDisabled();
      await user.click(await screen.findByRole('checkbox', { name: 'RP00000007-1を選択' }));
      await user.click(screen.getByRole('checkbox', { name: 'RP00000007-2を選択' }));
      expect(within(bar).getByRole('status')).toHaveTextContent('2件の出荷を選択中');
      await user.selectOptions(within(bar).getByLabelText('配送業者'), '佐川急便 e飛伝Ⅲ');
      await user.click(within(bar).getByRole('button', { name: '送り状データ出力' }));

      const result = await screen.findByRole('region', { name: '送り状データの出力結果' });
      expect(await fake.callsTo('/v1/admin/shipments/export')[0]!.json()).toEqual({
        carrier: 'sagawa_ehiden',
        shipment_codes: ['RP00000007-1', 'RP00000007-2'],
      });
      expect(saved.map((file) => file.name)).toEqual(['sagawa_ehiden_20261130.csv']);
      expect(within(result).getByRole('status')).toHaveTextContent(
        '佐川急便 e飛伝Ⅲの送り状データを出力しました（1件）',
      );
      expect(within(result).getByRole('row', { name: /𠮷田/ })).toHaveTextContent('RP00000007-1お届け先名称２𠮷田〓田');
      expect(within(result).getByRole('list', { name: '出力しなかった出荷' })).toHaveTextContent(
        'RP00000007-2：入金が確認できていません。',
      );
      // The selection is done with; the list and counts are asked again.
      expect(within(bar).getByRole('status')).toHaveTextContent('出荷を選ぶと送り状データを出力できます');
      await waitFor(() => expect(fake.callsTo('/v1/admin/orders').length).toBeGreaterThan(1));

      await user.click(
        within(result).getByRole('button', { name: 'sagawa_ehiden_20261130.csv をもう一度ダウンロード' }),
      );
      expect(saved).toHaveLength(2);
    });

    it('ticks every shipment of the page that can still go', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin/orders', deskFake());
      await user.click(
        await screen.findByRole('checkbox', { name: 'このページの未出荷・出荷準備中の出荷をすべて選択' }),
      );
      expect(screen.getByRole('region', { name: '選択した出荷の操作' })).toHaveTextContent('2件の出荷を選択中');
    });
  });

  it('gives a role without `shipping` the list only: no ticks, no export, no tracking import', async () => {
    renderAdmin('/admin/orders', deskFake('viewer'));
    expect(await screen.findByRole('link', { name: 'RP00000007' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '選択した出荷の操作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '送り状番号の取り込み' })).not.toBeInTheDocument();
  });
});
