/**
 * The bot check of the forms anyone can send (docs/inquiries-api.md, "Bot check"): お問い合わせ,
 * 会員登録, ログイン and both reminders carry a proof in the `X-Bot-Check` header.
 * `GET /v1/bot-check` says which kind the shop uses:
 * - `altcha`: a proof of work — the number n (0..maxnumber) with sha256(salt + n) === challenge,
 *   found with WebCrypto in small batches (each digest runs off the main thread, and the page
 *   stays responsive between batches); the header is the base64 JSON payload of ALTCHA;
 * - `recaptcha` (v3): Google's script, loaded only then, gives a token for the form's action.
 * A form starts the work when it is shown (`useBotCheck`), so sending rarely waits; each proof is
 * used once (the server refuses replays), so taking one starts the next in the background.
 * Work goes on when a form is left (a fraction of a second): the proof waits for the next visit.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, load } from '../../api/client';
import { ApiError } from '../../lib/api-error';
import type { BotChallenge } from '../../api/types';

export const BOT_CHECK_HEADER = 'X-Bot-Check';
/** The code of the server's 422 when the proof is missing, wrong, expired or used. */
export const BOT_CHECK_FAILED = 'bot_check.failed';
/** Shown (on the submit button and to screen readers) while the proof is still being prepared. */
export const BOT_CHECK_PREPARING_MESSAGE = '送信の準備をしています…';
/** The server's own words when a proof could not be made here either. */
export const BOT_CHECK_FAILED_MESSAGE = 'ロボットによる送信でないことを確認できませんでした。もう一度お試しください。';

/** The reCAPTCHA action of each checked form: the server's list (bot_check::CHECKED) by path. */
export type BotCheckAction = 'contact' | 'signup' | 'login' | 'password_reminder' | 'username_reminder';

export type AltchaChallenge = Extract<BotChallenge, { kind: 'altcha' }>['challenge'];

/** A challenge is signed for 10 minutes; one older than this is asked for again before use. */
const CHALLENGE_MAX_AGE_MS = 9 * 60_000;
/** Digests started together: large enough to keep WebCrypto busy, small enough to stay responsive. */
const BATCH = 256;

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(a: ArrayBuffer, b: Uint8Array): boolean {
  const view = new Uint8Array(a);
  if (view.length !== b.length) return false;
  for (let i = 0; i < view.length; i += 1) if (view[i] !== b[i]) return false;
  return true;
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header value of a solved challenge: ALTCHA's payload as base64 JSON. */
export function altchaPayload(challenge: AltchaChallenge, number: number): string {
  return base64Utf8(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}

function aborted(signal?: AbortSignal): boolean {
  return signal?.aborted === true;
}

/**
 * The number n in 0..maxnumber with sha256(salt + n) === challenge, or null when there is none
 * (or `signal` aborted). Digests run a batch at a time; between batches the page is free.
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  options: { signal?: AbortSignal; subtle?: SubtleCrypto } = {},
): Promise<number | null> {
  const subtle = options.subtle ?? globalThis.crypto?.subtle;
  const target = hexToBytes(challenge.challenge);
  if (!subtle || !target || challenge.algorithm.toUpperCase() !== 'SHA-256') return null;
  const encoder = new TextEncoder();
  const max = Math.max(0, Math.floor(challenge.maxnumber));
  for (let start = 0; start <= max; start += BATCH) {
    if (aborted(options.signal)) return null;
    const end = Math.min(start + BATCH - 1, max);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))),
    );
    const index = digests.findIndex((digest) => sameBytes(digest, target));
    if (index >= 0) return numbers[index] ?? null;
  }
  return null;
}

// ---- reCAPTCHA v3 ----

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let recaptchaLoading: Promise<Grecaptcha> | null = null;

/**
 * Google's script (the server names it: `script_url`, which the shop's CSP allows), once per
 * page, only when the shop uses reCAPTCHA.
 */
export function loadRecaptcha(siteKey: string, scriptUrl: string): Promise<Grecaptcha> {
  recaptchaLoading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const src = new URL(scriptUrl, window.location.href);
    src.searchParams.set('render', siteKey);
    script.src = src.toString();
    script.async = true;
    script.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    recaptchaLoading = null;
    throw error;
  });
  return recaptchaLoading;
}

// ---- one proof at a time ----

export interface BotCheckDeps {
  fetchChallenge: (signal: AbortSignal) => Promise<BotChallenge>;
  solve: typeof solveAltcha;
  recaptchaToken: (recaptcha: RecaptchaKey, action: BotCheckAction) => Promise<string>;
  now: () => number;
}

const defaultDeps: BotCheckDeps = {
  fetchChallenge: async (signal) => (await load(api().GET('/v1/bot-check', { signal }))).data,
  solve: solveAltcha,
  recaptchaToken: async ({ siteKey, scriptUrl }, action) =>
    (await loadRecaptcha(siteKey, scriptUrl)).execute(siteKey, { action }),
  now: () => Date.now(),
};

/** The shop's reCAPTCHA: its site key and the script to load. */
export interface RecaptchaKey {
  siteKey: string;
  scriptUrl: string;
}

/** A proof being made: for ALTCHA the solved payload, for reCAPTCHA its key (the token is asked at use). */
type Prepared = { kind: 'altcha'; payload: string; at: number } | ({ kind: 'recaptcha' } & RecaptchaKey);

export interface BotCheck {
  /** Starts making a proof (once; a no-op while one is ready or on its way). */
  prepare(): void;
  /** Whether a proof is ready to use now. */
  isReady(): boolean;
  /** The header value for one protected call; starts making the next one. */
  take(): Promise<string>;
  /** Stops any work in progress (the form is gone). */
  dispose(): void;
}

export function createBotCheck(action: BotCheckAction, deps: BotCheckDeps = defaultDeps): BotCheck {
  let controller: AbortController | null = null;
  let pending: Promise<Prepared> | null = null;
  let ready: Prepared | null = null;

  const make = (): Promise<Prepared> => {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    ready = null;
    const promise = (async (): Promise<Prepared> => {
      const challenge = await deps.fetchChallenge(own.signal);
      if (challenge.kind === 'recaptcha') {
        return { kind: 'recaptcha', siteKey: challenge.site_key, scriptUrl: challenge.script_url };
      }
      const at = deps.now();
      const number = await deps.solve(challenge.challenge, { signal: own.signal });
      if (own.signal.aborted) throw new DOMException('取り消されました', 'AbortError');
      if (number === null) throw new ApiError(422, { message: BOT_CHECK_FAILED_MESSAGE, code: BOT_CHECK_FAILED });
      return { kind: 'altcha', payload: altchaPayload(challenge.challenge, number), at };
    })();
    pending = promise;
    promise.then(
      (prepared) => {
        if (pending === promise) ready = prepared;
      },
      () => {
        // A failure is seen by the next `take`, which starts again.
        if (pending === promise) pending = null;
      },
    );
    return promise;
  };

  const fresh = (prepared: Prepared): boolean =>
    prepared.kind === 'recaptcha' || deps.now() - prepared.at < CHALLENGE_MAX_AGE_MS;

  return {
    prepare() {
      if (!pending) void make().catch(() => undefined);
    },
    isReady() {
      return ready !== null && fresh(ready);
    },
    async take() {
      let prepared = await (pending ?? make());
      if (!fresh(prepared)) prepared = await make();
      if (prepared.kind === 'recaptcha') {
        // A token is good for two minutes: asked for now, the key stays for the next one.
        return deps.recaptchaToken({ siteKey: prepared.siteKey, scriptUrl: prepared.scriptUrl }, action);
      }
      // Used once: the next proof starts now, so a second try (a typo in the password) need not wait.
      pending = null;
      ready = null;
      void make().catch(() => undefined);
      return prepared.payload;
    },
    dispose() {
      controller?.abort();
      controller = null;
      pending = null;
      ready = null;
    },
  };
}

/** The header parameter of a protected call, as the generated client takes it. */
export function botCheckParams(proof: string): { header: { 'X-Bot-Check': string } } {
  return { header: { 'X-Bot-Check': proof } };
}

export function isBotCheckFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && error.code === BOT_CHECK_FAILED;
}

/** One bot check per form action for the page's life: a proof made on one screen serves the next. */
const checks = new Map<BotCheckAction, BotCheck>();

export function botCheckFor(action: BotCheckAction): BotCheck {
  let check = checks.get(action);
  if (!check) {
    check = createBotCheck(action);
    checks.set(action, check);
  }
  return check;
}

/** Forgets every proof (tests start each case afresh). */
export function resetBotChecks(): void {
  for (const check of checks.values()) check.dispose();
  checks.clear();
}

export interface UseBotCheck {
  /** The proof for one protected call (waits for it when the person was faster). */
  take: () => Promise<string>;
  /** True while a submit waits for the proof: the form says BOT_CHECK_PREPARING_MESSAGE. */
  waiting: boolean;
}

/**
 * A form's bot check: the proof is prepared as soon as the form is shown (`enabled`) — on the
 * contact form's first step although it is sent from the confirm page — and is usually ready by
 * the time it is sent.
 */
export function useBotCheck(action: BotCheckAction, { enabled = true }: { enabled?: boolean } = {}): UseBotCheck {
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (enabled) botCheckFor(action).prepare();
  }, [action, enabled]);

  const take = useCallback(async () => {
    const check = botCheckFor(action);
    if (check.isReady()) return check.take();
    setWaiting(true);
    try {
      return await check.take();
    } finally {
      setWaiting(false);
    }
  }, [action]);

  return { take, waiting };
}
