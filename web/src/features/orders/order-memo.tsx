import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyMutationErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { buttonClass, controlClass, FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { useDeleteMemo, useSaveMemo } from './order-queries';
import { MEMO_MAX, memoSchema, type MemoFields } from './order-schema';
import type { OrderMemo } from './order-types';
import styles from './orders.module.css';

export const MEMO_MESSAGES = {
  saved: 'メモを保存しました。',
  deleted: 'メモを削除しました。',
} as const;

function MemoForm({ orderId, memo, onDone }: { orderId: string; memo: OrderMemo | null; onDone: () => void }) {
  const save = useSaveMemo(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MemoFields>({ resolver: zodResolver(memoSchema), defaultValues: { body: memo?.body ?? '' } });

  const onSubmit = handleSubmit(async ({ body }) => {
    setFormError(null);
    try {
      await save.mutateAsync({ memoId: memo?.id ?? null, body });
      showToast(MEMO_MESSAGES.saved, 'success');
      onDone();
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['body'], { headline: true }));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="メモの入力">
      <FormAlert message={formError} />
      <FormField
        label="メモ"
        required
        hint={`ご自身用のメモです（${MEMO_MAX}文字以内）。ショップには送られません。`}
        error={errors.body?.message}
      >
        {(control) => <textarea {...control} className={controlClass.textarea} rows={4} {...register('body')} />}
      </FormField>
      <div className={styles.actions}>
        <SubmitButton pending={save.isPending} pendingLabel="保存中…">
          メモを保存
        </SubmitButton>
        {memo ? (
          <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={save.isPending}>
            編集をやめる
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The order's memo (spec 001 §2 "shows one order and its memo"): write, edit, delete. */
export function OrderMemoSection({ orderId, memo }: { orderId: string; memo: OrderMemo | null }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMemo(orderId);

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        メモ
      </h2>
      {memo && !editing ? (
        <>
          <p className={styles.memoBody}>{memo.body}</p>
          <p className={styles.muted}>
            更新日時 <DateText value={memo.updated_at} withTime />
          </p>
          <div className={styles.actions}>
            <button type="button" className={buttonClass.secondary} onClick={() => setEditing(true)}>
              メモを編集
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={remove.isPending}
              onClick={() => remove.mutate(memo.id, { onSuccess: () => showToast(MEMO_MESSAGES.deleted, 'success') })}
            >
              メモを削除
            </button>
          </div>
        </>
      ) : (
        <MemoForm key={memo?.id ?? 'new'} orderId={orderId} memo={memo} onDone={() => setEditing(false)} />
      )}
    </section>
  );
}
