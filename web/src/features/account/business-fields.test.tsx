import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { demoSettings, renderApp } from '../../test/render-app';
import { logIn, member, memberFake } from './test-member';

const corporateSettings = {
  ...demoSettings,
  'SITE.IS_CORPORATE': true,
  'CORPORATE.DELIVERY_OPTIONS': [
    { value: 1, label: '問屋引取り' },
    { value: 2, label: '店舗直送' },
    { value: 3, label: 'お客様直送' },
  ],
  'CORPORATE.PAYMENT_OPTIONS': [
    { value: 1, label: '銀行振込（前払い）' },
    { value: 2, label: '請求書払い（後払い）' },
    { value: 3, label: '後払い決済サービス' },
  ],
};

const company = {
  corporation: '株式会社つなぐ商事',
  last_name_kana: '',
  first_name_kana: '',
  phone_number: '0312345678',
  establishment: '2008-04',
  capital: 10000000,
  annual_sale: 480000000,
  employee_num: 35,
  business_hours: '9:00〜18:00',
  business_holiday: '土日祝',
  delivery: 2,
  delivery_company: 'ヤマト運輸',
  payment: 1,
  order_no: 'TS-PO-0001',
};

function corporateFake(approved: boolean) {
  return memberFake({ ...company, is_invoice_approved: approved }, { corporate: true }).on(
    'GET',
    '/v1/settings/front',
    corporateSettings,
  );
}

describe('/mypage/user_info/edit: the corporate company details', () => {
  it('starts from the stored details and sends them as numbers and codes', async () => {
    logIn();
    const fake = corporateFake(true).on('PUT', '/v1/me/user', async (req) =>
      json({ ...member, ...company, ...((await req.clone().json()) as object) }),
    );
    const { router } = await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    expect(await screen.findByLabelText(/設立年月/)).toHaveValue('2008-04');
    expect(screen.getByLabelText(/資本金/)).toHaveValue('10000000');
    expect(screen.getByLabelText(/^配送方法/)).toHaveValue('2');
    expect(screen.getByLabelText(/^支払方法/)).toHaveValue('1');
    // An approved company may choose the invoice.
    expect(screen.getByRole('option', { name: '請求書払い（後払い）' })).toBeEnabled();

    await user.clear(screen.getByLabelText(/従業員数/));
    await user.type(screen.getByLabelText(/従業員数/), '40');
    await user.selectOptions(screen.getByLabelText(/^配送方法/), '3');
    await user.selectOptions(screen.getByLabelText(/^支払方法/), '2');
    await user.clear(screen.getByLabelText(/発注番号/));
    await user.type(screen.getByLabelText(/発注番号/), 'PO-77');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/user_info'));
    const body = (await fake
      .callsTo('/v1/me/user')
      .find((r) => r.method === 'PUT')!
      .json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      establishment: '2008-04',
      capital: 10000000,
      employee_num: 40,
      delivery: 3,
      payment: 2,
      order_no: 'PO-77',
      delivery_company: 'ヤマト運輸',
    });
  });

  it('checks the shared rules in the browser and shows server errors next to their fields', async () => {
    logIn();
    const fake = corporateFake(false).on(
      'PUT',
      '/v1/me/user',
      json(
        { message: '入力内容をご確認ください', errors: { order_no: ['この発注番号は使えません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/user_info/edit', fake);
    const user = userEvent.setup();

    const establishment = await screen.findByLabelText(/設立年月/);
    // Not approved: the invoice is shown, disabled, with the reason.
    expect(screen.getByRole('option', { name: /請求書払い（後払い）（審査後にご利用いただけます）/ })).toBeDisabled();
    expect(screen.getAllByText(/当店の審査を通過した法人様のみ/).length).toBeGreaterThan(0);

    await user.clear(establishment);
    await user.type(establishment, '2008/4');
    await user.clear(screen.getByLabelText(/資本金/));
    await user.type(screen.getByLabelText(/資本金/), '1,000万');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    expect(await screen.findByText('年月は 2010-04 の形式で入力してください')).toBeInTheDocument();
    expect(screen.getByText('0〜999999999999999の整数を半角数字で入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/user').filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(establishment);
    await user.type(establishment, '2008-04');
    await user.clear(screen.getByLabelText(/資本金/));
    await user.type(screen.getByLabelText(/資本金/), '10000000');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    const orderNo = screen.getByLabelText(/発注番号/);
    expect(await screen.findByText('この発注番号は使えません')).toBeInTheDocument();
    expect(orderNo).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists the details on 会員情報 with the shop’s labels', async () => {
    logIn();
    await renderApp('/mypage/user_info', corporateFake(false));
    const details = await screen.findByText('設立年月');
    const list = within(details.closest('dl')!);
    expect(list.getByText('2008年4月')).toBeInTheDocument();
    expect(list.getByText('10,000,000円')).toBeInTheDocument();
    expect(list.getByText('店舗直送')).toBeInTheDocument();
    expect(list.getByText('銀行振込（前払い）')).toBeInTheDocument();
    expect(list.getByText('審査前（ご利用いただけません）')).toBeInTheDocument();
  });
});
