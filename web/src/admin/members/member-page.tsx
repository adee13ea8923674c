/**
 * 会員詳細 (/admin/members/:id, docs/contracts/member-desk.md): one member — their profile (未登録
 * for what they left blank), 購入実績, the login lock with ロックを解除, 要注意 with its note (the
 * order desk shows it on their orders), a warning when mail to them keeps bouncing, their points
 * (balance, ledger, ポイントを調整), their latest orders and their inquiries.
 *
 * ロックを解除 (after a question) and 要注意 need `members_edit`; ポイントを調整 needs
 * `points_adjust`; the orders need `orders_view` and the inquiries `inquiries` — what a role may
 * not do is not offered. Each change sends the version shown; when the member changed elsewhere
 * first (409) the page says the server's message and offers to read the member again. Another
 * shop's member, one who left, or an unknown id reads as not found.
 */
import { type ReactNode, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { AdminApiError, errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { applyServerErrors } from '../orders/order-schema';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DateTime } from '../ui/date-time';
import { Flag } from '../ui/flag';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { RELOADED_TEXT, StaleNotice } from '../ui/stale-notice';
import { Yen } from '../ui/yen';
import { MemberInquiries, MemberOrders } from './member-activity';
import { birthday, count, japanDay, orBlank, postal } from './member-format';
import { MemberPoints } from './member-points';
import { Facts, Section } from './member-section';
import {
  isMemberStale,
  isNotFound,
  memberQuery,
  refreshMember,
  useSetCaution,
  useUnlockMember,
} from './member-queries';
import { type CautionValues, cautionRules, NOTE_MAX } from './member-schema';
import { MemberBadges } from './member-badges';
import { FORBIDDEN_TEXT, type MemberDetail } from './members-types';
import styles from './members.module.css';

export const NOT_FOUND_TEXT = 'この会員は見つかりません。退会済みか、会員番号が正しくない可能性があります。';

export function MemberPage() {
  const { id = '' } = useParams();
  if (!useCan()('members_view')) {
    return (
      <>
        <title>会員詳細 | 管理画面</title>
        <h1>会員詳細</h1>
        <p role="alert">{FORBIDDEN_TEXT}</p>
      </>
    );
  }
  return <MemberLoader id={id} />;
}

function BackLink() {
  return (
    <p className={styles.back}>
      <Link to="/admin/members">会員一覧へ戻る</Link>
    </p>
  );
}

function MemberLoader({ id }: { id: string }) {
  const member = useQuery(memberQuery(id));
  if (member.isPending) return <Loading />;
  if (member.isError) {
    return (
      <>
        <title>会員詳細 | 管理画面</title>
        <BackLink />
        <h1>会員詳細</h1>
        {isNotFound(member.error) ? <p role="alert">{NOT_FOUND_TEXT}</p> : <LoadFailed error={member.error} />}
      </>
    );
  }
  return <MemberView member={member.data} />;
}

function MemberView({ member }: { member: MemberDetail }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const start = () => {
    setNotice(null);
    setFailure(null);
  };
  const done = (message: string) => {
    setStale(null);
    setFailure(null);
    setNotice(message);
  };
  /** A refusal: a 409 becomes the page's notice (answering true); the caller shows the rest. */
  const staleOr = (error: unknown): boolean => {
    if (!isMemberStale(error)) return false;
    setNotice(null);
    setStale(errorText(error));
    return true;
  };

  const name = member.name || `会員番号 ${member.code}`;
  return (
    <>
      <title>{`${name} | 会員詳細 | 管理画面`}</title>
      <BackLink />
      <h1 className={styles.title}>{name}</h1>
      <p className={styles.meta}>
        会員番号 {member.code}・<DateTime value={member.registered_at} /> 登録
      </p>
      {member.locked || member.caution ? (
        <p className={styles.badgeLine}>
          <MemberBadges member={member} />
        </p>
      ) : null}
      {member.caution ? (
        <Flag label="要注意" className={styles.flag}>
          {member.caution_note || 'メモの記載なし'}
        </Flag>
      ) : null}
      {member.mail_error_over ? (
        <Flag label="メール不達" tone="warning" className={styles.flag}>
          この会員へのメールが届いていません（不達 {count(member.mail_error_count)}
          回）。メールアドレスが正しいか、お客様にご確認ください。
        </Flag>
      ) : null}

      {stale ? (
        <StaleNotice
          message={stale}
          reload={() => refreshMember(queryClient, member.id)}
          onReloaded={() => {
            setStale(null);
            setNotice(RELOADED_TEXT);
          }}
        />
      ) : null}
      <StatusNotice message={notice} />
      <FormAlert message={failure} />

      <div className={styles.layout}>
        <div className={styles.main}>
          <Profile member={member} />
          <MemberPoints member={member} />
          {can('orders_view') ? <MemberOrders member={member} /> : null}
          {can('inquiries') ? <MemberInquiries member={member} /> : null}
        </div>
        <div className={styles.side}>
          <Purchases member={member} />
          <LoginLock
            member={member}
            mayEdit={can('members_edit')}
            onStart={start}
            onDone={done}
            onFailed={(error) => {
              if (!staleOr(error)) setFailure(errorText(error));
            }}
          />
          <Caution member={member} mayEdit={can('members_edit')} onStart={start} onDone={done} staleOr={staleOr} />
        </div>
      </div>
    </>
  );
}

// ---- what we know of them -----------------------------------------------------------------------

function Profile({ member }: { member: MemberDetail }) {
  const rows: [string, ReactNode][] = [
    ['会員番号', member.code],
    ['氏名', orBlank(member.name)],
    ['フリガナ', orBlank(member.kana)],
    [
      'メールアドレス',
      member.email ? (
        <a key="email" href={`mailto:${member.email}`}>
          {member.email}
        </a>
      ) : (
        orBlank(member.email)
      ),
    ],
    ['電話番号', orBlank(member.phone_number)],
    ['携帯電話番号', orBlank(member.cell_phone_number)],
    ['郵便番号', member.postal_code ? postal(member.postal_code) : orBlank(member.postal_code)],
    ['都道府県', orBlank(member.prefecture)],
    ['住所', orBlank(member.address)],
    ['生年月日', member.birthday ? birthday(member.birthday) : orBlank(member.birthday)],
    ['性別', orBlank(member.gender_label)],
    ['会社名', orBlank(member.corporation)],
    ['部署名', orBlank(member.department)],
    ['メルマガ', member.newsletter ? '受け取る' : '受け取らない'],
    ['登録日時', <DateTime key="registered" value={member.registered_at} />],
  ];
  return (
    <Section title="会員情報">
      <Facts rows={rows} />
    </Section>
  );
}

function Purchases({ member }: { member: MemberDetail }) {
  return (
    <Section title="購入実績">
      <Facts
        rows={[
          ['購入回数', `${count(member.order_count)}回`],
          ['購入金額', <Yen key="spent" value={member.spent} />],
          [
            '最終購入日',
            member.last_ordered_at ? (
              <time key="last" dateTime={member.last_ordered_at}>
                {japanDay(member.last_ordered_at)}
              </time>
            ) : (
              'なし'
            ),
          ],
        ]}
      />
      <p className={styles.hint}>キャンセルした注文を除き、購入金額は返金を差し引いた額です。</p>
    </Section>
  );
}

// ---- ロックを解除 ----------------------------------------------------------------------------------

interface LockProps {
  member: MemberDetail;
  mayEdit: boolean;
  onStart: () => void;
  onDone: (message: string) => void;
  onFailed: (error: unknown) => void;
}

function LoginLock({ member, mayEdit, onStart, onDone, onFailed }: LockProps) {
  const unlock = useUnlockMember(member.id);
  const [asking, setAsking] = useState(false);
  return (
    <Section title="ログイン">
      {member.locked ? (
        <p>
          ログインに続けて失敗したため、ロックされています（失敗 {count(member.failed_logins)}
          回）。解除するか、お客様がメールのリンクから解除するまでログインできません。
        </p>
      ) : (
        <p>
          ロックされていません。
          {member.failed_logins > 0 ? `（ログイン失敗 ${count(member.failed_logins)}回）` : ''}
        </p>
      )}
      {member.locked && mayEdit ? (
        <div className={ui.actions}>
          <button
            type="button"
            className={ui.secondary}
            disabled={unlock.isPending}
            onClick={() => {
              onStart();
              setAsking(true);
            }}
          >
            ロックを解除
          </button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="ロックを解除"
          confirmLabel="ロックを解除する"
          pending={unlock.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            unlock.mutate(member.version, {
              onSuccess: () => {
                setAsking(false);
                onDone('ロックを解除しました。');
              },
              onError: (error) => {
                setAsking(false);
                onFailed(error);
              },
            })
          }
        >
          <p>{`${member.name || `会員番号 ${member.code}`} 様のアカウントのロックを解除します。ログイン失敗の回数は0に戻ります。`}</p>
        </ConfirmDialog>
      ) : null}
    </Section>
  );
}

// ---- 要注意 -------------------------------------------------------------------------------------

interface CautionProps {
  member: MemberDetail;
  mayEdit: boolean;
  onStart: () => void;
  onDone: (message: string) => void;
  /** A 409 becomes the page's notice (answering true). */
  staleOr: (error: unknown) => boolean;
}

function Caution({ member, mayEdit, ...rest }: CautionProps) {
  return (
    <Section title="要注意" className={member.caution ? styles.cautionOn : undefined}>
      {mayEdit ? (
        // A new version (saved, or read again after a 409) starts the form from what the server has.
        <CautionForm key={member.version} member={member} {...rest} />
      ) : (
        <>
          <p>{member.caution ? '要注意の会員です。' : '要注意ではありません。'}</p>
          {member.caution_note ? <p className={styles.note}>{member.caution_note}</p> : null}
        </>
      )}
    </Section>
  );
}

function CautionForm({ member, onStart, onDone, staleOr }: Omit<CautionProps, 'mayEdit'>) {
  const save = useSetCaution(member.id);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CautionValues>({ defaultValues: { caution: member.caution, note: member.caution_note } });
  const cautionErrorId = useId();

  return (
    <form
      noValidate
      aria-label="要注意の設定"
      onSubmit={handleSubmit((values) => {
        onStart();
        setAlert(null);
        save.mutate(
          { version: member.version, caution: values.caution, note: values.note.trim() },
          {
            onSuccess: (after) => onDone(after.caution ? '要注意に設定しました。' : '要注意を解除しました。'),
            onError: (error) => {
              if (staleOr(error)) return;
              if (error instanceof AdminApiError && error.status === 422) {
                setAlert(applyServerErrors(error, setError, ['caution', 'note']));
              } else {
                setAlert(errorText(error));
              }
            },
          },
        );
      })}
    >
      <FormAlert message={alert} />
      <div className={styles.checkField}>
        <label className={ui.choice}>
          <input
            type="checkbox"
            aria-invalid={errors.caution ? true : undefined}
            aria-describedby={errors.caution ? cautionErrorId : undefined}
            {...register('caution')}
          />
          要注意の会員にする
        </label>
        {errors.caution?.message ? (
          <p id={cautionErrorId} className={styles.error}>
            {errors.caution.message}
          </p>
        ) : null}
      </div>
      <Field
        label="メモ"
        hint={`${NOTE_MAX}文字以内。受注画面で、この会員の注文に表示されます。`}
        error={errors.note?.message}
      >
        {(control) => <textarea {...control} rows={3} {...register('note', cautionRules.note)} />}
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={save.isPending}>
          {save.isPending ? '保存しています…' : '保存する'}
        </button>
      </div>
    </form>
  );
}
