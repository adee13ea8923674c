import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addLoadTask } from '../lib/load-tasks';
import { withLoadWait } from './load-wait';

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
    { path: '/', Component: Top },
    { path: '/cart', loader: cartLoader, Component: Cart },
    { path: '/login', lazy: async () => ({ Component: Login }) },
  ];
  return createMemoryRouter(withLoadWait(routes), { initialEntries: ['/'] });
}

describe('navigation and the pending load tasks', () => {
  it('runs the next screen’s loader only once the pending task ended', async () => {
    const cartLoader = vi.fn(() => null);
    const router = table(cartLoader);
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
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
    render(<RouterProvider router={router} />);
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
    render(<RouterProvider router={router} />);
    addLoadTask('login');
    act(() => {
      void router.navigate('/login');
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });
});
