/**
 * Bounded polling (spec 000 §9 gives its waits as steps and a ceiling, e.g. "100 ms steps up to
 * 3 s"): the condition is checked at once, then every `stepMs`, and the wait gives up after
 * `timeoutMs` — the caller goes on either way, so a hung dependency never hangs a screen.
 */
export interface WaitLimits {
  stepMs: number;
  timeoutMs: number;
}

/** Resolves true as soon as `done()` holds, false when `timeoutMs` passed without it. */
export function waitUntil(done: () => boolean, { stepMs, timeoutMs }: WaitLimits): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let waited = 0;
    const check = () => {
      waited += stepMs;
      if (done()) resolve(true);
      else if (waited >= timeoutMs) resolve(false);
      else setTimeout(check, stepMs);
    };
    setTimeout(check, stepMs);
  });
}

/**
 * Resolves in a task of its own: the work before and after an `await nextTask()` are separate
 * tasks, so the browser can paint and answer a tap between them. A slow phone's start (module
 * evaluation, the session, the router and its loaders) was one task of several hundred ms
 * (Lighthouse counts every task over 50 ms as blocking time).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
