import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { POPUP_SEEN_KEY } from './popup-memory';

const popup = {
  id: 'p1',
  title: '冬のセール開催中',
  body: '最大20%オフ。',
  image: null,
  link: '/lp/winter',
  starts_at: null,
  ends_at: '2026-12-25T14:59:00Z',
  display: 'once' as const,
};

const popupFake = () =>
  createSiteFake()
    .on('GET', '/v1/popups', { data: [popup] })
    .on('GET', '/v1/popups/p1', popup);

describe('popup dialog', () => {
  it('shows a `once` popup as a dialog, and not on the next visit', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/', popupFake());

    const dialog = await screen.findByRole('dialog', { name: '冬のセール開催中' });
    expect(within(dialog).getByText('最大20%オフ。')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '詳しく見る' })).toHaveAttribute('href', '/lp/winter');
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(POPUP_SEEN_KEY)!)).toEqual(['p1']);
    first.unmount();

    sessionStorage.clear();
    const second = await renderApp('/', popupFake());
    await screen.findByRole('heading', { level: 1, name: 'トップ' });
    await expect.poll(() => second.fake.callsTo('/v1/popups').length).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists current popups at /popup without opening one over it', async () => {
    const fake = popupFake();
    await renderApp('/popup', fake);

    expect(await screen.findByRole('heading', { level: 1, name: 'キャンペーン・お知らせ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '冬のセール開催中' })).toBeInTheDocument();
    expect(screen.getByText('2026.12.25 23:59')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/popups')).toHaveLength(1);
  });

  it('shows a single popup by id, and 404 for an ended one', async () => {
    const one = await renderApp('/popup?id=p1', popupFake());
    expect(await screen.findByRole('heading', { level: 1, name: '冬のセール開催中' })).toBeInTheDocument();
    one.unmount();

    const fake = popupFake().on('GET', '/v1/popups/gone', json({ message: '見つかりません。' }, { status: 404 }));
    await renderApp('/popup?id=gone', fake);
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});
