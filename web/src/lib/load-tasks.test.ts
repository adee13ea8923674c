import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addLoadTask, pendingLoadTasks, trackLoad, waitForLoadTasks } from './load-tasks';
import { waitUntil } from './wait';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Resolves to the wait's outcome and the fake time it took. */
function timed(wait: Promise<boolean>): Promise<{ ok: boolean; ms: number }> {
  const start = Date.now();
  return wait.then((ok) => ({ ok, ms: Date.now() - start }));
}

describe('bounded polling', () => {
  it('checks at once, then every step, and gives up at the ceiling', async () => {
    const done = vi.fn(() => false);
    const wait = timed(waitUntil(done, { stepMs: 100, timeoutMs: 3_000 }));
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(wait).resolves.toEqual({ ok: false, ms: 3_000 });
    // Once at the start and once per 100 ms step.
    expect(done).toHaveBeenCalledTimes(31);
  });

  it('answers true at the first step that sees the condition', async () => {
    let ready = false;
    const wait = timed(waitUntil(() => ready, { stepMs: 100, timeoutMs: 3_000 }));
    await vi.advanceTimersByTimeAsync(250);
    ready = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(wait).resolves.toEqual({ ok: true, ms: 300 });
  });
});

describe('pending load tasks (200 ms steps up to 5 s, login exempt)', () => {
  it('lets a navigation through at once when nothing is pending', async () => {
    await expect(timed(waitForLoadTasks('/cart'))).resolves.toEqual({ ok: true, ms: 0 });
  });

  it('holds a navigation until the last task ends, seen at the next 200 ms step', async () => {
    const endA = addLoadTask('product_not_found');
    const endB = addLoadTask('login');
    expect(pendingLoadTasks()).toEqual(['product_not_found', 'login']);
    const wait = timed(waitForLoadTasks('/cart'));
    await vi.advanceTimersByTimeAsync(300);
    endA();
    await vi.advanceTimersByTimeAsync(300);
    endB();
    let settled = false;
    void wait.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(wait).resolves.toEqual({ ok: true, ms: 800 });
  });

  it('gives up after 5 s when a task never ends', async () => {
    addLoadTask('product_not_found');
    const wait = timed(waitForLoadTasks('/mypage'));
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(wait).resolves.toEqual({ ok: false, ms: 5_000 });
  });

  it('never holds the login page', async () => {
    addLoadTask('login');
    await expect(timed(waitForLoadTasks('/login/'))).resolves.toEqual({ ok: true, ms: 0 });
    await expect(timed(waitForLoadTasks('/login'))).resolves.toEqual({ ok: true, ms: 0 });
    // Pages under /login are not the login page.
    const unlock = timed(waitForLoadTasks('/login/unlock'));
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(unlock).resolves.toEqual({ ok: false, ms: 5_000 });
  });

  it('counts tasks of the same name, and ends a tracked promise whether it keeps or breaks', async () => {
    const first = addLoadTask('product_not_found');
    const second = addLoadTask('product_not_found');
    first();
    first();
    expect(pendingLoadTasks()).toEqual(['product_not_found']);
    second();
    expect(pendingLoadTasks()).toEqual([]);

    let fail: (error: Error) => void = () => undefined;
    const failing = trackLoad('product_not_found', new Promise((_, reject) => (fail = reject)));
    expect(pendingLoadTasks()).toEqual(['product_not_found']);
    fail(new Error('gone'));
    await expect(failing).rejects.toThrow('gone');
    expect(pendingLoadTasks()).toEqual([]);
  });
});
