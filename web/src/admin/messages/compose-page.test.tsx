import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, paged, renderAdmin } from '../../test/render-admin';

describe('お知らせ作成', () => {
  it('previews the recipients and the message as the member sees it, then sends exactly that', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('order_clerk')
      .on('POST', '/v1/admin/system-messages/preview', async (request) => {
        const body = (await request.json()) as { title: string; body: string };
        return json({ recipients: 1, title: body.title, body: body.body });
      })
      .on('POST', '/v1/admin/system-messages', json({ key: 'sm-1', recipients: 1 }, { status: 201 }))
      .on('GET', '/v1/admin/system-messages', () =>
        paged([
          {
            key: 'sm-1',
            title: '年末年始の営業',
            body: '…',
            audience: 'member',
            segment: null,
            staff_name: '佐藤 花子',
            created_at: '2026-11-26T07:00:00Z',
            recipients: 1,
            read_count: 0,
          },
        ]),
      );
    const { router } = renderAdmin('/admin/messages/new', fake);

    await user.click(await screen.findByRole('button', { name: 'プレビュー' }));
    expect(await screen.findByText('会員のメールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('件名を入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/system-messages/preview')).toHaveLength(0);

    await user.type(screen.getByLabelText('会員のメールアドレス'), 'member@example.jp');
    await user.type(screen.getByLabelText('件名'), '年末年始の営業');
    await user.type(screen.getByLabelText('本文'), '12月29日から1月3日までお休みします。');
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));

    const preview = await screen.findByRole('region', { name: 'プレビュー' });
    expect(within(preview).getByRole('status')).toHaveTextContent(/送信先：会員（member@example\.jp）\s*1人/);
    const view = within(preview).getByRole('article', { name: '会員の画面での表示' });
    expect(within(view).getByRole('heading', { name: '年末年始の営業' })).toBeInTheDocument();
    expect(view).toHaveTextContent('12月29日から1月3日までお休みします。');
    expect(await fake.callsTo('/v1/admin/system-messages/preview')[0]!.json()).toEqual({
      audience: 'member',
      member_email: 'member@example.jp',
      title: '年末年始の営業',
      body: '12月29日から1月3日までお休みします。',
    });

    // A change after the preview takes the preview (and its send button) away.
    await user.type(screen.getByLabelText('件名'), '！');
    expect(screen.queryByRole('region', { name: 'プレビュー' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('件名'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));
    await user.click(await screen.findByRole('button', { name: '1人に送信' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages'));
    expect(await screen.findByText('お知らせを1人に送信しました。')).toBeInTheDocument();
    expect(
      await fake
        .callsTo('/v1/admin/system-messages')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      audience: 'member',
      member_email: 'member@example.jp',
      title: '年末年始の営業',
      body: '12月29日から1月3日までお休みします。',
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('年末年始の営業');
    expect(row).toHaveTextContent('一人の会員');
    expect(row).toHaveTextContent('佐藤 花子');
    expect(row).toHaveTextContent('0%');
  });

  it('sends a segment and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    const fake = createAdminFake('order_clerk').on(
      'POST',
      '/v1/admin/system-messages/preview',
      json(
        { message: '入力内容をご確認ください。', errors: { title: ['件名は100文字以内で入力してください'] } },
        { status: 422 },
      ),
    );
    renderAdmin('/admin/messages/new', fake);
    await user.click(await screen.findByRole('radio', { name: 'セグメント' }));
    await user.selectOptions(screen.getByLabelText('対象のセグメント'), '購入歴のある会員');
    await user.type(screen.getByLabelText('件名'), 'セール');
    await user.type(screen.getByLabelText('本文'), '本文');
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));
    expect(await screen.findByText('件名は100文字以内で入力してください')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/system-messages/preview')[0]!.json()).toEqual({
      audience: 'segment',
      segment: 'purchasers',
      title: 'セール',
      body: '本文',
    });
  });
});
