import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BOT_CHECK_PREPARING_MESSAGE, useBotCheck, type BotCheckAction } from '../../domain/bot-check/bot-check';
import { useDocumentTitle } from '../../lib/document-title';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import type { ReminderRequest, RequestAccepted } from './reminder-queries';
import { emailSchema, type EmailFields } from './reminder-schema';
import styles from './reminder.module.css';

export interface EmailRequestProps {
  /** The heading and the page title. */
  title: string;
  headingId: string;
  /** The message slots before the form and, if any, on the answer. */
  notice: string;
  doneNotice?: string;
  lead: string;
  /** The mutation that mails the link; its answer is the same whether or not the address is known. */
  request: UseMutationResult<RequestAccepted, Error, ReminderRequest>;
  /** The bot check's action for this form (domain/bot-check/bot-check). */
  botCheckAction: BotCheckAction;
  /** Said when the server's answer has no message of its own. */
  fallback: string;
  /** What else stands under the answer. */
  afterSent?: ReactNode;
  /** The other reminder. */
  other: { to: string; label: string };
}

/**
 * The first step of both reminders: an e-mail address gets a link. The answer never says whether
 * the address is registered.
 */
export function EmailRequest({
  title,
  headingId,
  notice,
  doneNotice,
  lead,
  request,
  botCheckAction,
  fallback,
  afterSent,
  other,
}: EmailRequestProps) {
  useDocumentTitle(title);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const botCheck = useBotCheck(botCheckAction, { enabled: sent === null });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailFields>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const answer = await request.mutateAsync({ email: email.trim(), proof: await botCheck.take() });
      setSent(answer?.message || fallback);
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['email']));
    }
  });

  return (
    <section aria-labelledby={headingId} className={styles.page}>
      <h1 id={headingId} className={styles.heading}>
        {title}
      </h1>
      {sent ? (
        <div className={styles.done}>
          {doneNotice ? <NoticeSlot code={doneNotice} /> : null}
          <p role="status" className={styles.doneText}>
            {sent}
          </p>
          {afterSent}
          <p className={styles.links}>
            <Link to="/login">ログイン画面へ</Link>
          </p>
        </div>
      ) : (
        <>
          <NoticeSlot code={notice} />
          <p className={styles.lead}>{lead}</p>
          <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className={styles.form}>
            <FormAlert message={formError} />
            <FormField label="メールアドレス" required error={errors.email?.message}>
              {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" />}
            </FormField>
            <SubmitButton
              pending={request.isPending || botCheck.waiting}
              pendingLabel={botCheck.waiting ? BOT_CHECK_PREPARING_MESSAGE : undefined}
            >
              送信する
            </SubmitButton>
          </form>
          <ul className={styles.links}>
            <li>
              <Link to={other.to}>{other.label}</Link>
            </li>
            <li>
              <Link to="/login">ログイン画面へ戻る</Link>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
