/**
 * 一括編集's API shapes, picked from the generated schema by path and by the contract's schema
 * names (docs/contracts/catalog-grid.md; never written by hand): a page of the grid with each
 * product's variations, the changes that preview and apply take, and what they answer.
 */
import type { components } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

type Schemas = components['schemas'];

/** A product as the grid reads it (GET /v1/admin/catalog/grid), its variations in display order. */
export type GridProduct = Schemas['GridProductView'];
/** A variation: its price, 販売可能, 引当中 and 実在庫 (= available + reserved). */
export type GridVariation = Schemas['GridVariation'];
/** The body of GET /v1/admin/catalog/grid (the pagination is in the headers). */
export type GridList = JsonOf<'/v1/admin/catalog/grid'>;
/** The body of POST /v1/admin/catalog/grid/preview and …/apply: 1..500 products, each once. */
export type GridChanges = BodyOf<'/v1/admin/catalog/grid/preview', 'post'>;
/** A product's change, with the version the grid read; an omitted field is unchanged. */
export type GridProductChange = Schemas['ProductChange'];
/** A variation's change: `stock_delta` moves 実在庫 and 販売可能. */
export type GridVariationChange = Schemas['VariationChange'];
/** What a line of the preview is about. */
export type GridChangeField = Schemas['GridField'];
/** One line of the preview: the column's Japanese label, before and after as Japanese text. */
export type GridPreviewChange = Schemas['ChangeLine'];
/** 200 of the preview: what apply would do (nothing is written). */
export type GridPreview = JsonOf<'/v1/admin/catalog/grid/preview', 'post'>;
/** 200 of apply: the products changed and the variations whose stock moved. */
export type GridApplied = JsonOf<'/v1/admin/catalog/grid/apply', 'post'>;
