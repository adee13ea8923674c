import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inquiry, InquiryMessage, InquirySummary } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const summary = (n: number, overrides: Partial<InquirySummary> = {}): InquirySummary => ({
  key: `k${n}`,
  number: `Q-20261126-000${n}`,
  topic: { id: 't-product', name: '商品について' },
  status: 'open',
  status_label: '未対応',
  subject: `ご質問${n}`,
  created_at: '2026-11-20T01:00:00Z',
  last_message_at: '2026-11-21T03:30:00Z',
  has_unread_reply: false,
  ...overrides,
});

const pdf = {
  key: 'f-pdf',
  name: '見積書.pdf',
  content_type: 'application/pdf',
  size: 150_000,
  url: '/v1/upload-files/f-pdf',
};

const thread = (messages: InquiryMessage[], overrides: Partial<Inquiry> = {}): Inquiry => ({
  ...summary(1, { status: 'in_progress', status_label: '対応中' }),
  name: '山田 太郎',
  name_kana: '',
  email: 'member@example.com',
  phone: '',
  company: '',
  department: '',
  job: '',
  fax: '',
  postal_code: '',
  prefecture: '',
  city: '',
  address1: '',
  address2: '',
  order_number: '',
  messages,
  ...overrides,
});

const first: InquiryMessage = {
  id: 'm1',
  author: 'customer',
  author_name: '山田 太郎',
  body: 'ヘルメットのサイズを教えてください。',
  created_at: '2026-11-20T01:00:00Z',
  files: [],
};
const answer: InquiryMessage = {
  id: 'm2',
  author: 'shop',
  author_name: 'サポート担当',
  body: 'Mサイズは57〜58cmです。',
  created_at: '2026-11-21T03:30:00Z',
  files: [pdf],
};

function memberFake(): FakeFetch {
  const messages = [first, answer];
  return createSiteFake()
    .on('GET', '/v1/me/system-messages', json({ data: [] }, { headers: { 'x-total': '0' } }))
    .on('GET', '/v1/me/inquiries', (request) => {
      const page = new URL(request.url).searchParams.get('page') ?? '1';
      const data =
        page === '1'
          ? [summary(1, { status: 'in_progress', status_label: '対応中', has_unread_reply: true }), summary(2)]
          : [summary(3, { status: 'closed', status_label: '完了' })];
      return json(
        { data },
        { headers: { 'x-total': '11', 'x-per-page': '10', 'x-last-page': '2', 'x-current-page': page } },
      );
    })
    .on('GET', '/v1/me/inquiries/k1', () => json(thread(messages)))
    .on(
      'GET',
      '/v1/upload-files/f-pdf',
      () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
    )
    .on('POST', '/v1/upload-files', json({ ...pdf, key: 'f-new', name: 'photo.jpg', size: 1000 }, { status: 201 }))
    .on('POST', '/v1/inquiry-comments/reply', async (request) => {
      const body = (await request.clone().json()) as { body: string; files?: string[] };
      const message: InquiryMessage = {
        id: 'm3',
        author: 'customer',
        author_name: '山田 太郎',
        body: body.body,
        created_at: '2026-11-22T01:00:00Z',
        files: body.files ? [{ ...pdf, key: 'f-new', name: 'photo.jpg', size: 1000 }] : [],
      };
      messages.push(message);
      return json(message, { status: 201 });
    });
}

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push({ name: '', blob });
    return `blob:test/${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved[saved.length - 1];
    if (last && this.href.startsWith('blob:')) last.name = this.download;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/mypage/inquiry_history', () => {
  it('lists the inquiries with number, topic, status, dates and the unread-reply mark, page by page', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/inquiry_history', memberFake());

    const list = await screen.findByRole('list', { name: 'お問い合わせ一覧' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Q-20261126-0001')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('対応中')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('新着回答あり')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('商品について')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2026.11.20')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2026.11.21 12:30')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'ご質問1（新着回答あり）' })).toHaveAttribute(
      'href',
      '/mypage/inquiry_history/k1',
    );
    expect(within(rows[1]!).getByText('未対応')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('新着回答あり')).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'マイページメニュー' });
    expect(within(menu).getByRole('link', { name: 'お問い合わせ履歴' })).toHaveAttribute('aria-current', 'page');

    const pages = screen.getByRole('navigation', { name: 'お問い合わせ履歴のページ送り' });
    await user.click(within(pages).getByRole('link', { name: '2ページ目' }));
    expect(await screen.findByText('完了')).toBeInTheDocument();
    expect(new URL(fake.callsTo('/v1/me/inquiries').at(-1)!.url).searchParams.get('page')).toBe('2');
  });

  it('says so when there are none, with the way to the form', async () => {
    logIn();
    const fake = memberFake().on('GET', '/v1/me/inquiries', json({ data: [] }, { headers: { 'x-total': '0' } }));
    await renderApp('/mypage/inquiry_history', fake);
    expect(await screen.findByText('お問い合わせはありません。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お問い合わせフォームへ' })).toHaveAttribute('href', '/contact');
  });
});

describe('/mypage/inquiry_history/:key', () => {
  it('shows the thread as a conversation and downloads an attachment with the member’s bearer', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/inquiry_history/k1', memberFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ詳細' })).toBeInTheDocument();
    expect(screen.getByText('Q-20261126-0001')).toBeInTheDocument();
    const conversation = screen.getByRole('list', { name: 'やりとり' });
    const [mine, shop] = within(conversation).getAllByRole('article');
    expect(mine).toHaveAccessibleName('お客様のメッセージ');
    expect(within(mine!).getByText('ヘルメットのサイズを教えてください。')).toBeInTheDocument();
    expect(shop).toHaveAccessibleName('ショップのメッセージ');
    expect(within(shop!).getByText('ショップ（サポート担当）')).toBeInTheDocument();

    await user.click(within(shop!).getByRole('button', { name: /^見積書\.pdf\s*146 KB\s*をダウンロード$/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('見積書.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.4');
    expect(fake.callsTo('/v1/upload-files/f-pdf')[0]!.headers.get('Authorization')).toBe('Bearer member-token');
  });

  it('sends a reply with an attachment and shows it in the thread', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/inquiry_history/k1', memberFake());

    const form = await screen.findByRole('form', { name: '返信する' });
    await user.click(within(form).getByRole('button', { name: '返信を送信する' }));
    expect(await within(form).findByText('必須項目です')).toBeInTheDocument();
    expect(fake.callsTo('/v1/inquiry-comments/reply')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^返信内容/), 'ありがとうございます。Mサイズを注文します。');
    await user.upload(
      within(form).getByLabelText(/^添付ファイル/),
      new File(['x'], 'photo.jpg', { type: 'image/jpeg' }),
    );
    await within(form).findByText('photo.jpg');
    await user.click(within(form).getByRole('button', { name: '返信を送信する' }));

    const conversation = screen.getByRole('list', { name: 'やりとり' });
    await waitFor(() => expect(within(conversation).getAllByRole('article')).toHaveLength(3));
    expect(within(conversation).getByText('ありがとうございます。Mサイズを注文します。')).toBeInTheDocument();
    expect(await (fake.callsTo('/v1/inquiry-comments/reply')[0]!.json() as Promise<unknown>)).toEqual({
      inquiry_key: 'k1',
      body: 'ありがとうございます。Mサイズを注文します。',
      files: ['f-new'],
    });
    expect(within(form).getByLabelText(/^返信内容/)).toHaveValue('');
    expect(within(form).queryByText('photo.jpg')).not.toBeInTheDocument();
    expect(within(form).queryByText('「photo.jpg」を添付しました。')).not.toBeInTheDocument();
  });
});

describe('/contact/thread/:key (a guest’s link)', () => {
  function guestFake(): FakeFetch {
    return createSiteFake()
      .on('GET', '/v1/inquiries/k1', (request) =>
        new URL(request.url).searchParams.get('t') === 'tok'
          ? json(thread([first, answer], { status: 'closed', status_label: '完了' }))
          : json({ message: 'Not Found' }, { status: 404 }),
      )
      .on('GET', '/v1/upload-files/f-pdf', () => new Response('%PDF-1.4'))
      .on(
        'POST',
        '/v1/inquiry-comments/reply',
        json({ ...first, id: 'm9', body: '追加の質問です。' }, { status: 201 }),
      );
  }

  it('shows the thread and replies with the mailed token', async () => {
    const user = userEvent.setup();
    const { fake } = await renderApp('/contact/thread/k1?t=tok', guestFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ内容' })).toBeInTheDocument();
    expect(await screen.findByText('Mサイズは57〜58cmです。')).toBeInTheDocument();
    expect(screen.getByText('完了')).toBeInTheDocument();
    expect(screen.getByText(/返信すると、再度お問い合わせとして受け付けます/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /見積書.pdf.*をダウンロード/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const download = new URL(fake.callsTo('/v1/upload-files/f-pdf')[0]!.url);
    expect(download.searchParams.get('t')).toBe('tok');

    await user.type(screen.getByLabelText(/^返信内容/), '追加の質問です。');
    await user.click(screen.getByRole('button', { name: '返信を送信する' }));
    await waitFor(() => expect(fake.callsTo('/v1/inquiry-comments/reply')).toHaveLength(1));
    expect(await fake.callsTo('/v1/inquiry-comments/reply')[0]!.json()).toEqual({
      inquiry_key: 'k1',
      body: '追加の質問です。',
      t: 'tok',
    });
  });

  it('says a wrong or expired link is not valid', async () => {
    await renderApp('/contact/thread/k1?t=old', guestFake());
    expect(await screen.findByRole('alert')).toHaveTextContent('このリンクは無効か、有効期限が切れています。');
  });
});
