/**
 * What the catch-all route asks the server for, decided from the path alone (one request per
 * path, no guessing):
 * - `/lp/<slug>` is a landing page. The spec gives landing pages "their own URLs" but no path
 *   scheme, and `/lp/…` is not in routes.txt, so it cannot clash with a screen; the shop's
 *   banners and popups already link to `/lp/<slug>`.
 * - any other path is looked up as a static page (`/law`, `/privacy`, `/guide/shipping` …);
 * - paths that cannot be a page (empty, `..`, overlong) are 404 without a request.
 * The server answers 404 for anything it does not know, which the route shows as the 404 page.
 */
import type { StaticPage } from '../../api/types';
import { classifyLink } from '../../lib/links';

export const LANDING_PREFIX = 'lp';
/** ご利用ガイド: a static page that a theme may draw in its own way (themes/types GuidePage). */
export const GUIDE_PATH = 'guide';
const MAX_PATH = 200;

export type ContentTarget = { kind: 'landing'; slug: string } | { kind: 'static'; path: string } | { kind: 'none' };

/** The loader's answer, read by the site layout to hide header and footer of a landing page. */
export type ContentRouteData =
  | { kind: 'landing'; slug: string; showHeader: boolean; showFooter: boolean }
  | { kind: 'static'; path: string }
  /** /guide when the theme has its own guide; `page` is null when the shop has none on the server. */
  | { kind: 'guide'; page: StaticPage | null };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function resolveContentPath(pathname: string): ContentTarget {
  const segments = pathname.replace(/^\//, '').replace(/\/+$/, '').split('/');
  const decoded = segments.map(decode);
  if (decoded.some((s) => s === null || s === '' || s === '.' || s === '..' || /[\\\0]/.test(s ?? ''))) {
    return { kind: 'none' };
  }
  const parts = decoded as string[];
  if (parts.join('/').length > MAX_PATH) return { kind: 'none' };
  const [first, slug, ...rest] = parts;
  if (first === LANDING_PREFIX) {
    return slug !== undefined && rest.length === 0 ? { kind: 'landing', slug } : { kind: 'none' };
  }
  return { kind: 'static', path: parts.join('/') };
}

/** An `x-redirect` target the browser may follow: a same-site path other than the page itself. */
export function safeRedirect(target: string | null | undefined, currentPath: string): string | null {
  const link = classifyLink(target);
  if (link?.kind !== 'internal') return null;
  const samePage = link.to.replace(/\/+$/, '') === currentPath.replace(/\/+$/, '');
  return samePage ? null : link.to;
}

/** Header and footer of the page the catch-all shows (only landing pages may hide them). */
export function contentFrame(data: unknown): { header: boolean; footer: boolean } | undefined {
  const route = data as ContentRouteData | undefined;
  if (route?.kind !== 'landing') return undefined;
  return { header: route.showHeader, footer: route.showFooter };
}

export const landingHref = (slug: string): string => `/${LANDING_PREFIX}/${encodeURIComponent(slug)}`;
