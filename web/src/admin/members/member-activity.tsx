/**
 * 会員詳細's 最近の注文 (the order desk's latest five orders of the member, each linking to its
 * order page, and すべての注文を見る: the order list filtered to the member) and お問い合わせ (the
 * inbox's latest five inquiries from the member's e-mail address, each linking to its thread).
 * The page shows each only to staff whose role may read it (`orders_view`, `inquiries`).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STATUS_LABELS } from '../api/admin-types';
import { OrderBadges } from '../orders/order-badges';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { Yen } from '../ui/yen';
import { memberInquiriesQuery, memberOrdersQuery } from './member-queries';
import { Section } from './member-section';
import type { MemberDetail } from './members-types';
import styles from './members.module.css';

export function MemberOrders({ member }: { member: MemberDetail }) {
  const orders = useQuery(memberOrdersQuery(member.id));
  return (
    <Section title="最近の注文">
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <LoadFailed error={orders.error} />
      ) : orders.data.items.length === 0 ? (
        <p className={table.empty}>注文はまだありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">最近の注文（新しい順）</caption>
          <thead>
            <tr>
              <th scope="col">注文番号</th>
              <th scope="col">注文日時</th>
              <th scope="col" className={table.numeric}>
                合計
              </th>
              <th scope="col">状態</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order) => (
              <tr key={order.order_no}>
                <td data-label="注文番号" className={table.nowrap}>
                  <Link to={`/admin/orders/${encodeURIComponent(order.order_no)}`} className={styles.code}>
                    {order.order_no}
                  </Link>
                </td>
                <td data-label="注文日時" className={table.nowrap}>
                  <DateTime value={order.ordered_at} />
                </td>
                <td data-label="合計" className={`${table.numeric} ${table.nowrap}`}>
                  <Yen value={order.total_payment} />
                </td>
                <td data-label="状態">
                  <OrderBadges order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.more}>
        <Link to={`/admin/orders?member=${encodeURIComponent(member.id)}`}>すべての注文を見る</Link>
      </p>
    </Section>
  );
}

export function MemberInquiries({ member }: { member: MemberDetail }) {
  const inquiries = useQuery({ ...memberInquiriesQuery(member.email), enabled: member.email !== '' });
  return (
    <Section title="お問い合わせ">
      {member.email === '' ? (
        <p className={table.empty}>メールアドレスが未登録のため、お問い合わせを探せません。</p>
      ) : inquiries.isPending ? (
        <Loading />
      ) : inquiries.isError ? (
        <LoadFailed error={inquiries.error} />
      ) : inquiries.data.items.length === 0 ? (
        <p className={table.empty}>お問い合わせはありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">この会員のメールアドレスからのお問い合わせ（新しい順）</caption>
          <thead>
            <tr>
              <th scope="col">番号</th>
              <th scope="col">件名</th>
              <th scope="col">状態</th>
              <th scope="col">最終更新</th>
            </tr>
          </thead>
          <tbody>
            {inquiries.data.items.map((inquiry) => (
              <tr key={inquiry.key}>
                <td data-label="番号" className={table.nowrap}>
                  <Link to={`/admin/inquiries/${encodeURIComponent(inquiry.key)}`} className={styles.code}>
                    {inquiry.number}
                  </Link>
                </td>
                <td data-label="件名">
                  <div className={styles.entryText}>{inquiry.subject}</div>
                </td>
                <td data-label="状態">
                  <Badge tone={inquiry.status}>{STATUS_LABELS[inquiry.status]}</Badge>
                </td>
                <td data-label="最終更新" className={table.nowrap}>
                  <DateTime value={inquiry.last_message_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
