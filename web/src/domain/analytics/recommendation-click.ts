/**
 * The recommendation click of this visit (spec 000 §7 `logreco_rcmd_ct`): when a customer opens
 * a product from a product page's おすすめ商品, the pair is kept for the tab's session and every
 * ecommerce event posted after it carries it, so the shop can count what recommendations led
 * to (a view, a cart, a purchase). The last click wins.
 */
import { readStorage, session, writeStorage } from '../../lib/storage';

export const RECOMMENDATION_CLICK_KEY = 'logreco_rcmd_ct';

export interface RecommendationClick {
  /** The product whose おすすめ was clicked. */
  source: string;
  /** The recommended product opened. */
  target: string;
  clicked_at: string;
}

export function rememberRecommendationClick(source: string, target: string, now = new Date()): void {
  const click: RecommendationClick = { source, target, clicked_at: now.toISOString() };
  writeStorage(session(), RECOMMENDATION_CLICK_KEY, JSON.stringify(click));
}

/** The click kept for this visit, or null (none, or unreadable). */
export function recommendationClick(): RecommendationClick | null {
  const raw = readStorage(session(), RECOMMENDATION_CLICK_KEY);
  if (raw === null) return null;
  try {
    const click = JSON.parse(raw) as Partial<RecommendationClick>;
    if (typeof click.source === 'string' && typeof click.target === 'string' && typeof click.clicked_at === 'string') {
      return { source: click.source, target: click.target, clicked_at: click.clicked_at };
    }
  } catch {
    // Unreadable: treated as absent.
  }
  return null;
}

/** The product key a storefront product link opens (`/product/{key}`), or null. */
export function productKeyOfHref(href: string): string | null {
  const path = href.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  const match = /^\/product\/([^/]+)\/?$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
