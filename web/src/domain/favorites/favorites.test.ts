import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client';
import { createFakeFetch, json, type FakeFetch } from '../../test/fake-fetch';
import {
  USER_LISTS_KEY,
  clearFavoriteFlags,
  favoriteFlags,
  favoriteOf,
  setFavorite,
  toggleFavorite,
} from './favorites';
import { queryClient } from '../../lib/query-client';
import { applyGrant, clearSession } from '../../api/session';
import { showError } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ showError: vi.fn(), showToast: vi.fn() }));

const helmet = { id: 'p1', key: 'rp0001', is_favorite: false };

function server(likes: (request: Request) => Response | Promise<Response>): FakeFetch {
  const fake = createFakeFetch()
    .on('POST', '/v1/products/rp0001/likes', likes)
    .on('DELETE', '/v1/products/rp0001/likes', likes);
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch, navigate: () => undefined });
  return fake;
}

const shown = () => favoriteOf(favoriteFlags.get(), helmet.id, helmet.is_favorite);

describe('favourite marks', () => {
  beforeEach(() => {
    applyGrant({ access_token: 'tok', expires_in: 900 });
    clearFavoriteFlags();
    vi.mocked(showError).mockClear();
  });
  afterEach(() => queryClient.clear());

  it("shows the server's flag until this client changes it", () => {
    expect(favoriteOf(new Map(), 'p1', true)).toBe(true);
    expect(favoriteOf(new Map([['p1', false]]), 'p1', true)).toBe(false);
    expect(favoriteOf(new Map([['p2', true]]), 'p1', false)).toBe(false);
  });

  it('likes with POST …/likes and the heart turns on at once, before the answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = server(() => new Promise<Response>((resolve) => (answer = resolve)));

    const done = setFavorite(helmet, true);
    expect(shown()).toBe(true);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    answer(json({ product_id: 'p1', is_favorite: true }));

    await expect(done).resolves.toBe(true);
    expect(shown()).toBe(true);
    const [call] = fake.callsTo('/v1/products/rp0001/likes');
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('unlikes with DELETE …/likes when the heart is on', async () => {
    const fake = server(() => json({ product_id: 'p1', is_favorite: false }));
    await expect(toggleFavorite({ ...helmet, is_favorite: true })).resolves.toBe(false);
    expect(fake.calls[0]!.method).toBe('DELETE');
    expect(favoriteOf(favoriteFlags.get(), 'p1', true)).toBe(false);
  });

  it("goes back and shows the server's message when the like is refused", async () => {
    server(() =>
      json({ message: 'お気に入りは500件まで登録できます。', code: 'user_lists.limit_exceeded' }, { status: 422 }),
    );

    await expect(toggleFavorite(helmet)).resolves.toBe(false);

    expect(shown()).toBe(false);
    expect(showError).toHaveBeenCalledWith('お気に入りは500件まで登録できます。');
  });

  it('ignores a second press while the first is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = server(() => new Promise<Response>((resolve) => (answer = resolve)));

    const first = toggleFavorite(helmet);
    await expect(toggleFavorite(helmet)).resolves.toBe(true);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    answer(json({ product_id: 'p1', is_favorite: true }));
    await first;

    expect(fake.calls).toHaveLength(1);
    expect(shown()).toBe(true);
  });

  it('asks the favourites lists again after a change', async () => {
    server(() => json({ product_id: 'p1', is_favorite: true }));
    queryClient.setQueryData([...USER_LISTS_KEY, 'all'], []);

    await setFavorite(helmet, true);

    expect(queryClient.getQueryState([...USER_LISTS_KEY, 'all'])?.isInvalidated).toBe(true);
  });

  it('forgets the changed marks when the member logs out', async () => {
    server(() => json({ product_id: 'p1', is_favorite: true }));
    await setFavorite(helmet, true);
    expect(favoriteFlags.get().size).toBe(1);

    clearSession();

    expect(favoriteFlags.get().size).toBe(0);
    expect(shown()).toBe(false);
  });
});
