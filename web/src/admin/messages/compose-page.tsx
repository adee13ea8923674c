/**
 * お知らせ作成: a message for the members' message centre. The staff member picks who gets it
 * (one member by e-mail, a segment, or — with `shop_settings` only — every member), writes it,
 * sees the recipient count and the message as the member will see it (プレビュー), and only then
 * sends exactly what was previewed. Changing anything after the preview asks for a new one.
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { SEGMENT_LABELS, type Segment, type SystemMessageDraft, type SystemMessagePreview } from '../api/admin-types';
import { useCan } from '../api/session-queries';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, ui } from '../ui/form';
import { composeRules, toDraft, type ComposeValues } from './compose-schema';
import { usePreview, useSend } from './message-queries';
import styles from './messages.module.css';

const SERVER_FIELDS = ['audience', 'member_email', 'segment', 'title', 'body'] as const;

function audienceText(draft: SystemMessageDraft): string {
  if (draft.audience === 'member') return `会員（${draft.member_email ?? ''}）`;
  if (draft.audience === 'segment' && draft.segment) return `セグメント：${SEGMENT_LABELS[draft.segment]}`;
  return '全会員';
}

export function ComposePage() {
  const mayManage = useCan()('shop_settings');
  const navigate = useNavigate();
  const preview = usePreview();
  const send = useSend();
  const [shown, setShown] = useState<{ draft: SystemMessageDraft; answer: SystemMessagePreview; at: string } | null>(
    null,
  );
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ComposeValues>({
    defaultValues: { audience: 'member', member_email: '', segment: '', title: '', body: '' },
  });
  const values = useWatch({ control });
  const audience = values.audience;

  // Any change after the preview: the preview no longer shows what would be sent.
  const watched = JSON.stringify(values);
  const [previewedWith, setPreviewedWith] = useState<string | null>(null);
  useEffect(() => {
    if (previewedWith !== null && watched !== previewedWith) {
      setShown(null);
      setPreviewedWith(null);
    }
  }, [watched, previewedWith]);

  const [previewAlert, setPreviewAlert] = useState<string | null>(null);

  /** A 422's field messages onto the fields; what no field shows comes back for the alert. */
  function applyErrors(error: unknown): string | null {
    let shownOnField = false;
    for (const name of SERVER_FIELDS) {
      const message = fieldError(error, name);
      if (message) {
        setError(name, { type: 'server', message }, { shouldFocus: !shownOnField });
        shownOnField = true;
      }
    }
    return shownOnField ? null : errorText(error);
  }

  const sendAlert = send.error ? errorText(send.error) : null;

  return (
    <>
      <title>お知らせ作成 | 管理画面</title>
      <h1>お知らせ作成</h1>
      <p className={styles.lead}>会員のマイページの「お知らせ」に届くメッセージを作成します。</p>
      <form
        noValidate
        className={styles.compose}
        aria-label="お知らせの内容"
        onSubmit={handleSubmit((form) => {
          const draft = toDraft(form);
          send.reset();
          setPreviewAlert(null);
          preview.mutate(draft, {
            onError: (error) => setPreviewAlert(applyErrors(error)),
            onSuccess: (answer) => {
              setShown({ draft, answer, at: new Date().toISOString() });
              setPreviewedWith(watched);
            },
          });
        })}
      >
        <FormAlert message={previewAlert} />
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>送信先</legend>
          <div className={ui.choices}>
            <label className={ui.choice}>
              <input type="radio" value="member" {...register('audience')} />
              一人の会員
            </label>
            <label className={ui.choice}>
              <input type="radio" value="segment" {...register('audience')} />
              セグメント
            </label>
            {mayManage ? (
              <label className={ui.choice}>
                <input type="radio" value="all" {...register('audience')} />
                全会員
              </label>
            ) : null}
          </div>
          {errors.audience?.message ? <p className={styles.error}>{errors.audience.message}</p> : null}
        </fieldset>
        {audience === 'member' ? (
          <Field label="会員のメールアドレス" error={errors.member_email?.message}>
            {(controlProps) => (
              <input
                {...controlProps}
                type="email"
                autoComplete="off"
                {...register('member_email', composeRules.member_email)}
              />
            )}
          </Field>
        ) : null}
        {audience === 'segment' ? (
          <Field label="対象のセグメント" error={errors.segment?.message}>
            {(controlProps) => (
              <select {...controlProps} {...register('segment', composeRules.segment)}>
                <option value="">選んでください</option>
                {(Object.entries(SEGMENT_LABELS) as [Segment, string][]).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {audience === 'all' ? <p className={styles.warning}>ショップのすべての会員に届きます。</p> : null}
        <Field label="件名" error={errors.title?.message}>
          {(controlProps) => <input {...controlProps} type="text" {...register('title', composeRules.title)} />}
        </Field>
        <Field label="本文" error={errors.body?.message}>
          {(controlProps) => <textarea {...controlProps} rows={10} {...register('body', composeRules.body)} />}
        </Field>
        <div className={ui.actions}>
          <button type="submit" className={shown ? ui.secondary : ui.button} disabled={preview.isPending}>
            {preview.isPending ? '確認中…' : 'プレビュー'}
          </button>
        </div>
      </form>

      {shown ? (
        <section className={styles.preview} aria-labelledby="preview-title">
          <h2 id="preview-title">プレビュー</h2>
          <p className={styles.recipients} role="status">
            送信先：{audienceText(shown.draft)}　<strong>{shown.answer.recipients}人</strong>
          </p>
          <p className={styles.previewLabel}>会員の画面での表示</p>
          <article className={styles.memberView} aria-label="会員の画面での表示">
            <p className={styles.memberDate}>
              <DateTime value={shown.at} />
            </p>
            <h3 className={styles.memberTitle}>{shown.answer.title}</h3>
            <p className={styles.memberBody}>{shown.answer.body}</p>
          </article>
          <FormAlert message={sendAlert} />
          {shown.answer.recipients === 0 ? (
            <p className={styles.warning}>送信先の会員がいません。送信先を見直してください。</p>
          ) : (
            <div className={ui.actions}>
              <button
                type="button"
                className={ui.button}
                disabled={send.isPending}
                onClick={() =>
                  send.mutate(shown.draft, {
                    onSuccess: ({ recipients }) =>
                      void navigate('/admin/messages', {
                        state: { notice: `お知らせを${recipients}人に送信しました。` },
                      }),
                  })
                }
              >
                {send.isPending ? '送信中…' : `${shown.answer.recipients}人に送信`}
              </button>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
