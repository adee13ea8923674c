/**
 * A lazily loaded screen whose chunk fails to load (usually: a new deployment removed the old
 * hashed file) reloads the page, at most once per 60 s (spec 000 §4, §8); the time of the last
 * reload is kept in sessionStorage so a broken deployment cannot loop.
 */
import { readStorage, session, writeStorage } from './storage';

export const CHUNK_RELOAD_KEY = 'shop.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export interface ChunkReloadDeps {
  storage?: Storage;
  now?: () => number;
  reload?: () => void;
}

/** Whether to reload now; records the time when it says yes. */
export function shouldReloadForChunkError(deps: ChunkReloadDeps = {}): boolean {
  const storage = deps.storage ?? session();
  const now = (deps.now ?? Date.now)();
  const last = Number(readStorage(storage, CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  writeStorage(storage, CHUNK_RELOAD_KEY, String(now));
  return true;
}

/**
 * Wraps a dynamic import: on failure reload (and never resolve, so nothing renders meanwhile),
 * or rethrow when a reload happened less than 60 s ago so the error page shows.
 */
export function withChunkReload<T>(load: () => Promise<T>, deps: ChunkReloadDeps = {}): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (shouldReloadForChunkError(deps)) {
        (deps.reload ?? (() => window.location.reload()))();
        return new Promise<T>(() => {});
      }
      throw error;
    });
}
