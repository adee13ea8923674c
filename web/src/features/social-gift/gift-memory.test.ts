import { describe, expect, it } from 'vitest';
import {
  GIFT_MEMORY_KEY,
  completePath,
  forgetGift,
  readGiftMemory,
  rememberGiftToken,
  saveGiftDelivery,
  saveGiftShipping,
  stepOfErrors,
  stepRedirect,
} from './gift-memory';
import { shibuya } from './gift-test-data';

const TOKEN = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';

const morning = {
  delivery_at: '2026-12-02',
  delivery_timezone: 'am',
  date_label: '12月2日(水)',
  timezone_label: '午前中',
};

describe('the recipient’s memory', () => {
  it('keeps the token and the inputs in sessionStorage only, never in localStorage', () => {
    rememberGiftToken(TOKEN);
    saveGiftShipping(shibuya);
    saveGiftDelivery(morning);
    expect(JSON.parse(sessionStorage.getItem(GIFT_MEMORY_KEY) ?? '{}')).toEqual({
      token: TOKEN,
      shipping: shibuya,
      delivery: morning,
    });
    expect(Object.keys(localStorage)).toEqual([]);
    expect(JSON.stringify(localStorage)).not.toContain(TOKEN);
  });

  it('keeps what was entered when the same link is opened again, and starts afresh with another link', () => {
    rememberGiftToken(TOKEN);
    saveGiftShipping(shibuya);
    expect(rememberGiftToken(TOKEN).shipping).toEqual(shibuya);
    expect(rememberGiftToken(OTHER)).toEqual({ token: OTHER, shipping: null, delivery: null });
    expect(readGiftMemory()?.shipping).toBeNull();
  });

  it('forgets the date when the postal code or prefecture changes (the dates depend on them)', () => {
    rememberGiftToken(TOKEN);
    saveGiftShipping(shibuya);
    saveGiftDelivery(morning);
    saveGiftShipping({ ...shibuya, address2: '201号室' });
    expect(readGiftMemory()?.delivery).toEqual(morning);
    saveGiftShipping({ ...shibuya, postal_code: '5300001', prefecture: '大阪府' });
    expect(readGiftMemory()?.delivery).toBeNull();
  });

  it('keeps nothing without a token, a date without an address, or anything after forgetting', () => {
    expect(saveGiftShipping(shibuya)).toBeNull();
    rememberGiftToken(TOKEN);
    expect(saveGiftDelivery(morning)).toBeNull();
    forgetGift();
    expect(readGiftMemory()).toBeNull();
    sessionStorage.setItem(GIFT_MEMORY_KEY, '{not json');
    expect(readGiftMemory()).toBeNull();
    sessionStorage.setItem(GIFT_MEMORY_KEY, JSON.stringify({ token: '' }));
    expect(readGiftMemory()).toBeNull();
  });

  it('puts the token into the completion path', () => {
    expect(completePath(TOKEN)).toBe(`/social-gift/${TOKEN}/complete`);
  });
});

describe('step guards', () => {
  it('sends each step back to the first one not done', () => {
    expect(stepRedirect(null, 'gift')).toBeNull();
    expect(stepRedirect(null, 'shipping')).toBe('/social-gift');
    expect(stepRedirect(null, 'confirm')).toBe('/social-gift');
    const fresh = { token: TOKEN, shipping: null, delivery: null };
    expect(stepRedirect(fresh, 'shipping')).toBeNull();
    expect(stepRedirect(fresh, 'delivery')).toBe('/social-gift/shipping');
    expect(stepRedirect(fresh, 'confirm')).toBe('/social-gift/shipping');
    const addressed = { ...fresh, shipping: shibuya };
    expect(stepRedirect(addressed, 'delivery')).toBeNull();
    expect(stepRedirect(addressed, 'confirm')).toBe('/social-gift/delivery');
    expect(stepRedirect({ ...addressed, delivery: morning }, 'confirm')).toBeNull();
  });

  it('knows the step of a failed field of the final PUT', () => {
    expect(stepOfErrors({ postal_code: ['x'] })).toBe('shipping');
    expect(stepOfErrors({ 'shipping.shipping_last_name': ['x'] })).toBe('shipping');
    expect(stepOfErrors({ delivery_at: ['x'] })).toBe('delivery');
    expect(stepOfErrors({ delivery_timezone: ['x'], email: ['y'] })).toBe('shipping');
    expect(stepOfErrors({ something: ['x'] })).toBeNull();
  });
});
