/**
 * The coupons a landing page offers: the first block's `props.coupon` (spec 001 §3). The list is
 * the shop's free JSON, so each entry is read defensively: a coupon object (at least `id` and
 * `name`), or a coupon's id or code. Entries are completed from the coupon list the server
 * answers for this visitor — which also carries the member's own `is_taken` (the landing page
 * itself is the same for everyone).
 */
import type { Coupon, LandingBlock } from '../../api/types';

export interface CouponRef {
  /** An id or code to look up in the visitor's coupon list. */
  ref: string;
  /** What the page itself says about the coupon, when it is an object with a name. */
  own: Coupon | null;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const time = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function ownCoupon(entry: Record<string, unknown>): Coupon | null {
  const id = str(entry.id);
  const name = str(entry.name);
  if (!id || !name) return null;
  return {
    id,
    name,
    code: str(entry.code),
    description: str(entry.description),
    discount_kind: str(entry.discount_kind),
    discount_value: num(entry.discount_value),
    discount_label: str(entry.discount_label),
    minimum_amount: num(entry.minimum_amount),
    starts_at: time(entry.starts_at),
    ends_at: time(entry.ends_at),
    requires_take: entry.requires_take !== false,
    member_only: entry.member_only === true,
    is_taken: entry.is_taken === true,
  };
}

/** The entries of the first block's `props.coupon`, at most 20, each once. */
export function couponRefs(layout: readonly LandingBlock[]): CouponRef[] {
  const props = layout[0]?.props as Record<string, unknown> | undefined;
  const list = props && Array.isArray(props.coupon) ? (props.coupon as unknown[]) : [];
  const seen = new Set<string>();
  const refs: CouponRef[] = [];
  for (const entry of list) {
    const ref: CouponRef | null =
      typeof entry === 'string'
        ? str(entry)
          ? { ref: str(entry), own: null }
          : null
        : entry && typeof entry === 'object'
          ? (() => {
              const fields = entry as Record<string, unknown>;
              const key = str(fields.id) || str(fields.code) || str(fields.coupon_id);
              return key ? { ref: key, own: ownCoupon(fields) } : null;
            })()
          : null;
    if (ref && !seen.has(ref.ref)) {
      seen.add(ref.ref);
      refs.push(ref);
    }
    if (refs.length === 20) break;
  }
  return refs;
}

/**
 * The coupons to show, in the page's order: the visitor's list entry where there is one (fresh
 * `is_taken`, the current period), else what the page says; a bare id or code the list does not
 * know is left out (nothing to show for it).
 */
export function resolveCoupons(refs: readonly CouponRef[], known: readonly Coupon[]): Coupon[] {
  return refs.flatMap(({ ref, own }) => {
    const found = known.find((c) => c.id === ref || c.id === own?.id || (c.code !== '' && c.code === ref));
    if (found) return [found];
    return own ? [own] : [];
  });
}
