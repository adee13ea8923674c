import { useEffect, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { ProductDetail, ProductItem, Variation } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDateTime } from '../../lib/format';
import { recordViewedProduct } from '../../lib/product-history';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs';
import { Paragraphs } from '../../ui/paragraphs';
import { LoadingBlock } from '../../ui/spinner';
import {
  accessoriesQuery,
  categoriesQuery,
  productDetailQuery,
  recommendQuery,
  useAccessories,
  useCategories,
  useProductDetail,
  useRecommendations,
} from './catalog-queries';
import { deepestPath } from './category-path';
import { recordMemberView } from './history-queries';
import { ProductGrid } from '../../ui/product-card';
import { EMPTY_FILTERS, hrefWithFilters } from './product-filters';
import { ProductGallery } from './product-gallery';
import { ProductPrice } from '../../ui/product-price';
import { ProductRequestForm } from './product-request-form';
import { ProductReviews } from './product-reviews';
import { RecentProducts } from './recent-products';
import { StockBadge } from '../../ui/stock-badge';
import { initialVariation } from './variation-choice';
import { VariationSelector } from './variation-selector';
import styles from './product-detail.module.css';

export const CART_NOT_READY_TEXT = 'カート機能は準備中です';

/** The product is awaited (an unknown key answers 404 → the 404 page); the rest follows. */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? '';
  void queryClient.prefetchQuery(categoriesQuery());
  void queryClient.prefetchQuery(accessoriesQuery(key));
  void queryClient.prefetchQuery(recommendQuery(key));
  await queryClient.ensureQueryData(productDetailQuery(key));
  return null;
}

/** Why a product cannot be bought now, in the customer's words; null while it is on sale. */
export function saleNotice(product: Pick<ProductDetail, 'is_on_sale' | 'sale_start' | 'sale_end'>, now = Date.now()): string | null {
  if (product.is_on_sale) return null;
  if (product.sale_start && Date.parse(product.sale_start) > now) {
    return `この商品は${formatDateTime(product.sale_start)}から販売開始予定です。`;
  }
  if (product.sale_end && Date.parse(product.sale_end) <= now) return 'この商品の販売は終了しました。';
  return 'この商品は現在お取り扱いしておりません。';
}

function RelatedProducts({ title, query }: { title: string; query: { data?: ProductItem[]; isPending: boolean } }) {
  if (query.isPending) return <LoadingBlock label={`${title}を読み込み中`} />;
  if (!query.data || query.data.length === 0) return null;
  const id = `related-${title}`;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ProductGrid products={query.data} label={title} compact />
    </section>
  );
}

/** 入荷リクエスト is offered while the chosen item is out of stock or its sale has not started. */
export function acceptsRequest(
  product: Pick<ProductDetail, 'is_on_sale' | 'sale_start'>,
  stock: ProductDetail['stock_status'],
  now = Date.now(),
): boolean {
  if (stock === 'out_of_stock') return true;
  return !product.is_on_sale && product.sale_start !== null && product.sale_start !== undefined && Date.parse(product.sale_start) > now;
}

/** Remembers the view in the browser; a member's view is also recorded on the server. */
function useRecordView(productId: string) {
  const { isLogin } = useSession();
  useEffect(() => {
    recordViewedProduct(productId);
    if (isLogin) void recordMemberView(productId);
  }, [productId, isLogin]);
}

/** Keyed by product, so another product starts from its own first variation. */
function ProductView({ product }: { product: ProductDetail }) {
  const variations = product.product_model.products;
  const [selected, setSelected] = useState<Variation | undefined>(() => initialVariation(variations));
  const categories = useCategories().data ?? [];
  const accessories = useAccessories(product.key);
  const recommendations = useRecommendations(product.key);
  useDocumentTitle(product.name);
  useRecordView(product.id);

  const path = deepestPath(
    categories,
    product.categories.map((c) => c.key),
  );
  const trail = path.length > 0 ? path : product.categories.slice(0, 1);
  const crumbs: Crumb[] = [
    { label: 'ホーム', to: '/' },
    { label: '商品一覧', to: '/product' },
    ...trail.map((c) => ({ label: c.name, to: hrefWithFilters('/product', { ...EMPTY_FILTERS, category: c.key }) })),
    { label: product.name },
  ];

  const price = selected?.price ?? product.product_price;
  // The former price belongs to the product's own price; a variation priced differently has none.
  const beforePrice = price === product.product_price ? product.before_price : null;
  const stock = selected?.stock_status ?? product.stock_status;
  const notice = saleNotice(product);
  const hasChoice = variations.length > 1;

  return (
    <article className={styles.page} aria-labelledby="product-title">
      <Breadcrumbs items={crumbs} />
      <div className={styles.top}>
        <ProductGallery images={product.images.length > 0 ? product.images : product.image ? [product.image] : []} name={product.name} />
        <div className={styles.info}>
          <p className={styles.brandLine}>
            {product.maker ? (
              <span>
                メーカー：
                <Link to={`/maker/${encodeURIComponent(product.maker.key)}`} className={styles.brandLink}>
                  {product.maker.name}
                </Link>
              </span>
            ) : null}
            {product.brand ? (
              <span>
                ブランド：
                <Link
                  to={hrefWithFilters('/product', { ...EMPTY_FILTERS, brand: product.brand.key })}
                  className={styles.brandLink}
                >
                  {product.brand.name}
                </Link>
              </span>
            ) : null}
          </p>
          <h1 id="product-title" className={styles.name}>
            {product.name}
          </h1>
          <p className={styles.code}>
            品番：<span>{product.code}</span>
          </p>

          <div className={styles.buyBox}>
            <div className={styles.priceArea} aria-live="polite" aria-atomic="true">
              <ProductPrice price={price} beforePrice={beforePrice} taxRate={product.tax_rate} size="large" />
              <p className={styles.stockLine}>
                <span className={styles.stockLabel}>在庫：</span>
                <StockBadge status={stock} className={styles.stockBadge} />
                {hasChoice && selected ? <span className={styles.selectedName}>{selected.name}</span> : null}
              </p>
            </div>
            {product.tax_rate === 8 ? (
              <p className={styles.taxNote}>※この商品は軽減税率（8%）の対象です。表示価格は消費税8%込みです。</p>
            ) : null}
            {notice ? (
              <p className={styles.notice} role="note">
                {notice}
              </p>
            ) : null}
            <VariationSelector variations={variations} selected={selected} onSelect={setSelected} />
            <div className={styles.cart}>
              <button type="button" className={styles.cartButton} disabled aria-describedby="cart-not-ready">
                カートに入れる
              </button>
              <p id="cart-not-ready" className={styles.cartNote}>
                {CART_NOT_READY_TEXT}
              </p>
            </div>
            {acceptsRequest(product, stock) ? <ProductRequestForm key={selected?.key ?? product.key} productKey={product.key} /> : null}
          </div>
        </div>
      </div>

      <section aria-labelledby="description-title" className={styles.section}>
        <h2 id="description-title" className={styles.sectionTitle}>
          商品説明
        </h2>
        <div className={styles.description}>
          <Paragraphs text={product.description} />
        </div>
        <dl className={styles.specs}>
          <dt>品番</dt>
          <dd>{product.code}</dd>
          {product.maker ? (
            <>
              <dt>メーカー</dt>
              <dd>{product.maker.name}</dd>
            </>
          ) : null}
          {product.brand ? (
            <>
              <dt>ブランド</dt>
              <dd>{product.brand.name}</dd>
            </>
          ) : null}
          <dt>消費税率</dt>
          <dd>{product.tax_rate === 8 ? '8%（軽減税率対象）' : `${product.tax_rate}%`}</dd>
        </dl>
      </section>

      <RelatedProducts title="関連パーツ・アクセサリー" query={accessories} />
      <ProductReviews product={product} pathname={`/product/${encodeURIComponent(product.key)}`} />
      <RelatedProducts title="おすすめ商品" query={recommendations} />
      <RecentProducts excludeId={product.id} />
    </article>
  );
}

export function ProductDetailPage() {
  const { key = '' } = useParams();
  const product = useProductDetail(key);
  return <ProductView key={product.key} product={product} />;
}

export { ProductDetailPage as Component };
