/**
 * A record's flag on its page: what wants attention in bold, then what it says — 「保留中：…」,
 * 「要注意：…」, 「メール不達：…」. Red (`danger`) unless `warning` (amber). The page gives its
 * spacing (`className`).
 */
import type { ReactNode } from 'react';
import styles from './flag.module.css';

export function Flag({
  label,
  tone = 'danger',
  className,
  children,
}: {
  label: string;
  tone?: 'danger' | 'warning';
  className?: string;
  children: ReactNode;
}) {
  const toneClass = tone === 'warning' ? (styles.warning ?? '') : '';
  return (
    <p className={[styles.flag, toneClass, className].filter(Boolean).join(' ')}>
      <strong>{label}</strong>：{children}
    </p>
  );
}
