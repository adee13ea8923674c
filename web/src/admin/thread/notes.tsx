/**
 * 社内メモ: notes between staff about an inquiry. Never shown to the customer nor mailed; the
 * section says so in words and looks unlike the conversation.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, fieldError } from '../api/admin-client';
import type { InquiryNote } from '../api/admin-types';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, ui } from '../ui/form';
import { useAddNote } from './thread-queries';
import styles from './thread.module.css';

interface NotesProps {
  inquiryKey: string;
  notes: readonly InquiryNote[];
  /** The form only for staff whose role answers inquiries (`inquiries`). */
  canAdd?: boolean;
}

export function Notes({ inquiryKey, notes, canAdd = true }: NotesProps) {
  const add = useAddNote(inquiryKey);
  const headingId = useId();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ body: string }>({ defaultValues: { body: '' } });

  return (
    <section className={styles.notes} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.notesTitle}>
        社内メモ
        <span className={styles.private}>お客様には表示されません</span>
      </h2>
      <p className={styles.notesLead}>スタッフだけが見られるメモです。お客様の画面にもメールにも出ません。</p>
      {notes.length === 0 ? (
        <p className={styles.notesEmpty}>メモはまだありません。</p>
      ) : (
        <ul className={styles.noteList}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.noteMeta}>
                {note.staff_name}・<DateTime value={note.created_at} />
              </p>
              <p className={styles.body}>{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {canAdd ? (
        <form
          noValidate
          aria-label="社内メモの追加"
          onSubmit={handleSubmit(({ body }) => {
            setSaved(false);
            add.mutate(body, {
              onSuccess: () => {
                reset();
                setSaved(true);
              },
            });
          })}
        >
          <FormAlert message={add.error && !fieldError(add.error, 'body') ? errorText(add.error) : null} />
          <div role="status">{saved ? <p className={styles.saved}>社内メモを追加しました。</p> : null}</div>
          <Field label="社内メモを追加" error={errors.body?.message ?? fieldError(add.error, 'body')}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                {...register('body', {
                  validate: (value) => (value.trim() === '' ? 'メモを入力してください' : true),
                })}
              />
            )}
          </Field>
          <button type="submit" className={ui.secondary} disabled={add.isPending}>
            {add.isPending ? '保存中…' : 'メモを保存'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
