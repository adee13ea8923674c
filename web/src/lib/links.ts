/**
 * Links that come from shop content (navigation, page blocks): only same-site paths or http(s)
 * URLs are followed, so content can never inject `javascript:` or protocol-relative targets.
 */
export type SafeLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string } | null;

export function classifyLink(target: string | null | undefined): SafeLink {
  if (!target) return null;
  const value = target.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    return { kind: 'internal', to: value };
  }
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'external', href: url.href };
  } catch {
    // Not a URL: ignored below.
  }
  return null;
}
