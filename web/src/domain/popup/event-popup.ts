/**
 * The popup an ecommerce event answered with (`POST /v1/ecommerce_events` → `popup`, spec 001
 * §7: "shows popup if response has one"). The event is posted from lib (cart-store); the popup
 * feature's host shows what lands here, under the same once-per-visitor memory as the shop's
 * popup list.
 */
import type { Popup } from '../../api/types';
import { createStore } from '../../lib/store';

export const eventPopupStore = createStore<Popup | null>(null);

/** The answer's `popup` when it is one (the body is read defensively: events fail silently). */
export function popupOfEvent(body: unknown): Popup | null {
  if (!body || typeof body !== 'object') return null;
  const popup = (body as { popup?: unknown }).popup;
  if (!popup || typeof popup !== 'object') return null;
  const p = popup as Partial<Record<keyof Popup, unknown>>;
  if (typeof p.id !== 'string' || p.id === '' || typeof p.title !== 'string') return null;
  return {
    id: p.id,
    title: p.title,
    body: typeof p.body === 'string' ? p.body : '',
    image: typeof p.image === 'string' ? p.image : null,
    link: typeof p.link === 'string' ? p.link : '',
    starts_at: typeof p.starts_at === 'string' ? p.starts_at : null,
    ends_at: typeof p.ends_at === 'string' ? p.ends_at : null,
    display: p.display === 'always' ? 'always' : 'once',
  };
}
