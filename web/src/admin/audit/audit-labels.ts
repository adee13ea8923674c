/** The audit log's action codes (the server's `AuditAction`, a closed set) in words. */
import type { AuditEntry } from '../api/admin-types';

export type AuditActionCode = AuditEntry['action'];

/** Every action with its words, in the order the 操作 select offers them. */
export const ACTION_LABELS: Record<AuditActionCode, string> = {
  login: 'ログイン',
  logout: 'ログアウト',
  login_failed: 'ログイン失敗',
  inquiry_reply: '返信',
  inquiry_status: 'ステータス変更',
  inquiry_note: '社内メモ追加',
  topic_create: '種別追加',
  topic_update: '種別変更',
  topic_delete: '種別削除',
  system_message_send: 'お知らせ送信',
  invoice_approve: '請求書払い承認',
  invoice_revoke: '請求書払い承認取消',
  order_payment: '入金確認',
  order_hold: '注文の保留',
  order_release: '保留解除',
  order_cancel: '注文のキャンセル',
  order_note: '注文メモ追加',
  shipment_state: '出荷状態の変更',
  shipment_export: '送り状データ出力',
  tracking_import: '送り状番号の取り込み',
  order_mail: '注文メール送信',
  order_refund: '返品・返金',
  order_refund_complete: '返金の振込完了',
  stock_adjust: '在庫の入出庫',
  stock_count: '棚卸',
  stock_threshold: '在庫アラートの設定',
  product_create: '商品の登録',
  product_update: '商品の編集',
  product_duplicate: '商品の複製',
  product_publication: '商品の公開・非公開',
  taxonomy_create: '分類の登録',
  taxonomy_update: '分類の変更',
  taxonomy_delete: '分類の削除',
  review_moderate: 'レビューの公開・非公開',
  review_delete: 'レビューの削除',
  catalog_import: '商品・在庫CSVの取り込み',
  catalog_grid: '商品の一括編集',
  staff_disable: 'スタッフの無効化',
  staff_enable: 'スタッフの有効化・ロック解除',
  settings_update: '設定の変更',
  page_update: 'ページの編集',
  news_create: 'お知らせの作成',
  news_update: 'お知らせの編集',
  news_delete: 'お知らせの削除',
  coupon_create: 'クーポンの作成',
  coupon_update: 'クーポンの変更',
  coupon_delete: 'クーポンの削除',
  staff_invite: 'スタッフの招待',
  staff_invite_cancel: '招待の取り消し',
  staff_role_change: '権限の変更',
  staff_reset_authenticator: '認証アプリの再設定',
  staff_enrol: 'スタッフ登録',
  member_unlock: '会員のロック解除',
  member_caution: '会員の要注意設定',
  member_export: '会員CSVの出力',
  points_adjust: 'ポイントの手動調整',
};

/** The 操作 select's choices: every action, with its words. */
export const AUDIT_ACTIONS = (Object.keys(ACTION_LABELS) as AuditActionCode[]).map((code) => ({
  code,
  label: ACTION_LABELS[code],
}));

/** An action's words; a code this screen does not know yet shows as it is. */
export function actionLabel(code: string): string {
  return Object.hasOwn(ACTION_LABELS, code) ? ACTION_LABELS[code as AuditActionCode] : code;
}
