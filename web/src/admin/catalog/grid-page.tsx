/**
 * 一括編集 (docs/contracts/catalog-grid.md): the products the product list's search finds (kept in
 * the address, 50 a page), each a row of 販売価格, 通常価格, 公開, カテゴリ and タグ followed by a row
 * per variation (価格, 在庫の増減), edited in place like a spreadsheet (grid-table.tsx). Nothing is
 * sent until 「変更を確認」: the changed cells go to the server's preview, whose lines the staff
 * member reads before 「保存する」 applies them all in one transaction. A product someone else saved
 * meanwhile (409) is said with 「読み込み直す」; the server's 422 goes back onto its cells. Leaving the
 * page, or another search or page, with unsaved changes asks first.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { AdminApiError, errorText, type Page } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog, DialogActions } from '../ui/dialog';
import { StatusNotice, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { productSearch, readProductFilter } from './product-filter';
import { catalogOptionsQuery } from './product-queries';
import type { CatalogOptions } from './product-types';
import {
  type CellKey,
  type CellRef,
  type Collected,
  type DraftValue,
  EMPTY_DRAFT,
  type GridDraft,
  cellKey,
  cellProblem,
  changedCount,
  collectChanges,
  currentValue,
  placeErrors,
  rebase,
  revertCell,
  setCell,
} from './grid-changes';
import { GridFilter, isSearchError } from './grid-filter';
import { gridColumns } from './grid-keys';
import { GridPicker } from './grid-picker';
import { GridPreviewDialog } from './grid-preview';
import { appliedText, gridQuery, refusalOf, type RefusalKind, useApplyGrid, usePreviewGrid } from './grid-queries';
import { fieldLabel, GridTable, type GridTableHandle, gridRows, refAt } from './grid-table';
import type { GridPreview, GridProduct } from './grid-types';
import styles from './grid.module.css';

/** How long the saved toast stays (the shop's toasts' 5 s). */
const TOAST_MS = 5000;

export function GridPage() {
  const can = useCan();
  const [params] = useSearchParams();
  const filter = readProductFilter(params);
  return (
    <>
      <title>一括編集 | 管理画面</title>
      <p className={styles.backLink}>
        <Link to={{ pathname: '/admin/products', search: productSearch(filter) }}>商品管理へ戻る</Link>
      </p>
      <h1>一括編集</h1>
      {!can('catalog_view') ? (
        <p role="alert">商品を閲覧する権限がありません。</p>
      ) : !can('catalog_edit') ? (
        <p role="alert">商品を一括編集する権限がありません。</p>
      ) : (
        <GridDesk />
      )}
    </>
  );
}

function GridDesk() {
  const [params, setParams] = useSearchParams();
  const filter = readProductFilter(params);
  const list = useQuery(gridQuery(filter));
  const options = useQuery(catalogOptionsQuery());

  return (
    <>
      <GridFilter filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />
      {list.data ? (
        list.data.items.length === 0 ? (
          <p className={styles.empty}>該当する商品はありません。</p>
        ) : (
          // Another search or page is another set of edits (the guard asked before it came).
          <GridEditor
            key={JSON.stringify(filter)}
            page={list.data}
            options={options.data}
            reload={async () => {
              const again = await list.refetch();
              if (again.error) throw again.error;
              return again.data?.items ?? [];
            }}
          />
        )
      ) : list.isPending ? (
        <Loading />
      ) : isSearchError(list.error) ? null : (
        <LoadFailed error={list.error} />
      )}
    </>
  );
}

interface Refusal {
  kind: RefusalKind | 'local';
  message: string;
}

interface Reviewing {
  collected: Collected;
  preview: GridPreview;
}

interface GridEditorProps {
  page: Page<GridProduct>;
  options: CatalogOptions | undefined;
  /** The page read again (読み込み直す); throws when that fails. */
  reload: () => Promise<GridProduct[]>;
}

function GridEditor({ page, options, reload }: GridEditorProps) {
  const helpId = useId();
  const mayMoveStock = useCan()('stock');
  const columns = useMemo(() => gridColumns(mayMoveStock), [mayMoveStock]);
  const rows = useMemo(() => gridRows(page.items), [page.items]);
  const table = useRef<GridTableHandle>(null);

  const [draft, setDraft] = useState<GridDraft>(EMPTY_DRAFT);
  const [serverErrors, setServerErrors] = useState<Record<CellKey, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [toast, setToast] = useState<string | null>(null);
  const [picker, setPicker] = useState<{ product: GridProduct; ref: CellRef } | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [reloading, setReloading] = useState(false);
  // After a save the opener (変更を確認) is disabled: the focus goes back to the grid instead.
  const [saved, setSaved] = useState(0);
  const preview = usePreviewGrid();
  const apply = useApplyGrid();
  const count = changedCount(draft);
  const dirty = count > 0;

  useEffect(() => {
    if (saved > 0) table.current?.focusActive();
  }, [saved]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  // Leaving with unsaved changes: another screen, search or page (the router), or the tab (the browser).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Safari asks only when this is set as well.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (product: GridProduct, ref: CellRef, value: DraftValue) => {
    setDraft((now) => setCell(now, product, ref, value));
    setServerErrors((now) => withoutKey(now, cellKey(ref)));
    setNotice(null);
    // 「正しくない値のセルが…」 was about the cells as they were.
    setRefusal((now) => (now?.kind === 'local' ? null : now));
    const problem = cellProblem(product, ref, value);
    if (problem) setAnnouncement(`${fieldLabel(ref)}：${problem}`);
    else if (typeof value === 'boolean') setAnnouncement(`公開：${value ? '公開' : '非公開'}`);
    else setAnnouncement('');
  };

  const revert = (ref: CellRef) => {
    setDraft((now) => revertCell(now, ref));
    setServerErrors((now) => withoutKey(now, cellKey(ref)));
    setRefusal((now) => (now?.kind === 'local' ? null : now));
    setAnnouncement(`${fieldLabel(ref)}を元に戻しました。`);
  };

  /** A refused preview or apply: a 422 onto its cells (the first focused), the rest said above the buttons. */
  const refused = (error: unknown, collected: Collected) => {
    const { kind, message } = refusalOf(error);
    if (kind === 'invalid' && error instanceof AdminApiError) {
      const placed = placeErrors(error.errors, collected.index);
      setServerErrors(placed.cells);
      const first = firstCell(rows, columns, placed.cells);
      setRefusal({
        kind,
        message:
          placed.general.length > 0
            ? placed.general.join('\n')
            : '保存できない値があります。セルのメッセージを確認してください。',
      });
      if (first) table.current?.focusCell(first);
      return;
    }
    setRefusal({ kind, message });
  };

  const review = () => {
    setRefusal(null);
    setNotice(null);
    const collected = collectChanges(page.items, draft);
    const first = collected.invalid[0];
    if (first) {
      setRefusal({
        kind: 'local',
        message: `正しくない値のセルが${collected.invalid.length}件あります。セルのメッセージを確認してください。`,
      });
      table.current?.focusCell(first.ref);
      return;
    }
    if (collected.changes.products.length === 0) return;
    preview.mutate(collected.changes, {
      onSuccess: (result) => setReviewing({ collected, preview: result }),
      onError: (error) => refused(error, collected),
    });
  };

  const save = () => {
    if (!reviewing) return;
    const { collected } = reviewing;
    apply.mutate(collected.changes, {
      onSuccess: (result) => {
        setReviewing(null);
        setDraft(EMPTY_DRAFT);
        setServerErrors({});
        setRefusal(null);
        setToast(appliedText(result));
        setSaved((n) => n + 1);
      },
      onError: (error) => {
        setReviewing(null);
        refused(error, collected);
      },
    });
  };

  const reloadRows = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      setDraft((now) => rebase(now, fresh));
      setServerErrors({});
      setRefusal(null);
      setNotice(
        '最新の内容を読み込みました。変更中のセルはそのまま残っています。確認してから、もう一度「変更を確認」を押してください。',
      );
    } catch (error) {
      setRefusal({ kind: 'other', message: errorText(error) });
    } finally {
      setReloading(false);
    }
  };

  const pickerChoices =
    picker?.ref.field === 'category_ids'
      ? (options?.categories ?? []).map((category) => ({ id: category.id, label: category.path }))
      : (options?.tags ?? []).map((tag) => ({ id: tag.id, label: tag.name }));

  return (
    <>
      <p id={helpId} className={styles.help}>
        {'矢印キーでセルを移動し、Enter（またはF2、数字の入力）で編集、Enterで確定して下へ、Escで取り消します。' +
          'Spaceで公開を切り替え、カテゴリ・タグはEnterで選びます。変更したセルはCtrl+Z（⌘Z）で元に戻せます。' +
          '「変更を確認」で内容を確かめて保存するまで、変更は反映されません。'}
      </p>
      <GridTable
        ref={table}
        rows={rows}
        columns={columns}
        draft={draft}
        serverErrors={serverErrors}
        options={options}
        describedBy={helpId}
        onChange={change}
        onRevert={revert}
        onOpenPicker={(product, ref) => setPicker({ product, ref })}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      <section className={styles.saveBar} aria-label="変更の保存">
        {refusal ? (
          <div role="alert" className={styles.alert}>
            <p>{refusal.message}</p>
            {refusal.kind === 'stale' ? (
              <button type="button" className={ui.button} disabled={reloading} onClick={() => void reloadRows()}>
                {reloading ? '読み込んでいます…' : '読み込み直す'}
              </button>
            ) : null}
          </div>
        ) : null}
        <StatusNotice message={notice} />
        <div className={styles.saveActions}>
          <p className={styles.count}>{dirty ? `変更したセル：${count}件` : '変更はありません'}</p>
          <button
            type="button"
            className={ui.secondary}
            disabled={!dirty || preview.isPending}
            onClick={() => setDiscarding(true)}
          >
            すべて取り消す
          </button>
          <button type="button" className={ui.button} disabled={!dirty || preview.isPending} onClick={review}>
            {preview.isPending ? '確認しています…' : dirty ? `変更を確認（${count}件）` : '変更を確認'}
          </button>
        </div>
      </section>

      <Pager pagination={page.pagination} />

      <div role="status" aria-live="polite" className={styles.toastArea}>
        {toast ? (
          <p className={styles.toast}>
            <span>{toast}</span>
            <button
              type="button"
              className={styles.toastClose}
              aria-label="通知を閉じる"
              onClick={() => setToast(null)}
            >
              ×
            </button>
          </p>
        ) : null}
      </div>

      {picker ? (
        <GridPicker
          title={`${fieldLabel(picker.ref)}（${picker.product.code}）`}
          choices={pickerChoices}
          chosen={currentValue(draft, picker.product, picker.ref) as readonly string[]}
          empty={picker.ref.field === 'category_ids' ? 'カテゴリがありません。' : 'タグがありません。'}
          onDone={(ids) => {
            change(picker.product, picker.ref, ids);
            setPicker(null);
          }}
          onClose={() => setPicker(null)}
        />
      ) : null}

      {reviewing ? (
        <GridPreviewDialog
          preview={reviewing.preview}
          saving={apply.isPending}
          onSave={save}
          onClose={() => setReviewing(null)}
        />
      ) : null}

      {discarding ? (
        <ConfirmDialog
          title="すべての変更を取り消しますか？"
          confirmLabel="すべて取り消す"
          onConfirm={() => {
            setDraft(EMPTY_DRAFT);
            setServerErrors({});
            setRefusal(null);
            setDiscarding(false);
            setAnnouncement('すべての変更を取り消しました。');
          }}
          onClose={() => setDiscarding(false)}
        >
          <p>{`変更したセル${count}件が、保存前の内容に戻ります。`}</p>
        </ConfirmDialog>
      ) : null}

      {blocker.state === 'blocked' ? (
        <Dialog title="保存していない変更があります" onClose={() => blocker.reset()}>
          <p>{`変更したセルが${count}件あります。移動すると、これらの変更は失われます。`}</p>
          <DialogActions>
            <button type="button" className={ui.danger} onClick={() => blocker.proceed()}>
              変更を破棄して移動する
            </button>
            <button type="button" data-autofocus className={ui.secondary} onClick={() => blocker.reset()}>
              編集を続ける
            </button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

function withoutKey(record: Record<CellKey, string>, key: CellKey): Record<CellKey, string> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/** The first cell, in the grid's order, that has a message. */
function firstCell(
  rows: ReturnType<typeof gridRows>,
  columns: ReturnType<typeof gridColumns>,
  errors: Record<CellKey, string>,
): CellRef | null {
  for (const row of rows) {
    for (const column of columns) {
      const ref = refAt(row, column);
      if (ref && errors[cellKey(ref)]) return ref;
    }
  }
  return null;
}
