import { createStore } from '../lib/store';

export interface ThemeContext {
  theme?: string | null;
  tenant?: string | null;
}

/** The theme and tenant of this visit, once their folders are loaded (themes/registry loadTheme). */
export const activeThemeStore = createStore<ThemeContext>({});
