/**
 * Theme resolution (README, "Themes"): a component is looked up in the tenant's folder, then the
 * theme's, then Simple. Folders exist only for themes that differ; the others fall through.
 *
 * Only Simple is in the first bundle. A tenant theme's folder is its own chunk, imported once
 * public.json names it (`loadTheme`, called by app/boot before the router starts), so a Simple
 * shop downloads none of the tenants' code and a themed one downloads only its own.
 */
import { useStore } from '../lib/store';
import { activeThemeStore, type ThemeContext } from './active-theme';
import { SimpleFooter } from './simple/footer';
import { SimpleHeader } from './simple/header';
import type {
  FrameComponentName,
  FrameComponents,
  PageComponentName,
  PageComponents,
  ThemeComponentName,
  ThemeComponents,
  ThemeOverrides,
} from './types';

/** The themes of the spec: Simple (the fallback) and the tenant themes. */
export const THEME_NAMES = ['simple', 'asone', 'takimoto', 'tsunagu', 'awjapan', 'halehana', 'livins'] as const;

export type { ThemeContext };

export interface ThemeRegistry {
  /** A frame part: tenant → theme → Simple's (held here). */
  resolve<K extends FrameComponentName>(name: K, context: ThemeContext): ThemeComponents[K];
  /** A page part: tenant → theme → `simple`, Simple's part as its screen defines it. */
  resolve<K extends PageComponentName>(name: K, context: ThemeContext, simple: PageComponents[K]): ThemeComponents[K];
  /** Makes a loaded theme or tenant folder known under `key`. */
  provide(key: string, overrides: ThemeOverrides): void;
}

export function createRegistry(simple: FrameComponents, overrides: Record<string, ThemeOverrides> = {}): ThemeRegistry {
  const known = new Map(Object.entries(overrides).map(([key, parts]) => [key.toLowerCase(), parts]));
  return {
    resolve(name: ThemeComponentName, { theme, tenant }: ThemeContext, fallback?: unknown) {
      for (const key of [tenant, theme]) {
        if (!key) continue;
        const found = known.get(key.toLowerCase())?.[name];
        if (found) return found;
      }
      return (fallback ?? simple[name as FrameComponentName]) as never;
    },
    provide(key, parts) {
      known.set(key.toLowerCase(), parts);
    },
  } as ThemeRegistry;
}

/** Simple keeps the system pointer alone. */
const NoCursor = () => null;

export const registry = createRegistry({ Header: SimpleHeader, Footer: SimpleFooter, Cursor: NoCursor });

/** Each tenant theme's folder, one chunk each (Simple is the registry's own). */
const THEME_MODULES: Record<string, () => Promise<ThemeOverrides>> = {
  asone: () => import('./asone/asone-theme').then((m) => m.asoneTheme),
  takimoto: () => import('./takimoto/takimoto-theme').then((m) => m.takimotoTheme),
  tsunagu: () => import('./tsunagu/tsunagu-theme').then((m) => m.tsunaguTheme),
  awjapan: () => import('./awjapan/awjapan-theme').then((m) => m.awjapanTheme),
  halehana: () => import('./halehana/halehana-theme').then((m) => m.halehanaTheme),
  livins: () => import('./livins/livins-theme').then((m) => m.livinsTheme),
};

/**
 * Loads the folders of the channel's tenant and theme (those that exist) and makes them the
 * visit's theme; also names the theme on <html> (`data-theme`) for the theme's typography. A
 * folder that fails to load leaves that level to Simple: the shop still works, plainer.
 */
export async function loadTheme(context: ThemeContext): Promise<void> {
  const keys = [...new Set([context.tenant, context.theme].filter(Boolean).map((k) => String(k).toLowerCase()))];
  await Promise.all(
    keys.map(async (key) => {
      const load = THEME_MODULES[key];
      if (!load) return;
      try {
        registry.provide(key, await load());
      } catch {
        // Simple stands in (a failed chunk is retried on the next visit).
      }
    }),
  );
  if (typeof document !== 'undefined')
    document.documentElement.dataset.theme = context.theme?.toLowerCase() || 'simple';
  activeThemeStore.set({ theme: context.theme ?? null, tenant: context.tenant ?? null });
}

/** The channel's frame part `name`. */
export function useThemeComponent<K extends FrameComponentName>(name: K): ThemeComponents[K];
/** The channel's page part `name`; `simple` is Simple's, defined by the screen that shows it. */
export function useThemeComponent<K extends PageComponentName>(name: K, simple: PageComponents[K]): ThemeComponents[K];
export function useThemeComponent(name: ThemeComponentName, simple?: unknown): unknown {
  const context = useStore(activeThemeStore);
  return (registry.resolve as (n: ThemeComponentName, c: ThemeContext, s?: unknown) => unknown)(name, context, simple);
}

/** Outside React (a route loader): whether the visit's theme replaces the page part `name`. */
export function themeReplaces(name: PageComponentName): boolean {
  const marker = (() => null) as unknown as PageComponents[typeof name];
  return registry.resolve(name, activeThemeStore.get(), marker) !== marker;
}
