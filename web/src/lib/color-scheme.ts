/**
 * The channel's colour scheme is the only source of colour: each entry becomes a CSS variable on
 * <html> (`primary` → `--color-primary`, `on_primary` → `--color-on-primary`).
 */
const NAME = /^[a-z][a-z0-9_-]{0,40}$/;
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9\s.,%/+-]+\)|transparent)$/i;

export function colorVariables(colors: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) {
    if (!NAME.test(name) || typeof value !== 'string' || !COLOR.test(value.trim())) continue;
    out[`--color-${name.replace(/_/g, '-')}`] = value.trim();
  }
  return out;
}

export function applyColorScheme(colors: Record<string, unknown>, root: HTMLElement = document.documentElement): void {
  for (const [variable, value] of Object.entries(colorVariables(colors))) {
    root.style.setProperty(variable, value);
  }
}
