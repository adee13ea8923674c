import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { LoadingBlock } from '../../ui/spinner';
import { brandsQuery, useBrands } from './catalog-queries';
import { EMPTY_FILTERS, hrefWithFilters } from './product-filters';
import styles from './makers.module.css';

export async function loader() {
  await queryClient.ensureQueryData(brandsQuery());
  return null;
}

/** Every brand; each opens the product list narrowed to it. */
export function BrandListPage() {
  const brands = useBrands();
  useDocumentTitle('ブランド一覧');

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ブランド一覧' }]} />
      <h1 className={styles.heading}>ブランド一覧</h1>
      {brands.isPending ? (
        <LoadingBlock />
      ) : (brands.data ?? []).length === 0 ? (
        <p className={styles.empty}>ブランドはまだ登録されていません。</p>
      ) : (
        <ul className={styles.cards}>
          {(brands.data ?? []).map((brand) => (
            <li key={brand.key}>
              <Link to={hrefWithFilters('/product', { ...EMPTY_FILTERS, brand: brand.key })} className={styles.card}>
                <span className={styles.cardName}>{brand.name}</span>
                {brand.maker ? <span className={styles.cardKana}>{brand.maker.name}</span> : null}
                {brand.description ? <span className={styles.cardText}>{brand.description}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { BrandListPage as Component };
