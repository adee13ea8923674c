import type { ReactNode } from 'react';
import type { NavLink } from '../../api/types';

/** What every site layout receives: the shop name, the `/v1/layouts/{page}` data and the page. */
export interface LayoutProps {
  shopName: string;
  headerNavigation: NavLink[];
  footerNavigation: NavLink[];
  copyright: string;
  /** False on a landing page that hides the header. */
  showHeader?: boolean;
  /** False on a landing page that hides the footer. */
  showFooter?: boolean;
  children: ReactNode;
}
