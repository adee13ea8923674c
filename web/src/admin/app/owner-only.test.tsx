import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin, topics } from '../../test/render-admin';

/** The menu's entries, in order. */
async function menuEntries(): Promise<string[]> {
  const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('controls by permission', () => {
  it('shows the role’s label in the header and leaves 操作履歴 out of an order clerk’s menu', async () => {
    renderAdmin('/admin/inquiries', createAdminFake('order_clerk'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    expect(screen.getByText('受注担当')).toBeInTheDocument();
    expect(screen.getByText('佐藤 花子')).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '操作履歴' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'お問い合わせ種別' })).toBeInTheDocument();
  });

  it('builds each role’s menu from its permissions, 受注管理 and the catalogue desks first', async () => {
    const owner = renderAdmin('/admin/inquiries', createAdminFake('owner'));
    expect(await menuEntries()).toEqual([
      '受注管理',
      '会員',
      '商品管理',
      '在庫管理',
      '分類管理',
      'レビュー管理',
      'CSV入出力',
      '売上',
      '受信箱',
      'お知らせ作成',
      '送信済みお知らせ',
      'お問い合わせ種別',
      'ページ',
      'お知らせ',
      'クーポン',
      '設定',
      'スタッフ',
      '操作履歴',
    ]);
    owner.unmount();

    // 店長: everything but the staff desk and the audit log.
    const manager = renderAdmin('/admin/inquiries', createAdminFake('manager'));
    expect(await screen.findByText('店長')).toBeInTheDocument();
    expect(await menuEntries()).toEqual([
      '受注管理',
      '会員',
      '商品管理',
      '在庫管理',
      '分類管理',
      'レビュー管理',
      'CSV入出力',
      '売上',
      '受信箱',
      'お知らせ作成',
      '送信済みお知らせ',
      'お問い合わせ種別',
      'ページ',
      'お知らせ',
      'クーポン',
      '設定',
    ]);
    manager.unmount();

    // 出荷担当 and 閲覧のみ: no inquiries to answer, so no お知らせ作成; no `shop_settings`, so no 設定;
    // 閲覧のみ reads the members, the warehouse does not.
    for (const [role, label, members] of [
      ['shipping_clerk', '出荷担当', []],
      ['viewer', '閲覧のみ', ['会員']],
    ] as const) {
      const view = renderAdmin('/admin/inquiries', createAdminFake(role));
      expect(await screen.findByText(label)).toBeInTheDocument();
      expect(await menuEntries()).toEqual([
        '受注管理',
        ...members,
        '商品管理',
        '在庫管理',
        '分類管理',
        'レビュー管理',
        'CSV入出力',
        '受信箱',
        '送信済みお知らせ',
        'お問い合わせ種別',
      ]);
      view.unmount();
    }
  });

  it('lets a manager change the topics, as the server allows `shop_settings`', async () => {
    renderAdmin('/admin/topics', createAdminFake('manager'));
    expect(await screen.findByRole('form', { name: '種別を追加' })).toBeInTheDocument();
    expect(screen.queryByText(/店舗オーナーまたは店長のみ/)).not.toBeInTheDocument();
  });

  it('shows the server’s own refusal when a call answers 403', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('owner').on(
      'DELETE',
      '/v1/admin/inquiry-topics/tp-1',
      json({ message: 'この操作は店舗オーナーまたは店長のみ行えます。', code: 'staff.forbidden' }, { status: 403 }),
    );
    renderAdmin('/admin/topics', fake);
    await user.click(await screen.findByRole('button', { name: '「ご注文について」を削除' }));
    await user.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('この操作は店舗オーナーまたは店長のみ行えます。');
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

  it('does not ask for the audit log for a role without `audit_log` that types its address', async () => {
    const fake = createAdminFake('manager');
    renderAdmin('/admin/audit-log', fake);
    expect(await screen.findByText('操作履歴は店舗オーナーのみ見られます。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/audit-log')).toHaveLength(0);
  });

  it('shows roles without `shop_settings` the topics read-only', async () => {
    renderAdmin('/admin/topics', createAdminFake('order_clerk'));
    expect(await screen.findByText('ご注文について')).toBeInTheDocument();
    expect(screen.getByText('種別の追加・変更・削除は店舗オーナーまたは店長のみ行えます。')).toBeInTheDocument();
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

  it('offers 全会員 only to roles with `shop_settings`', async () => {
    const staff = renderAdmin('/admin/messages/new', createAdminFake('order_clerk'));
    expect(await screen.findByRole('radio', { name: '一人の会員' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'セグメント' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '全会員' })).not.toBeInTheDocument();
    staff.unmount();

    renderAdmin('/admin/messages/new', createAdminFake('owner'));
    expect(await screen.findByRole('radio', { name: '全会員' })).toBeInTheDocument();
  });
});

describe('the menu on a phone', () => {
  it('opens from 「メニュー」 and folds again when a screen is chosen', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/inquiries', createAdminFake('owner'));
    const menu = await screen.findByRole('navigation', { name: '管理メニュー' });
    const toggle = within(menu).getByRole('button', { name: 'メニュー' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', within(menu).getByRole('list').id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: '送信済みお知らせ' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
