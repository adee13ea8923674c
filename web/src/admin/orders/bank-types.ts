/**
 * 入金消込's API shapes (docs/contracts/bank-reconciliation.md), picked from the generated schema
 * by path (never written by hand): the preview of a bank statement, its lines with their
 * candidate orders, the body that confirms lines and the outcome of each; with the words the
 * screen shows for a line's state and an outcome.
 */
import type { BadgeTone } from '../ui/badge';
import type { BodyOf, JsonOf } from '../../api/types';

/** POST /v1/admin/bank-statements/preview: each line with the open bank transfers it may pay. */
export type StatementPreview = JsonOf<'/v1/admin/bank-statements/preview', 'post'>;
export type StatementLine = StatementPreview['lines'][number];
/** An open bank transfer a line may pay, at the order's version the apply names. */
export type StatementCandidate = StatementLine['candidates'][number];
export type MatchStatus = StatementLine['status'];
export type StatementCounts = StatementPreview['counts'];

/** POST /v1/admin/bank-statements/apply: the confirmed lines, each naming its order's version. */
export type StatementApplyInput = BodyOf<'/v1/admin/bank-statements/apply', 'post'>;
export type StatementMatch = StatementApplyInput['matches'][number];
export type StatementApplied = JsonOf<'/v1/admin/bank-statements/apply', 'post'>;
export type StatementResult = StatementApplied['results'][number];
export type StatementOutcome = StatementResult['outcome'];

export const STATUS_LABELS: Record<MatchStatus, { label: string; tone: BadgeTone }> = {
  matched: { label: '照合済', tone: 'member' },
  ambiguous: { label: '候補複数', tone: 'in_progress' },
  unmatched: { label: '該当なし', tone: 'open' },
  skipped: { label: '対象外', tone: 'closed' },
};

/** Recorded as paid (member), recorded but to be checked (in progress), nothing recorded (attention). */
export const OUTCOME_TONES: Record<StatementOutcome, BadgeTone> = {
  paid: 'member',
  partially_paid: 'in_progress',
  overpaid: 'in_progress',
  stale: 'attention',
  refused: 'attention',
  not_found: 'attention',
};

/** Whether the outcome recorded a payment. */
export function recorded(outcome: StatementOutcome): boolean {
  return outcome === 'paid' || outcome === 'partially_paid' || outcome === 'overpaid';
}
