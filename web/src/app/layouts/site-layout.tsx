import type { ComponentType } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Outlet, useMatches } from 'react-router';
import { siteLayoutQuery, useSettings } from '../../api/site-queries';
import { DefaultLayout } from './default-layout';
import type { LayoutProps } from './layout-props';
import { SampleLayout } from './sample-layout';
import { SimpleLayout } from './simple-layout';

/** Route `handle` of a screen: which `/v1/layouts/{page}` entry frames it. */
export interface RouteHandle {
  layoutPage?: string;
}

export const SITE_LAYOUTS: Record<string, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  simple: SimpleLayout,
  sample: SampleLayout,
};

/** Frames the site's screens with the layout the server names for the current page. */
export function SiteLayout() {
  const matches = useMatches();
  const page =
    [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.layoutPage).find(Boolean) ?? 'default';
  const { data } = useQuery({ ...siteLayoutQuery(page), placeholderData: keepPreviousData });
  const settings = useSettings();
  const Layout = SITE_LAYOUTS[data?.layout ?? 'default'] ?? DefaultLayout;
  return (
    <Layout
      shopName={settings['SITE.NAME']}
      headerNavigation={data?.header.navigation ?? []}
      footerNavigation={data?.footer.navigation ?? []}
      copyright={data?.footer.copyright ?? ''}
    >
      <Outlet />
    </Layout>
  );
}
