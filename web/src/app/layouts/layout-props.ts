import type { ReactNode } from 'react';
import type { NavLink } from '../../api/types';

/** What every site layout receives: the shop name, the `/v1/layouts/{page}` data and the page. */
export interface LayoutProps {
  shopName: string;
  headerNavigation: NavLink[];
  footerNavigation: NavLink[];
  copyright: string;
  children: ReactNode;
}
