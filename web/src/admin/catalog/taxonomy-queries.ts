/**
 * 分類管理: the category tree (GET /v1/admin/categories, in tree order), the makers, the brands
 * and the tags, and their changes. Every edit sends the version of the row it read (a DELETE as
 * `?version=`); a 409 `catalog.taxonomy.stale` means someone else changed the row first. After a
 * change the list is read again before the mutation settles (so the next change goes with the
 * new versions), and the product form's choices (GET /v1/admin/catalog/options) refresh too.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, client, loadData } from '../api/admin-client';
import { ADMIN_ROOT } from '../api/session-queries';
import { catalogOptionsQuery } from './product-queries';
import type { BrandBody, CategoryBody, MakerBody, MoveDirection, TagBody, TaxonomyKind } from './taxonomy-types';

/** Every query of the taxonomy desk keys under this. */
export const TAXONOMY_KEY = [...ADMIN_ROOT, 'taxonomy'] as const;

/** The code of a 409: the row changed since the screen read it. */
export const TAXONOMY_STALE_CODE = 'catalog.taxonomy.stale';

export function isTaxonomyStale(error: unknown): boolean {
  return error instanceof AdminApiError && (error.code === TAXONOMY_STALE_CODE || error.status === 409);
}

const listKey = (kind: TaxonomyKind) => [...TAXONOMY_KEY, kind] as const;
const path = (id: string) => ({ path: { id } });
const edit = (id: string, version: number) => ({ path: { id }, query: { version } });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: listKey('categories'),
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/categories', { signal }))).data,
  });

export const makersQuery = () =>
  queryOptions({
    queryKey: listKey('makers'),
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/makers', { signal }))).data,
  });

export const brandsQuery = () =>
  queryOptions({
    queryKey: listKey('brands'),
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/brands', { signal }))).data,
  });

export const tagsQuery = () =>
  queryOptions({
    queryKey: listKey('tags'),
    queryFn: async ({ signal }) => (await loadData(client().GET('/v1/admin/tags', { signal }))).data,
  });

/**
 * A change of `kind`: when it succeeds, its list (and, for makers, the brands that show their
 * maker's name) is read again before the change settles; the product form's choices follow.
 */
function useTaxonomyChange<V, R>(kind: TaxonomyKind, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: catalogOptionsQuery().queryKey });
      const related = kind === 'makers' ? [listKey('makers'), listKey('brands')] : [listKey(kind)];
      await Promise.all(related.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

// ---- カテゴリ ----------------------------------------------------------------------------------

export function useCreateCategory() {
  return useTaxonomyChange('categories', (body: CategoryBody) =>
    loadData(client().POST('/v1/admin/categories', { body })),
  );
}

/** 名前 and 親カテゴリ, with the version read. */
export function useUpdateCategory() {
  return useTaxonomyChange('categories', ({ id, version, ...body }: CategoryBody & { id: string; version: number }) =>
    loadData(client().PUT('/v1/admin/categories/{id}', { params: path(id), body: { ...body, version } })),
  );
}

/** 上へ / 下へ: swaps the category with the sibling before or after it. */
export function useMoveCategory() {
  return useTaxonomyChange(
    'categories',
    ({ id, direction, version }: { id: string; direction: MoveDirection; version: number }) =>
      loadData(client().PUT('/v1/admin/categories/{id}/position', { params: path(id), body: { direction, version } })),
  );
}

export function useDeleteCategory() {
  return useTaxonomyChange('categories', ({ id, version }: { id: string; version: number }) =>
    loadData(client().DELETE('/v1/admin/categories/{id}', { params: edit(id, version) })),
  );
}

// ---- メーカー ----------------------------------------------------------------------------------

export function useCreateMaker() {
  return useTaxonomyChange('makers', (body: MakerBody) => loadData(client().POST('/v1/admin/makers', { body })));
}

export function useUpdateMaker() {
  return useTaxonomyChange('makers', ({ id, version, ...body }: MakerBody & { id: string; version: number }) =>
    loadData(client().PUT('/v1/admin/makers/{id}', { params: path(id), body: { ...body, version } })),
  );
}

export function useDeleteMaker() {
  return useTaxonomyChange('makers', ({ id, version }: { id: string; version: number }) =>
    loadData(client().DELETE('/v1/admin/makers/{id}', { params: edit(id, version) })),
  );
}

// ---- ブランド ----------------------------------------------------------------------------------

export function useCreateBrand() {
  return useTaxonomyChange('brands', (body: BrandBody) => loadData(client().POST('/v1/admin/brands', { body })));
}

export function useUpdateBrand() {
  return useTaxonomyChange('brands', ({ id, version, ...body }: BrandBody & { id: string; version: number }) =>
    loadData(client().PUT('/v1/admin/brands/{id}', { params: path(id), body: { ...body, version } })),
  );
}

export function useDeleteBrand() {
  return useTaxonomyChange('brands', ({ id, version }: { id: string; version: number }) =>
    loadData(client().DELETE('/v1/admin/brands/{id}', { params: edit(id, version) })),
  );
}

// ---- タグ --------------------------------------------------------------------------------------

export function useCreateTag() {
  return useTaxonomyChange('tags', (body: TagBody) => loadData(client().POST('/v1/admin/tags', { body })));
}

export function useUpdateTag() {
  return useTaxonomyChange('tags', ({ id, version, ...body }: TagBody & { id: string; version: number }) =>
    loadData(client().PUT('/v1/admin/tags/{id}', { params: path(id), body: { ...body, version } })),
  );
}

/** パスワードを設定 (8–64 characters) or 解除 (null). */
export function useSetTagPassword() {
  return useTaxonomyChange(
    'tags',
    ({ id, password, version }: { id: string; password: string | null; version: number }) =>
      loadData(client().PUT('/v1/admin/tags/{id}/password', { params: path(id), body: { password, version } })),
  );
}

export function useDeleteTag() {
  return useTaxonomyChange('tags', ({ id, version }: { id: string; version: number }) =>
    loadData(client().DELETE('/v1/admin/tags/{id}', { params: edit(id, version) })),
  );
}

/** Reads `kind`'s list again (after a 409: the rows as they are now, with their versions). */
export function useReloadTaxonomy(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: listKey(kind) });
}
