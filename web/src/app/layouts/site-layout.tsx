import { Suspense, lazy, type ComponentType } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Outlet, useMatches } from 'react-router';
import { siteLayoutQuery, useSettings } from '../../domain/site/site-queries';
import { withContact } from '../../themes/parts/nav-list';
import { useThemeComponent } from '../../themes/registry';
import { DefaultLayout } from './default-layout';
import { InvalidChannelLayout } from './invalid-channel-layout';
import { MaintenanceLayout } from './maintenance-layout';
import type { LayoutProps } from './layout-props';
import { SampleLayout } from './sample-layout';
import { SimpleLayout } from './simple-layout';

/** Route `handle` of a screen: which `/v1/layouts/{page}` entry frames it. */
export interface RouteHandle {
  layoutPage?: string;
  /** Header and footer from the route's loader data (landing pages may hide them). */
  frame?: (loaderData: unknown) => { header: boolean; footer: boolean } | undefined;
}

/** The layouts the server may name for a page (`/v1/layouts/{page}`.layout); others get default. */
export const SITE_LAYOUTS: Record<string, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  simple: SimpleLayout,
  sample: SampleLayout,
  // The two frames of the shell's own screens, when a shop names one for a page: nothing of the
  // shop's menus (invalidChannel), the shop name only (maintenance).
  invalidChannel: InvalidChannelLayout,
  maintenance: MaintenanceLayout,
};

/** The popup comes after the page: its code is not part of the first bundle. */
const PopupHost = lazy(() => import('../../features/popup/popup-dialog').then((m) => ({ default: m.PopupHost })));

/** Frames the site's screens with the layout the server names for the current page, and shows the shop's popup. */
export function SiteLayout() {
  const matches = useMatches();
  const handles = [...matches].reverse().map((m) => ({ handle: m.handle as RouteHandle | undefined, data: m.data }));
  const page = handles.map((m) => m.handle?.layoutPage).find(Boolean) ?? 'default';
  const frame = handles.map((m) => m.handle?.frame?.(m.data)).find(Boolean);
  const { data } = useQuery({ ...siteLayoutQuery(page), placeholderData: keepPreviousData });
  const settings = useSettings();
  const Layout = SITE_LAYOUTS[data?.layout ?? 'default'] ?? DefaultLayout;
  const Cursor = useThemeComponent('Cursor');
  return (
    <Layout
      shopName={settings['SITE.NAME']}
      headerNavigation={data?.header.navigation ?? []}
      footerNavigation={withContact(data?.footer.navigation ?? [])}
      copyright={data?.footer.copyright ?? ''}
      showHeader={frame?.header ?? true}
      showFooter={frame?.footer ?? true}
    >
      <Outlet />
      <Suspense fallback={null}>
        <PopupHost />
      </Suspense>
      <Cursor />
    </Layout>
  );
}
