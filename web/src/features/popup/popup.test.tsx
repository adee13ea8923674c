import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postEcommerceEvent } from '../../domain/cart/cart-store';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { POPUP_LANDED_KEY, POPUP_SEEN_KEY, resetLanding } from './popup-memory';

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

/** A page load after the first of this visit (the landing page already seen). */
const pastLanding = () => sessionStorage.setItem(POPUP_LANDED_KEY, '1');

describe('popup dialog', () => {
  it('leaves the landing page alone and opens on the next page of the visit', async () => {
    const fake = popupFake();
    const view = await renderApp('/', fake);
    await screen.findByRole('heading', { level: 1, name: 'トップ' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/popups')).toHaveLength(0);

    await act(() => view.router.navigate('/news'));
    expect(await screen.findByRole('dialog', { name: '冬のセール開催中' })).toBeInTheDocument();
  });

  it('shows a `once` popup as a dialog, and not on the next visit', async () => {
    const user = userEvent.setup();
    pastLanding();
    const first = await renderApp('/', popupFake());

    const dialog = await screen.findByRole('dialog', { name: '冬のセール開催中' });
    expect(within(dialog).getByText('最大20%オフ。')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '詳しく見る' })).toHaveAttribute('href', '/lp/winter');
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(POPUP_SEEN_KEY)!)).toEqual(['p1']);
    first.unmount();

    sessionStorage.clear();
    resetLanding();
    pastLanding();
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

describe('the popup an ecommerce event answers with', () => {
  const offer = {
    ...popup,
    id: 'ev-popup',
    title: 'カートに入れた方へ：送料無料クーポン',
    body: 'あと少しで送料無料です。',
    link: '/coupon',
  };

  it('opens as a dialog at once, closes, and does not come back for the next event', async () => {
    const user = userEvent.setup();
    const fake = createSiteFake()
      .on('GET', '/v1/popups', { data: [] })
      .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: offer }, { status: 201 }));
    await renderApp('/', fake);
    await screen.findByRole('heading', { level: 1, name: 'トップ' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      await postEcommerceEvent('add_to_cart', { variation_key: 'v1', quantity: 1 });
    });
    const dialog = await screen.findByRole('dialog', { name: 'カートに入れた方へ：送料無料クーポン' });
    expect(within(dialog).getByText('あと少しで送料無料です。')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '詳しく見る' })).toHaveAttribute('href', '/coupon');
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      await postEcommerceEvent('add_to_cart', { variation_key: 'v1', quantity: 1 });
    });
    expect(fake.callsTo('/v1/ecommerce_events')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(POPUP_SEEN_KEY)!)).toEqual(['ev-popup']);
  });

  it('shows nothing when the answer has no popup or a malformed one', async () => {
    const fake = createSiteFake()
      .on('GET', '/v1/popups', { data: [] })
      .on('POST', '/v1/ecommerce_events', json({ id: 'e1', popup: { title: 'no id' } }, { status: 201 }));
    await renderApp('/', fake);
    await screen.findByRole('heading', { level: 1, name: 'トップ' });
    await act(async () => {
      await postEcommerceEvent('add_to_cart', {});
    });
    expect(fake.callsTo('/v1/ecommerce_events')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
