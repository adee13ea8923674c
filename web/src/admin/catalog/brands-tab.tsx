/**
 * 分類管理 › ブランド: each brand with its maker and 商品数. Staff with `catalog_edit` add and
 * edit one (名前, メーカー chosen from the makers, 説明) in a window and delete one.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Field, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { applyServerErrors } from './stock-schema';
import { ChangeFailure, DeleteDialog, FormDialog, ProductCount, RELOADED_TEXT, ReadOnlyNote } from './taxonomy-parts';
import { brandsQuery, makersQuery, useCreateBrand, useDeleteBrand, useUpdateBrand } from './taxonomy-queries';
import { DESCRIPTION_MAX, optionalText, orNull, requiredName } from './taxonomy-schema';
import type { AdminBrand, AdminMaker } from './taxonomy-types';
import styles from './taxonomy.module.css';

type Open = { change: 'add' } | { change: 'edit'; brand: AdminBrand } | { change: 'delete'; brand: AdminBrand };

export function BrandsTab({ mayEdit }: { mayEdit: boolean }) {
  const list = useQuery(brandsQuery());
  const makers = useQuery(makersQuery());
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const makerName = (id: string | null) =>
    id === null ? null : (makers.data?.find((maker) => maker.id === id)?.name ?? null);
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
        <h2 id={titleId}>ブランド</h2>
        {mayEdit ? (
          <button type="button" className={ui.button} onClick={() => start({ change: 'add' })}>
            ブランドを追加
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
        <p className={table.empty}>ブランドはまだありません。</p>
      ) : (
        <table className={table.table}>
          <caption className="visually-hidden">ブランド一覧</caption>
          <thead>
            <tr>
              <th scope="col">ブランド名</th>
              <th scope="col">メーカー</th>
              <th scope="col">商品数</th>
              {mayEdit ? <th scope="col">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.data.map((brand) => (
              <tr key={brand.id}>
                <td data-label="ブランド名">
                  <span className={styles.name}>{brand.name}</span>
                </td>
                <td data-label="メーカー">
                  {makerName(brand.maker_id ?? null) ?? <span className={styles.none}>なし</span>}
                </td>
                <td data-label="商品数" className={table.numeric}>
                  <ProductCount count={brand.product_count} />
                </td>
                {mayEdit ? (
                  <td data-label="操作" className={styles.toolsCell}>
                    <div className={styles.tools}>
                      <button
                        type="button"
                        className={styles.tool}
                        aria-label={`「${brand.name}」を編集`}
                        onClick={() => start({ change: 'edit', brand })}
                      >
                        編集
                      </button>
                      <button
                        type="button"
                        className={`${styles.tool} ${styles.toolDanger}`}
                        aria-label={`「${brand.name}」を削除`}
                        onClick={() => start({ change: 'delete', brand })}
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
      {open?.change === 'add' ? (
        <BrandDialog makers={makers.data ?? []} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.change === 'edit' ? (
        <BrandDialog brand={open.brand} makers={makers.data ?? []} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.change === 'delete' ? (
        <DeleteBrand brand={open.brand} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </section>
  );
}

interface BrandValues {
  name: string;
  /** '' for no maker. */
  maker_id: string;
  description: string;
}

const FIELDS = { name: 'name', maker_id: 'maker_id', description: 'description' } as const;

function BrandDialog({
  brand,
  makers,
  onClose,
  onDone,
}: {
  brand?: AdminBrand;
  makers: readonly AdminMaker[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const change = brand ? update : create;
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BrandValues>({
    defaultValues: { name: brand?.name ?? '', maker_id: brand?.maker_id ?? '', description: brand?.description ?? '' },
  });
  const failed = (error: unknown) => setAlert(applyServerErrors(error, setError, FIELDS));

  return (
    <FormDialog
      title={brand ? `ブランドの編集：${brand.name}` : 'ブランドを追加'}
      pending={change.isPending}
      submitLabel={brand ? '保存する' : '追加する'}
      status={
        change.error ? (
          <ChangeFailure kind="brands" error={change.error} alert={alert} onReloaded={() => onDone(RELOADED_TEXT)} />
        ) : null
      }
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        const body = {
          name: values.name.trim(),
          maker_id: orNull(values.maker_id),
          description: values.description.trim(),
        };
        if (brand) {
          update.mutate(
            { id: brand.id, version: brand.version, ...body },
            { onSuccess: (saved) => onDone(`ブランド「${saved.name}」を保存しました。`), onError: failed },
          );
        } else {
          create.mutate(body, {
            onSuccess: (created) => onDone(`ブランド「${created.name}」を追加しました。`),
            onError: failed,
          });
        }
      })}
      onClose={onClose}
    >
      <Field label="ブランド名" error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            data-autofocus
            {...register('name', { validate: requiredName('ブランド名') })}
          />
        )}
      </Field>
      <Field label="メーカー" error={errors.maker_id?.message}>
        {(control) => (
          <select {...control} {...register('maker_id')}>
            <option value="">なし</option>
            {makers.map((maker) => (
              <option key={maker.id} value={maker.id}>
                {maker.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="説明" error={errors.description?.message}>
        {(control) => (
          <textarea {...control} rows={4} {...register('description', { validate: optionalText(DESCRIPTION_MAX) })} />
        )}
      </Field>
    </FormDialog>
  );
}

function DeleteBrand({
  brand,
  onClose,
  onDone,
}: {
  brand: AdminBrand;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteBrand();
  return (
    <DeleteDialog
      kind="brands"
      name={brand.name}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(
          { id: brand.id, version: brand.version },
          { onSuccess: () => onDone(`ブランド「${brand.name}」を削除しました。`) },
        )
      }
      onClose={onClose}
      onReloaded={() => onDone(RELOADED_TEXT)}
    >
      <p>
        {brand.product_count > 0 ? `このブランドの商品が${brand.product_count}件あります。` : null}
        削除したブランドは元に戻せません。
      </p>
    </DeleteDialog>
  );
}
