/**
 * Queries of the site shell, used app-wide (layouts, every page's notices): public.json,
 * front settings, colour scheme, header/footer layout and the message slots.
 */
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api, load } from '../../api/client';
import type { FrontSettings } from '../../api/types';
import { DEFAULT_BREAKPOINTS } from '../../lib/screen';

export const siteKeys = {
  all: ['site'] as const,
  publicConfig: () => [...siteKeys.all, 'public'] as const,
  settings: () => [...siteKeys.all, 'settings'] as const,
  colorScheme: () => [...siteKeys.all, 'colorscheme'] as const,
  layout: (page: string) => [...siteKeys.all, 'layout', page] as const,
  messages: () => [...siteKeys.all, 'messages'] as const,
};

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: siteKeys.publicConfig(),
    queryFn: async ({ signal }) => (await load(api().GET('/public.json', { signal }))).data,
    staleTime: Infinity,
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: siteKeys.settings(),
    queryFn: async ({ signal }) => (await load(api().GET('/v1/settings/front', { signal }))).data,
    staleTime: 5 * 60_000,
  });

export const colorSchemeQuery = () =>
  queryOptions({
    queryKey: siteKeys.colorScheme(),
    queryFn: async ({ signal }) => (await load(api().GET('/v1/colorschemes/selected/front', { signal }))).data,
    staleTime: Infinity,
  });

export const siteLayoutQuery = (page: string) =>
  queryOptions({
    queryKey: siteKeys.layout(page),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/layouts/{page}', { params: { path: { page } }, signal }))).data,
    staleTime: 5 * 60_000,
  });

export const messagesQuery = () =>
  queryOptions({
    queryKey: siteKeys.messages(),
    queryFn: async ({ signal }) =>
      (await load(api().GET('/v1/messages', { params: { query: { per: 'all' } }, signal }))).data.data,
    staleTime: 5 * 60_000,
  });

export const usePublicConfig = () => useSuspenseQuery(publicConfigQuery()).data;
export const useSettings = () => useSuspenseQuery(settingsQuery()).data;
export const useColorScheme = () => useQuery(colorSchemeQuery());
export const useSiteLayout = (page: string) => useQuery(siteLayoutQuery(page));
export const useMessages = () => useQuery(messagesQuery());

/** SCREEN-SM / SCREEN-MD from the settings, falling back to the usual 767 / 1024. */
export function breakpointsOf(settings: FrontSettings | undefined): { sm: number; md: number } {
  const sm = Number(settings?.['SITE.BREAKPOINT.SCREEN-SM']);
  const md = Number(settings?.['SITE.BREAKPOINT.SCREEN-MD']);
  return {
    sm: Number.isFinite(sm) && sm > 0 ? sm : DEFAULT_BREAKPOINTS.sm,
    md: Number.isFinite(md) && md > 0 ? md : DEFAULT_BREAKPOINTS.md,
  };
}
