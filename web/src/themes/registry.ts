/**
 * Theme resolution (ARCHITECTURE §5): a component is looked up in the tenant's folder, then the
 * theme's, then Simple. Folders exist only for themes that differ; the others fall through.
 */
import { usePublicConfig } from '../api/site-queries';
import { SimpleFooter } from './simple/footer';
import { SimpleHeader } from './simple/header';
import { TsunaguHeader } from './tsunagu/header';
import type { ThemeComponentName, ThemeComponents, ThemeOverrides } from './types';

/** The themes of the spec: Simple (the fallback) and the tenant themes. */
export const THEME_NAMES = ['simple', 'asone', 'takimoto', 'tsunagu', 'awjapan', 'halehana', 'livins'] as const;

export interface ThemeContext {
  theme?: string | null;
  tenant?: string | null;
}

export interface ThemeRegistry {
  resolve<K extends ThemeComponentName>(name: K, context: ThemeContext): ThemeComponents[K];
}

export function createRegistry(simple: ThemeComponents, overrides: Record<string, ThemeOverrides>): ThemeRegistry {
  return {
    resolve(name, { theme, tenant }) {
      for (const key of [tenant, theme]) {
        if (!key) continue;
        const found = overrides[key.toLowerCase()]?.[name];
        if (found) return found;
      }
      return simple[name];
    },
  };
}

/** Simple keeps the system pointer alone. */
const NoCursor = () => null;

export const registry = createRegistry(
  { Header: SimpleHeader, Footer: SimpleFooter, Cursor: NoCursor },
  {
    tsunagu: { Header: TsunaguHeader },
  },
);

/** The channel's component `name` (theme and tenant from public.json). */
export function useThemeComponent<K extends ThemeComponentName>(name: K): ThemeComponents[K] {
  const config = usePublicConfig();
  return registry.resolve(name, { theme: config.theme, tenant: config.tenant });
}
