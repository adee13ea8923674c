import type { NavLink } from '../../api/types';
import { SmartLink } from '../../ui/smart-link';

/** A menu of the shop's links; nothing when the shop gives none. */
export function NavList({
  items,
  label,
  className,
  listClassName,
  linkClassName,
}: {
  items: NavLink[];
  label: string;
  className?: string;
  listClassName?: string;
  linkClassName?: string;
}) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={`${item.path}-${item.label}`}>
            <SmartLink to={item.path} className={linkClassName}>
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const GUIDE_LINK: NavLink = { label: 'ご利用ガイド', path: '/guide' };

/** The shop's footer links with ご利用ガイド added when the shop does not link it itself (the theme's own page). */
export function withGuide(items: NavLink[]): NavLink[] {
  return items.some((item) => item.path === GUIDE_LINK.path) ? items : [...items, GUIDE_LINK];
}

export const CONTACT_LINK: NavLink = { label: 'お問い合わせ', path: '/contact' };

/**
 * The shop's footer links with お問い合わせ added when the shop does not link the contact form
 * itself: every shop's customers can reach it from every page's footer, whatever the shop set.
 */
export function withContact(items: NavLink[]): NavLink[] {
  return items.some((item) => item.path === CONTACT_LINK.path) ? items : [...items, CONTACT_LINK];
}
