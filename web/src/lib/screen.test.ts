import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenClassFor, useScreenClass } from './screen';

describe('screen class', () => {
  it('is phone up to SCREEN-SM, desktop above SCREEN-MD, tablet between', () => {
    expect(screenClassFor(375, 767, 1024)).toBe('phone');
    expect(screenClassFor(767, 767, 1024)).toBe('phone');
    expect(screenClassFor(768, 767, 1024)).toBe('tablet');
    expect(screenClassFor(1024, 767, 1024)).toBe('tablet');
    expect(screenClassFor(1025, 767, 1024)).toBe('desktop');
  });

  it('follows the window width', () => {
    window.innerWidth = 375;
    const { result } = renderHook(() => useScreenClass({ sm: 767, md: 1024 }));
    expect(result.current).toBe('phone');

    act(() => {
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe('desktop');
  });
});
