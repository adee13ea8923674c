/**
 * The pieces the four tabs of 分類管理 share: the window that edits one row (its form, the
 * server's alert, the notice when someone else changed the row first with the button that
 * reads the list afresh), the question before a delete, the read-only note and the 商品数 cell.
 */
import type { FormEvent, ReactNode } from 'react';
import { AdminApiError, errorText } from '../api/admin-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog, DialogActions } from '../ui/dialog';
import { FormAlert, ui } from '../ui/form';
import { StaleNotice } from '../ui/stale-notice';
import { isTaxonomyStale, useReloadTaxonomy } from './taxonomy-queries';
import type { TaxonomyKind } from './taxonomy-types';
import styles from './taxonomy.module.css';

/** What a screen says when its change met a newer one (409 `catalog.taxonomy.stale`). */
export const STALE_TEXT =
  '他の担当者がこの内容を先に変更しました。最新の内容を読み込んでから、もう一度操作してください（入力中の変更は破棄されます）。';

export const RELOADED_TEXT = '最新の内容を読み込みました。';

/** A refusal as one message: the first field's (a delete's `category`, a move's `direction`), else the server's. */
export function refusalText(error: unknown): string {
  const first = error instanceof AdminApiError ? Object.values(error.errors)[0]?.[0] : undefined;
  return first ?? errorText(error);
}

/**
 * The 409's notice with 「最新の内容を読み込む」: the list is read again, then `onReloaded` (a
 * dialog closes, the page says the list is fresh).
 */
export function TaxonomyStaleNotice({ kind, onReloaded }: { kind: TaxonomyKind; onReloaded: () => void }) {
  const reload = useReloadTaxonomy(kind);
  return <StaleNotice message={STALE_TEXT} reload={reload} onReloaded={onReloaded} />;
}

/** A change's failure: the 409's notice, or the server's message (a field's is beside its field). */
export function ChangeFailure({
  kind,
  error,
  alert,
  onReloaded,
}: {
  kind: TaxonomyKind;
  error: unknown;
  /** The message no field took (null when every message sits beside its field). */
  alert: string | null;
  onReloaded: () => void;
}) {
  if (isTaxonomyStale(error)) return <TaxonomyStaleNotice kind={kind} onReloaded={onReloaded} />;
  return <FormAlert message={alert} />;
}

export interface FormDialogProps {
  title: string;
  pending: boolean;
  submitLabel: string;
  /** Above the fields: the failure, a note. */
  status?: ReactNode;
  /** What the save waits for (「画像をアップロード中…」), shown on its button; null when nothing. */
  waiting?: string | null;
  /** The form's submit (react-hook-form's handleSubmit). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

/** A window holding one form: its fields, then 保存 (or 追加) and やめる. */
export function FormDialog({
  title,
  pending,
  submitLabel,
  status,
  waiting = null,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog title={title} busy={pending} onClose={onClose}>
      <form noValidate aria-label={title} onSubmit={onSubmit}>
        {status}
        {children}
        <DialogActions>
          <button type="submit" className={ui.button} disabled={pending || waiting !== null}>
            {pending ? '保存しています…' : (waiting ?? submitLabel)}
          </button>
          <button type="button" className={ui.secondary} disabled={pending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface DeleteDialogProps {
  kind: TaxonomyKind;
  /** The row's name as the title says it: 「ソファ」を削除しますか？ */
  name: string;
  /** What the delete does (or why the server may refuse it). */
  children: ReactNode;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  onReloaded: () => void;
}

/** 削除の確認: the safe answer focused; a refusal (422, 409) is shown in the window. */
export function DeleteDialog({
  kind,
  name,
  children,
  pending,
  error,
  onConfirm,
  onClose,
  onReloaded,
}: DeleteDialogProps) {
  return (
    <ConfirmDialog
      title={`「${name}」を削除しますか？`}
      confirmLabel={pending ? '削除しています…' : '削除する'}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {error ? <ChangeFailure kind={kind} error={error} alert={refusalText(error)} onReloaded={onReloaded} /> : null}
      {children}
    </ConfirmDialog>
  );
}

/** For staff whose role may read the catalogue but not change it. */
export function ReadOnlyNote() {
  return <p className={styles.readOnly}>分類を変更する権限がないため、閲覧のみできます。</p>;
}

/** The 鍵 mark of a password tag (a drawing, not an emoji: every machine shows it alike). */
export function LockMark() {
  return (
    <svg className={styles.lockMark} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a4 4 0 0 0-4 4v2H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V5a4 4 0 0 0-4-4Zm-2.5 6V5a2.5 2.5 0 0 1 5 0v2h-5Z"
      />
    </svg>
  );
}

/** 商品数: the products linked to exactly this row. */
export function ProductCount({ count }: { count: number }) {
  return <>{count.toLocaleString('ja-JP')}件</>;
}
