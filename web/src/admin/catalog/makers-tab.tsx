/**
 * 分類管理 › メーカー: each maker with its よみがな and 商品数, in the shop's order. Staff with
 * `catalog_edit` add and edit one (名前, よみがな, 説明, URL) in a window and delete one (its
 * products and brands then have no maker).
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Field, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { applyServerErrors } from './stock-schema';
import { ChangeFailure, DeleteDialog, FormDialog, ProductCount, RELOADED_TEXT, ReadOnlyNote } from './taxonomy-parts';
import { makersQuery, useCreateMaker, useDeleteMaker, useUpdateMaker } from './taxonomy-queries';
import { DESCRIPTION_MAX, KANA_MAX, optionalText, orNull, requiredName, urlRule } from './taxonomy-schema';
import type { AdminMaker } from './taxonomy-types';
import styles from './taxonomy.module.css';

type Open = { change: 'add' } | { change: 'edit'; maker: AdminMaker } | { change: 'delete'; maker: AdminMaker };

export function MakersTab({ mayEdit }: { mayEdit: boolean }) {
  const list = useQuery(makersQuery());
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
        <h2 id={titleId}>メーカー</h2>
        {mayEdit ? (
          <button type="button" className={ui.button} onClick={() => start({ change: 'add' })}>
            メーカーを追加
          </button>
        ) : null}
      </div>
      {mayEdit ? null : <ReadOnlyNote />}
      <StatusNotice message={notice} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className={table.empty}>メーカーはまだありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">メーカー一覧</caption>
          <thead>
            <tr>
              <th scope="col">メーカー名</th>
              <th scope="col">よみがな</th>
              <th scope="col">商品数</th>
              {mayEdit ? <th scope="col">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.data.map((maker) => (
              <tr key={maker.id}>
                <td data-label="メーカー名">
                  <span className={styles.name}>{maker.name}</span>
                  {maker.url ? <span className={styles.sub}>{maker.url}</span> : null}
                </td>
                <td data-label="よみがな">{maker.name_kana}</td>
                <td data-label="商品数" className={table.numeric}>
                  <ProductCount count={maker.product_count} />
                </td>
                {mayEdit ? (
                  <td data-label="操作" className={styles.toolsCell}>
                    <div className={styles.tools}>
                      <button
                        type="button"
                        className={styles.tool}
                        aria-label={`「${maker.name}」を編集`}
                        onClick={() => start({ change: 'edit', maker })}
                      >
                        編集
                      </button>
                      <button
                        type="button"
                        className={`${styles.tool} ${styles.toolDanger}`}
                        aria-label={`「${maker.name}」を削除`}
                        onClick={() => start({ change: 'delete', maker })}
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
      {open?.change === 'add' ? <MakerDialog onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.change === 'edit' ? <MakerDialog maker={open.maker} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.change === 'delete' ? (
        <DeleteMaker maker={open.maker} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </section>
  );
}

interface MakerValues {
  name: string;
  name_kana: string;
  description: string;
  url: string;
}

const FIELDS = { name: 'name', name_kana: 'name_kana', description: 'description', url: 'url' } as const;

function MakerDialog({
  maker,
  onClose,
  onDone,
}: {
  maker?: AdminMaker;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const create = useCreateMaker();
  const update = useUpdateMaker();
  const change = maker ? update : create;
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MakerValues>({
    defaultValues: {
      name: maker?.name ?? '',
      name_kana: maker?.name_kana ?? '',
      description: maker?.description ?? '',
      url: maker?.url ?? '',
    },
  });
  const failed = (error: unknown) => setAlert(applyServerErrors(error, setError, FIELDS));

  return (
    <FormDialog
      title={maker ? `メーカーの編集：${maker.name}` : 'メーカーを追加'}
      pending={change.isPending}
      submitLabel={maker ? '保存する' : '追加する'}
      status={
        change.error ? (
          <ChangeFailure kind="makers" error={change.error} alert={alert} onReloaded={() => onDone(RELOADED_TEXT)} />
        ) : null
      }
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        const body = {
          name: values.name.trim(),
          name_kana: values.name_kana.trim(),
          description: values.description.trim(),
          url: orNull(values.url),
        };
        if (maker) {
          update.mutate(
            { id: maker.id, version: maker.version, ...body },
            { onSuccess: (saved) => onDone(`メーカー「${saved.name}」を保存しました。`), onError: failed },
          );
        } else {
          create.mutate(body, {
            onSuccess: (created) => onDone(`メーカー「${created.name}」を追加しました。`),
            onError: failed,
          });
        }
      })}
      onClose={onClose}
    >
      <Field label="メーカー名" error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            data-autofocus
            {...register('name', { validate: requiredName('メーカー名') })}
          />
        )}
      </Field>
      <Field
        label="よみがな"
        hint="ひらがなまたはカタカナ。メーカー一覧の五十音順に使います。"
        error={errors.name_kana?.message}
      >
        {(control) => (
          <input {...control} type="text" {...register('name_kana', { validate: optionalText(KANA_MAX) })} />
        )}
      </Field>
      <Field label="説明" error={errors.description?.message}>
        {(control) => (
          <textarea {...control} rows={4} {...register('description', { validate: optionalText(DESCRIPTION_MAX) })} />
        )}
      </Field>
      <Field label="URL" hint="メーカーの公式サイトなど（任意）" error={errors.url?.message}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            {...register('url', { validate: urlRule })}
          />
        )}
      </Field>
    </FormDialog>
  );
}

function DeleteMaker({
  maker,
  onClose,
  onDone,
}: {
  maker: AdminMaker;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteMaker();
  return (
    <DeleteDialog
      kind="makers"
      name={maker.name}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(
          { id: maker.id, version: maker.version },
          { onSuccess: () => onDone(`メーカー「${maker.name}」を削除しました。`) },
        )
      }
      onClose={onClose}
      onReloaded={() => onDone(RELOADED_TEXT)}
    >
      <p>
        このメーカーの商品（{maker.product_count}
        件）とブランドは「メーカーなし」になります。削除したメーカーは元に戻せません。
      </p>
    </DeleteDialog>
  );
}
