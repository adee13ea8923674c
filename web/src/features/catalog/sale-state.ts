/**
 * Whether the shop and a product sell now, in the customer's words: shared by the product page
 * and まとめて注文.
 */
import type { FrontSettings, ProductDetail } from '../../api/types';
import { formatDateTime } from '../../lib/format';

export const SELLING_STOPPED_TEXT = 'ただいま販売を一時停止しております。';

/** PLUGIN.TEMPORARY_STOP_SELLING: in use and not selling. */
export function isSellingStopped(
  settings: Pick<FrontSettings, 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE' | 'PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING'>,
): boolean {
  return Boolean(
    settings['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'] && !settings['PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING'],
  );
}

/** Why a product cannot be bought now, in the customer's words; null while it is on sale. */
export function saleNotice(
  product: Pick<ProductDetail, 'is_on_sale' | 'sale_start' | 'sale_end'>,
  now = Date.now(),
): string | null {
  if (product.is_on_sale) return null;
  if (product.sale_start && Date.parse(product.sale_start) > now) {
    return `この商品は${formatDateTime(product.sale_start)}から販売開始予定です。`;
  }
  if (product.sale_end && Date.parse(product.sale_end) <= now) return 'この商品の販売は終了しました。';
  return 'この商品は現在お取り扱いしておりません。';
}

/** Announced, not on sale yet: the product page shows the shop's pre-order notices. */
export function isUpcoming(product: Pick<ProductDetail, 'is_on_sale' | 'sale_start'>, now = Date.now()): boolean {
  return !product.is_on_sale && Boolean(product.sale_start) && Date.parse(product.sale_start ?? '') > now;
}
