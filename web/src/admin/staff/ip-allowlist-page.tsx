/**
 * IPアドレス制限 (/admin/staff/ip-allowlist): the addresses and networks the back office may be
 * used from, one a line in a textarea; empty, nothing is restricted. Above it, the address the
 * server sees this screen come from, with 「この接続元を追加」 to add it as a line, and the list as
 * saved (「現在: 制限なし」 or how many entries). 保存する sends the lines as typed with the version
 * read: saved, the textarea shows the list as the server normalised it; refused (422), each
 * line's message (「3行目: …」) and the list's (over 50, or one that would shut this address out)
 * go under the textarea; saved elsewhere first (409), the shared StaleNotice offers 最新の内容を読み込む.
 * Only for staff holding `staff_manage` (the owner), like スタッフ管理 which links here.
 * (docs/contracts/ip-allowlist.md)
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { ipAllowlistQuery, isIpAllowlistStale, refreshIpAllowlist, useSaveIpAllowlist } from './ip-allowlist-queries';
import {
  type IpAllowlistValues,
  ipAllowlistBody,
  ipAllowlistErrors,
  ipAllowlistRules,
  ipAllowlistValues,
  MESSAGES,
  problemsOf,
  stateText,
  withLine,
} from './ip-allowlist-schema';
import type { IpAllowlist } from './ip-allowlist-types';
import styles from './ip-allowlist.module.css';

export const SAVED_TEXT = 'IPアドレス制限を保存しました。';
export const FORBIDDEN_TEXT = 'IPアドレス制限を設定する権限がありません。';

const LEAD =
  '登録した接続元（IPアドレス）からだけ管理画面を使えるようにします。空にすると制限しません。お店のサイトには影響しません。';
const HINT = '例: 203.0.113.0/24（事務所のネットワーク）、198.51.100.7（1つのアドレス）';

export function IpAllowlistPage() {
  const allowed = useCan()('staff_manage');
  return (
    <>
      <title>IPアドレス制限 | 管理画面</title>
      <p className={styles.back}>
        <Link to="/admin/staff">スタッフ管理へ戻る</Link>
      </p>
      <h1>IPアドレス制限</h1>
      {allowed ? <IpAllowlistLoader /> : <p role="alert">{FORBIDDEN_TEXT}</p>}
    </>
  );
}

function IpAllowlistLoader() {
  const list = useQuery(ipAllowlistQuery());
  // Read once, the form keeps what it read: a later background read does not overwrite typing.
  if (list.data) return <IpAllowlistForm list={list.data} />;
  if (list.isPending) return <Loading />;
  return <LoadFailed error={list.error} />;
}

function IpAllowlistForm({ list }: { list: IpAllowlist }) {
  const form = useForm<IpAllowlistValues>({ defaultValues: ipAllowlistValues(list) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  // The list the form was read at: its version goes with the save, its length is 「現在」.
  const [shown, setShown] = useState(list);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const problemsId = useId();
  const save = useSaveIpAllowlist();
  const problems = problemsOf(errors.entries?.message);

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
  };

  /** The list as the server has it, into the form (after a save, or read afresh). */
  const show = (fresh: IpAllowlist) => {
    setShown(fresh);
    form.reset(ipAllowlistValues(fresh));
  };

  /** この接続元を追加: the address as the last line (checked again when a message is showing). */
  const addCurrent = () => {
    form.setValue('entries', withLine(form.getValues('entries'), shown.current_ip), {
      shouldDirty: true,
      shouldValidate: form.getFieldState('entries').invalid,
    });
  };

  const submit = (values: IpAllowlistValues) => {
    clearMessages();
    save.mutate(ipAllowlistBody(values, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(SAVED_TEXT);
      },
      onError: (error) => {
        if (isIpAllowlistStale(error)) {
          setStale(error);
          return;
        }
        const refused = ipAllowlistErrors(error);
        if (refused.entries.length > 0) {
          form.setError('entries', { type: 'server', message: refused.entries.join('\n') }, { shouldFocus: true });
        }
        setAlert(refused.alert);
      },
    });
  };

  const { reload, reloaded } = useStaleReload({
    refresh: refreshIpAllowlist,
    show,
    clearMessages,
    setNotice,
    setAlert,
  });

  return (
    <form
      noValidate
      aria-label="IPアドレス制限"
      onSubmit={handleSubmit(submit, () => {
        clearMessages();
        setAlert(MESSAGES.summary);
      })}
    >
      <p className={styles.lead}>{LEAD}</p>
      <p className={styles.state}>{stateText(shown)}</p>

      <div className={styles.current}>
        <p>
          いまお使いの接続元: <span className={styles.address}>{shown.current_ip}</span>
        </p>
        <button type="button" className={ui.secondary} onClick={addCurrent}>
          この接続元を追加
        </button>
      </div>

      <div className={styles.entries}>
        <Field label="許可する接続元（1行に1つ）" hint={HINT}>
          {(props) => (
            <>
              <textarea
                {...props}
                rows={8}
                spellCheck={false}
                autoComplete="off"
                className={`${props.className} ${styles.textarea}`}
                aria-invalid={problems.length > 0 ? true : undefined}
                aria-describedby={
                  [problems.length > 0 ? problemsId : undefined, props['aria-describedby']].filter(Boolean).join(' ') ||
                  undefined
                }
                {...register('entries', ipAllowlistRules.entries)}
              />
              {problems.length > 0 ? (
                <ul id={problemsId} className={styles.problems}>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </Field>
      </div>

      <StatusNotice message={notice} />
      {stale ? <StaleNotice message={errorText(stale)} reload={reload} onReloaded={reloaded} /> : null}
      <FormAlert message={alert} />
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={save.isPending}>
          {save.isPending ? '保存しています…' : '保存する'}
        </button>
      </div>
    </form>
  );
}
