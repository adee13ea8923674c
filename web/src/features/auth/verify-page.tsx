import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { setFlash } from '../../lib/flash';
import { errorMessage } from '../../lib/form-errors';
import { markRegisteredMember, safeRedirectPath, sessionStore, setMfa, useSession } from '../../api/session';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { buttonClass, FormAlert } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { acceptLoginResponse, MYPAGE_PATH } from '../../domain/auth/login-complete';
import { REGISTER_COMPLETE_PATH } from './auth-flow';
import { checkEmailVerification, requestEmailVerification, verifyOneTimeCode } from './auth-queries';
import { CodeForm } from './code-form';
import styles from './auth.module.css';

export const EMAIL_VERIFIED_MESSAGE = 'メールアドレスの確認が完了しました。';
export const EMAIL_CODE_SENT = 'ご登録のメールアドレスに確認コードと確認用のリンクを送信しました。';
export const NOTHING_TO_VERIFY =
  '確認コードの入力を始めるには、ログインしてください。確認コードの入力中にページを閉じた場合も、もう一度ログインからお進みください。';

/** The mailed code of a login or registration (`mfa` holds the user id): POST /v1/auth/verify. */
function OneTimeCodeStep({ userId, sync, fromRegister }: { userId: string; sync: boolean; fromRegister: boolean }) {
  const settings = useSettings();
  const navigate = useNavigate();
  return (
    <section className={styles.panel} aria-labelledby="verify-code-title">
      <h2 id="verify-code-title" className={styles.panelTitle}>
        確認コードの入力
      </h2>
      <CodeForm
        onSubmitCode={async (code) => {
          const response = await verifyOneTimeCode({
            verify_code: code,
            user_id: userId,
            ...(sync ? { is_sync_user_channel: true } : {}),
          });
          const step = acceptLoginResponse(
            response,
            settings,
            fromRegister ? { after: REGISTER_COMPLETE_PATH, from: 'register', sync } : { sync },
          );
          if (step.kind === 'done') navigate(step.to, { replace: true });
        }}
      />
      <p className={styles.actions}>
        <Link
          to="/login"
          onClick={() => {
            setMfa(null);
          }}
        >
          ログイン画面に戻る
        </Link>
      </p>
    </section>
  );
}

/**
 * A logged-in user who is not a registered member yet (shops that verify the e-mail at the
 * first login): the code is requested once on arrival and can be sent again.
 */
function EmailCodeStep({ fromRegister }: { fromRegister: boolean }) {
  const navigate = useNavigate();
  const requested = useRef(false);
  const [sent, setSent] = useState<'sending' | 'sent' | 'failed'>('sending');
  const [sendError, setSendError] = useState<string | null>(null);

  const send = useCallback(async () => {
    setSent('sending');
    setSendError(null);
    try {
      await requestEmailVerification();
      setSent('sent');
    } catch (error) {
      setSent('failed');
      setSendError(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void send();
  }, [send]);

  return (
    <section className={styles.panel} aria-labelledby="email-verify-title">
      <h2 id="email-verify-title" className={styles.panelTitle}>
        メールアドレスの確認
      </h2>
      <p role="status" className={styles.status}>
        {sent === 'sending' ? '確認メールを送信しています…' : sent === 'sent' ? EMAIL_CODE_SENT : ''}
      </p>
      <FormAlert message={sendError} />
      <CodeForm
        lead="メールに記載された6桁の確認コードを入力するか、メール内のリンクを開いてください。"
        onSubmitCode={async (code) => {
          await checkEmailVerification({ code });
          markRegisteredMember();
          setFlash(EMAIL_VERIFIED_MESSAGE);
          navigate(
            fromRegister ? REGISTER_COMPLETE_PATH : (safeRedirectPath(sessionStore.get().redirectUrl) ?? MYPAGE_PATH),
            { replace: true },
          );
        }}
      />
      <p className={styles.actions}>
        <button type="button" className={styles.linkButton} disabled={sent === 'sending'} onClick={() => void send()}>
          確認メールを再送信する
        </button>
      </p>
    </section>
  );
}

/**
 * /verify: the one-time code after a login or registration (`mfa`), or, for a logged-in member
 * not registered yet, the e-mail check (POST /v1/email-verify/request + /check).
 */
export function VerifyPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const fromRegister = params.get('from') === 'register';
  // Once the code is accepted the session changes before the next page shows: keep this one.
  const [mode] = useState(() =>
    session.isLogin ? (session.isRegisteredMember === false ? 'email' : 'done') : session.mfa ? 'code' : 'none',
  );
  useDocumentTitle(mode === 'email' ? 'メールアドレスの確認' : '確認コードの入力');

  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[
          { label: 'ホーム', to: '/' },
          { label: mode === 'email' ? 'メールアドレスの確認' : '確認コードの入力' },
        ]}
      />
      <h1 className={styles.heading}>{mode === 'email' ? 'メールアドレスの確認' : '認証'}</h1>
      {mode === 'code' || mode === 'email' ? <NoticeSlot code="mail_verify" /> : null}
      {mode === 'code' && session.mfa ? (
        <OneTimeCodeStep userId={session.mfa} sync={session.isSyncUserChannel} fromRegister={fromRegister} />
      ) : mode === 'code' ? (
        <p role="status" className={styles.success}>
          認証しました。
        </p>
      ) : mode === 'email' ? (
        <EmailCodeStep fromRegister={fromRegister} />
      ) : mode === 'done' ? (
        <section className={styles.panel}>
          <p className={styles.lead}>メールアドレスの確認は完了しています。</p>
          <Link to={MYPAGE_PATH} className={buttonClass.primary}>
            マイページへ
          </Link>
        </section>
      ) : (
        <section className={styles.panel}>
          <p className={styles.lead}>{NOTHING_TO_VERIFY}</p>
          <Link to="/login" className={buttonClass.primary}>
            ログイン画面へ
          </Link>
        </section>
      )}
    </div>
  );
}

export { VerifyPage as Component };
