/** ロック中 and 要注意, as the member list and the member's page show them. */
import { Badge } from '../ui/badge';
import type { MemberRow } from './members-types';
import styles from './members.module.css';

export function MemberBadges({ member }: { member: Pick<MemberRow, 'locked' | 'caution'> }) {
  if (!member.locked && !member.caution) return null;
  return (
    <span className={styles.badges}>
      {member.locked ? <Badge tone="open">ロック中</Badge> : null}
      {member.caution ? <Badge tone="attention">要注意</Badge> : null}
    </span>
  );
}
