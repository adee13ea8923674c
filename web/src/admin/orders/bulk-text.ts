/**
 * The list's bulk actions as the staff read them: which actions there are and who may use them,
 * the preview's sentence, the progress line and each order's result. Pure: the dialog shows
 * what these say.
 */
import { AdminApiError, errorText, FORBIDDEN_ERROR } from '../api/admin-client';
import type { BulkInput, BulkJob, BulkResult, DocumentKind, Permission } from '../api/admin-types';

export type BulkAction = BulkInput['action'];

/** The state changes (and the mail) the bar offers, each with the permission it needs. */
export const BULK_ACTIONS: readonly { action: BulkAction; label: string; needs: Permission }[] = [
  { action: 'confirm_payment', label: '入金確認', needs: 'payments_confirm' },
  { action: 'prepare', label: '出荷準備中にする', needs: 'shipping' },
  { action: 'ship', label: '出荷済にする', needs: 'shipping' },
  { action: 'mail_shipped', label: '発送完了メールを再送', needs: 'shipping' },
];

export function bulkLabel(action: BulkAction): string {
  return BULK_ACTIONS.find((entry) => entry.action === action)?.label ?? action;
}

/** The printed documents (any staff member who sees the list may print them). */
export const DOCUMENTS: readonly { kind: DocumentKind; label: string }[] = [
  { kind: 'packing_slip', label: '納品書' },
  { kind: 'picking_list', label: 'ピッキングリスト' },
  { kind: 'receipt', label: '領収書' },
];

export function documentLabel(kind: DocumentKind): string {
  return DOCUMENTS.find((entry) => entry.kind === kind)?.label ?? kind;
}

/** 「12件を変更します。3件は対象外です。」 (a mail is sent, not changed). */
export function previewSentence(action: BulkAction, willChange: number, skipped: number): string {
  const rest = skipped > 0 ? `${skipped}件は対象外です。` : '';
  if (willChange === 0) return `対象になる注文はありません。${rest}`;
  const verb =
    action === 'mail_shipped' ? `${willChange}件に発送完了メールを再送します。` : `${willChange}件を変更します。`;
  return `${verb}${rest}`;
}

/** 「5/12件 処理済み」 */
export function progressText(job: Pick<BulkJob, 'done' | 'total'>): string {
  return `${job.done}/${job.total}件 処理済み`;
}

/** What became of one order: 「変更しました」 or the server's reason. */
export function resultText(result: BulkResult): string {
  return result.ok ? '変更しました' : result.message || '変更できませんでした';
}

/** The job's closing line once it is no longer running. */
export function finishedText(job: Pick<BulkJob, 'state' | 'changed' | 'skipped' | 'total' | 'done'>): string {
  if (job.state === 'failed') {
    return `処理が途中で止まりました（${job.done}/${job.total}件 処理済み）。結果を確認し、残りはもう一度操作してください。`;
  }
  return job.skipped > 0
    ? `${job.changed}件を変更しました（${job.skipped}件は対象外）。`
    : `${job.changed}件を変更しました。`;
}

/**
 * A refused bulk call: a 403 is the role's (「この操作を行う権限がありません。」); a 422's field
 * messages (入金日, the orders) are the reason, as this window has no field to put them on; the
 * rest is the server's word.
 */
export function bulkErrorText(error: unknown): string {
  if (!(error instanceof AdminApiError)) return errorText(error);
  if (error.status === 403) return FORBIDDEN_ERROR;
  const fields = Object.values(error.errors).flat();
  return fields.length > 0 ? fields.join('\n') : error.message;
}

/** The PDF's name when the server gives none: 「ピッキングリスト_20261130.pdf」. */
export function documentFileName(kind: DocumentKind, today: string): string {
  return `${documentLabel(kind)}_${today.replaceAll('-', '')}.pdf`;
}

/** After printing: what was written, and 「N件は対象外のため出力しませんでした」 when some were left out. */
export function printedText(kind: DocumentKind, selected: number, skipped: number): string {
  const printed = Math.max(selected - skipped, 0);
  const head = `${documentLabel(kind)}（${printed}件）をPDFで出力しました。`;
  return skipped > 0 ? `${head}${skipped}件は対象外のため出力しませんでした。` : head;
}
