import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GuestReceipt, OrderGift } from '../../api/types';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const PAGE = '/orders/receipt?no=RP00000052&t=good';

const waitingGift: OrderGift = {
  receiver_name: 'はなちゃん',
  sender_name: 'たろう',
  message: 'おめでとう！',
  state: 'waiting',
  state_label: '受取人入力待ち',
  expires_at: '2026-12-02T06:30:00Z',
  prefecture: null,
  delivery_date: null,
  delivery_timezone_label: null,
};

function receipt(gift: OrderGift | null): GuestReceipt {
  return {
    order_no: 'RP00000052',
    addressee: '',
    note: '',
    issued_count: 0,
    total_payment: 5500,
    ordered_at: '2026-11-25T06:30:00Z',
    social_gift: gift,
  };
}

const guestFake = (gift: OrderGift | null) =>
  createSiteFake()
    .on('GET', '/v1/orders/RP00000052/check/receipt?t=good', { is_valid: true, can_issue: true })
    .on('GET', '/v1/orders/RP00000052/guest/receipt?t=good', receipt(gift));

describe('/orders/receipt (guest) of a social gift', () => {
  it('shows the gift waiting for its recipient, with no address', async () => {
    await renderApp(PAGE, guestFake(waitingGift));
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('受取人入力待ち');
    expect(gift).toHaveTextContent('はなちゃん 様');
    expect(gift).toHaveTextContent('たろう');
    expect(gift).toHaveTextContent('おめでとう！');
    expect(gift).toHaveTextContent('2026.12.02 15:30');
    expect(gift).toHaveTextContent('以前のURLは使えなくなります');
    expect(within(gift).getByRole('button', { name: 'ギフトURLを再発行' })).toBeInTheDocument();
    expect(screen.queryByText('ご住所')).toBeNull();
    // The receipt stays.
    expect(screen.getByRole('button', { name: '領収書をダウンロード' })).toBeInTheDocument();
  });

  it('offers no re-issue once the gift no longer waits, and only the prefecture and date', async () => {
    await renderApp(
      PAGE,
      guestFake({
        ...waitingGift,
        state: 'accepted',
        state_label: 'お届け先登録済み',
        prefecture: '東京都',
        delivery_date: '2026-11-29',
        delivery_timezone_label: '午前中',
      }),
    );
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('お届け先登録済み');
    expect(gift).toHaveTextContent('お届け先（都道府県）東京都');
    expect(gift).toHaveTextContent('2026.11.29');
    expect(gift).toHaveTextContent('午前中');
    expect(screen.queryByRole('button', { name: 'ギフトURLを再発行' })).toBeNull();
  });

  it('offers no re-issue for an expired gift', async () => {
    await renderApp(PAGE, guestFake({ ...waitingGift, state: 'expired', state_label: '受け取り期限切れ' }));
    const gift = await screen.findByRole('region', { name: 'ソーシャルギフト' });
    expect(gift).toHaveTextContent('受け取り期限切れ');
    expect(screen.queryByRole('button', { name: 'ギフトURLを再発行' })).toBeNull();
  });

  it('shows no gift section for an ordinary order', async () => {
    await renderApp(PAGE, guestFake(null));
    expect(await screen.findByText('RP00000052')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ソーシャルギフト' })).toBeNull();
  });

  it('re-issues the link with the order token after a warning and shows the new URL to share', async () => {
    const url = `https://shop.example/social-gift?token=${'cd'.repeat(16)}`;
    const fake = guestFake(waitingGift).on(
      'POST',
      '/v1/orders/RP00000052/guest/social-gift/link?t=good',
      json({ url, expires_at: '2026-12-02T06:30:00Z' }),
    );
    await renderApp(PAGE, fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ギフトURLを再発行' }));
    const dialog = screen.getByRole('dialog', { name: 'ギフトURLの再発行' });
    expect(dialog).toHaveTextContent('以前のURLは使えなくなります');
    await user.click(within(dialog).getByRole('button', { name: '再発行する' }));

    const panel = await screen.findByRole('region', { name: '新しいギフトのURL' });
    expect(within(panel).getByLabelText('ギフトのURL')).toHaveValue(url);
    expect(within(panel).getByRole('alert')).toHaveTextContent('以前のURLは使えなくなります');
    expect(within(panel).getByRole('link', { name: 'LINEで送る' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://line.me/R/share?text='),
    );
    expect(within(panel).getByRole('button', { name: 'URLをコピー' })).toBeInTheDocument();
    const calls = fake.callsTo('/v1/orders/RP00000052/guest/social-gift/link');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).searchParams.get('t')).toBe('good');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });
});
