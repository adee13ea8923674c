/**
 * What a buyer sends the recipient of a social gift (docs/social-gift-api.md, "Decision answer"):
 * the message with the gift's URL and deadline, and the LINE, mail and Web Share forms of it.
 * Used by the cart's complete page and the order page's 「ギフトURLを再発行」.
 */
import { formatDateTime } from '../../lib/format';

export const LINE_SHARE_BASE = 'https://line.me/R/share';
export const GIFT_MAIL_SUBJECT = 'ギフトが届いています';

export interface GiftLink {
  url: string;
  /** RFC 3339; shown in Japan time. */
  expires_at: string;
}

/** The message with the URL: the shop the gift comes from, until when to answer, the link. */
export function giftShareText(link: GiftLink, shopName: string): string {
  const from = shopName ? `${shopName}からギフトが届いています。` : 'ギフトが届いています。';
  const deadline = formatDateTime(link.expires_at);
  const until = deadline ? `${deadline}までに、` : '';
  return `${from}\n${until}下記のURLからお届け先とお届け日時をご入力ください。\n${link.url}`;
}

/** 「LINEで送る」: LINE's share page with the message (and URL) as its text. */
export function lineShareUrl(text: string): string {
  return `${LINE_SHARE_BASE}?text=${encodeURIComponent(text)}`;
}

/** 「メールで送る」: a new mail in the person's mail app, the recipient left for them to choose. */
export function mailShareUrl(subject: string, body: string): string {
  // RFC 6068: line breaks in a body are CRLF, percent-encoded.
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
}

/** Whether the browser offers its own share sheet (phones, some desktops) for this data. */
export function canWebShare(data: ShareData, nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav || typeof nav.share !== 'function') return false;
  return typeof nav.canShare === 'function' ? nav.canShare(data) : true;
}
