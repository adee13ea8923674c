/** The stock desk's answers (在庫管理) shaped like the API's, for the back office's tests. */
import type { StockMovement, StockRow } from '../admin/api/admin-types';

export function stockRow(variationId: string, overrides: Partial<StockRow> = {}): StockRow {
  return {
    variation_id: variationId,
    product_key: 'RP0001',
    product_name: 'LEDウインカーバルブ S25',
    product_code: 'KT-800',
    sku: `KT-800-${variationId}`,
    variation_name: 'LEDウインカーバルブ S25（アンバー 2個入）',
    available: 5,
    reserved: 2,
    on_hand: 7,
    threshold: 3,
    low: false,
    restock_requests: 0,
    ...overrides,
  };
}

export function movement(id: string, overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id,
    at: '2026-11-28T01:30:00Z',
    reason: { code: 'arrival', label: '入荷' },
    available_delta: 5,
    on_hand_delta: 5,
    available_after: 10,
    on_hand_after: 12,
    staff_name: '店長 太郎',
    order_no: null,
    note: '',
    ...overrides,
  };
}
