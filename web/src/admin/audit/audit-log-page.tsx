/**
 * 操作履歴: every change staff made (login, reply, status, note, topic, message, invoice
 * approval), newest first.
 * Only for roles with `audit_log` (the owner): the menu leaves it out for the others, and the
 * page says so if reached anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { DateTime } from '../ui/date-time';
import { Pager, pageParam } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { auditLogQuery } from './audit-queries';

/** The server's action codes (a closed set) in words. */
const ACTION_LABELS: Record<AuditEntry['action'], string> = {
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
  staff_invite: 'スタッフの招待',
  staff_invite_cancel: '招待の取り消し',
  staff_role_change: '権限の変更',
  staff_reset_authenticator: '認証アプリの再設定',
  staff_enrol: 'スタッフ登録',
};

export function AuditLogPage() {
  const allowed = useCan()('audit_log');
  return (
    <>
      <title>操作履歴 | 管理画面</title>
      <h1>操作履歴</h1>
      {allowed ? <AuditLog /> : <p role="alert">操作履歴は店舗オーナーのみ見られます。</p>}
    </>
  );
}

function AuditLog() {
  const [params] = useSearchParams();
  const log = useQuery(auditLogQuery(pageParam(params)));
  if (log.isPending) return <Loading />;
  if (log.isError) return <LoadFailed error={log.error} />;
  if (log.data.items.length === 0) return <p className={table.empty}>操作の記録はまだありません。</p>;
  return (
    <>
      <table className={table.table}>
        <caption className="visually-hidden">操作履歴</caption>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">スタッフ</th>
            <th scope="col">操作</th>
            <th scope="col">対象</th>
          </tr>
        </thead>
        <tbody>
          {log.data.items.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td data-label="日時" className={table.nowrap}>
                <DateTime value={entry.at} />
              </td>
              <td data-label="スタッフ">{entry.staff_name}</td>
              <td data-label="操作">{ACTION_LABELS[entry.action]}</td>
              <td data-label="対象">{entry.target}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager pagination={log.data.pagination} />
    </>
  );
}
