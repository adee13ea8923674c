import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MESSAGE, COPY_FAILED_MESSAGE, GiftOrderFacts, GiftSharePanel } from './gift-share';

const link = {
  url: 'https://shop.example/social-gift?token=0123456789abcdef0123456789abcdef',
  expires_at: '2026-12-02T06:30:00Z',
};

function setNavigator(name: 'share' | 'clipboard' | 'canShare', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  for (const name of ['share', 'clipboard', 'canShare'] as const) setNavigator(name, undefined);
});

describe('GiftSharePanel', () => {
  it('offers 「共有する」 where the browser has a share sheet, with the message and URL', async () => {
    const share = vi.fn(() => Promise.resolve());
    setNavigator('share', share);
    render(<GiftSharePanel link={link} shopName="モトバイクパーツ" />);
    await userEvent.setup().click(screen.getByRole('button', { name: '共有する' }));
    expect(share).toHaveBeenCalledWith({
      title: 'ギフトが届いています',
      text: expect.stringContaining(link.url),
    });
  });

  it('says when the copy failed and selects the URL for copying by hand', async () => {
    // After setup: user-event puts its own clipboard on the navigator.
    const user = userEvent.setup();
    setNavigator('clipboard', { writeText: () => Promise.reject(new Error('denied')) });
    render(<GiftSharePanel link={link} shopName="モトバイクパーツ" />);
    await user.click(screen.getByRole('button', { name: 'URLをコピー' }));
    expect(await screen.findByText(COPY_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(COPIED_MESSAGE)).toBeNull();
    const input = screen.getByRole('textbox', { name: 'ギフトのURL' }) as HTMLInputElement;
    expect(input.selectionEnd! - input.selectionStart!).toBe(link.url.length);
  });
});

describe('GiftOrderFacts', () => {
  const gift = {
    receiver_name: 'はなちゃん',
    sender_name: '',
    message: '',
    state: 'waiting',
    state_label: '受取人入力待ち',
    expires_at: link.expires_at,
    prefecture: null,
    delivery_date: null,
    delivery_timezone_label: null,
  };

  it('shows the deadline while waiting and no place', () => {
    const { container } = render(<GiftOrderFacts gift={gift} />);
    expect(container).toHaveTextContent('入力期限2026.12.02 15:30');
    expect(container).not.toHaveTextContent('お届け先');
  });

  it('shows only the prefecture and the date once accepted', () => {
    const { container } = render(
      <GiftOrderFacts
        gift={{
          ...gift,
          state: 'accepted',
          state_label: 'お届け先登録済み',
          prefecture: '東京都',
          delivery_date: '2026-11-29',
          delivery_timezone_label: null,
        }}
      />,
    );
    expect(container).toHaveTextContent('お届け先（都道府県）東京都');
    expect(container).toHaveTextContent('お届け希望日2026.11.29');
    expect(container).toHaveTextContent('お届け時間帯指定なし');
    expect(container).not.toHaveTextContent('入力期限');
  });
});
