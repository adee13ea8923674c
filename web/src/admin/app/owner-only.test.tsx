import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, topics } from '../../test/render-admin';

describe('owner-only controls', () => {
  it('shows the staff role in the header and leaves 操作履歴 out of a staff member’s menu', async () => {
    renderAdmin('/admin/inquiries', createAdminFake('staff'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(screen.getByText('スタッフ')).toBeInTheDocument();
    expect(screen.getByText('佐藤 花子')).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '操作履歴' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'お問い合わせ種別' })).toBeInTheDocument();
  });

  it('gives an owner the menu entry and the audit log', async () => {
    const fake = createAdminFake('owner').on('GET', '/v1/admin/audit-log', () =>
      paged([
        { at: '2026-11-26T04:00:00Z', staff_name: '佐藤 花子', action: 'inquiry_reply', target: 'Q-20261126-0001' },
      ]),
    );
    renderAdmin('/admin/audit-log', fake);
    expect(await screen.findByText('オーナー')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '操作履歴' })).toHaveAttribute('aria-current', 'page');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('2026/11/26 13:00');
    expect(row).toHaveTextContent('返信');
    expect(row).toHaveTextContent('Q-20261126-0001');
  });

  it('does not ask for the audit log for a staff member who types its address', async () => {
    const fake = createAdminFake('staff');
    renderAdmin('/admin/audit-log', fake);
    expect(await screen.findByText('操作履歴はオーナーのみ見られます。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/audit-log')).toHaveLength(0);
  });

  it('shows staff the topics read-only', async () => {
    renderAdmin('/admin/topics', createAdminFake('staff'));
    expect(await screen.findByText('ご注文について')).toBeInTheDocument();
    expect(screen.getByText('種別の追加・変更・削除はオーナーのみ行えます。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /削除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /名前を変更/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '種別を追加' })).not.toBeInTheDocument();
  });

  it('lets an owner add, rename, move and delete topics, and shows why a topic in use stays', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('owner')
      .on(
        'POST',
        '/v1/admin/inquiry-topics',
        json({ id: 'tp-4', key: 'x', name: '返品', position: 4 }, { status: 201 }),
      )
      .on('PATCH', '/v1/admin/inquiry-topics/tp-2', json(topics[1]))
      .on(
        'DELETE',
        '/v1/admin/inquiry-topics/tp-1',
        json({ message: 'この種別はお問い合わせで使われているため削除できません。' }, { status: 422 }),
      );
    renderAdmin('/admin/topics', fake);

    const add = await screen.findByRole('form', { name: '種別を追加' });
    await user.type(within(add).getByLabelText('種別名'), '返品');
    await user.click(within(add).getByRole('button', { name: '追加' }));
    expect(await screen.findByText('種別「返品」を追加しました。')).toBeInTheDocument();
    expect(
      await fake
        .callsTo('/v1/admin/inquiry-topics')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      name: '返品',
    });

    await user.click(screen.getByRole('button', { name: '「カタログ請求」を上へ' }));
    expect(await screen.findByText('「カタログ請求」を1番目に移動しました。')).toBeInTheDocument();
    // One call: the server closes the others up around the moved topic.
    expect(await fake.callsTo('/v1/admin/inquiry-topics/tp-2')[0]!.json()).toEqual({ position: 1 });
    expect(fake.callsTo('/v1/admin/inquiry-topics/tp-1')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '「ご注文について」を上へ' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '「カタログ請求」の名前を変更' }));
    const rename = screen.getByRole('form', { name: '「カタログ請求」の名前を変更' });
    const field = within(rename).getByLabelText('新しい種別名');
    await user.clear(field);
    await user.type(field, '資料請求');
    await user.click(within(rename).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('種別名を「資料請求」に変更しました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/inquiry-topics/tp-2')[1]!.json()).toEqual({ name: '資料請求' });

    await user.click(screen.getByRole('button', { name: '「ご注文について」を削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この種別はお問い合わせで使われているため削除できません。',
    );
  });

  it('offers 全会員 to owners only', async () => {
    const staff = renderAdmin('/admin/messages/new', createAdminFake('staff'));
    expect(await screen.findByRole('radio', { name: '一人の会員' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'セグメント' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '全会員' })).not.toBeInTheDocument();
    staff.unmount();

    renderAdmin('/admin/messages/new', createAdminFake('owner'));
    expect(await screen.findByRole('radio', { name: '全会員' })).toBeInTheDocument();
  });
});
