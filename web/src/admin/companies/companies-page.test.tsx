import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin } from '../../test/render-admin';
import type { Company } from '../api/admin-types';

function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 'u-1',
    code: '12',
    corporation: '株式会社ライド商会',
    department: '購買部',
    name: '佐藤 花子',
    email: 'apply@ride-shokai.co.jp',
    is_email_verified: false,
    phone_number: '0612345678',
    payment: 1,
    payment_label: '銀行振込（前払い）',
    invoice_approved: false,
    created_at: '2026-11-26T01:00:00Z',
    ...overrides,
  };
}

describe('法人会員', () => {
  it('is in the menu of a corporate shop only', async () => {
    const consumer = renderAdmin('/admin/inquiries', createAdminFake('owner'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).queryByRole('link', { name: '法人会員' })).not.toBeInTheDocument();
    consumer.unmount();

    const fake = createAdminFake('owner', { corporate: true }).on('GET', '/v1/admin/companies', () => paged([]));
    renderAdmin('/admin/inquiries', fake);
    const corporateMenu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(within(corporateMenu).getByRole('link', { name: '法人会員' })).toHaveAttribute('href', '/admin/companies');
  });

  it('tells a consumer shop it has none, without asking the server', async () => {
    const fake = createAdminFake('owner');
    renderAdmin('/admin/companies', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('このショップは法人向けではないため');
    expect(fake.callsTo('/v1/admin/companies')).toHaveLength(0);
  });

  it('lists the companies waiting for approval and searches by the address', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('order_clerk', { corporate: true }).on('GET', '/v1/admin/companies', () =>
      paged([company()]),
    );
    const { router } = renderAdmin('/admin/companies', fake);

    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('株式会社ライド商会');
    expect(row).toHaveTextContent('apply@ride-shokai.co.jp');
    expect(row).toHaveTextContent('銀行振込（前払い）');
    expect(row).toHaveTextContent('未承認');
    expect(row).toHaveTextContent('メール未確認');
    expect(new URL(fake.callsTo('/v1/admin/companies')[0]!.url).searchParams.get('invoice')).toBe('unapproved');
    // Roles without `shop_settings` see the list only.
    expect(screen.getByText(/承認と取り消しは店舗オーナーまたは店長のみ行えます/)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('請求書払い'), 'すべて');
    await user.type(screen.getByLabelText('キーワード'), ' ライド ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(router.state.location.search).toBe(`?invoice=all&q=${encodeURIComponent('ライド')}`);
    await waitFor(() => {
      const last = new URL(fake.callsTo('/v1/admin/companies').at(-1)!.url).searchParams;
      expect([last.get('invoice'), last.get('q')]).toEqual([null, 'ライド']);
    });
  });

  it('lets an owner approve a company, and withdraw the approval after saying what it changes', async () => {
    const user = userEvent.setup();
    let approved = false;
    const fake = createAdminFake('owner', { corporate: true })
      .on('GET', '/v1/admin/companies', () => paged([company({ invoice_approved: approved })]))
      .on('PUT', '/v1/admin/companies/u-1/invoice-approval', async (request) => {
        approved = ((await request.json()) as { approved: boolean }).approved;
        return json(company({ invoice_approved: approved }));
      });
    renderAdmin('/admin/companies?invoice=all', fake);

    await user.click(await screen.findByRole('button', { name: '株式会社ライド商会の請求書払いを承認する' }));
    expect(await screen.findByText('株式会社ライド商会の請求書払いを承認しました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/companies/u-1/invoice-approval')[0]!.json()).toEqual({ approved: true });
    expect(await screen.findByText('承認済み', { selector: 'span' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: '株式会社ライド商会の請求書払いの承認を取り消す' }));
    expect(screen.getByText(/希望の支払方法が請求書払いの場合は、その設定も解除されます/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'やめる' }));
    expect(fake.callsTo('/v1/admin/companies/u-1/invoice-approval')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '株式会社ライド商会の請求書払いの承認を取り消す' }));
    await user.click(screen.getByRole('button', { name: '取り消す' }));
    expect(await screen.findByText('株式会社ライド商会の請求書払いの承認を取り消しました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/companies/u-1/invoice-approval')[1]!.json()).toEqual({ approved: false });
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('owner', { corporate: true })
      .on('GET', '/v1/admin/companies', () => paged([company()]))
      .on(
        'PUT',
        '/v1/admin/companies/u-1/invoice-approval',
        json({ message: 'ページが見つかりません。' }, { status: 404 }),
      );
    renderAdmin('/admin/companies', fake);
    await user.click(await screen.findByRole('button', { name: '株式会社ライド商会の請求書払いを承認する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ページが見つかりません。');
  });
});
