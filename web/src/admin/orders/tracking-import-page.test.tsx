import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, renderAdmin } from '../../test/render-admin';

const TRACKING = '/v1/admin/shipments/tracking';

const okLine = {
  line: 2,
  shipment_code: 'RP00000007-1',
  order_no: 'RP00000007',
  tracking_number: '444413758703',
  shipped_on: '2026-11-27',
  result: 'ok',
  message: '出荷済みにして発送完了メールを送ります。',
};

function csv(): File {
  // Shift_JIS bytes, as B2クラウド writes them: the page sends them untouched.
  return new File([new Uint8Array([0x82, 0xa8, 0x8b, 0x71, 0x0d, 0x0a])], 'issued.csv', { type: 'text/csv' });
}

describe('送り状番号の取り込み', () => {
  it('previews the file line by line, then applies it', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('shipping_clerk').on('POST', TRACKING, (request) => {
      const apply = new URL(request.url).searchParams.get('apply') === 'true';
      return json({
        applied: apply,
        lines: [
          okLine,
          {
            ...okLine,
            line: 3,
            shipment_code: 'RP00000006-1',
            order_no: 'RP00000006',
            result: 'same',
            message: '登録済みです。',
          },
        ],
        ok: 1,
        errors: 0,
      });
    });
    renderAdmin('/admin/orders/tracking', fake);

    const form = await screen.findByRole('form', { name: '取り込むファイル' });
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    expect(await within(form).findByText('ファイルを選んでください')).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: /ヤマト運輸 B2クラウド/ }));
    await user.upload(within(form).getByLabelText('CSVファイル'), csv());
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));

    const preview = await screen.findByRole('region', { name: '取り込む内容の確認' });
    expect(within(preview).getByRole('status')).toHaveTextContent('2行：取り込み可 1件・変更なし 1件・エラー 0件');
    const rows = within(preview).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '2RP00000007-1RP000000074444137587032026/11/27取り込み可出荷済みにして発送完了メールを送ります。',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'RP00000007' })).toHaveAttribute(
      'href',
      '/admin/orders/RP00000007',
    );
    const first = fake.callsTo(TRACKING)[0]!;
    expect(new URL(first.url).search).toBe('?carrier=yamato_b2&apply=false');
    expect(first.headers.get('content-type')).toBe('text/csv');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(new Uint8Array([0x82, 0xa8, 0x8b, 0x71, 0x0d, 0x0a]));

    await user.click(within(preview).getByRole('button', { name: '取り込む' }));
    expect(
      await screen.findByText('1件の送り状番号を取り込み、出荷済みにしました。お客様に発送完了メールを送信しました。'),
    ).toBeInTheDocument();
    expect(new URL(fake.callsTo(TRACKING)[1]!.url).search).toBe('?carrier=yamato_b2&apply=true');
    expect(screen.queryByRole('region', { name: '取り込む内容の確認' })).not.toBeInTheDocument();
  });

  it('offers no 取り込む while a line is wrong, and shows a refused file on its field', async () => {
    const user = userEvent.setup();
    let answer: Response = json({
      applied: false,
      lines: [
        okLine,
        {
          ...okLine,
          line: 3,
          order_no: null,
          shipment_code: 'RP99-1',
          result: 'error',
          message: '出荷番号「RP99-1」はこのショップにありません。',
        },
      ],
      ok: 1,
      errors: 1,
    });
    const fake = createAdminFake('owner').on('POST', TRACKING, () => answer.clone());
    renderAdmin('/admin/orders/tracking', fake);

    const form = await screen.findByRole('form', { name: '取り込むファイル' });
    await user.click(within(form).getByRole('radio', { name: /汎用 出荷実績CSV/ }));
    await user.upload(within(form).getByLabelText('CSVファイル'), csv());
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    const preview = await screen.findByRole('region', { name: '取り込む内容の確認' });
    expect(within(preview).getByRole('row', { name: /RP99-1/ })).toHaveTextContent(
      'エラー出荷番号「RP99-1」はこのショップにありません。',
    );
    expect(within(preview).queryByRole('button', { name: '取り込む' })).not.toBeInTheDocument();
    expect(preview).toHaveTextContent('エラーの行があるため取り込めません。');
    expect(new URL(fake.callsTo(TRACKING)[0]!.url).searchParams.get('carrier')).toBe('generic');

    answer = json(
      {
        message: '必要な列がありません: 出荷番号、送り状番号（見つかった列: a、b）',
        errors: { file: ['必要な列がありません: 出荷番号、送り状番号（見つかった列: a、b）'] },
      },
      { status: 422 },
    );
    await user.click(within(form).getByRole('button', { name: '内容を確認する' }));
    expect(
      await within(form).findByText('必要な列がありません: 出荷番号、送り状番号（見つかった列: a、b）'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '取り込む内容の確認' })).not.toBeInTheDocument();
  });

  it('is closed to roles without `shipping`', async () => {
    const fake = createAdminFake('viewer');
    renderAdmin('/admin/orders/tracking', fake);
    expect(await screen.findByText('出荷を操作する権限がありません。')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '取り込むファイル' })).not.toBeInTheDocument();
  });
});
