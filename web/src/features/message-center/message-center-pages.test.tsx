import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SystemMessage } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

function messagesFake(): FakeFetch {
  const messages: SystemMessage[] = [
    {
      key: 'sm2',
      title: '冬のセールのご案内',
      body: '最大20%オフです。\n\n会員様はポイント2倍。',
      created_at: '2026-11-25T01:00:00Z',
      is_read: false,
    },
    {
      key: 'sm1',
      title: '会員登録ありがとうございます',
      body: 'ご登録ありがとうございます。',
      created_at: '2026-10-27T01:00:00Z',
      is_read: true,
    },
  ];
  const page = (items: SystemMessage[], per: number) =>
    json(
      { data: items.slice(0, per) },
      {
        headers: {
          'x-total': String(items.length),
          'x-per-page': String(per),
          'x-last-page': String(Math.max(1, Math.ceil(items.length / per))),
          'x-current-page': '1',
        },
      },
    );
  return createSiteFake()
    .on('GET', '/v1/me/system-messages', (request) => {
      const query = new URL(request.url).searchParams;
      const per = Number(query.get('per') ?? '10');
      return page(query.get('unread') === '1' ? messages.filter((m) => !m.is_read) : messages, per);
    })
    .on('GET', '/v1/me/system-messages/sm2', () => {
      messages[0]!.is_read = true;
      return json(messages[0]);
    });
}

const header = () => screen.getByRole('banner');

describe('/mypage/message-center', () => {
  it('lists the messages with the unread one marked, and the header counts it', async () => {
    logIn();
    await renderApp('/mypage/message-center', messagesFake());

    const list = await screen.findByRole('list', { name: 'メッセージ一覧' });
    expect(within(list).getByRole('link', { name: '冬のセールのご案内（未読）' })).toHaveAttribute(
      'href',
      '/mypage/message-center/sm2',
    );
    expect(within(list).getByRole('link', { name: '会員登録ありがとうございます（既読）' })).toBeInTheDocument();
    expect(within(list).getByText('未読')).toBeInTheDocument();
    expect(within(list).getByText('2026.11.25 10:00')).toBeInTheDocument();
    expect(screen.getByText('全2件')).toBeInTheDocument();
    expect(await within(header()).findByRole('link', { name: 'マイページ（未読メッセージ1件）' })).toHaveAttribute(
      'href',
      '/mypage',
    );
  });

  it('opens a message, which marks it read: the header badge goes and the list says 既読', async () => {
    logIn();
    const user = userEvent.setup();
    const { fake } = await renderApp('/mypage/message-center', messagesFake());
    await screen.findByRole('list', { name: 'メッセージ一覧' });
    await within(header()).findByRole('link', { name: 'マイページ（未読メッセージ1件）' });

    await user.click(await screen.findByRole('link', { name: '冬のセールのご案内（未読）' }));
    expect(await screen.findByRole('heading', { level: 2, name: '冬のセールのご案内' })).toBeInTheDocument();
    expect(screen.getByText('会員様はポイント2倍。')).toBeInTheDocument();
    expect(await within(header()).findByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/mypage');
    expect(fake.callsTo('/v1/me/system-messages/sm2')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'メッセージセンターへ戻る' }));
    expect(await screen.findByRole('link', { name: '冬のセールのご案内（既読）' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    logIn();
    const fake = messagesFake().on(
      'GET',
      '/v1/me/system-messages',
      json(
        { data: [] },
        { headers: { 'x-total': '0', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '1' } },
      ),
    );
    await renderApp('/mypage/message-center', fake);
    expect(await screen.findByText('メッセージはありません。')).toBeInTheDocument();
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'マイページ' })).toBeInTheDocument());
  });
});
