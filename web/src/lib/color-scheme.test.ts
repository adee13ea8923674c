import { describe, expect, it } from 'vitest';
import { applyColorScheme, colorVariables } from './color-scheme';

describe('colour scheme variables', () => {
  it('maps scheme names to --color-* variables', () => {
    expect(colorVariables({ primary: '#0a5', on_primary: '#ffffff', text_muted: 'rgb(10, 20, 30)' })).toEqual({
      '--color-primary': '#0a5',
      '--color-on-primary': '#ffffff',
      '--color-text-muted': 'rgb(10, 20, 30)',
    });
  });

  it('drops values that are not colours and names that are not plain', () => {
    expect(
      colorVariables({ primary: 'red; background: url(x)', 'bad name': '#fff', accent: 42, border: '#ccc' }),
    ).toEqual({ '--color-border': '#ccc' });
  });

  it('sets the variables on the root element', () => {
    applyColorScheme({ primary: '#123456' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#123456');
  });
});
