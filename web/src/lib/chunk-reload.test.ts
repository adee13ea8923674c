import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, shouldReloadForChunkError, withChunkReload } from './chunk-reload';

describe('reload on a failed chunk load', () => {
  it('reloads at most once per 60 seconds', () => {
    let now = 1_000_000;
    const deps = { storage: sessionStorage, now: () => now };

    expect(shouldReloadForChunkError(deps)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    now += 59_999;
    expect(shouldReloadForChunkError(deps)).toBe(false);
    now += 1;
    expect(shouldReloadForChunkError(deps)).toBe(true);
  });

  it('reloads instead of failing the first time, then lets the error through', async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const load = withChunkReload(failing, { storage: sessionStorage, now: () => 5_000_000, reload });

    const first = load();
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    void first;

    await expect(load()).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes a successful load through', async () => {
    const load = withChunkReload(() => Promise.resolve({ Component: 'x' }));
    await expect(load()).resolves.toEqual({ Component: 'x' });
  });
});
