/**
 * Flash messages with the spec's one-step delay (000 §4): `setFlash` stores the message as
 * `next`; the next navigation moves it to `current`, where the layout shows it once.
 */
import { createStore, useStore } from './store';

export type FlashType = 'positive' | 'negative' | 'info' | 'warning';

export interface Flash {
  type: FlashType;
  text: string;
}

export interface FlashState {
  current: Flash | null;
  next: Flash | null;
}

export const flashStore = createStore<FlashState>({ current: null, next: null });

export function setFlash(text: string, type: FlashType = 'positive'): void {
  flashStore.set((prev) => ({ ...prev, next: { type, text } }));
}

/** Called on every navigation: the waiting message becomes the shown one. */
export function advanceFlash(): void {
  flashStore.set((prev) => (prev.current === null && prev.next === null ? prev : { current: prev.next, next: null }));
}

export function useCurrentFlash(): Flash | null {
  return useStore(flashStore).current;
}
