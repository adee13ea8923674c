/**
 * 分類管理's API shapes, picked from the generated schema by the contract's schema names and by
 * path (never written by hand): a category of the tree, a maker, a brand and a tag as the desk
 * lists them, and the bodies each change sends.
 */
import type { components } from '../../api/schema';
import type { BodyOf } from '../../api/types';

type Schemas = components['schemas'];

/** A category in tree order: its depth (1–3), its path (「家具 > ソファ」), 商品数, child_count and picture. */
export type AdminCategory = Schemas['AdminCategory'];
export type AdminMaker = Schemas['AdminMaker'];
export type AdminBrand = Schemas['AdminBrand'];
/** A tag; `has_password`: the storefront opens its product list only with the password. */
export type AdminTag = Schemas['AdminTag'];

/**
 * POST /v1/admin/categories: a name, the parent (null: a top-level category) and the picture (an
 * uploaded photo's url, null to remove it, left out to keep it).
 */
export type CategoryBody = BodyOf<'/v1/admin/categories', 'post'>;
/** 上へ / 下へ among the siblings (PUT /v1/admin/categories/{id}/position). */
export type MoveDirection = BodyOf<'/v1/admin/categories/{id}/position', 'put'>['direction'];
export type MakerBody = BodyOf<'/v1/admin/makers', 'post'>;
export type BrandBody = BodyOf<'/v1/admin/brands', 'post'>;
export type TagBody = BodyOf<'/v1/admin/tags', 'post'>;

/** The four kinds of 分類, as the page's tabs and the address (?tab=) name them. */
export type TaxonomyKind = 'categories' | 'makers' | 'brands' | 'tags';
