import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAdminFake, paged, renderAdmin, summary } from '../../test/render-admin';

function listQueries(fake: ReturnType<typeof createAdminFake>): URLSearchParams[] {
  return fake.callsTo('/v1/admin/inquiries').map((request) => new URL(request.url).searchParams);
}

describe('受信箱', () => {
  it('lists the open inquiries with the counts of each status', async () => {
    renderAdmin('/admin/inquiries');
    const rows = await screen.findAllByRole('row');
    // The header row and two inquiries.
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Q-20261126-0001' })).toHaveAttribute('href', '/admin/inquiries/inq-1');
    expect(first.getByText('ご注文について')).toBeInTheDocument();
    expect(first.getByText('山田 1郎')).toBeInTheDocument();
    expect(first.getByText('件名1')).toBeInTheDocument();
    expect(first.getByText('2026/11/26 11:30')).toBeInTheDocument();
    expect(first.getByText('会員')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('ゲスト')).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: '対応状況' });
    expect(await within(tabs).findByRole('link', { name: /^未対応\s*2件$/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /^対応中\s*1件$/ })).not.toHaveAttribute('aria-current');
    expect(within(tabs).getByRole('link', { name: /^完了\s*5件$/ })).toBeInTheDocument();
  });

  it('filters by status tab, topic and search word, and keeps the filter in the address', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('order_clerk');
    const { router } = renderAdmin('/admin/inquiries', fake);
    await screen.findAllByRole('row');
    expect(listQueries(fake)[0]!.get('status')).toBe('open');

    await user.click(screen.getByRole('link', { name: /対応中/ }));
    await waitFor(() => expect(listQueries(fake).at(-1)!.get('status')).toBe('in_progress'));

    fake.on('GET', '/v1/admin/inquiries', () => paged([summary(7, { status: 'in_progress', subject: '返品の件' })]));
    await user.selectOptions(screen.getByLabelText('種別'), 'カタログ請求');
    await user.type(screen.getByLabelText('キーワード'), ' 返品 ');
    await user.click(screen.getByRole('button', { name: '検索' }));

    await waitFor(() => {
      const query = listQueries(fake).at(-1)!;
      expect(query.get('status')).toBe('in_progress');
      expect(query.get('topic_id')).toBe('tp-2');
      expect(query.get('q')).toBe('返品');
      expect(query.get('page')).toBe('1');
    });
    expect(await screen.findByText('返品の件')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=in_progress&topic=tp-2&q=%E8%BF%94%E5%93%81');

    await user.click(screen.getByRole('link', { name: '条件をクリア' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=in_progress'));
    await waitFor(() => expect(screen.getByLabelText('キーワード')).toHaveValue(''));
    expect(screen.getByLabelText('種別')).toHaveValue('');
  });

  it('pages through a long list', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('order_clerk').on('GET', '/v1/admin/inquiries', (request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return paged([summary(page)], 45, 20, page);
    });
    renderAdmin('/admin/inquiries', fake);
    expect(await screen.findByText('全45件（1 / 3ページ）')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '次へ' }));
    expect(await screen.findByText('全45件（2 / 3ページ）')).toBeInTheDocument();
    expect(listQueries(fake).at(-1)!.get('page')).toBe('2');
  });

  it('says so when nothing matches', async () => {
    const fake = createAdminFake('order_clerk').on('GET', '/v1/admin/inquiries', () => paged([]));
    renderAdmin('/admin/inquiries?status=closed', fake);
    expect(await screen.findByText('該当するお問い合わせはありません。')).toBeInTheDocument();
  });
});
