/**
 * Pieces every recipient screen shares: the frame (title, steps, kept out of search indexes),
 * the full page for a link that cannot be used, the products without prices, and the hooks that
 * read the step's memory and turn a failed call into the completion or that full page.
 */
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle, useNoIndex } from '../../lib/document-title';
import { DateText } from '../../ui/date-text';
import { LoadingBlock } from '../../ui/spinner';
import { completePath, readGiftMemory, stepRedirect, type GiftMemory, type GiftStep } from './gift-memory';
import { GIFT_CODES, GIFT_NOT_FOUND_MESSAGE, giftFailure } from './gift-queries';
import type { GiftProduct } from './gift-types';
import styles from './social-gift.module.css';

const STEPS = [
  ['gift', 'ギフトの確認'],
  ['shipping', 'お届け先'],
  ['delivery', 'お届け日時'],
  ['confirm', '入力内容の確認'],
  ['complete', '完了'],
] as const;

export type GiftStepKey = (typeof STEPS)[number][0];

export function GiftFrame({ title, step, children }: { title: string; step: GiftStepKey; children: ReactNode }) {
  useDocumentTitle(title);
  useNoIndex();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <ol className={styles.steps} aria-label="お受け取りの手順">
        {STEPS.map(([key, label]) => (
          <li key={key} aria-current={key === step ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      {children}
    </div>
  );
}

const GONE_TITLES: Record<string, string> = {
  [GIFT_CODES.expired]: '受け取り期限が過ぎています',
  [GIFT_CODES.cancelled]: 'このギフトは取り消されました',
};

/** A link that cannot be used (wrong or replaced, expired, cancelled): the server's message, full page. */
export function GiftGone({
  code = GIFT_CODES.notFound,
  message = GIFT_NOT_FOUND_MESSAGE,
}: {
  code?: string;
  message?: string;
}) {
  const title = GONE_TITLES[code] ?? 'ギフトが見つかりません';
  useDocumentTitle(title);
  useNoIndex();
  return (
    <section className={styles.gone} aria-labelledby="gift-gone-title">
      <h1 id="gift-gone-title" className={styles.title}>
        {title}
      </h1>
      <p role="alert" className={styles.goneText}>
        {message}
      </p>
      <Link to="/" className={styles.primaryLink}>
        トップページへ
      </Link>
    </section>
  );
}

/**
 * A failed load or call of a step: the completion when the gift is already accepted, the full
 * page when the link cannot be used, else null (the screen says it its own way).
 */
export function GiftFailureView({ error, token }: { error: unknown; token: string }): ReactNode {
  const failure = giftFailure(error);
  if (!failure) return null;
  if (failure.kind === 'accepted') return <Navigate to={completePath(token)} replace />;
  return <GiftGone code={failure.code} message={failure.message} />;
}

/** What the confirm step sends back to an earlier step: the server's messages for its fields. */
export interface StepErrors {
  errors?: Record<string, string[]>;
}

/** The messages a later step sent back with the navigation, if any. */
export function stepErrorsOf(state: unknown): Record<string, string[]> | undefined {
  const errors = (state as StepErrors | null)?.errors;
  return errors && typeof errors === 'object' ? errors : undefined;
}

/** The step's memory, or where to go when an earlier step is not done. */
export function useGiftStep(step: GiftStep): { memory: GiftMemory | null; redirect: string | null } {
  const memory = readGiftMemory();
  return { memory, redirect: stepRedirect(memory, step) };
}

export function GiftLoading() {
  return <LoadingBlock label="ギフトを読み込み中" />;
}

/** The gift's products as the recipient sees them: picture, name, variation, quantity — no price. */
export function GiftProductList({ products }: { products: readonly GiftProduct[] }) {
  return (
    <ul className={styles.products} aria-label="ギフトの商品">
      {products.map((p) => {
        const info = p.product_info;
        const variation = info.variation_name.trim() && info.variation_name !== info.name ? info.variation_name : null;
        return (
          <li key={`${info.product_key}-${info.variation_key}`} className={styles.product} aria-label={info.name}>
            {info.image_url ? (
              <img src={info.image_url} alt="" width={80} height={80} loading="lazy" className={styles.productImage} />
            ) : (
              <span className={styles.productImage} aria-hidden="true" />
            )}
            <div>
              <p className={styles.productName}>{info.name}</p>
              {variation ? <p className={styles.productMeta}>{variation}</p> : null}
              <p className={styles.productMeta}>数量 {p.quantity}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** 「お届け先の入力期限：2026.12.01 15:30」 (Japan time); nothing when the server names none. */
export function GiftDeadline({ expiresAt }: { expiresAt: string | null | undefined }) {
  if (!expiresAt) return null;
  return (
    <p className={styles.deadline}>
      お届け先の入力期限：
      <DateText value={expiresAt} withTime />
    </p>
  );
}
