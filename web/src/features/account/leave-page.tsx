import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { setFlash } from '../../lib/flash';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { meUserQuery, useLeave, useMeUser, useRequestLeaveCode } from './account-queries';
import {
  LEAVE_REASON_MAX,
  leaveCodeSchema,
  leavePasswordSchema,
  leaveReasonSchema,
  type LeaveCodeFields,
  type LeavePasswordFields,
  type LeaveReasonFields,
} from './account-schema';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './account.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(meUserQuery());
  return null;
}

export const LEFT_MESSAGE = '退会手続きが完了しました。ご利用いただきありがとうございました。';

type Step = 1 | 2;

function StepHeading({ step, withCode }: { step: Step; withCode: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Moving between steps keeps keyboard and screen-reader users on the new step.
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return (
    <>
      <ol className={styles.steps} aria-label="退会の手順">
        <li aria-current={step === 1 ? 'step' : undefined}>1. ご確認</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. {withCode ? '確認コードの入力' : 'パスワードの確認'}</li>
      </ol>
      <h2 ref={ref} tabIndex={-1} className={styles.stepTitle}>
        {step === 1 ? '退会前のご確認' : '退会の最終確認'}
      </h2>
    </>
  );
}

function ReasonStep({ reason, onNext }: { reason: string; onNext: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LeaveReasonFields>({ resolver: zodResolver(leaveReasonSchema), defaultValues: { reason } });
  return (
    <>
      <NoticeSlot code="mypage_leave_1" />
      <p className={styles.lead}>
        退会すると、会員情報・ポイント・クーポンはご利用いただけなくなります。よろしければ退会の理由をお聞かせください。
      </p>
      <form
        noValidate
        onSubmit={handleSubmit((fields) => onNext(fields.reason.trim()))}
        aria-label="退会理由の入力"
        className={styles.form}
      >
        <FormField label="退会の理由" error={errors.reason?.message} hint={`${LEAVE_REASON_MAX}文字以内`}>
          {(control) => <textarea {...control} {...register('reason')} className={controlClass.textarea} rows={5} />}
        </FormField>
        <div className={styles.actions}>
          <button type="submit" className={buttonClass.primary}>
            次へ進む
          </button>
          <Link to="/mypage" className={buttonClass.secondary}>
            退会しないでマイページへ戻る
          </Link>
        </div>
      </form>
    </>
  );
}

function PasswordStep({ reason, onBack }: { reason: string; onBack: () => void }) {
  const navigate = useNavigate();
  const leave = useLeave();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LeavePasswordFields>({ resolver: zodResolver(leavePasswordSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await leave.mutateAsync(reason ? { password, reason } : { password });
      setFlash(LEFT_MESSAGE);
      navigate('/', { replace: true });
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['password']));
    }
  });

  return (
    <>
      <NoticeSlot code="mypage_leave_2" />
      {reason ? (
        <>
          <p className={styles.lead}>退会の理由</p>
          <p className={styles.confirmText}>{reason}</p>
        </>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label="退会の最終確認" className={styles.form}>
        <FormAlert message={formError} />
        <FormField
          label="パスワード"
          required
          error={errors.password?.message}
          hint="ご本人確認のため、ログインパスワードを入力してください"
        >
          {(control) => (
            <input {...control} {...register('password')} type="password" autoComplete="current-password" />
          )}
        </FormField>
        <div className={styles.actions}>
          <SubmitButton pending={leave.isPending} pendingLabel="手続き中…" variant="danger">
            退会する
          </SubmitButton>
          <button type="button" className={buttonClass.secondary} onClick={onBack} disabled={leave.isPending}>
            戻る
          </button>
        </div>
      </form>
    </>
  );
}

/**
 * Step 2 of a member without a password (social login): a 6-digit code mailed by
 * POST /v1/me/leave-code proves the mailbox instead; a wrong one is a 422 on `code`.
 */
function CodeStep({ reason, onBack }: { reason: string; onBack: () => void }) {
  const navigate = useNavigate();
  const leave = useLeave();
  const requestCode = useRequestLeaveCode();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LeaveCodeFields>({ resolver: zodResolver(leaveCodeSchema), defaultValues: { code: '' } });

  const sendCode = async () => {
    setFormError(null);
    try {
      setSent(await requestCode.mutateAsync());
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['code']));
    }
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await leave.mutateAsync(reason ? { code: code.trim(), reason } : { code: code.trim() });
      setFlash(LEFT_MESSAGE);
      navigate('/', { replace: true });
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, ['code']));
    }
  });

  return (
    <>
      <NoticeSlot code="mypage_leave_2" />
      {reason ? (
        <>
          <p className={styles.lead}>退会の理由</p>
          <p className={styles.confirmText}>{reason}</p>
        </>
      ) : null}
      <p className={styles.lead}>ご本人確認のため、ご登録のメールアドレスに確認コードをお送りします。</p>
      <p role="status" className={styles.lead}>
        {sent}
      </p>
      <p className={styles.actions}>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void sendCode()}
          disabled={requestCode.isPending || leave.isPending}
        >
          {requestCode.isPending ? '送信中…' : sent ? '確認コードを再送信する' : '確認コードを送信する'}
        </button>
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="退会の最終確認" className={styles.form}>
        <FormAlert message={formError} />
        <FormField
          label="確認コード"
          required
          error={errors.code?.message}
          hint="メールに記載の6桁のコードを入力してください"
        >
          {(control) => (
            <input
              {...control}
              {...register('code')}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          )}
        </FormField>
        <div className={styles.actions}>
          <SubmitButton pending={leave.isPending} pendingLabel="手続き中…" variant="danger">
            退会する
          </SubmitButton>
          <button type="button" className={buttonClass.secondary} onClick={onBack} disabled={leave.isPending}>
            戻る
          </button>
        </div>
      </form>
    </>
  );
}

/**
 * 退会 in two steps (spec 001 §2): notices and a reason, then the password — or, for a member
 * without one, a mailed code; the member is then logged out.
 */
export function LeavePage() {
  const { has_password: hasPassword } = useMeUser();
  const [step, setStep] = useState<Step>(1);
  const [reason, setReason] = useState('');
  return (
    <MypageFrame title="退会">
      <StepHeading step={step} withCode={!hasPassword} />
      {step === 1 ? (
        <ReasonStep
          reason={reason}
          onNext={(value) => {
            setReason(value);
            setStep(2);
          }}
        />
      ) : hasPassword ? (
        <PasswordStep reason={reason} onBack={() => setStep(1)} />
      ) : (
        <CodeStep reason={reason} onBack={() => setStep(1)} />
      )}
    </MypageFrame>
  );
}

export { LeavePage as Component };
