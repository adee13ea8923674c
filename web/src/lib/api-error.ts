/**
 * What a failed API call becomes (the one client, api/client, throws these): an `ApiError` with
 * the error body the server sent, a `NetworkIgnoredError` for a lost connection the spec says
 * to ignore, and the tests that tell the silent ones (already acted on, cancelled) apart.
 */
import type { ErrorBody } from './app-state';

/** A failed call the caller may show; `handled` when the client already acted (redirect). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly handled: boolean;

  constructor(status: number, body: ErrorBody, handled = false) {
    super(body.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.handled = handled;
  }

  get code(): string | undefined {
    return this.body.code ?? undefined;
  }

  get errors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/** A network failure the spec says to ignore; surfaces only as the `ignored` outcome. */
export class NetworkIgnoredError extends Error {
  constructor(cause?: unknown) {
    super('network error ignored', { cause });
    this.name = 'NetworkIgnoredError';
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function isTimeoutError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TimeoutError';
}

/** Errors that must not reach the user as a toast or an error page. */
export function isSilentError(error: unknown): boolean {
  return error instanceof NetworkIgnoredError || isAbortError(error) || (error instanceof ApiError && error.handled);
}
