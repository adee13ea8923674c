import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES, createRegistry, registry } from './registry';
import { SimpleFooter } from './simple/footer';
import { SimpleHeader } from './simple/header';
import { TsunaguHeader } from './tsunagu/header';
import type { FooterProps, HeaderProps } from './types';

const SimpleH = (_: HeaderProps) => null;
const SimpleF = (_: FooterProps) => null;
const ThemeH = (_: HeaderProps) => null;
const TenantH = (_: HeaderProps) => null;
const TenantF = (_: FooterProps) => null;
const NoMark = () => null;

describe('theme registry', () => {
  const reg = createRegistry(
    { Header: SimpleH, Footer: SimpleF, Cursor: NoMark },
    { brand: { Header: ThemeH }, shopx: { Header: TenantH, Footer: TenantF } },
  );

  it('prefers the tenant component', () => {
    expect(reg.resolve('Header', { theme: 'brand', tenant: 'shopx' })).toBe(TenantH);
  });

  it('falls back to the theme when the tenant has no such component', () => {
    expect(reg.resolve('Header', { theme: 'brand', tenant: 'plain-tenant' })).toBe(ThemeH);
  });

  it('falls back to Simple when neither has it', () => {
    expect(reg.resolve('Footer', { theme: 'brand', tenant: null })).toBe(SimpleF);
    expect(reg.resolve('Header', { theme: 'unknown' })).toBe(SimpleH);
    expect(reg.resolve('Header', {})).toBe(SimpleH);
  });

  it('matches theme names case-insensitively', () => {
    expect(reg.resolve('Header', { theme: 'Brand' })).toBe(ThemeH);
  });

  it('gives Tsunagu its own header and every other theme the Simple parts', () => {
    expect(registry.resolve('Header', { theme: 'tsunagu' })).toBe(TsunaguHeader);
    expect(registry.resolve('Footer', { theme: 'tsunagu' })).toBe(SimpleFooter);
    for (const theme of THEME_NAMES.filter((t) => t !== 'tsunagu')) {
      expect(registry.resolve('Header', { theme })).toBe(SimpleHeader);
    }
  });

  it('leaves the system pointer alone in Simple (no cursor mark)', () => {
    const Cursor = registry.resolve('Cursor', { theme: 'simple' });
    const { container } = render(<Cursor />);
    expect(container).toBeEmptyDOMElement();
  });
});
