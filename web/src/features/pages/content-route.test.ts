import { describe, expect, it } from 'vitest';
import { contentFrame, landingHref, resolveContentPath, safeRedirect } from './content-route';

describe('catch-all resolution', () => {
  it('reads /lp/<slug> as a landing page', () => {
    expect(resolveContentPath('/lp/winter-maintenance')).toEqual({ kind: 'landing', slug: 'winter-maintenance' });
    expect(resolveContentPath('/lp/winter-maintenance/')).toEqual({ kind: 'landing', slug: 'winter-maintenance' });
    expect(resolveContentPath('/lp/%E5%86%AC')).toEqual({ kind: 'landing', slug: '冬' });
    expect(landingHref('冬 特集')).toBe('/lp/%E5%86%AC%20%E7%89%B9%E9%9B%86');
  });

  it('reads any other path as a static page path', () => {
    expect(resolveContentPath('/law')).toEqual({ kind: 'static', path: 'law' });
    expect(resolveContentPath('/guide/shipping/')).toEqual({ kind: 'static', path: 'guide/shipping' });
    expect(resolveContentPath('/no/such/page')).toEqual({ kind: 'static', path: 'no/such/page' });
    // `lp` alone or deeper under it is a static path question only when it cannot be a landing page.
    expect(resolveContentPath('/lp')).toEqual({ kind: 'none' });
    expect(resolveContentPath('/lp/a/b')).toEqual({ kind: 'none' });
  });

  it('asks nothing for paths that cannot be a page', () => {
    expect(resolveContentPath('/')).toEqual({ kind: 'none' });
    expect(resolveContentPath('//law')).toEqual({ kind: 'none' });
    expect(resolveContentPath('/guide/../law')).toEqual({ kind: 'none' });
    expect(resolveContentPath('/guide/%2E%2E/law')).toEqual({ kind: 'none' });
    expect(resolveContentPath('/bad%E0%A4%A')).toEqual({ kind: 'none' });
    expect(resolveContentPath('/a%5Cb')).toEqual({ kind: 'none' });
    expect(resolveContentPath(`/${'a'.repeat(201)}`)).toEqual({ kind: 'none' });
  });

  it('follows only same-site redirects that lead elsewhere', () => {
    expect(safeRedirect('/news', '/lp/old')).toBe('/news');
    expect(safeRedirect('/product?category=bike', '/lp/old')).toBe('/product?category=bike');
    expect(safeRedirect(null, '/lp/old')).toBeNull();
    expect(safeRedirect('', '/lp/old')).toBeNull();
    expect(safeRedirect('https://evil.example/', '/lp/old')).toBeNull();
    expect(safeRedirect('//evil.example/', '/lp/old')).toBeNull();
    expect(safeRedirect('javascript:alert(1)', '/lp/old')).toBeNull();
    expect(safeRedirect('/lp/old/', '/lp/old')).toBeNull();
  });

  it('lets only landing pages hide header and footer', () => {
    expect(contentFrame({ kind: 'landing', slug: 'x', showHeader: false, showFooter: true })).toEqual({
      header: false,
      footer: true,
    });
    expect(contentFrame({ kind: 'static', path: 'law' })).toBeUndefined();
    expect(contentFrame(undefined)).toBeUndefined();
  });
});
