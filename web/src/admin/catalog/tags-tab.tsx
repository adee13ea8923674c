/**
 * 分類管理 › タグ: each tag with a 鍵 mark when it has a password, and its 商品数. Staff with
 * `catalog_edit` add and rename one, set or clear its password (8–64 characters: visitors then
 * need it to open the tag's product list on the storefront) and delete one.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Badge } from '../ui/badge';
import { Field, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { applyServerErrors } from './stock-schema';
import {
  ChangeFailure,
  DeleteDialog,
  FormDialog,
  LockMark,
  ProductCount,
  RELOADED_TEXT,
  ReadOnlyNote,
} from './taxonomy-parts';
import { tagsQuery, useCreateTag, useDeleteTag, useSetTagPassword, useUpdateTag } from './taxonomy-queries';
import { PASSWORD_MAX, PASSWORD_MIN, passwordRule, requiredName } from './taxonomy-schema';
import type { AdminTag } from './taxonomy-types';
import styles from './taxonomy.module.css';

type Open =
  | { change: 'add' }
  | { change: 'edit'; tag: AdminTag }
  | { change: 'password'; tag: AdminTag }
  | { change: 'delete'; tag: AdminTag };

export function TagsTab({ mayEdit }: { mayEdit: boolean }) {
  const list = useQuery(tagsQuery());
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const start = (next: Open) => {
    setNotice(null);
    setOpen(next);
  };

  return (
    <section aria-labelledby={titleId}>
      <div className={styles.tabHeading}>
        <h2 id={titleId}>タグ</h2>
        {mayEdit ? (
          <button type="button" className={ui.button} onClick={() => start({ change: 'add' })}>
            タグを追加
          </button>
        ) : null}
      </div>
      <p className={styles.lead}>
        「パスワード付き」のタグは、ストアでそのタグの商品一覧を開くときにパスワードの入力が必要です。
      </p>
      {mayEdit ? null : <ReadOnlyNote />}
      <StatusNotice message={notice} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className={table.empty}>タグはまだありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">タグ一覧</caption>
          <thead>
            <tr>
              <th scope="col">タグ名</th>
              <th scope="col">商品数</th>
              {mayEdit ? <th scope="col">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.data.map((tag) => (
              <tr key={tag.id}>
                <td data-label="タグ名">
                  <span className={styles.name}>{tag.name}</span>
                  {tag.has_password ? (
                    <span className={styles.lock}>
                      <Badge tone="attention">
                        <LockMark />
                        パスワード付き
                      </Badge>
                    </span>
                  ) : null}
                </td>
                <td data-label="商品数" className={table.numeric}>
                  <ProductCount count={tag.product_count} />
                </td>
                {mayEdit ? (
                  <td data-label="操作" className={styles.toolsCell}>
                    <div className={styles.tools}>
                      <button
                        type="button"
                        className={styles.tool}
                        aria-label={`「${tag.name}」の名前を変更`}
                        onClick={() => start({ change: 'edit', tag })}
                      >
                        名前を変更
                      </button>
                      <button
                        type="button"
                        className={styles.tool}
                        aria-label={`「${tag.name}」のパスワード`}
                        onClick={() => start({ change: 'password', tag })}
                      >
                        パスワード
                      </button>
                      <button
                        type="button"
                        className={`${styles.tool} ${styles.toolDanger}`}
                        aria-label={`「${tag.name}」を削除`}
                        onClick={() => start({ change: 'delete', tag })}
                      >
                        削除
                      </button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open?.change === 'add' ? <TagDialog onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.change === 'edit' ? <TagDialog tag={open.tag} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.change === 'password' ? (
        <PasswordDialog tag={open.tag} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.change === 'delete' ? <DeleteTag tag={open.tag} onClose={() => setOpen(null)} onDone={done} /> : null}
    </section>
  );
}

interface DialogProps {
  onClose: () => void;
  onDone: (message: string) => void;
}

function TagDialog({ tag, onClose, onDone }: DialogProps & { tag?: AdminTag }) {
  const create = useCreateTag();
  const update = useUpdateTag();
  const change = tag ? update : create;
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: tag?.name ?? '' } });
  const failed = (error: unknown) => setAlert(applyServerErrors(error, setError, { name: 'name' } as const));

  return (
    <FormDialog
      title={tag ? `タグの名前を変更：${tag.name}` : 'タグを追加'}
      pending={change.isPending}
      submitLabel={tag ? '保存する' : '追加する'}
      status={
        change.error ? (
          <ChangeFailure kind="tags" error={change.error} alert={alert} onReloaded={() => onDone(RELOADED_TEXT)} />
        ) : null
      }
      onSubmit={handleSubmit(({ name }) => {
        setAlert(null);
        if (tag) {
          update.mutate(
            { id: tag.id, version: tag.version, name: name.trim() },
            { onSuccess: (saved) => onDone(`タグ名を「${saved.name}」に変更しました。`), onError: failed },
          );
        } else {
          create.mutate(
            { name: name.trim() },
            { onSuccess: (created) => onDone(`タグ「${created.name}」を追加しました。`), onError: failed },
          );
        }
      })}
      onClose={onClose}
    >
      <Field label="タグ名" error={errors.name?.message}>
        {(control) => (
          <input {...control} type="text" data-autofocus {...register('name', { validate: requiredName('タグ名') })} />
        )}
      </Field>
    </FormDialog>
  );
}

/** パスワードを設定 / 変更, or 解除 (a separate button: it sends null). */
function PasswordDialog({ tag, onClose, onDone }: DialogProps & { tag: AdminTag }) {
  const save = useSetTagPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const failed = (error: unknown) => setAlert(applyServerErrors(error, setError, { password: 'password' } as const));

  return (
    <FormDialog
      title={`タグ「${tag.name}」のパスワード`}
      pending={save.isPending}
      submitLabel={tag.has_password ? 'パスワードを変更する' : 'パスワードを設定する'}
      status={
        <>
          {save.error ? (
            <ChangeFailure kind="tags" error={save.error} alert={alert} onReloaded={() => onDone(RELOADED_TEXT)} />
          ) : null}
          <p>
            パスワードを設定すると、ストアでこのタグの商品一覧を開くとき、お客様はこのパスワードの入力が必要になります。
            {tag.has_password ? ' いまはパスワードが設定されています。' : ' いまはパスワードなしで誰でも開けます。'}
          </p>
        </>
      }
      onSubmit={handleSubmit(({ password }) => {
        setAlert(null);
        save.mutate(
          { id: tag.id, version: tag.version, password },
          { onSuccess: (saved) => onDone(`タグ「${saved.name}」にパスワードを設定しました。`), onError: failed },
        );
      })}
      onClose={onClose}
    >
      <Field
        label={tag.has_password ? '新しいパスワード' : 'パスワード'}
        hint={`${PASSWORD_MIN}〜${PASSWORD_MAX}文字。お客様にお伝えするパスワードです。`}
        error={errors.password?.message}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            {...register('password', { validate: passwordRule })}
          />
        )}
      </Field>
      {tag.has_password ? (
        <p className={styles.clear}>
          <button
            type="button"
            className={ui.danger}
            disabled={save.isPending}
            onClick={() => {
              setAlert(null);
              save.mutate(
                { id: tag.id, version: tag.version, password: null },
                {
                  onSuccess: (saved) => onDone(`タグ「${saved.name}」のパスワードを解除しました。`),
                  onError: failed,
                },
              );
            }}
          >
            パスワードを解除する
          </button>
        </p>
      ) : null}
    </FormDialog>
  );
}

function DeleteTag({ tag, onClose, onDone }: DialogProps & { tag: AdminTag }) {
  const remove = useDeleteTag();
  return (
    <DeleteDialog
      kind="tags"
      name={tag.name}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(
          { id: tag.id, version: tag.version },
          { onSuccess: () => onDone(`タグ「${tag.name}」を削除しました。`) },
        )
      }
      onClose={onClose}
      onReloaded={() => onDone(RELOADED_TEXT)}
    >
      <p>
        {tag.product_count > 0 ? `このタグは${tag.product_count}件の商品に付いています。` : null}
        削除したタグは元に戻せません。
      </p>
    </DeleteDialog>
  );
}
