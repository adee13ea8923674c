/**
 * 商品管理's API shapes, picked from the generated schema by path and by the contract's schema
 * names (never written by hand): the list's row, one product with its variations and pictures,
 * the bodies the form sends, and the choices of its 分類 (an uploaded photo: api/photo-upload.ts).
 */
import type { components, paths } from '../../api/schema';
import type { BodyOf, JsonOf } from '../../api/types';

type Schemas = components['schemas'];

/** The product list's query (GET /v1/admin/products). */
export type ProductListQuery = NonNullable<paths['/v1/admin/products']['get']['parameters']['query']>;
/** A row of the list: 販売価格 (税込), its state, 販売可能 summed over its variations. */
export type ProductSummary = JsonOf<'/v1/admin/products'>['data'][number];
/** A product named by another's 付属品 or おすすめ. */
export type LinkedProduct = Schemas['LinkedProduct'];
/** One product as the form edits it (GET /v1/admin/products/{id}), with its のし・ラッピング and named 付属品・おすすめ. */
export type AdminProduct = Schemas['AdminProduct'];
/** A variation as the form shows it: 販売可能 and 引当中 are read only here (在庫管理 moves them). */
export type AdminVariation = Schemas['AdminVariation'];
/** 公開中 / 非公開 / 公開予定 / 公開終了. */
export type ProductState = AdminProduct['state'];
/** The body of POST /v1/admin/products and PUT /v1/admin/products/{id} (with `version`). */
export type ProductBody = BodyOf<'/v1/admin/products', 'post'>;
export type VariationBody = ProductBody['variations'][number];
/** A picture as the form sends it: `url` and 代替テキスト, in display order. */
export type ImageBody = NonNullable<ProductBody['images']>[number];
/** 公開する / 非公開にする (PUT /v1/admin/products/{id}/publication). */
export type PublicationBody = BodyOf<'/v1/admin/products/{id}/publication', 'put'>;
/** カテゴリ (with their paths, in tree order), メーカー, ブランド and タグ to choose from. */
export type CatalogOptions = JsonOf<'/v1/admin/catalog/options'>;
export type CategoryOption = CatalogOptions['categories'][number];
