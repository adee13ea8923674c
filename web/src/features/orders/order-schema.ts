/** The order forms' rules (contract S2: cancel reason 1–500, memo 1–1000). */
import { z } from 'zod';
import { zMaxLength, zRule, maxLength } from '../../lib/validators';

export const CANCEL_REASON_MAX = 500;
export const MEMO_MAX = 1000;
/** The server's limits (orders/receipt.rs): 60 characters each. */
export const ADDRESSEE_MAX = 60;
export const RECEIPT_NOTE_MAX = 60;
/** The 但し書き the server prints when none is given. */
export const DEFAULT_RECEIPT_NOTE = 'お品代として';

export const cancelSchema = z.object({
  cancel_reason: zRule((s) => (s.trim() === '' ? '必須項目です' : maxLength(s, CANCEL_REASON_MAX))),
});
export type CancelFields = z.infer<typeof cancelSchema>;

export const memoSchema = z.object({
  body: zRule((s) => (s.trim() === '' ? '必須項目です' : maxLength(s, MEMO_MAX))),
});
export type MemoFields = z.infer<typeof memoSchema>;

export const receiptSchema = z.object({
  addressee: zMaxLength(ADDRESSEE_MAX),
  note: zMaxLength(RECEIPT_NOTE_MAX),
});
export type ReceiptFields = z.infer<typeof receiptSchema>;
