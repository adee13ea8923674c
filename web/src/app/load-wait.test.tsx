import { act, render, screen } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryRouter,
  matchRoutes,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsQuery } from '../domain/site/site-queries';
import { addLoadTask } from '../lib/load-tasks';
import { queryClient } from '../lib/query-client';
import { demoSettings } from '../test/render-app';
import { loadWaitLoader } from './load-wait';
import { routes } from './router';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const Top = () => <h1>トップ</h1>;
const Cart = () => <h1>カート</h1>;
const Login = () => <h1>ログイン</h1>;

function table(cartLoader: () => null) {
  const routes: RouteObject[] = [
    { path: '/', loader: loadWaitLoader(), Component: Top },
    { path: '/cart', loader: loadWaitLoader(cartLoader), Component: Cart },
    { path: '/login', loader: loadWaitLoader(), Component: Login },
  ];
  return createMemoryRouter(routes, { initialEntries: ['/'] });
}

async function shown(router: ReturnType<typeof table>) {
  render(<RouterProvider router={router} />);
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('navigation and the pending load tasks', () => {
  it('runs the next screen’s loader only once the pending task ended', async () => {
    const cartLoader = vi.fn(() => null);
    const router = table(cartLoader);
    await shown(router);
    expect(screen.getByRole('heading', { name: 'トップ' })).toBeInTheDocument();

    const end = addLoadTask('product_not_found');
    act(() => {
      void router.navigate('/cart');
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(cartLoader).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'トップ' })).toBeInTheDocument();

    end();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(cartLoader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'カート' })).toBeInTheDocument();
  });

  it('goes on after 5 s when the task never ends', async () => {
    const cartLoader = vi.fn(() => null);
    const router = table(cartLoader);
    await shown(router);
    addLoadTask('product_not_found');
    act(() => {
      void router.navigate('/cart');
    });
    await act(() => vi.advanceTimersByTimeAsync(4_800));
    expect(cartLoader).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(cartLoader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'カート' })).toBeInTheDocument();
  });

  it('opens the login page at once, however many tasks are pending', async () => {
    const router = table(() => null);
    await shown(router);
    addLoadTask('login');
    act(() => {
      void router.navigate('/login');
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });
});

describe('the route table', () => {
  /** The loader of the deepest route at `path`, lazy part loaded. */
  async function loaderAt(path: string): Promise<LoaderFunction> {
    const leaf = matchRoutes(routes, path)!.at(-1)!.route;
    const lazy = typeof leaf.lazy === 'function' ? await leaf.lazy() : {};
    return (leaf.loader ?? (lazy as RouteObject).loader) as LoaderFunction;
  }

  const args = (path: string) =>
    ({ request: new Request(`http://shop.test${path}`), params: {} }) as LoaderFunctionArgs;

  it('makes every screen wait, lazy or with its loader in the first bundle, but not the login page', async () => {
    for (const path of ['/news', '/product', '/cart']) {
      const loader = await loaderAt(path);
      const end = addLoadTask('product_not_found');
      let settled = false;
      void Promise.resolve(loader(args(path))).then(
        () => (settled = true),
        () => (settled = true),
      );
      await vi.advanceTimersByTimeAsync(1_000);
      expect(settled, path).toBe(false);
      end();
    }
    queryClient.setQueryData(settingsQuery().queryKey, demoSettings as never);
    addLoadTask('login');
    const login = await loaderAt('/login');
    await expect(Promise.resolve(login(args('/login')))).resolves.toBeNull();
  });
});
