import styles from './contact.module.css';

/** 入力 → 確認 → 完了, the current step marked. */
export function Steps({ current }: { current: 'input' | 'confirm' | 'complete' }) {
  const steps = [
    ['input', '入力'],
    ['confirm', '確認'],
    ['complete', '完了'],
  ] as const;
  return (
    <ol className={styles.steps} aria-label="お問い合わせの手順">
      {steps.map(([key, label]) => (
        <li
          key={key}
          className={key === current ? `${styles.step} ${styles.stepCurrent}` : styles.step}
          aria-current={key === current ? 'step' : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}
