/** localStorage / sessionStorage access that never throws (private mode, disabled storage). */
export function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only in memory for this page.
  }
}

export const local = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);
export const session = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage);
