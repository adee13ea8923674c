import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEW, REVIEW_MESSAGES, checkReview, serverReviewErrors, toReviewInput } from './review-rules';

const valid = { rating: '4', title: '静かで軽い', body: '風切り音が小さく、首が疲れにくいです。', nickname: '' };

describe('checkReview', () => {
  it('passes a filled review, the nickname left blank', () => {
    expect(checkReview(valid)).toEqual({});
  });

  it('names every missing or too short field', () => {
    expect(checkReview(EMPTY_REVIEW)).toEqual({
      rating: REVIEW_MESSAGES.rating,
      title: REVIEW_MESSAGES.title,
      body: REVIEW_MESSAGES.bodyMin,
    });
    expect(checkReview({ ...valid, title: '　 ' })).toEqual({ title: REVIEW_MESSAGES.title });
  });

  it('counts characters after trimming, as the server does', () => {
    expect(checkReview({ ...valid, body: '  あいうえおかきくけこ  ' })).toEqual({});
    expect(checkReview({ ...valid, body: '  あいうえおかきくけ  ' })).toEqual({ body: REVIEW_MESSAGES.bodyMin });
    expect(checkReview({ ...valid, title: '𠮷'.repeat(50) })).toEqual({});
    expect(checkReview({ ...valid, title: 'あ'.repeat(51) })).toEqual({ title: REVIEW_MESSAGES.titleMax });
    expect(checkReview({ ...valid, body: 'あ'.repeat(1001) })).toEqual({ body: REVIEW_MESSAGES.bodyMax });
    expect(checkReview({ ...valid, nickname: 'あ'.repeat(21) })).toEqual({ nickname: REVIEW_MESSAGES.nicknameMax });
  });

  it('takes only 1 to 5 stars', () => {
    expect(checkReview({ ...valid, rating: '0' })).toEqual({ rating: REVIEW_MESSAGES.rating });
    expect(checkReview({ ...valid, rating: '6' })).toEqual({ rating: REVIEW_MESSAGES.rating });
    expect(toReviewInput(valid).rating).toBe(4);
  });
});

describe('serverReviewErrors', () => {
  it('puts plain and nested keys on the fields, the rest aside', () => {
    expect(
      serverReviewErrors({
        'review.body': ['使用できない表現が含まれています。'],
        title: ['タイトルを入力してください。'],
        product: ['商品が見つかりません。'],
      }),
    ).toEqual({
      fields: { body: '使用できない表現が含まれています。', title: 'タイトルを入力してください。' },
      rest: ['商品が見つかりません。'],
    });
  });
});
