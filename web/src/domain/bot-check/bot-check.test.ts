import { describe, expect, it, vi } from 'vitest';
import type { BotChallenge } from '../../api/types';
import {
  altchaPayload,
  BOT_CHECK_HEADER,
  botCheckParams,
  createBotCheck,
  solveAltcha,
  type AltchaChallenge,
  type BotCheckDeps,
  type RecaptchaKey,
} from './bot-check';

/**
 * The server's own test vector (bot_check/altcha.rs), checked independently:
 * printf '%s' 'abc?expires=179500060042' | sha256sum
 */
const KNOWN: AltchaChallenge = {
  algorithm: 'SHA-256',
  challenge: '4624c8dcf2fc4f3704d7635f5940ad6f67ce4f2582859061092a9f0410aaf3eb',
  maxnumber: 50_000,
  salt: 'abc?expires=1795000600',
  signature: 'a7d706607128ae1f22809b9bb9e024108bf9283b52f219ba6fb00afc4ca2565d',
};

const decode = (payload: string) => JSON.parse(atob(payload)) as Record<string, unknown>;

describe('solveAltcha', () => {
  it('finds the number whose sha256(salt + number) is the challenge', async () => {
    expect(await solveAltcha(KNOWN)).toBe(42);
  });

  it('finds a number past the first batch, up to maxnumber inclusive', async () => {
    // printf '%s' 'abc?expires=1795000600700' | sha256sum
    const challenge = { ...KNOWN, challenge: await sha256Hex('abc?expires=1795000600700'), maxnumber: 700 };
    expect(await solveAltcha(challenge)).toBe(700);
  });

  it('answers null when no number up to maxnumber fits, or for another algorithm', async () => {
    expect(await solveAltcha({ ...KNOWN, maxnumber: 41 })).toBeNull();
    expect(await solveAltcha({ ...KNOWN, algorithm: 'SHA-1' })).toBeNull();
    expect(await solveAltcha({ ...KNOWN, challenge: 'not hex' })).toBeNull();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveAltcha(KNOWN, { signal: controller.signal })).toBeNull();
  });
});

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('altchaPayload', () => {
  it('is the base64 JSON of algorithm, challenge, number, salt and signature', () => {
    expect(decode(altchaPayload(KNOWN, 42))).toEqual({
      algorithm: 'SHA-256',
      challenge: KNOWN.challenge,
      number: 42,
      salt: KNOWN.salt,
      signature: KNOWN.signature,
    });
    expect(botCheckParams('proof')).toEqual({ header: { [BOT_CHECK_HEADER]: 'proof' } });
  });
});

function fakeDeps(
  challenges: BotChallenge[],
  now = { value: 0 },
): BotCheckDeps & { fetchChallenge: ReturnType<typeof vi.fn> } {
  let index = 0;
  return {
    fetchChallenge: vi.fn(async () => {
      const next = challenges[Math.min(index, challenges.length - 1)];
      index += 1;
      if (!next) throw new Error('no challenge');
      return next;
    }),
    solve: solveAltcha,
    recaptchaToken: vi.fn(
      async ({ siteKey, scriptUrl }: RecaptchaKey, action: string) => `token:${siteKey}:${scriptUrl}:${action}`,
    ),
    now: () => now.value,
  };
}

describe('createBotCheck', () => {
  it('prepares a proof, hands it out once and starts the next one', async () => {
    const second = { ...KNOWN, salt: 'other?expires=1', challenge: await sha256Hex('other?expires=17') };
    const deps = fakeDeps([
      { kind: 'altcha', challenge: KNOWN },
      { kind: 'altcha', challenge: second },
    ]);
    const check = createBotCheck('contact', deps);
    check.prepare();
    check.prepare();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);

    expect(decode(await check.take())).toMatchObject({ number: 42, salt: KNOWN.salt });
    // The next proof is on its way already: a second try need not wait for a new challenge.
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(2);
    expect(decode(await check.take())).toMatchObject({ number: 7, salt: second.salt });
  });

  it('asks again for a challenge that is about to expire', async () => {
    const now = { value: 0 };
    const deps = fakeDeps([{ kind: 'altcha', challenge: KNOWN }], now);
    const check = createBotCheck('login', deps);
    check.prepare();
    await vi.waitFor(() => expect(check.isReady()).toBe(true));
    now.value = 9 * 60_000 + 1;
    expect(check.isReady()).toBe(false);
    await check.take();
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(3); // first, the stale one's replacement, the next
  });

  it('starts again after a failed challenge request', async () => {
    const deps = fakeDeps([{ kind: 'altcha', challenge: KNOWN }]);
    deps.fetchChallenge.mockRejectedValueOnce(new Error('offline'));
    const check = createBotCheck('signup', deps);
    check.prepare();
    await expect(check.take()).rejects.toThrow('offline');
    expect(decode(await check.take())).toMatchObject({ number: 42 });
  });

  it('refuses a challenge it cannot solve with the server’s message', async () => {
    const deps = fakeDeps([{ kind: 'altcha', challenge: { ...KNOWN, maxnumber: 10 } }]);
    const check = createBotCheck('contact', deps);
    await expect(check.take()).rejects.toMatchObject({ status: 422, code: 'bot_check.failed' });
  });

  it('asks reCAPTCHA for a token of the form’s action at each use', async () => {
    const script = 'https://www.google.com/recaptcha/api.js';
    const deps = fakeDeps([{ kind: 'recaptcha', site_key: 'site-key', version: 3, script_url: script }]);
    const check = createBotCheck('password_reminder', deps);
    expect(await check.take()).toBe(`token:site-key:${script}:password_reminder`);
    expect(await check.take()).toBe(`token:site-key:${script}:password_reminder`);
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);
    expect(deps.recaptchaToken).toHaveBeenCalledTimes(2);
  });
});
