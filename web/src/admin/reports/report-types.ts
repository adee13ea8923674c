/**
 * 売上レポート's API shapes (docs/contracts/reports.md): the server's schemas, plus the closed
 * sets the screen offers (grains, breakdowns, encodings) and its query.
 */
import type { components } from '../../api/schema';
import type { Permission } from '../api/admin-types';

/** A row's figures: two counts, then integer yen (tax included); see the contract's table. */
export type ReportFigures = components['schemas']['ReportFigures'];

/** One period (sales) or one key of a breakdown, labelled as the screen and the CSV show it. */
export type ReportRow = components['schemas']['ReportRow'];

/** The stretch of the same number of days just before `from`, and its total. */
export type PreviousPeriod = components['schemas']['PreviousPeriod'];

/** How the sales over time are cut (`grain`). */
export type ReportGrain = 'day' | 'week' | 'month' | 'weekday' | 'hour';

/** What a breakdown cuts by (`by`). */
export type BreakdownBy =
  | 'product'
  | 'sku'
  | 'category'
  | 'payment'
  | 'prefecture'
  | 'customer'
  | 'new_repeat'
  | 'tax_rate';

/** A CSV's encoding: UTF-8 with a BOM (the default), or Shift_JIS. */
export type ReportCsvEncoding = 'utf8' | 'sjis';

/** GET /v1/admin/reports/sales: every period of the stretch, in order (zeros included). */
export type SalesReport = components['schemas']['SalesReport'];

/** GET /v1/admin/reports/breakdown: rows by `net` descending, at most 500 (`truncated` when there were more). */
export type BreakdownReport = components['schemas']['BreakdownReport'];

/** The query both reports take (and their CSVs, with `encoding`). */
export interface ReportPeriod {
  from: string;
  to: string;
}

export interface SalesQuery extends ReportPeriod {
  grain: ReportGrain;
}

export interface BreakdownQuery extends ReportPeriod {
  by: BreakdownBy;
}

/** The permission that opens 売上 (オーナー and 店長). */
export const REPORTS_PERMISSION: Permission = 'reports';
