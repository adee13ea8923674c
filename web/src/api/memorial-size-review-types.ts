/**
 * Memorials, measurements (with the product's size chart) and posting a review
 * (docs/member-area-api.md), picked from the generated schema so names never drift.
 */
import type { components } from './schema';
import type { BodyOf, JsonOf } from './types';

type Schemas = components['schemas'];

// ---- Memorials (記念日) ------------------------------------------------------------------------

export type Memorial = JsonOf<'/v1/me/user-memorials/{id}'>;
export type MemorialInput = BodyOf<'/v1/me/user-memorials', 'post'>;
/** 1 誕生日, 2 結婚記念日, 3 その他の記念日 (the schema says only "a number"). */
export type MemorialDivision = 1 | 2 | 3;

// ---- Measurements (サイズ, timeseries) ----------------------------------------------------------

export type MeasurementPurpose = Schemas['Purpose'];
/** One record of a purpose: cm per measure (`head`, `hand`, `height`, `inseam`). */
export type Measurement = Schemas['Measurement'];
/** The body of `POST /v1/me/timeseries` as the screens send it: every measure of the purpose in cm. */
export interface MeasurementInput {
  purpose: MeasurementPurpose;
  values: Record<string, number>;
}
/** `GET /v1/products/{key}`'s `size_chart`: which measure picks the size, and the sizes. */
export type SizeChart = Schemas['SizeChart'];
/** One size of a chart: `min` inclusive, `max` exclusive. */
export type SizeRange = Schemas['SizeRange'];

// ---- Reviews ---------------------------------------------------------------------------------

export type ReviewInput = Schemas['ReviewFields'];
export type ReviewStatus = Schemas['ReviewStatus'];
/** 201 of `POST /v1/products/{product_id}/reviews`. */
export type ReviewPosted = JsonOf<'/v1/products/{key}/reviews', 'post'>;
