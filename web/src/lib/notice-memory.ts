/**
 * Which notices (message slots) the visitor closed, remembered by code and update time: a closed
 * notice comes back only when the shop edits it (its updated_at changes).
 */
import { local, readStorage, writeStorage } from './storage';

export const NOTICE_MEMORY_KEY = 'shop.hiddenMessages';

type Memory = Record<string, string>;

function readMemory(): Memory {
  const raw = readStorage(local(), NOTICE_MEMORY_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export function isNoticeHidden(code: string, updatedAt: string): boolean {
  return readMemory()[code] === updatedAt;
}

export function hideNotice(code: string, updatedAt: string): void {
  writeStorage(local(), NOTICE_MEMORY_KEY, JSON.stringify({ ...readMemory(), [code]: updatedAt }));
}
