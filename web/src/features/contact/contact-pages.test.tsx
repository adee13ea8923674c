import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Member } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { botProof, createSiteFake, renderApp } from '../../test/render-app';
import { BODY_PLACEHOLDER } from './contact-schema';

const topics = [
  { id: 't-product', key: 'product', name: '商品について', children: [] },
  { id: 't-catalog', key: 'catalog', name: 'カタログ請求', children: [] },
  { id: 't-other', key: 'other', name: 'その他', children: [] },
];

const notice = (code: string, body: string) => ({ code, title: null, body, updated_at: '2026-01-01T00:00:00Z' });

const photo = { key: 'f1', name: 'helmet.png', content_type: 'image/png', size: 2048, url: '/v1/upload-files/f1' };

function contactFake(): FakeFetch {
  let uploads = 0;
  return createSiteFake()
    .on('GET', '/v1/categories/hierarchy?table=inquiries', { data: topics })
    .on('GET', '/v1/postal-codes/prefectures', { data: [{ code: '13', name: '東京都' }] })
    .on('GET', '/v1/messages', {
      data: [
        notice('contact_info', '営業時間内に順次ご回答いたします。'),
        notice('contact_complete', '2営業日以内にご回答いたします。'),
        notice('contact_complete_shop_info', 'お電話：03-0000-0000（平日10時〜17時）'),
      ],
    })
    .on('POST', '/v1/upload-files', () => {
      uploads += 1;
      return json(uploads === 1 ? photo : { ...photo, key: `f${uploads}` }, { status: 201 });
    })
    .on('POST', '/v1/inquiries', json({ key: 'k1', number: 'Q-20261126-0007', status: 'open' }, { status: 201 }));
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(/^お問い合わせ種別/), '商品について');
  await user.type(screen.getByLabelText(/^お問い合わせ内容/), 'ヘルメットのサイズについて教えてください。');
  await user.type(screen.getByLabelText(/^お名前/), '山田 花子');
  await user.type(screen.getByLabelText(/^メールアドレス/), 'hanako@example.com');
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>;
}

describe('/contact', () => {
  it('takes a guest from the form through the confirm page to the number, with an attachment', async () => {
    const user = userEvent.setup();
    const { fake, router } = await renderApp('/contact', contactFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeInTheDocument();
    expect(await screen.findByText('営業時間内に順次ご回答いたします。')).toBeInTheDocument();
    const topic = screen.getByLabelText(/^お問い合わせ種別/);
    expect(
      within(topic)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選択してください', '商品について', 'カタログ請求', 'その他']);
    expect(screen.getByLabelText(/^お問い合わせ内容/)).toHaveAttribute('placeholder', BODY_PLACEHOLDER);
    // The proof of work starts as soon as the form shows.
    await waitFor(() => expect(fake.callsTo('/v1/bot-check')).toHaveLength(1));

    await fillRequired(user);
    await user.type(screen.getByLabelText(/^フリガナ/), 'ヤマダ ハナコ');
    await user.type(screen.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.upload(
      screen.getByLabelText(/^添付ファイル/),
      new File([new Uint8Array(2048)], 'helmet.png', { type: 'image/png' }),
    );
    const attached = await screen.findByRole('list', { name: '添付ファイル一覧' });
    expect(within(attached).getByText('helmet.png')).toBeInTheDocument();
    expect(within(attached).getByText('2 KB')).toBeInTheDocument();
    const upload = fake.callsTo('/v1/upload-files')[0]!;
    const sent = await upload.text();
    expect(sent).toMatch(/name="dir"\r\n\r\ninquiries\r\n/);
    // jsdom's File loses its name and bytes crossing into Node's fetch; the journey
    // (e2e/contact.spec.ts) sees the real upload.
    expect(sent).toMatch(/name="file"; filename=".+"\r\nContent-Type: image\/png/);

    await user.click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact/confirm'));
    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせ内容の確認' })).toBeInTheDocument();
    expect(screen.getByText('商品について')).toBeInTheDocument();
    expect(screen.getByText('山田 花子')).toBeInTheDocument();
    expect(screen.getByText('hanako@example.com')).toBeInTheDocument();
    expect(screen.getByText('helmet.png（2 KB）')).toBeInTheDocument();
    expect(fake.callsTo('/v1/inquiries')).toHaveLength(0);

    // 戻る: the form as it was, the file still attached.
    await user.click(screen.getByRole('link', { name: '戻る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(await screen.findByLabelText(/^お名前/)).toHaveValue('山田 花子');
    expect(screen.getByLabelText(/^お問い合わせ種別/)).toHaveValue('t-product');
    expect(within(screen.getByRole('list', { name: '添付ファイル一覧' })).getByText('helmet.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '確認画面へ' }));
    await user.click(await screen.findByRole('button', { name: '送信する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contact/complete'));
    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせを受け付けました' })).toBeInTheDocument();
    expect(screen.getByText('Q-20261126-0007')).toBeInTheDocument();
    expect(screen.getByText('2営業日以内にご回答いたします。')).toBeInTheDocument();
    expect(screen.getByText('お電話：03-0000-0000（平日10時〜17時）')).toBeInTheDocument();

    const post = fake.callsTo('/v1/inquiries')[0]!;
    expect(post.headers.get('X-Bot-Check')).toBe(botProof);
    expect(await bodyOf(post)).toEqual({
      topic_id: 't-product',
      name: '山田 花子',
      name_kana: 'ヤマダ ハナコ',
      email: 'hanako@example.com',
      phone: '03-1234-5678',
      body: 'ヘルメットのサイズについて教えてください。',
      files: ['f1'],
    });
    // Sent: the form starts empty again.
    await router.navigate('/contact');
    expect(await screen.findByLabelText(/^お名前/)).toHaveValue('');
  });

  it('checks the fields in the browser with the shared messages', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/contact', contactFake());

    await user.click(await screen.findByRole('button', { name: '確認画面へ' }));
    expect(await screen.findByText('お問い合わせ種別を選択してください')).toBeInTheDocument();
    expect(screen.getByLabelText(/^お名前/)).toHaveAttribute('aria-invalid', 'true');

    await fillRequired(user);
    await user.type(screen.getByLabelText(/^フリガナ/), 'やまだ');
    await user.type(screen.getByLabelText(/^電話番号/), '03-12');
    await user.clear(screen.getByLabelText(/^メールアドレス/));
    await user.type(screen.getByLabelText(/^メールアドレス/), 'hanako@');
    await user.click(screen.getByRole('button', { name: '確認画面へ' }));

    expect(await screen.findByText('全角カタカナで入力してください')).toBeInTheDocument();
    expect(screen.getByText('電話番号の形式で入力してください')).toBeInTheDocument();
    expect(screen.getByText('メールアドレスの形式で入力してください')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('chooses カタログ請求 from ?topic=catalog and then asks for the postal address', async () => {
    const user = userEvent.setup();
    const fake = contactFake().on('GET', '/v1/postal-code', {
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
      street: '',
    });
    const { router } = await renderApp('/contact?topic=catalog', fake);

    expect(await screen.findByLabelText(/^お問い合わせ種別/)).toHaveValue('t-catalog');
    const address = screen.getByRole('group', { name: 'カタログのお届け先' });
    await user.type(screen.getByLabelText(/^お問い合わせ内容/), '冊子を1部お願いします。');
    await user.type(screen.getByLabelText(/^お名前/), '山田 花子');
    await user.type(screen.getByLabelText(/^メールアドレス/), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: '確認画面へ' }));
    expect(await within(address).findAllByText('必須項目です')).toHaveLength(3);
    expect(within(address).getByText('郵便番号の形式で入力してください 例：123-4567')).toBeInTheDocument();

    await user.type(within(address).getByLabelText(/^郵便番号/), '100-0001');
    await user.click(within(address).getByRole('button', { name: '住所を自動入力' }));
    await waitFor(() => expect(within(address).getByLabelText(/^市区町村/)).toHaveValue('千代田区千代田'));
    await user.type(within(address).getByLabelText(/^番地/), '1-1');
    await user.click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact/confirm'));
    const confirm = await screen.findByRole('region', { name: 'カタログのお届け先' });
    expect(within(confirm).getByText('100-0001')).toBeInTheDocument();
    expect(within(confirm).getByText('東京都')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact/complete'));
    expect(await bodyOf(fake.callsTo('/v1/inquiries')[0]!)).toMatchObject({
      topic_id: 't-catalog',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
    });
  });

  it('fills in a member’s name, kana, e-mail and phone from the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'member-token');
    localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
    const member: Partial<Member> = {
      id: 'u1',
      email: 'member@example.com',
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      phone_number: '',
      cell_phone_number: '090-1234-5678',
      corporation: null,
    };
    const fake = contactFake()
      .on('GET', '/v1/me/user', member)
      .on('GET', '/v1/me/system-messages', json({ data: [] }, { headers: { 'x-total': '0' } }));
    await renderApp('/contact', fake);

    expect(await screen.findByLabelText(/^お名前/)).toHaveValue('山田 太郎');
    expect(screen.getByLabelText(/^フリガナ/)).toHaveValue('ヤマダ タロウ');
    expect(screen.getByLabelText(/^メールアドレス/)).toHaveValue('member@example.com');
    expect(screen.getByLabelText(/^電話番号/)).toHaveValue('090-1234-5678');
  });

  it('refuses a file the server would refuse before uploading it, and shows what the server refuses', async () => {
    const user = userEvent.setup();
    const fake = contactFake().on(
      'POST',
      '/v1/upload-files',
      json(
        {
          message: '入力内容に誤りがあります',
          errors: { file: ['画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。'] },
        },
        { status: 422 },
      ),
    );
    await renderApp('/contact', fake);
    const input = await screen.findByLabelText(/^添付ファイル/);

    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'large.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('「large.jpg」ファイルは5MBまでです。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/upload-files')).toHaveLength(0);

    // A PNG by its name whose bytes are something else: the server reads the bytes.
    await user.upload(input, new File(['%!PS'], 'fake.png', { type: 'image/png' }));
    expect(
      await screen.findByText('「fake.png」画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '添付ファイル一覧' })).not.toBeInTheDocument();
  });

  it('takes at most five files and lets one be removed', async () => {
    const user = userEvent.setup();
    const { fake } = await renderApp('/contact', contactFake());
    const input = await screen.findByLabelText(/^添付ファイル/);
    const files = Array.from({ length: 6 }, (_, i) => new File(['x'], `p${i + 1}.pdf`, { type: 'application/pdf' }));

    await user.upload(input, files);
    const list = await screen.findByRole('list', { name: '添付ファイル一覧' });
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /を削除$/ })).toHaveLength(5));
    expect(screen.getByText('「p6.pdf」添付できるファイルは5つまでです。')).toBeInTheDocument();
    expect(fake.callsTo('/v1/upload-files')).toHaveLength(5);
    expect(input).toBeDisabled();

    await user.click(within(list).getAllByRole('button', { name: /を削除$/ })[0]!);
    expect(within(list).getAllByRole('button', { name: /を削除$/ })).toHaveLength(4);
    expect(input).toBeEnabled();
  });

  it('puts the server’s field errors back on the form, and shows a refused bot check on the confirm page', async () => {
    const user = userEvent.setup();
    let answer = 0;
    const fake = contactFake().on('POST', '/v1/inquiries', () => {
      answer += 1;
      if (answer === 1) {
        return json(
          {
            message: 'ロボットによる送信でないことを確認できませんでした。もう一度お試しください。',
            code: 'bot_check.failed',
            errors: { bot_check: ['ロボットによる送信でないことを確認できませんでした。もう一度お試しください。'] },
          },
          { status: 422 },
        );
      }
      return json(
        { message: '入力内容に誤りがあります', errors: { email: ['このメールアドレスには送信できません'] } },
        { status: 422 },
      );
    });
    const { router } = await renderApp('/contact', fake);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '確認画面へ' }));
    await user.click(await screen.findByRole('button', { name: '送信する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ロボットによる送信でないことを確認できませんでした');
    expect(router.state.location.pathname).toBe('/contact/confirm');

    await user.click(screen.getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(await screen.findByText('このメールアドレスには送信できません')).toBeInTheDocument();
    expect(screen.getByLabelText(/^メールアドレス/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^メールアドレス/)).toHaveValue('hanako@example.com');
    expect(fake.callsTo('/v1/inquiries')).toHaveLength(2);
  });

  it('sends the confirm and complete pages back to the form when there is nothing to show', async () => {
    const { router } = await renderApp('/contact/confirm', contactFake());
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    await router.navigate('/contact/complete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });
});
