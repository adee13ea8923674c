import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { receiptSchema, type ReceiptFields } from './order-schema';
import styles from './orders.module.css';

export interface ReceiptFormProps {
  defaults: ReceiptFields;
  /** How many times the receipt was issued: from the second on it is marked 再発行. */
  issuedCount: number;
  /** Why no receipt can be issued yet (payment not confirmed, cancelled), or null. */
  blockedReason: string | null;
  pending: boolean;
  /** Stores 宛名 and 但し書き, then downloads the PDF; rejects with the server's error. */
  onIssue: (values: ReceiptFields) => Promise<unknown>;
}

const FIELDS = ['addressee', 'note'] as const;

/** 領収書: 宛名 and 但し書き, then the PDF (the server stores both on the order). */
export function ReceiptForm({ defaults, issuedCount, blockedReason, pending, onIssue }: ReceiptFormProps) {
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReceiptFields>({ resolver: zodResolver(receiptSchema), defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onIssue({ addressee: values.addressee.trim(), note: values.note.trim() });
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, FIELDS, { headline: true }));
    }
  });

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        領収書
      </h2>
      {blockedReason ? (
        <p className={styles.notice}>{blockedReason}</p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="領収書の宛名と但し書き">
          <FormAlert message={formError} />
          {issuedCount > 0 ? (
            <p className={styles.notice}>
              発行済みです（{issuedCount}回）。これから発行する領収書には「再発行」と記載されます。
            </p>
          ) : null}
          <FormField
            label="宛名"
            required={false}
            hint="空欄の場合はご注文者様のお名前（法人のご注文は会社名）になります。「様」は自動で付きます（「御中」と入力した場合を除く）。"
            error={errors.addressee?.message}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                placeholder="例：株式会社ライド 御中"
                {...register('addressee')}
              />
            )}
          </FormField>
          <FormField
            label="但し書き"
            required={false}
            hint="空欄の場合は「お品代として」になります。"
            error={errors.note?.message}
          >
            {(control) => (
              <input {...control} type="text" autoComplete="off" placeholder="例：お品代として" {...register('note')} />
            )}
          </FormField>
          <SubmitButton pending={pending} pendingLabel="発行中…">
            領収書をダウンロード
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
