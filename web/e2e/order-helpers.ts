/**
 * An order as the journeys about the back office's order desk place it: the demo member buys
 * products by card (the sandbox's 4242 4242 4242 4242) through the storefront's checkout, and
 * the desk ships it with a tracking number the carrier's check digit accepts. Shared by
 * refunds.spec.ts (返品・返金) and reports.spec.ts (売上).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn } from './member-session';
import { expect } from './support';

export const DEMO_MEMBER = { email: 'member@example.com', password: 'ride2026demo' };

export interface Listed {
  key: string;
  name: string;
  is_on_sale?: boolean;
  stock_status?: string;
}

/** `count` products on sale and in stock, each with one variation (its page's cart button adds it). */
export async function productsToBuy(request: APIRequestContext, count: number): Promise<Listed[]> {
  const found: Listed[] = [];
  const answer = await request.get('/v1/products?per=100');
  expect(answer.ok()).toBe(true);
  for (const product of ((await answer.json()) as { data: Listed[] }).data) {
    if (product.is_on_sale === false || product.stock_status !== 'in_stock') continue;
    const detail = await request.get(`/v1/products/${encodeURIComponent(product.key)}`);
    const items = ((await detail.json()) as { product_model: { products: unknown[] } }).product_model.products;
    if (items.length === 1) found.push(product);
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} single-variation products in stock in the demo catalogue`);
}

export async function addToCart(page: Page, product: Listed) {
  await page.goto(`/product/${encodeURIComponent(product.key)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('link', { name: 'カートを見る' })).toBeVisible();
}

export async function fillCard(page: Page) {
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  const fresh = page.getByRole('radio', { name: '新しいカードを使う' });
  if (await fresh.count()) await fresh.check();
  await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^カード名義/).fill('TARO YAMADA');
  await page.getByLabel(/^有効期限（月）/).selectOption('12');
  await page.getByLabel(/^有効期限（年）/).selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
}

/** The demo member's checkout of two products paid by card; the order number from the complete page. */
export async function buyTwoByCard(page: Page, request: APIRequestContext): Promise<string> {
  const products = await productsToBuy(request, 2);
  await logIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/mypage$/);
  for (const product of products) await addToCart(page, product);
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'カートの商品' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'レジに進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /お届け先の選択$/ })).toBeVisible();
  await page.getByRole('button', { name: 'このお届け先に送る' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'お届け方法の指定' })).toBeVisible();
  await page.getByRole('button', { name: 'お支払い方法の選択へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の選択' })).toBeVisible();
  await fillCard(page);
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  expect(orderNo).not.toBe('');
  return orderNo;
}

/** A 12-digit number whose last digit is the first eleven mod 7, as ヤマト's numbers are. */
export function trackingNumber(): string {
  const body = `4${String(Date.now()).slice(-10)}`;
  return `${body}${Number(BigInt(body) % 7n)}`;
}
