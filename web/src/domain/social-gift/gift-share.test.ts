import { describe, expect, it } from 'vitest';
import { canWebShare, giftShareText, lineShareUrl, mailShareUrl } from './gift-share';

const link = {
  url: 'https://shop.example/social-gift?token=0123456789abcdef0123456789abcdef',
  expires_at: '2026-12-01T06:30:00Z',
};

describe('gift share links', () => {
  it('words the message with the deadline in Japan time and the URL last', () => {
    const text = giftShareText(link, 'モトバイクパーツ');
    expect(text).toBe(
      'モトバイクパーツからギフトが届いています。\n2026.12.01 15:30までに、下記のURLからお届け先とお届け日時をご入力ください。\n' +
        link.url,
    );
  });

  it('gives LINE the whole message, URL included, as one encoded text parameter', () => {
    const text = giftShareText(link, 'モトバイクパーツ');
    const share = new URL(lineShareUrl(text));
    expect(`${share.origin}${share.pathname}`).toBe('https://line.me/R/share');
    expect(share.searchParams.get('text')).toBe(text);
    // The token's own "?" and "=" are encoded, so LINE keeps them in the text.
    expect(lineShareUrl(text)).not.toContain('?token=');
  });

  it('opens a mail with subject and body, line breaks as CRLF, no recipient', () => {
    const href = mailShareUrl('ギフトが届いています', 'A\nB https://x.example/?a=1&b=2');
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const query = new URLSearchParams(href.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('ギフトが届いています');
    expect(query.get('body')).toBe('A\r\nB https://x.example/?a=1&b=2');
    expect(href).not.toContain(' ');
  });

  it('offers the share sheet only where the browser has one that takes the data', () => {
    const data = { title: 't', text: 'x', url: link.url };
    expect(canWebShare(data, {} as Navigator)).toBe(false);
    expect(canWebShare(data, { share: () => Promise.resolve() } as unknown as Navigator)).toBe(true);
    expect(canWebShare(data, { share: () => Promise.resolve(), canShare: () => false } as unknown as Navigator)).toBe(
      false,
    );
    expect(canWebShare(data, undefined)).toBe(false);
  });
});
