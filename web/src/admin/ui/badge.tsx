/** A short label in a pill: a status, 会員 / ゲスト, 要返信. */
import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'open' | 'in_progress' | 'closed' | 'member' | 'attention' | 'plain';

export function Badge({ tone = 'plain', children }: { tone?: BadgeTone; children: ReactNode }) {
  const toneClass = tone === 'plain' ? '' : (styles[tone] ?? '');
  return <span className={`${styles.badge} ${toneClass}`}>{children}</span>;
}
