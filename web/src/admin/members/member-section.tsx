/** A titled panel of the member's page (named by its heading), and its label–value facts. */
import { type ReactNode, useId } from 'react';
import styles from './members.module.css';

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
