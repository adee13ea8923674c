import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, inquiry, renderAdmin, type Role } from '../../test/render-admin';

function threadFake(role: Role = 'order_clerk') {
  let current = inquiry();
  const fake = createAdminFake(role)
    .on('GET', '/v1/admin/inquiries/inq-1', () => json(current))
    .on(
      'GET',
      '/v1/admin/upload-files/f-img',
      () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
    )
    .on('POST', '/v1/admin/upload-files', () =>
      json(
        { key: 'up-1', name: 'answer.pdf', content_type: 'application/pdf', size: 1200, url: '/v1/upload-files/up-1' },
        { status: 201 },
      ),
    )
    .on('POST', '/v1/admin/inquiries/inq-1/replies', async (request) => {
      const body = (await request.json()) as { body: string; files: string[] };
      const message = {
        id: 'm-2',
        author: 'shop',
        author_name: '佐藤 花子',
        body: body.body,
        created_at: '2026-11-26T05:00:00Z',
        files: body.files.map((key) => ({
          key,
          name: 'answer.pdf',
          content_type: 'application/pdf',
          size: 1200,
          url: '',
        })),
      };
      current = { ...current, status: 'in_progress', messages: [...current.messages, message] };
      return json(message, { status: 201 });
    })
    .on('PATCH', '/v1/admin/inquiries/inq-1', async (request) => {
      const { status } = (await request.json()) as { status: string };
      current = { ...current, status };
      const { notes: _notes, ...rest } = current;
      return json(rest);
    })
    .on('POST', '/v1/admin/inquiries/inq-1/notes', async (request) => {
      const { body } = (await request.json()) as { body: string };
      const note = { id: 'n-2', staff_name: '佐藤 花子', body, created_at: '2026-11-26T06:00:00Z' };
      current = { ...current, notes: [...current.notes, note] };
      return json(note, { status: 201 });
    });
  return fake;
}

describe('スレッド', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:http://shop.test/photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the conversation, the customer, images inline through blob URLs and PDFs to download', async () => {
    const fake = threadFake();
    renderAdmin('/admin/inquiries/inq-1', fake);
    expect(await screen.findByRole('heading', { level: 1, name: /件名1/ })).toBeInTheDocument();
    const message = screen.getByRole('article', { name: 'お客様のメッセージ' });
    expect(message).toHaveTextContent('届いた商品が違います。');
    const image = await within(message).findByRole('img', { name: 'photo.png' });
    expect(image).toHaveAttribute('src', 'blob:http://shop.test/photo');
    expect(fake.callsTo('/v1/admin/upload-files/f-img')[0]!.credentials).toBe('same-origin');
    expect(within(message).getByRole('button', { name: 'receipt.pdf をダウンロード（4 KB）' })).toBeInTheDocument();
    // The PDF is fetched only when asked for.
    expect(fake.callsTo('/v1/admin/upload-files/f-pdf')).toHaveLength(0);

    const customer = screen.getByRole('region', { name: 'お客様の情報' });
    expect(within(customer).getByRole('link', { name: 'yamada1@example.jp' })).toHaveAttribute(
      'href',
      'mailto:yamada1@example.jp',
    );
    expect(customer).toHaveTextContent('〒100-0001 東京都 千代田区 千代田1-1');
  });

  it('sends a reply with an attachment uploaded first', async () => {
    const user = userEvent.setup();
    const fake = threadFake();
    renderAdmin('/admin/inquiries/inq-1', fake);
    const form = await screen.findByRole('form', { name: '返信' });

    await user.click(within(form).getByRole('button', { name: '返信を送信' }));
    expect(await within(form).findByText('返信内容を入力してください')).toBeInTheDocument();
    expect(fake.callsTo('/v1/admin/inquiries/inq-1/replies')).toHaveLength(0);

    await user.type(within(form).getByLabelText('返信内容'), 'ご迷惑をおかけしました。交換品をお送りします。');
    await user.upload(
      within(form).getByLabelText('ファイルを添付'),
      new File(['%PDF-1.4'], 'answer.pdf', { type: 'application/pdf' }),
    );
    expect(await within(form).findByText(/answer\.pdf（1 KB）/)).toBeInTheDocument();
    const upload = fake.callsTo('/v1/admin/upload-files')[0]!;
    const sentForm = await upload.formData();
    expect(sentForm.get('dir')).toBe('inquiries');
    // (jsdom's File does not survive Node's Request intact; the e2e journey uploads a real one.)
    expect(sentForm.has('file')).toBe(true);

    await user.click(within(form).getByRole('button', { name: '返信を送信' }));
    expect(await screen.findByText('返信を送信しました。お客様にメールでお知らせしました。')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/inquiries/inq-1/replies')[0]!.json()).toEqual({
      body: 'ご迷惑をおかけしました。交換品をお送りします。',
      files: ['up-1'],
    });
    expect(within(form).getByLabelText('返信内容')).toHaveValue('');
    expect(await screen.findByRole('article', { name: 'ショップのメッセージ' })).toHaveTextContent(
      '交換品をお送りします',
    );
    // The reply moved the inquiry to 対応中: the refetched thread says so.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'ステータス' })).toHaveValue('in_progress'));
  });

  it('refuses a file the server would refuse, before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fake = threadFake();
    renderAdmin('/admin/inquiries/inq-1', fake);
    const form = await screen.findByRole('form', { name: '返信' });
    await user.upload(
      within(form).getByLabelText('ファイルを添付'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。',
    );
    expect(fake.callsTo('/v1/admin/upload-files')).toHaveLength(0);
  });

  it('changes the status and adds an internal note marked as never shown to the customer', async () => {
    const user = userEvent.setup();
    const fake = threadFake();
    renderAdmin('/admin/inquiries/inq-1', fake);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'ステータス' }), '完了');
    expect(await screen.findByText('ステータスを「完了」に変更しました。')).toBeInTheDocument();
    expect(
      await fake
        .callsTo('/v1/admin/inquiries/inq-1')
        .find((r) => r.method === 'PATCH')!
        .json(),
    ).toEqual({
      status: 'closed',
    });
    expect(
      fake
        .callsTo('/v1/admin/inquiries/inq-1')
        .find((r) => r.method === 'PATCH')!
        .headers.get('content-type'),
    ).toMatch(/^application\/json/);

    const notes = screen.getByRole('region', { name: /社内メモ/ });
    expect(within(notes).getByText('お客様には表示されません')).toBeInTheDocument();
    expect(within(notes).getByText('在庫を確認中')).toBeInTheDocument();
    await user.type(within(notes).getByLabelText('社内メモを追加'), '交換品を手配済み');
    await user.click(within(notes).getByRole('button', { name: 'メモを保存' }));
    expect(await within(notes).findByText('社内メモを追加しました。')).toBeInTheDocument();
    expect(await within(notes).findByText('交換品を手配済み')).toBeInTheDocument();
    expect(await fake.callsTo('/v1/admin/inquiries/inq-1/notes')[0]!.json()).toEqual({ body: '交換品を手配済み' });
  });

  it('says when the inquiry does not exist', async () => {
    const fake = createAdminFake('order_clerk').on(
      'GET',
      '/v1/admin/inquiries/nope',
      json({ message: '見つかりません' }, { status: 404 }),
    );
    renderAdmin('/admin/inquiries/nope', fake);
    expect(await screen.findByText('このお問い合わせは見つかりません。')).toBeInTheDocument();
  });

  it('lets a role without `inquiries` read the thread only', async () => {
    renderAdmin('/admin/inquiries/inq-1', threadFake('shipping_clerk'));
    expect(await screen.findByText(/届いた商品が違います。/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '返信' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'ステータス' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '社内メモの追加' })).not.toBeInTheDocument();
    expect(screen.getByText('在庫を確認中')).toBeInTheDocument();
    expect(screen.getByText(/お問い合わせ対応の権限があるスタッフが行えます/)).toBeInTheDocument();
  });
});
