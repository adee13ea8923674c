/**
 * Startup (spec 000 §4): public.json names the channel, theme and API base; the client is then
 * rebuilt for that channel and the session restored — all before the router starts, so every
 * loader runs with the right channel and token, and the channel's theme is loaded. Settings and the colour scheme load with the
 * site's screens (`bootSite`), so the maintenance screen works without them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiInstance, configureApi, type ApiDeps } from '../api/client';
import { colorSchemeQuery, publicConfigQuery, settingsQuery } from '../domain/site/site-queries';
import type { FrontSettings, PublicConfig } from '../api/types';
import { invalidChannelStore } from '../lib/app-state';
import { applyColorScheme } from '../lib/color-scheme';
import { siteNameStore } from '../lib/document-title';
import { markLoginChecked, startSession } from '../api/session';
import { loadTheme } from '../themes/registry';

export type BootResult = { kind: 'ready'; config: PublicConfig } | { kind: 'invalid-channel' };

export async function bootChannel(
  queryClient: QueryClient,
  overrides: Partial<Omit<ApiDeps, 'baseUrl' | 'channel'>> = {},
): Promise<BootResult> {
  configureApi({ baseUrl: window.location.origin, channel: '', ...overrides });
  let config: PublicConfig;
  try {
    config = await queryClient.fetchQuery(publicConfigQuery());
  } catch (error) {
    if (invalidChannelStore.get()) return { kind: 'invalid-channel' };
    throw error;
  }
  configureApi({ baseUrl: config.api_base_url || window.location.origin, channel: config.channel, ...overrides });
  siteNameStore.set(config.name);
  // The tenant theme's chunk downloads while the session is restored.
  await Promise.all([
    startSession({ refresh: () => apiInstance().requestRefresh() }),
    loadTheme({ theme: config.theme, tenant: config.tenant }),
  ]);
  markLoginChecked();
  return { kind: 'ready', config };
}

/** Loader of the site's screens: settings (needed) and colour scheme (nice to have). */
export async function bootSite(queryClient: QueryClient): Promise<FrontSettings> {
  const [settings, scheme] = await Promise.all([
    queryClient.ensureQueryData(settingsQuery()),
    queryClient.ensureQueryData(colorSchemeQuery()).catch(() => null),
  ]);
  if (scheme) applyColorScheme(scheme.colors);
  if (settings['SITE.NAME']) siteNameStore.set(settings['SITE.NAME']);
  return settings;
}
