import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { FIRST_VIEW_ID } from './first-view';

/** The server's first view as seo/meta.rs writes it, beside the app's root. */
function serverFirstView(): HTMLElement {
  const view = document.createElement('div');
  view.id = FIRST_VIEW_ID;
  view.className = 'first-view';
  view.innerHTML = '<h1 class="first-view-heading">商品一覧</h1>';
  document.body.prepend(view);
  return view;
}

describe("the server's first view", () => {
  it('stays, with no spinner over it, until the page is on screen, then goes', async () => {
    const view = serverFirstView();
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'トップ' })).toBeInTheDocument();
    expect(view.isConnected).toBe(false);
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('goes for an error page too', async () => {
    const view = serverFirstView();
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    expect(view.isConnected).toBe(false);
  });
});
