/**
 * Pending load tasks (spec 000 §8, §9): work the next screen must see finished registers here
 * under a name — the cart re-initialised for product_not_found is "a load task named by the
 * reason", the guest cart taken over at login is another. A navigation waits until none is
 * pending, checking every 200 ms for at most 5 s, then goes on regardless. The login page never
 * waits: a failed refresh sends the user there, and it has to open at once.
 */
import { waitUntil } from './wait';

export const LOAD_STEP_MS = 200;
export const LOAD_TIMEOUT_MS = 5_000;

/** One entry per running task (two re-inits of the same name may overlap). */
const running = new Set<{ name: string }>();

/** Registers a task; the returned function ends it (calling it again does nothing). */
export function addLoadTask(name: string): () => void {
  const task = { name };
  running.add(task);
  return () => running.delete(task);
}

/** `work` as a load task named `name`: pending until it settles (either way). */
export function trackLoad<T>(name: string, work: Promise<T>): Promise<T> {
  const end = addLoadTask(name);
  work.then(end, end);
  return work;
}

/** The names of the tasks still running. */
export function pendingLoadTasks(): string[] {
  return [...new Set([...running].map((task) => task.name))];
}

/** The login page (with or without its trailing slash) does not wait for load tasks. */
export function isLoadWaitExempt(pathname: string): boolean {
  return /^\/login\/?$/.test(pathname);
}

/** Waits until no task is pending (200 ms steps, at most 5 s); true when they all ended in time. */
export function waitForLoadTasks(pathname: string): Promise<boolean> {
  if (isLoadWaitExempt(pathname)) return Promise.resolve(true);
  return waitUntil(() => running.size === 0, { stepMs: LOAD_STEP_MS, timeoutMs: LOAD_TIMEOUT_MS });
}

/** For tests: forget every task. */
export function resetLoadTasks(): void {
  running.clear();
}
