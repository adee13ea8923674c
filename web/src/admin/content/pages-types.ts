/**
 * ページ管理's API shapes, picked from the generated schema by path (never written by hand): the
 * list's line, the page as the editor reads it, and the body 保存する sends.
 */
import type { BodyOf, JsonOf } from '../../api/types';

/** One line of the list (GET /v1/admin/pages), in the shop's page order. */
export type PageSummary = JsonOf<'/v1/admin/pages'>['data'][number];
/** The page as the editor reads it (GET /v1/admin/pages/{id}): the summary and its sections. */
export type AdminPage = JsonOf<'/v1/admin/pages/{id}'>;
/** One 見出し and its 本文 (plain text, paragraphs separated by blank lines). */
export type PageSection = AdminPage['sections'][number];
/** 保存する (PUT /v1/admin/pages/{id}): the whole page with the version read. */
export type PageInput = BodyOf<'/v1/admin/pages/{id}', 'put'>;
