import { describe, expect, it } from 'vitest';
import {
  RECOMMENDATION_CLICK_KEY,
  productKeyOfHref,
  recommendationClick,
  rememberRecommendationClick,
} from './recommendation-click';

describe('the recommendation click of a visit', () => {
  it('keeps the last click for the tab, and reads nothing from a broken entry', () => {
    expect(recommendationClick()).toBeNull();
    rememberRecommendationClick('rp0001', 'rp0002', new Date('2026-11-29T10:00:00Z'));
    rememberRecommendationClick('rp0001', 'rp0003', new Date('2026-11-29T10:05:00Z'));
    expect(recommendationClick()).toEqual({
      source: 'rp0001',
      target: 'rp0003',
      clicked_at: '2026-11-29T10:05:00.000Z',
    });
    sessionStorage.setItem(RECOMMENDATION_CLICK_KEY, '{"source":1}');
    expect(recommendationClick()).toBeNull();
    sessionStorage.setItem(RECOMMENDATION_CLICK_KEY, 'not json');
    expect(recommendationClick()).toBeNull();
  });

  it('knows a product link by its path only', () => {
    expect(productKeyOfHref('/product/rp0007')).toBe('rp0007');
    expect(productKeyOfHref('https://shop.example/product/%E5%B8%BD?from=x#top')).toBe('帽');
    expect(productKeyOfHref('/product')).toBeNull();
    expect(productKeyOfHref('/product/rp1/reviews')).toBeNull();
    expect(productKeyOfHref('/news/1')).toBeNull();
  });
});
