/**
 * 分類管理 › カテゴリ: the tree in its order (each category indented by its depth, with its path
 * and 商品数). Staff with `catalog_edit` add a top-level category or a child (under the first two
 * levels), rename one or move it under another parent (only where its own levels still fit in
 * three), give it a picture (the storefront's banner) or take it off, move it up or down among
 * its siblings, and delete it (the server refuses one that still has child categories or
 * products, and the window says why).
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldError } from '../api/admin-client';
import { Field, StatusNotice, ui } from '../ui/form';
import { type Picture, PictureField } from '../ui/picture-field';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { applyServerErrors } from './stock-schema';
import {
  ChangeFailure,
  DeleteDialog,
  FormDialog,
  ProductCount,
  RELOADED_TEXT,
  ReadOnlyNote,
  refusalText,
} from './taxonomy-parts';
import {
  categoriesQuery,
  useCreateCategory,
  useDeleteCategory,
  useMoveCategory,
  useUpdateCategory,
} from './taxonomy-queries';
import { allowedParents, DEPTH_MAX, orNull, parentsForNew, requiredName, siblingsOf } from './taxonomy-schema';
import type { AdminCategory, CategoryBody, MoveDirection } from './taxonomy-types';
import styles from './taxonomy.module.css';

type Open =
  | { change: 'add'; parentId: string | null }
  | { change: 'edit'; category: AdminCategory }
  | { change: 'delete'; category: AdminCategory };

export function CategoriesTab({ mayEdit }: { mayEdit: boolean }) {
  const list = useQuery(categoriesQuery());
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const move = useMoveCategory();
  const buttonIds = useId();
  const [refocus, setRefocus] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const tree = list.data ?? [];

  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const start = (next: Open) => {
    setNotice(null);
    move.reset();
    setOpen(next);
  };
  const moveButtonId = (id: string, direction: MoveDirection) => `${buttonIds}-${id}-${direction}`;

  // After a move the row sits elsewhere: the focus stays on its button (or the other one, when
  // the row has reached the end of its siblings).
  useEffect(() => {
    if (!refocus) return;
    const other: MoveDirection = refocus.direction === 'up' ? 'down' : 'up';
    const button = [refocus.direction, other]
      .map((direction) => document.getElementById(moveButtonId(refocus.id, direction)))
      .find((element): element is HTMLButtonElement => element instanceof HTMLButtonElement && !element.disabled);
    button?.focus();
    setRefocus(null);
  });

  const moveCategory = (category: AdminCategory, direction: MoveDirection) => {
    setNotice(null);
    move.mutate(
      { id: category.id, direction, version: category.version },
      {
        onSuccess: () => {
          setNotice(`「${category.name}」を${direction === 'up' ? '上' : '下'}へ移動しました。`);
          setRefocus({ id: category.id, direction });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${buttonIds}-title`}>
      <div className={styles.tabHeading}>
        <h2 id={`${buttonIds}-title`}>カテゴリ</h2>
        {mayEdit ? (
          <button type="button" className={ui.button} onClick={() => start({ change: 'add', parentId: null })}>
            カテゴリを追加
          </button>
        ) : null}
      </div>
      <p className={styles.lead}>カテゴリは{DEPTH_MAX}階層まで作れます。ストアのカテゴリ一覧もこの順に並びます。</p>
      {mayEdit ? null : <ReadOnlyNote />}
      <StatusNotice message={notice} />
      {move.error ? (
        <ChangeFailure
          kind="categories"
          error={move.error}
          alert={refusalText(move.error)}
          onReloaded={() => {
            move.reset();
            setNotice(RELOADED_TEXT);
          }}
        />
      ) : null}

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} />
      ) : tree.length === 0 ? (
        <p className={table.empty}>カテゴリはまだありません。</p>
      ) : (
        <table className={`${table.table} ${styles.tree}`}>
          <caption className="visually-hidden">カテゴリ一覧（ツリー順）</caption>
          <thead>
            <tr>
              <th scope="col">カテゴリ名</th>
              <th scope="col">パス</th>
              <th scope="col">商品数</th>
              {mayEdit ? <th scope="col">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {tree.map((category) => {
              const siblings = siblingsOf(tree, category);
              const first = siblings[0]?.id === category.id;
              const last = siblings.at(-1)?.id === category.id;
              return (
                <tr key={category.id} data-depth={category.depth}>
                  <td data-label="カテゴリ名">
                    <span className={styles.treeName}>
                      {category.depth > 1 ? (
                        <span aria-hidden="true" className={styles.branch}>
                          └
                        </span>
                      ) : null}
                      {category.name}
                      <span className="visually-hidden">（第{category.depth}階層）</span>
                    </span>
                  </td>
                  <td data-label="パス" className={styles.path}>
                    {category.path}
                  </td>
                  <td data-label="商品数" className={table.numeric}>
                    <ProductCount count={category.product_count} />
                  </td>
                  {mayEdit ? (
                    <td data-label="操作" className={styles.toolsCell}>
                      <div className={styles.tools}>
                        <button
                          type="button"
                          id={moveButtonId(category.id, 'up')}
                          className={styles.tool}
                          aria-label={`「${category.name}」を上へ`}
                          disabled={first || move.isPending}
                          onClick={() => moveCategory(category, 'up')}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          id={moveButtonId(category.id, 'down')}
                          className={styles.tool}
                          aria-label={`「${category.name}」を下へ`}
                          disabled={last || move.isPending}
                          onClick={() => moveCategory(category, 'down')}
                        >
                          ↓
                        </button>
                        {category.depth < DEPTH_MAX ? (
                          <button
                            type="button"
                            className={styles.tool}
                            aria-label={`「${category.name}」に子カテゴリを追加`}
                            onClick={() => start({ change: 'add', parentId: category.id })}
                          >
                            子カテゴリを追加
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className={styles.tool}
                          aria-label={`「${category.name}」を編集`}
                          onClick={() => start({ change: 'edit', category })}
                        >
                          編集
                        </button>
                        <button
                          type="button"
                          className={`${styles.tool} ${styles.toolDanger}`}
                          aria-label={`「${category.name}」を削除`}
                          onClick={() => start({ change: 'delete', category })}
                        >
                          削除
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {open?.change === 'add' ? (
        <CategoryDialog tree={tree} parentId={open.parentId} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.change === 'edit' ? (
        <CategoryDialog tree={tree} category={open.category} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.change === 'delete' ? (
        <DeleteCategory category={open.category} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </section>
  );
}

interface CategoryValues {
  name: string;
  /** '' for the top level. */
  parent_id: string;
}

interface CategoryDialogProps {
  tree: readonly AdminCategory[];
  /** The category to edit; none to add one. */
  category?: AdminCategory;
  /** A new category's parent, chosen beforehand (子カテゴリを追加). */
  parentId?: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

function CategoryDialog({ tree, category, parentId = null, onClose, onDone }: CategoryDialogProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const change = category ? update : create;
  const [alert, setAlert] = useState<string | null>(null);
  const before: Picture | null = category?.image_url
    ? { url: category.image_url, srcset: category.image_srcset ?? null }
    : null;
  const [picture, setPicture] = useState<Picture | null>(before);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CategoryValues>({
    defaultValues: { name: category?.name ?? '', parent_id: (category ? category.parent_id : parentId) ?? '' },
  });
  const parents = category ? allowedParents(tree, category) : parentsForNew(tree);
  // A picture the shop does not hold (422 `image_url`) is said beside the picture.
  const failed = (error: unknown) => {
    const rest = applyServerErrors(error, setError, { name: 'name', parent_id: 'parent_id' } as const);
    setAlert(fieldError(error, 'image_url') ? null : rest);
  };

  return (
    <FormDialog
      title={category ? `カテゴリの編集：${category.name}` : 'カテゴリを追加'}
      pending={change.isPending}
      submitLabel={category ? '保存する' : '追加する'}
      waiting={uploading ? '画像をアップロード中…' : null}
      status={
        change.error ? (
          <ChangeFailure
            kind="categories"
            error={change.error}
            alert={alert}
            onReloaded={() => onDone(RELOADED_TEXT)}
          />
        ) : null
      }
      onSubmit={handleSubmit(({ name, parent_id }) => {
        setAlert(null);
        // The picture goes only when it changed (left out, the server keeps the category's).
        const body: Omit<CategoryBody, 'version'> = { name: name.trim(), parent_id: orNull(parent_id) };
        if ((picture?.url ?? null) !== (before?.url ?? null)) body.image_url = picture?.url ?? null;
        if (category) {
          update.mutate(
            { id: category.id, version: category.version, ...body },
            { onSuccess: (saved) => onDone(`カテゴリ「${saved.name}」を保存しました。`), onError: failed },
          );
        } else {
          create.mutate(body, {
            onSuccess: (created) => onDone(`カテゴリ「${created.name}」を追加しました（${created.path}）。`),
            onError: failed,
          });
        }
      })}
      onClose={onClose}
    >
      <Field label="カテゴリ名" error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            data-autofocus
            {...register('name', { validate: requiredName('カテゴリ名') })}
          />
        )}
      </Field>
      <Field
        label="親カテゴリ"
        hint={
          category
            ? '子カテゴリも一緒に移動します。3階層を超える場所は選べません。'
            : `${DEPTH_MAX}階層目のカテゴリの下には追加できません。`
        }
        error={errors.parent_id?.message}
      >
        {(control) => (
          <select {...control} {...register('parent_id')}>
            <option value="">なし（トップレベル）</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.path}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PictureField
        legend="カテゴリ画像"
        hint="カテゴリページの上部にバナーとして表示します。JPEG・PNG・WebP、10MBまで。保存すると反映されます。"
        picture={picture}
        serverError={fieldError(change.error, 'image_url') ?? null}
        onChange={setPicture}
        onUploadingChange={setUploading}
      />
    </FormDialog>
  );
}

function DeleteCategory({
  category,
  onClose,
  onDone,
}: {
  category: AdminCategory;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteCategory();
  const inUse = category.child_count > 0 || category.product_count > 0;
  return (
    <DeleteDialog
      kind="categories"
      name={category.name}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(
          { id: category.id, version: category.version },
          { onSuccess: () => onDone(`カテゴリ「${category.name}」を削除しました。`) },
        )
      }
      onClose={onClose}
      onReloaded={() => onDone(RELOADED_TEXT)}
    >
      <p>{category.path}</p>
      {inUse ? (
        <p>
          子カテゴリ {category.child_count}件・商品 {category.product_count}
          件が登録されています。子カテゴリや商品があるカテゴリは削除できません。
        </p>
      ) : (
        <p>削除したカテゴリは元に戻せません。</p>
      )}
    </DeleteDialog>
  );
}
