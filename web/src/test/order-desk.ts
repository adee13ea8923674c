/** The order desk's answers (受注管理) shaped like the API's, for the back office's tests. */
import type { DeskActions, DeskHome, DeskOrder, DeskOrderRow, DeskShipment } from '../admin/api/admin-types';

export function deskHome(overrides: Partial<DeskHome> = {}): DeskHome {
  const counts: [DeskHome['queues'][number]['queue'], string, number][] = [
    ['new', '新規', 3],
    ['awaiting_payment', '入金待ち', 2],
    ['payment_overdue', '入金期限切れ', 0],
    ['to_ship', '出荷待ち', 5],
    ['preparing', '出荷準備中', 1],
    ['partly_shipped', '一部出荷', 0],
    ['on_hold', '保留', 0],
    ['needs_review', '要確認', 1],
    ['cancelled', 'キャンセル済', 4],
  ];
  return {
    queues: counts.map(([queue, label, count]) => ({ queue, label, count })),
    to_ship_due_today: 2,
    today: { orders: 3, amount: 25300, refunded: 0 },
    this_week: { orders: 12, amount: 98400, refunded: 0 },
    this_month: { orders: 40, amount: 412000, refunded: 0 },
    ...overrides,
  };
}

export function shipment(code: string, overrides: Partial<DeskShipment> = {}): DeskShipment {
  return {
    code,
    state: { code: 'unshipped', label: '未出荷' },
    carrier: null,
    name: '山田 太郎',
    prefecture: '東京都',
    full_address: '〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101',
    phone_number: '03-1234-5678',
    planned_on: '2026-11-30',
    delivery_date: '2026-12-02',
    delivery_timezone_label: '午前中',
    wrapping_label: null,
    noshi_label: null,
    noshi_name: '',
    shipped_at: null,
    delivered_at: null,
    shipped_mail_at: null,
    tracking: [],
    lines: [
      {
        id: `${code}-line-1`,
        code: 'KT-80001',
        name: 'LEDウインカーバルブ S25',
        variation_name: 'アンバー 2個入',
        unit_price: 2980,
        quantity: 2,
        tax_rate: 10,
      },
    ],
    ...overrides,
  };
}

export function orderRow(orderNo: string, overrides: Partial<DeskOrderRow> = {}): DeskOrderRow {
  return {
    order_no: orderNo,
    ordered_at: '2026-11-28T01:30:00Z',
    orderer_name: '山田 太郎',
    is_member: true,
    payment_name: '銀行振込（前払い）',
    total_payment: 7170,
    lifecycle: { code: 'open', label: '対応中' },
    payment: { code: 'unpaid', label: '未入金' },
    shipping: { code: 'none', label: '未出荷' },
    status_label: 'お支払い待ち',
    on_hold: false,
    needs_review: false,
    review_reason: '',
    shipments: [shipment(`${orderNo}-1`)],
    version: 3,
    ...overrides,
  };
}

export const ALL_ACTIONS: DeskActions = {
  confirm_payment: true,
  hold: true,
  release: false,
  mark_reviewed: false,
  cancel: true,
  note: true,
  ship: true,
  split: true,
  refund: true,
};

export const NO_ACTIONS: DeskActions = {
  confirm_payment: false,
  hold: false,
  release: false,
  mark_reviewed: false,
  cancel: false,
  note: false,
  ship: false,
  split: false,
  refund: false,
};

export function deskOrder(orderNo: string, overrides: Partial<DeskOrder> = {}): DeskOrder {
  return {
    ...orderRow(orderNo),
    orderer: {
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      email: 'member@example.com',
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '神宮前1-2-3',
      address2: 'ライドマンション101',
      phone_number: '03-1234-5678',
      company_name: '',
    },
    orderer_email: 'member@example.com',
    note: '午前中の配達を希望します。',
    hold_reason: '',
    subtotal: 5960,
    total_carriage: 880,
    payment_fee: 330,
    packing_fee: 0,
    coupon_discount: 0,
    point_discount: 0,
    total_tax: 651,
    paid_amount: 1000,
    paid_on: null,
    payment_due_at: '2026-12-05T14:59:59Z',
    cancel_reason: null,
    timeline: [
      { at: '2026-11-28T01:30:00Z', kind: { code: 'placed', label: 'ご注文' }, staff_name: '', detail: '' },
      {
        at: '2026-11-28T01:30:05Z',
        kind: { code: 'mail', label: 'メール送信' },
        staff_name: '',
        detail: '【ライドパーツ本舗】ご注文ありがとうございます',
      },
      {
        at: '2026-11-28T02:00:00Z',
        kind: { code: 'note', label: 'メモ' },
        staff_name: '店長 太郎',
        detail: 'お客様に振込先を電話で案内済み',
      },
    ],
    actions: ALL_ACTIONS,
    resend_mails: [],
    refunded_amount: 0,
    refunds: [],
    ...overrides,
  };
}
