import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Paragraphs } from '../../ui/paragraphs';
import { SmartLink } from '../../ui/smart-link';
import { makerQuery, productListQuery, useMaker, useProductList } from './catalog-queries';
import { EMPTY_FILTERS, filtersFromSearch, hrefWithFilters, type ProductFilters } from './product-filters';
import { ProductResults } from './product-results';
import styles from './makers.module.css';

/** The URL's filters (sort, page …) with the maker itself left out: the path names it. */
function urlFilters(params: URLSearchParams): ProductFilters {
  return { ...filtersFromSearch(params), maker: null };
}

/** An unknown maker answers 404 → the 404 page. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const key = params.key ?? '';
  const filters = { ...urlFilters(new URL(request.url).searchParams), maker: key };
  await Promise.all([
    queryClient.ensureQueryData(makerQuery(key)),
    queryClient.ensureQueryData(productListQuery(filters)),
  ]);
  return null;
}

export function MakerDetailPage() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const maker = useMaker(key);
  const filters = urlFilters(params);
  const page = useProductList({ ...filters, maker: key });
  const pathname = `/maker/${encodeURIComponent(maker.key)}`;
  useDocumentTitle(maker.name);

  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[{ label: 'ホーム', to: '/' }, { label: 'メーカー一覧', to: '/maker' }, { label: maker.name }]}
      />
      <section aria-labelledby="maker-title" className={styles.profile}>
        <h1 id="maker-title" className={styles.heading}>
          {maker.name}
          {maker.name_kana ? <span className={styles.kana}>{maker.name_kana}</span> : null}
        </h1>
        {maker.description ? <Paragraphs text={maker.description} className={styles.description} /> : null}
        <p className={styles.links}>
          {maker.url ? <SmartLink to={maker.url}>公式サイト</SmartLink> : null}
          <Link to={hrefWithFilters('/product', { ...EMPTY_FILTERS, maker: maker.key })} className={styles.more}>
            条件を指定して{maker.name}の商品を探す
          </Link>
        </p>
      </section>
      <section aria-labelledby="maker-products-title">
        <h2 id="maker-products-title" className={styles.subheading}>
          {maker.name}の商品
        </h2>
        <ProductResults
          page={page}
          filters={filters}
          pathname={pathname}
          names={{}}
          resetFilters={EMPTY_FILTERS}
          listName={`${maker.name}の商品`}
        />
      </section>
    </div>
  );
}

export { MakerDetailPage as Component };
