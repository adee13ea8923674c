/**
 * 保存した検索条件: the staff member's saved searches of the list as links (a click applies the
 * query), each with × to delete it after a confirmation, and 「この条件を保存」, which asks a name
 * and keeps the list's current query (its filters, not its page).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import type { SavedView } from '../api/admin-types';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed } from '../ui/query-state';
import { applyServerErrors } from './order-schema';
import { useDeleteView, useSaveView, viewsQuery } from './view-queries';
import styles from './orders.module.css';

export const VIEW_NAME_MAX = 40;

interface SavedViewsProps {
  /** The list's query now, without `?` and without the page (`queue=to_ship&payment=cod`). */
  current: string;
}

export function SavedViews({ current }: SavedViewsProps) {
  const views = useQuery(viewsQuery());
  const remove = useDeleteView();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const saved = views.data ?? [];

  return (
    <section aria-label="保存した検索条件" className={styles.views}>
      <div className={styles.viewsRow}>
        {saved.length > 0 ? (
          <ul className={styles.viewChips}>
            {saved.map((view) => (
              <li key={view.id} className={styles.viewChip}>
                <Link
                  to={{ search: view.query ? `?${view.query}` : '' }}
                  className={styles.viewLink}
                  aria-current={view.query === current ? 'true' : undefined}
                >
                  {view.name}
                </Link>
                <button
                  type="button"
                  className={styles.viewDelete}
                  aria-label={`「${view.name}」を削除`}
                  onClick={() => {
                    setNotice(null);
                    setAlert(null);
                    setDeleting(view);
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="button"
          className={ui.secondary}
          onClick={() => {
            setNotice(null);
            setAlert(null);
            setSaving(true);
          }}
        >
          この条件を保存
        </button>
      </div>
      {views.isError ? <LoadFailed error={views.error} /> : null}
      <FormAlert message={alert} />
      <StatusNotice message={notice} />

      {saving ? (
        <SaveViewDialog
          query={current}
          onClose={() => setSaving(false)}
          onSaved={(view) => {
            setSaving(false);
            setNotice(`「${view.name}」として保存しました。`);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="保存した条件の削除"
          confirmLabel="削除する"
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setNotice(`「${deleting.name}」を削除しました。`),
              onError: (error) => setAlert(errorText(error)),
              onSettled: () => setDeleting(null),
            })
          }
        >
          <p>{`保存した条件「${deleting.name}」を削除します。`}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

interface SaveViewDialogProps {
  query: string;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}

const nameRules = {
  validate: (value: string) => {
    if (value.trim() === '') return '名前を入力してください';
    return [...value.trim()].length <= VIEW_NAME_MAX || `名前は${VIEW_NAME_MAX}文字以内で入力してください`;
  },
};

function SaveViewDialog({ query, onClose, onSaved }: SaveViewDialogProps) {
  const save = useSaveView();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <Dialog title="この条件を保存" busy={save.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="検索条件の保存"
        onSubmit={handleSubmit(({ name }) => {
          setAlert(null);
          save.mutate(
            { name: name.trim(), query },
            {
              onSuccess: onSaved,
              onError: (error) => {
                const rest = applyServerErrors(error, setError, ['name']);
                // The query has no field here: its message goes to the form's alert.
                setAlert(fieldError(error, 'query') ?? rest);
              },
            },
          );
        })}
      >
        <FormAlert message={alert} />
        <p>
          {query
            ? '今の検索条件（作業キューと絞り込み）に名前を付けて保存します。'
            : '条件なし（すべての注文）を保存します。'}
        </p>
        <Field label="名前" hint={`${VIEW_NAME_MAX}文字以内。一覧の上に表示されます。`} error={errors.name?.message}>
          {(control) => <input {...control} type="text" data-autofocus {...register('name', nameRules)} />}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={save.isPending}>
            保存する
          </button>
          <button type="button" className={ui.secondary} disabled={save.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
