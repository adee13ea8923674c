/**
 * The order desk's closed sets as the screens name them: the work queues (the server's codes,
 * which the queues answer labels too), carriers, payments, customer kinds and prefectures.
 */
import type { QueueCode } from '../api/admin-types';

export const QUEUES: readonly { code: QueueCode; label: string }[] = [
  { code: 'new', label: '新規' },
  { code: 'awaiting_payment', label: '入金待ち' },
  { code: 'payment_overdue', label: '入金期限切れ' },
  { code: 'to_ship', label: '出荷待ち' },
  { code: 'preparing', label: '出荷準備中' },
  { code: 'partly_shipped', label: '一部出荷' },
  { code: 'on_hold', label: '保留' },
  { code: 'needs_review', label: '要確認' },
  { code: 'cancelled', label: 'キャンセル済' },
];

export function isQueue(value: string | null): value is QueueCode {
  return QUEUES.some((queue) => queue.code === value);
}

/** The carriers whose label software takes our CSV (docs/carriers.md). */
export const CARRIERS = [
  { code: 'yamato_b2', label: 'ヤマト運輸 B2クラウド' },
  { code: 'sagawa_ehiden', label: '佐川急便 e飛伝Ⅲ' },
  { code: 'japanpost_yupri', label: '日本郵便 ゆうパックプリントR' },
  { code: 'clickpost', label: 'クリックポスト' },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]['code'];

export function carrierLabel(code: string): string {
  return CARRIERS.find((carrier) => carrier.code === code)?.label ?? code;
}

/** The files a carrier's software writes after printing, and our own 出荷実績 CSV. */
export const TRACKING_SOURCES = [
  { code: 'yamato_b2', label: 'ヤマト運輸 B2クラウド（発行済みデータ）' },
  { code: 'sagawa_ehiden', label: '佐川急便 e飛伝Ⅲ（出荷実績）' },
  { code: 'japanpost_yupri', label: '日本郵便 ゆうパックプリントR（発送済みデータ）' },
  { code: 'clickpost', label: 'クリックポスト' },
  { code: 'generic', label: '汎用 出荷実績CSV（出荷番号,配送業者,送り状番号,出荷日）' },
] as const;

export type TrackingSource = (typeof TRACKING_SOURCES)[number]['code'];

export const PAYMENTS = [
  { code: 'credit_card', label: 'クレジットカード' },
  { code: 'bank_transfer', label: '銀行振込' },
  { code: 'cod', label: '代金引換' },
  { code: 'invoice', label: '請求書払い' },
  { code: 'deferred', label: '後払い' },
] as const;

export const CUSTOMERS = [
  { code: 'member', label: '会員' },
  { code: 'guest', label: 'ゲスト' },
  { code: 'company', label: '法人' },
] as const;

export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;

/** The prefectures as a filter's choices (the name is both what is sent and what is read). */
export const PREFECTURE_CHOICES = PREFECTURES.map((prefecture) => ({ value: prefecture, label: prefecture }));
