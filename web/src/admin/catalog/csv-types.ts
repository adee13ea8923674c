/**
 * CSV入出力's API shapes, picked from the generated schema by the contract's names
 * (docs/contracts/catalog-csv.md; never written by hand): an import job with its dry run's
 * summary and errors; with the labels of its kinds and states.
 */
import type { components, paths } from '../../api/schema';
import type { BodyOf } from '../../api/types';

/** A CSV import: its dry run (checking → checked), then its apply (applying → done), or failed. */
export type CatalogImport = components['schemas']['CatalogImport'];
/** 商品CSV (`products`) or 在庫CSV (`inventory`). */
export type ImportKind = CatalogImport['kind'];
export type ImportState = CatalogImport['state'];
/** 新規 / 更新 / 変更なし / エラー行, and the names the apply will make. */
export type ImportSummary = CatalogImport['summary'];
/** One problem: the file's line (the header is line 1), the column's header and the message. */
export type ImportError = CatalogImport['errors'][number];
/** 反映する (`only_clean: false`) or エラーのない行だけ反映する (`true`). */
export type ApplyBody = BodyOf<'/v1/admin/catalog/imports/{id}/apply', 'post'>;
/** The files' encodings: `utf8` (UTF-8 with a BOM, the default) or `sjis` (Shift_JIS, what Excel opens in Japan). */
export type CsvEncoding = 'utf8' | 'sjis';
/** The products CSV's filters, as the product list takes them. */
export type ProductsCsvQuery = NonNullable<paths['/v1/admin/catalog/products.csv']['get']['parameters']['query']>;

export const KIND_LABELS: Record<ImportKind, string> = {
  products: '商品CSV',
  inventory: '在庫CSV',
};

export const STATE_LABELS: Record<ImportState, string> = {
  checking: '確認中',
  checked: '確認済み',
  applying: '反映中',
  done: '完了',
  failed: '失敗',
};

/** The states in which the job moves on by itself (the screen asks for it every second). */
export function isRunning(state: ImportState): boolean {
  return state === 'checking' || state === 'applying';
}

export const ENCODINGS: readonly { code: CsvEncoding; label: string }[] = [
  { code: 'utf8', label: 'UTF-8' },
  { code: 'sjis', label: 'Shift_JIS' },
];
