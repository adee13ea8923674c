/**
 * Favourites, histories and bookmarks as docs/member-area-api.md describes them (issue 13).
 * The generated schema (api/schema.d.ts) does not have these paths yet: their types live here in
 * the generated file's shape, and `memberListsApi()` is the one cast. When the lead regenerates
 * the schema, the types below become `JsonOf<…>` picks in api/types.ts, `MemberListsPaths` goes
 * and `memberListsApi` becomes `api()`.
 */
import type { Client } from 'openapi-fetch';
import { api } from './client';
import type { HistoryEntry, ProductItem } from './types';

export type { HistoryEntry };

/** A member's favourites list; the first, 「お気に入り」, is the default one. */
export interface UserList {
  id: string;
  key: string;
  name: string;
  is_default: boolean;
  count: number;
  created_at: string;
}

export interface ListEntry {
  table: 'products';
  id: string;
  added_at: string;
  product: ProductItem;
}

export interface UserListPage {
  list: UserList;
  data: ListEntry[];
}

/** POST/DELETE /v1/products/{key}/likes. */
export interface LikeResult {
  product_id: string;
  is_favorite: boolean;
}

export interface SearchHistory {
  id: string;
  word: string;
  created_at: string;
}

export interface RequestHistory {
  id: string;
  product: ProductItem | null;
  name: string;
  email: string;
  body: string;
  created_at: string;
}

export type BookmarkKind = 'news' | 'blog' | 'product' | 'product_search' | 'page';

export interface Bookmark {
  id: string;
  url: string;
  title: string;
  kind: BookmarkKind;
  created_at: string;
}

export interface BookmarkInput {
  url: string;
  title: string;
}

export interface ListDetachInput {
  table: 'products';
  ids: string[];
}

// ---- The paths, in openapi-typescript's shape -------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Empty = { headers: { [name: string]: unknown }; content?: never };
type Params<Q, P> = { query?: Q; header?: never; path: P; cookie?: never };
type QueryOnly<Q> = { query?: Q; header?: never; path?: never; cookie?: never };
type NoParams = QueryOnly<never>;
type PageQuery = { page?: string; per?: string };
type Operation<Pa, Res, B = never> = [B] extends [never]
  ? { parameters: Pa; requestBody?: never; responses: Res }
  : { parameters: Pa; requestBody: { content: { 'application/json': B } }; responses: Res };
type NoOps = {
  parameters: NoParams;
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
type PathItem<Ops> = Omit<NoOps, keyof Ops> & Ops;
type ById = Params<never, { id: string }>;
type Fail = { 401: Json<unknown>; 404: Json<unknown>; 422: Json<unknown> };

export interface MemberListsPaths {
  '/v1/products/{key}/likes': PathItem<{
    post: Operation<Params<never, { key: string }>, { 200: Json<LikeResult> } & Fail>;
    delete: Operation<Params<never, { key: string }>, { 200: Json<LikeResult> } & Fail>;
  }>;
  '/v1/me/user-lists': PathItem<{ get: Operation<NoParams, { 200: Json<{ data: UserList[] }> }> }>;
  '/v1/me/user-lists/{key}': PathItem<{
    get: Operation<
      Params<PageQuery & { is_listables?: '0' | '1' }, { key: string }>,
      { 200: Json<UserListPage> } & Fail
    >;
  }>;
  '/v1/me/user-lists/{key}/detach': PathItem<{
    patch: Operation<Params<never, { key: string }>, { 200: Json<UserList> } & Fail, ListDetachInput>;
  }>;
  '/v1/product-histories': PathItem<{
    post: Operation<NoParams, { 200: Json<{ data: HistoryEntry[] }> }, { product_ids: string[] }>;
  }>;
  '/v1/me/product-histories': PathItem<{
    get: Operation<QueryOnly<PageQuery>, { 200: Json<{ data: HistoryEntry[] }> }>;
  }>;
  '/v1/me/product-histories/{product_id}': PathItem<{
    delete: Operation<Params<never, { product_id: string }>, { 204: Empty } & Fail>;
  }>;
  '/v1/me/product-search-histories': PathItem<{
    get: Operation<QueryOnly<PageQuery>, { 200: Json<{ data: SearchHistory[] }> }>;
  }>;
  '/v1/me/product-search-histories/{id}': PathItem<{ delete: Operation<ById, { 204: Empty } & Fail> }>;
  '/v1/me/product-request-histories': PathItem<{
    get: Operation<QueryOnly<PageQuery>, { 200: Json<{ data: RequestHistory[] }> }>;
  }>;
  '/v1/me/product-request-histories/{id}': PathItem<{ delete: Operation<ById, { 204: Empty } & Fail> }>;
  '/v1/me/bookmarks': PathItem<{
    get: Operation<QueryOnly<PageQuery & { url?: string; kind?: BookmarkKind }>, { 200: Json<{ data: Bookmark[] }> }>;
    post: Operation<NoParams, { 200: Json<Bookmark>; 201: Json<Bookmark> } & Fail, BookmarkInput>;
  }>;
  '/v1/me/bookmarks/{id}': PathItem<{
    get: Operation<ById, { 200: Json<Bookmark> } & Fail>;
    delete: Operation<ById, { 204: Empty } & Fail>;
  }>;
}

/** The API client typed with these paths (the one cast; see the file comment). */
export const memberListsApi = (): Client<MemberListsPaths> => api() as unknown as Client<MemberListsPaths>;
