import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Coupon, LandingBlock } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY, sessionStore } from '../../api/session';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';
import { couponRefs, resolveCoupons } from './lp-coupons';

const coupon = (id: string, over: Partial<Coupon> = {}): Coupon => ({
  id,
  code: `CODE-${id}`,
  name: `クーポン${id}`,
  description: '説明です。',
  discount_kind: 'amount',
  discount_value: 500,
  discount_label: '500円引き',
  minimum_amount: 3000,
  starts_at: null,
  ends_at: '2099-03-31T14:59:59Z',
  requires_take: true,
  member_only: true,
  is_taken: false,
  ...over,
});

const winter = (entries: unknown[]) => ({
  slug: 'winter',
  title: '冬のメンテナンス特集',
  layout: [
    { kind: 'hero', props: { heading: '寒い季節こそ点検を', coupon: entries } },
    { kind: 'text', props: { heading: '3つのポイント', body: 'チェーン' } },
  ],
  extend: { is_show_header: true, is_show_footer: true },
});

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

describe('landing page coupons', () => {
  it('lets a member take a coupon from the page: 「クーポンを受け取る」 becomes 受け取り済み', async () => {
    logIn();
    const lpOnly = coupon('k9', { name: 'LP限定 1,000円引き', discount_label: '1,000円引き' });
    const fake = createSiteFake()
      .on('GET', '/v1/me/user', { id: 'u1', email: 'member@example.com' })
      .on('GET', '/v1/lp/winter', winter(['k1', lpOnly, 'unknown-id']))
      .on('GET', '/v1/me/coupons', { data: [coupon('k1', { is_taken: true })] })
      .on('POST', '/v1/me/coupons', json({ ...lpOnly, is_taken: true }));
    await renderApp('/lp/winter', fake);

    const section = await screen.findByRole('region', { name: 'クーポン' });
    await within(section).findByRole('heading', { name: 'クーポンk1' });
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['クーポンk1', 'LP限定 1,000円引き']);
    expect(cards[0]).toHaveTextContent('受け取り済み');
    expect(within(cards[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('1,000円引き');
    expect(cards[1]).toHaveTextContent('¥3,000以上のご購入');
    expect(cards[1]).toHaveTextContent('2099.03.31まで');

    await act(async () => {
      fireEvent.click(within(cards[1]!).getByRole('button', { name: 'クーポンを受け取る（LP限定 1,000円引き）' }));
    });
    expect(await within(cards[1]!).findByText('受け取り済み')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText('クーポン「LP限定 1,000円引き」を受け取りました。')).toBeInTheDocument();
    expect(
      await fake
        .callsTo('/v1/me/coupons')
        .find((c) => c.method === 'POST')!
        .json(),
    ).toEqual({
      coupon_id: 'k9',
      page: 'winter',
    });
    // The hero stays first; the coupons follow it.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('寒い季節こそ点検を')).toBeLessThan(headings.indexOf('クーポン'));
    expect(headings.indexOf('クーポン')).toBeLessThan(headings.indexOf('3つのポイント'));
  });

  it('sends a visitor to log in and back to the page', async () => {
    const fake = createSiteFake()
      .on('GET', '/v1/lp/winter', winter(['CODE-k1']))
      .on('GET', '/v1/coupons', { data: [coupon('k1')] });
    const { router } = await renderApp('/lp/winter', fake);

    const button = await screen.findByRole('button', { name: 'クーポンを受け取る（クーポンk1）' });
    expect(screen.getByText('クーポンの受け取りにはログインが必要です。')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(sessionStore.get().redirectUrl).toBe('/lp/winter');
    expect(fake.callsTo('/v1/me/coupons')).toHaveLength(0);
  });

  it('shows no coupon section and asks for no list when the page offers none', async () => {
    const fake = createSiteFake().on('GET', '/v1/lp/winter', winter([]));
    await renderApp('/lp/winter', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '冬のメンテナンス特集' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'クーポン' })).not.toBeInTheDocument();
    expect(fake.callsTo('/v1/coupons')).toHaveLength(0);
  });
});

describe('couponRefs / resolveCoupons', () => {
  const layout = (coupon: unknown): LandingBlock[] => [{ kind: 'hero', props: { coupon } }];

  it('reads ids, codes and objects once each, and ignores anything else', () => {
    const refs = couponRefs(layout(['k1', ' k1 ', { id: 'k2', name: 'B' }, { code: 'SPRING' }, 3, null, '', {}]));
    expect(refs.map((r) => r.ref)).toEqual(['k1', 'k2', 'SPRING']);
    expect(refs[1]!.own?.name).toBe('B');
    expect(refs[2]!.own).toBeNull();
    expect(couponRefs(layout('k1'))).toEqual([]);
    expect(couponRefs([{ kind: 'text', props: {} }, ...layout(['k1'])])).toEqual([]);
  });

  it('prefers the visitor’s list entry, falls back to the page’s object, drops unknown ids', () => {
    const refs = couponRefs(layout(['k1', { id: 'k2', name: 'ページの記載' }, 'gone', 'CODE-k3']));
    const known = [coupon('k1', { is_taken: true }), coupon('k3')];
    expect(resolveCoupons(refs, known).map((c) => [c.id, c.name, c.is_taken])).toEqual([
      ['k1', 'クーポンk1', true],
      ['k2', 'ページの記載', false],
      ['k3', 'クーポンk3', false],
    ]);
  });
});
