import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeThemeStore } from './active-theme';
import { THEME_NAMES, createRegistry, loadTheme, registry, themeReplaces } from './registry';
import { SimpleFooter } from './simple/footer';
import { SimpleHeader } from './simple/header';
import {
  THEME_COMPONENT_NAMES,
  type FooterProps,
  type GuidePageProps,
  type HeaderProps,
  type HomeLayoutProps,
  type ThemeComponentName,
  type ThemeComponents,
} from './types';
import type { ProductCardProps } from '../ui/product-card';

// Every name of ThemeComponents is in THEME_COMPONENT_NAMES (a compile error otherwise).
const everyName: [ThemeComponentName] extends [(typeof THEME_COMPONENT_NAMES)[number]] ? true : never = true;

/** A distinct stand-in for each component name, labelled by who provides it. */
function parts(owner: string): ThemeComponents {
  const part = (name: string) => {
    // A stand-in, never rendered: only its identity and name matter.
    const stub = () => null;
    Object.defineProperty(stub, 'name', { value: `${owner}${name}` });
    return stub;
  };
  return {
    Header: part('Header') as (p: HeaderProps) => null,
    Footer: part('Footer') as (p: FooterProps) => null,
    Cursor: part('Cursor'),
    HomeLayout: part('HomeLayout') as (p: HomeLayoutProps) => null,
    ProductCard: part('ProductCard') as (p: ProductCardProps) => null,
    GuidePage: part('GuidePage') as (p: GuidePageProps) => null,
  };
}

const simple = parts('Simple');
const theme = parts('Theme');
const tenant = parts('Tenant');

function resolveAny(reg: ReturnType<typeof createRegistry>, name: ThemeComponentName, context: object) {
  const resolve = reg.resolve as (n: ThemeComponentName, c: object, s?: unknown) => unknown;
  return resolve(name, context, simple[name]);
}

describe('theme registry', () => {
  const reg = createRegistry(simple, { brand: theme, shopx: tenant, halfway: { Header: tenant.Header } });

  it('walks every component name', () => {
    expect(everyName).toBe(true);
    expect(THEME_COMPONENT_NAMES).toHaveLength(6);
  });

  it.each(THEME_COMPONENT_NAMES)('resolves %s tenant → theme → Simple', (name) => {
    expect(resolveAny(reg, name, { theme: 'brand', tenant: 'shopx' })).toBe(tenant[name]);
    expect(resolveAny(reg, name, { theme: 'brand', tenant: 'plain-tenant' })).toBe(theme[name]);
    expect(resolveAny(reg, name, { theme: 'unknown', tenant: 'plain-tenant' })).toBe(simple[name]);
    expect(resolveAny(reg, name, {})).toBe(simple[name]);
  });

  it('takes from a tenant only what it has, the rest from the theme', () => {
    expect(resolveAny(reg, 'Header', { theme: 'brand', tenant: 'halfway' })).toBe(tenant.Header);
    expect(resolveAny(reg, 'ProductCard', { theme: 'brand', tenant: 'halfway' })).toBe(theme.ProductCard);
    expect(resolveAny(reg, 'GuidePage', { theme: 'simple', tenant: 'halfway' })).toBe(simple.GuidePage);
  });

  it('matches theme names case-insensitively', () => {
    expect(resolveAny(reg, 'Header', { theme: 'Brand' })).toBe(theme.Header);
  });

  it('knows a theme folder only once it is provided', () => {
    const later = createRegistry(simple);
    expect(resolveAny(later, 'Footer', { theme: 'late' })).toBe(simple.Footer);
    later.provide('late', { Footer: theme.Footer });
    expect(resolveAny(later, 'Footer', { theme: 'late' })).toBe(theme.Footer);
  });
});

describe('the shop registry', () => {
  const tenants = THEME_NAMES.filter((name) => name !== 'simple');

  it('gives Simple and unknown themes the Simple frame', async () => {
    await loadTheme({ theme: 'simple', tenant: null });
    expect(document.documentElement.dataset.theme).toBe('simple');
    expect(registry.resolve('Header', activeThemeStore.get())).toBe(SimpleHeader);
    expect(registry.resolve('Footer', { theme: 'no-such-theme' })).toBe(SimpleFooter);
    expect(themeReplaces('GuidePage')).toBe(false);
    const Cursor = registry.resolve('Cursor', { theme: 'simple' });
    const { container } = render(<Cursor />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each(tenants)('loads %s lazily and then resolves its own parts, Simple for the rest', async (name) => {
    const marker = parts('Marker');
    await loadTheme({ theme: name, tenant: name });
    expect(document.documentElement.dataset.theme).toBe(name);
    expect(activeThemeStore.get()).toEqual({ theme: name, tenant: name });
    for (const part of ['Header', 'Footer'] as const) {
      expect(registry.resolve(part, { theme: name }).name).toMatch(new RegExp(`^${name}`, 'i'));
    }
    for (const part of ['HomeLayout', 'ProductCard', 'GuidePage'] as const) {
      const resolve = registry.resolve as (n: string, c: object, s: unknown) => { name: string };
      expect(resolve(part, { theme: name }, marker[part]).name).toMatch(new RegExp(`^${name}`, 'i'));
    }
    // No theme draws a pointer mark: Simple's (none) stands.
    expect(registry.resolve('Cursor', { theme: name })).toBe(registry.resolve('Cursor', {}));
    expect(themeReplaces('GuidePage')).toBe(true);
  });
});
