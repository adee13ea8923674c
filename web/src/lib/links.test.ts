import { describe, expect, it } from 'vitest';
import { classifyLink } from './links';

describe('content links', () => {
  it('keeps same-site paths as internal links', () => {
    expect(classifyLink('/news')).toEqual({ kind: 'internal', to: '/news' });
  });

  it('keeps http(s) URLs as external links', () => {
    expect(classifyLink('https://example.jp/a')).toEqual({ kind: 'external', href: 'https://example.jp/a' });
  });

  it('drops scripts, protocol-relative and empty targets', () => {
    expect(classifyLink('javascript:alert(1)')).toBeNull();
    expect(classifyLink('//evil.example/')).toBeNull();
    expect(classifyLink('/\\evil.example/')).toBeNull();
    expect(classifyLink('')).toBeNull();
    expect(classifyLink(null)).toBeNull();
  });
});
