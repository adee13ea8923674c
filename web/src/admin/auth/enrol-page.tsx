/**
 * 登録 (/admin/enrol?token=…): the page a mailed enrolment link opens, outside the admin layout
 * and without a session, like the login — the token is the credential. It names the shop and
 * the person (name, e-mail, role); the person chooses a password (typed twice), adds the shown
 * secret to their authenticator app (a QR code, or the key typed by hand) and types the app's
 * code. 登録する logs them in and opens the back office. An invitation reads スタッフ登録, a
 * reset of a lost authenticator 認証アプリの再設定. A link that cannot be used (unknown, used,
 * expired, cancelled, voided by too many wrong codes) says so with the way to the login.
 * (docs/contracts/staff-enrolment.md)
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { HOME_PATH, LOGIN_PATH } from '../app/admin-routes';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, ui } from '../ui/form';
import { Loading } from '../ui/query-state';
import {
  ENROLMENT_INVALID,
  type Enrolment,
  enrolmentQuery,
  isInvalidLink,
  useCompleteEnrolment,
} from './enrol-queries';
import { type EnrolValues, enrolRules, groupSecret, PASSWORD_MAX, PASSWORD_MIN } from './enrol-schema';
import { normalizeCode } from './login-schema';
import { QrCode } from './qr-code';
import styles from './enrol.module.css';
import login from './login.module.css';

/** The page's heading before the link is read, and for an invitation. */
const INVITE_HEADING = 'スタッフ登録';

export function EnrolPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <main className={login.page}>
      {token === '' ? <InvalidLink message={ENROLMENT_INVALID} /> : <EnrolmentLink key={token} token={token} />}
    </main>
  );
}

function EnrolmentLink({ token }: { token: string }) {
  const lookup = useQuery(enrolmentQuery(token));
  if (lookup.isPending) {
    return (
      <>
        <title>{`${INVITE_HEADING} | 管理画面`}</title>
        <Loading />
      </>
    );
  }
  if (lookup.isError) return <InvalidLink message={errorText(lookup.error)} />;
  return <EnrolForm token={token} enrolment={lookup.data} />;
}

/** A link that cannot be used: the server's words, and the way to the login. */
function InvalidLink({ heading = INVITE_HEADING, message }: { heading?: string; message: string }) {
  return (
    <>
      <title>{`${heading} | 管理画面`}</title>
      <h1 className={login.title}>{heading}</h1>
      <p role="alert" className={styles.invalid}>
        {message}
      </p>
      <p>
        <Link to={LOGIN_PATH}>管理画面のログインへ</Link>
      </p>
    </>
  );
}

function EnrolForm({ token, enrolment }: { token: string; enrolment: Enrolment }) {
  const complete = useCompleteEnrolment();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  /** 登録する answered that the link is void (too many wrong codes, the address taken meanwhile). */
  const [voided, setVoided] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EnrolValues>({ defaultValues: { password: '', confirmation: '', code: '' } });
  const heading = enrolment.kind === 'reset' ? '認証アプリの再設定' : INVITE_HEADING;

  if (voided !== null) return <InvalidLink heading={heading} message={voided} />;

  return (
    <>
      <title>{`${heading} | 管理画面`}</title>
      <h1 className={login.title}>{heading}</h1>
      <p className={login.lead}>{enrolment.shop_name}</p>
      <dl className={styles.person}>
        <dt>お名前</dt>
        <dd>{enrolment.name}</dd>
        <dt>メールアドレス</dt>
        <dd className={styles.email}>{enrolment.email}</dd>
        <dt>権限</dt>
        <dd>{enrolment.role_label}</dd>
        <dt>リンクの有効期限</dt>
        <dd>
          <DateTime value={enrolment.expires_at} />
        </dd>
      </dl>

      <form
        className={login.card}
        noValidate
        aria-label={heading}
        onSubmit={handleSubmit(({ password, code }) => {
          setAlert(null);
          complete.mutate(
            { token, password, code: normalizeCode(code) },
            {
              onSuccess: () => void navigate(HOME_PATH, { replace: true }),
              onError: (error) => {
                if (isInvalidLink(error)) {
                  setVoided(errorText(error));
                  return;
                }
                let shown = false;
                for (const name of ['password', 'code'] as const) {
                  const message = fieldError(error, name);
                  if (message) {
                    setError(name, { type: 'server', message }, { shouldFocus: !shown });
                    shown = true;
                  }
                }
                if (!shown) setAlert(errorText(error));
              },
            },
          );
        })}
      >
        <FormAlert message={alert} />

        <h2 className={styles.step}>1. パスワード</h2>
        <Field
          label="パスワード"
          hint={`${PASSWORD_MIN}文字以上${PASSWORD_MAX}文字以内。ログインのたびに使います。`}
          error={errors.password?.message}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              {...register('password', enrolRules.password)}
            />
          )}
        </Field>
        <Field label="パスワード（確認）" error={errors.confirmation?.message}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              {...register('confirmation', enrolRules.confirmation)}
            />
          )}
        </Field>

        <h2 className={styles.step}>2. 認証アプリ</h2>
        <p className={styles.text}>認証アプリ（Google Authenticator など）で、次のQRコードを読み取ってください。</p>
        <div className={styles.qr}>
          <QrCode value={enrolment.otpauth_uri} label="認証アプリ用QRコード" />
        </div>
        <p className={styles.text}>QRコードを読み取れない場合は、次のキーを入力してください</p>
        <p className={styles.secret}>
          <code>{groupSecret(enrolment.totp_secret)}</code>
        </p>

        <h2 className={styles.step}>3. 確認コード</h2>
        <Field label="認証アプリに表示された6桁のコード" error={errors.code?.message}>
          {(control) => (
            <input
              {...control}
              className={`${control.className} ${login.code}`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              {...register('code', enrolRules.code)}
            />
          )}
        </Field>
        <button type="submit" className={`${ui.button} ${login.submit}`} disabled={complete.isPending}>
          {complete.isPending ? '登録しています…' : '登録する'}
        </button>
      </form>
    </>
  );
}
