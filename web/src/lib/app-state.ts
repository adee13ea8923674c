/**
 * App-wide states the API client sets from responses (spec 000 §8) and screens read:
 * maintenance (503), invalid channel (404 「チャネルが存在しない」) and the last error body.
 */
import { createStore, useStore } from './store';

export interface MaintenanceState {
  title: string;
  message: string;
}

export interface ErrorBody {
  message: string;
  code?: string | null;
  errors?: Record<string, string[]> | null;
}

export const maintenanceStore = createStore<MaintenanceState | null>(null);
export const invalidChannelStore = createStore<boolean>(false);
/** The body of the last failed request, for forms (field errors) and messages. */
export const errorStore = createStore<ErrorBody | null>(null);

export const useMaintenance = (): MaintenanceState | null => useStore(maintenanceStore);
export const useInvalidChannel = (): boolean => useStore(invalidChannelStore);
export const useApiErrors = (): ErrorBody | null => useStore(errorStore);

/** The server's messages for one form field, or an empty list. */
export function fieldErrors(body: ErrorBody | null, field: string): string[] {
  return body?.errors?.[field] ?? [];
}

export function clearErrors(): void {
  errorStore.set(null);
}
