/** An order's three axes and its flags (保留, 要確認) as badges, and a shipment's state. */
import type { DeskOrderRow, DeskShipment } from '../api/admin-types';
import { Badge, type BadgeTone } from '../ui/badge';
import styles from './orders.module.css';

const LIFECYCLE_TONES: Record<string, BadgeTone> = { open: 'in_progress', closed: 'closed', cancelled: 'open' };

const PAYMENT_TONES: Record<string, BadgeTone> = {
  unpaid: 'open',
  partially_paid: 'open',
  expired: 'open',
  paid: 'member',
  authorized: 'member',
  captured: 'member',
  collected: 'member',
  refunded: 'closed',
  partially_refunded: 'closed',
};

const SHIP_TONES: Record<string, BadgeTone> = {
  preparing: 'in_progress',
  partial: 'in_progress',
  shipped: 'member',
  delivered: 'member',
};

export function OrderBadges({ order }: { order: DeskOrderRow }) {
  return (
    <span className={styles.badges}>
      <Badge tone={LIFECYCLE_TONES[order.lifecycle.code] ?? 'plain'}>{order.lifecycle.label}</Badge>
      <Badge tone={PAYMENT_TONES[order.payment.code] ?? 'plain'}>
        <span className="visually-hidden">入金：</span>
        {order.payment.label}
      </Badge>
      <Badge tone={SHIP_TONES[order.shipping.code] ?? 'plain'}>
        <span className="visually-hidden">出荷：</span>
        {order.shipping.label}
      </Badge>
      {order.on_hold ? <Badge tone="attention">保留</Badge> : null}
      {order.needs_review ? <Badge tone="attention">要確認</Badge> : null}
    </span>
  );
}

export function ShipStateBadge({ shipment }: { shipment: DeskShipment }) {
  return <Badge tone={SHIP_TONES[shipment.state.code] ?? 'plain'}>{shipment.state.label}</Badge>;
}
