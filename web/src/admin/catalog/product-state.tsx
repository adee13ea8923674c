/** A product's publication as a badge: 公開中 / 非公開 / 公開予定 / 公開終了. */
import { Badge, type BadgeTone } from '../ui/badge';
import { stateLabel } from './product-filter';
import type { ProductState } from './product-types';

const TONES: Record<ProductState, BadgeTone> = {
  published: 'member',
  unpublished: 'closed',
  scheduled: 'in_progress',
  ended: 'plain',
};

export function StateBadge({ state }: { state: ProductState }) {
  return <Badge tone={TONES[state] ?? 'plain'}>{stateLabel(state)}</Badge>;
}
