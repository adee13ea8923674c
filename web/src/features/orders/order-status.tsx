import type { Order } from './order-types';
import styles from './orders.module.css';

/** The detail screen of an order. */
export const orderPath = (order: Pick<Order, 'id'>) => `/mypage/order_history/${encodeURIComponent(order.id)}`;

/** The status as the server words it (ご注文受付 … キャンセル済み); cancelled ones greyed. */
export function StatusBadge({ order }: { order: Pick<Order, 'status' | 'status_label'> }) {
  const cancelled = order.status === 'cancelled';
  return (
    <span className={cancelled ? `${styles.status} ${styles.statusCancelled}` : styles.status}>
      {order.status_label}
    </span>
  );
}
