import { describe, expect, it } from 'vitest';
import { checkProductRequest, EMAIL_FORMAT_MESSAGE } from './product-request-rules';

const good = { name: '山田 太郎', email: 'taro@example.jp', body: '再入荷を希望します' };

describe('checkProductRequest', () => {
  it('accepts a complete request', () => {
    expect(checkProductRequest(good)).toEqual({});
  });

  it('names every blank field in the server wording', () => {
    expect(checkProductRequest({ name: ' ', email: '', body: '\n' })).toEqual({
      name: 'お名前を入力してください。',
      email: 'メールアドレスを入力してください。',
      body: '内容を入力してください。',
    });
  });

  it('rejects text over the server limits, counting characters', () => {
    expect(checkProductRequest({ ...good, name: 'あ'.repeat(51) }).name).toBe('お名前は50文字以内で入力してください。');
    expect(checkProductRequest({ ...good, body: 'あ'.repeat(2000) })).toEqual({});
  });

  it('catches an address without @ and leaves the finer checks to the server', () => {
    expect(checkProductRequest({ ...good, email: 'taro' }).email).toBe(EMAIL_FORMAT_MESSAGE);
    expect(checkProductRequest({ ...good, email: 'taro@example' })).toEqual({});
  });
});

describe('acceptsRequest', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  const onSale = { is_on_sale: true, sale_start: null };

  it('offers a request for an item out of stock', async () => {
    const { acceptsRequest } = await import('./product-detail-page');
    expect(acceptsRequest(onSale, 'out_of_stock', now)).toBe(true);
    expect(acceptsRequest(onSale, 'few', now)).toBe(false);
  });

  it('offers a request before the sale starts, not after it ended', async () => {
    const { acceptsRequest } = await import('./product-detail-page');
    expect(acceptsRequest({ is_on_sale: false, sale_start: '2026-12-01T00:00:00Z' }, 'in_stock', now)).toBe(true);
    expect(acceptsRequest({ is_on_sale: false, sale_start: '2026-01-01T00:00:00Z' }, 'in_stock', now)).toBe(false);
  });
});
