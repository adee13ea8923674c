/**
 * 分類管理 (/admin/catalog/taxonomy): the shop's カテゴリ, メーカー, ブランド and タグ, one tab
 * each, the tab kept in the address (?tab=makers). Staff with `catalog_view` read them; those
 * with `catalog_edit` also add, change and delete them (the storefront follows within a second).
 */
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../api/session-queries';
import { BrandsTab } from './brands-tab';
import { CategoriesTab } from './categories-tab';
import { MakersTab } from './makers-tab';
import { TagsTab } from './tags-tab';
import type { TaxonomyKind } from './taxonomy-types';
import productStyles from './products.module.css';

export const TAXONOMY_PATH = '/admin/catalog/taxonomy';

export const TAXONOMY_TABS: readonly { kind: TaxonomyKind; label: string }[] = [
  { kind: 'categories', label: 'カテゴリ' },
  { kind: 'makers', label: 'メーカー' },
  { kind: 'brands', label: 'ブランド' },
  { kind: 'tags', label: 'タグ' },
];

/** The tab the address names (カテゴリ when it names none or an unknown one). */
export function readTaxonomyTab(params: URLSearchParams): TaxonomyKind {
  const tab = params.get('tab');
  return TAXONOMY_TABS.find((entry) => entry.kind === tab)?.kind ?? 'categories';
}

export function TaxonomyPage() {
  if (!useCan()('catalog_view')) {
    return (
      <>
        <title>分類管理 | 管理画面</title>
        <h1>分類管理</h1>
        <p role="alert">分類を閲覧する権限がありません。</p>
      </>
    );
  }
  return <TaxonomyDesk />;
}

function TaxonomyDesk() {
  const mayEdit = useCan()('catalog_edit');
  const [params] = useSearchParams();
  const tab = readTaxonomyTab(params);
  const label = TAXONOMY_TABS.find((entry) => entry.kind === tab)?.label ?? 'カテゴリ';

  return (
    <>
      <title>{`分類管理（${label}） | 管理画面`}</title>
      <div className={productStyles.heading}>
        <h1>分類管理</h1>
      </div>
      <nav aria-label="分類の種類">
        <ul className={productStyles.tabs}>
          {TAXONOMY_TABS.map((entry) => (
            <li key={entry.kind}>
              <Link
                to={{ search: entry.kind === 'categories' ? '' : `?tab=${entry.kind}` }}
                className={productStyles.tab}
                aria-current={entry.kind === tab ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'categories' ? <CategoriesTab key={tab} mayEdit={mayEdit} /> : null}
      {tab === 'makers' ? <MakersTab key={tab} mayEdit={mayEdit} /> : null}
      {tab === 'brands' ? <BrandsTab key={tab} mayEdit={mayEdit} /> : null}
      {tab === 'tags' ? <TagsTab key={tab} mayEdit={mayEdit} /> : null}
    </>
  );
}
