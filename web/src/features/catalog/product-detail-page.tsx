import { useCallback, useEffect, useState } from 'react';
import { productKeyOfHref, rememberRecommendationClick } from '../../domain/analytics/recommendation-click';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSettings } from '../../domain/site/site-queries';
import type { ProductDetail, ProductItem, Variation } from '../../api/types';
import { addAccessoryToCart, addToCart, handleCartError, productLineOf } from '../../domain/cart/cart-store';
import { showError, showToast } from '../../lib/toast';
import { useTrack } from '../../domain/analytics/analytics-hooks';
import { useDocumentTitle } from '../../lib/document-title';
import { recordViewedProduct } from '../../domain/product-history/product-history';
import { useSession } from '../../api/session';
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs';
import { LoadingBlock } from '../../ui/spinner';
import { useAccessories, useCategories, useProductDetail, useRecommendations } from './catalog-queries';
import { deepestPath } from './category-path';
import { recordMemberView } from './history-queries';
import { productHref } from '../../ui/product-card';
import { ProductGrid } from '../../themes/product-grid';
import { BookmarkButton, MemberActions } from '../../ui/bookmark-button';
import { FavoriteButton } from '../../ui/favorite-button';
import { EMPTY_FILTERS, hrefWithFilters } from './product-filters';
import { ProductGallery } from './product-gallery';
import { ProductPrice } from '../../ui/product-price';
import { ProductRequestForm } from './product-request-form';
import { ProductReviews } from './product-reviews';
import { RecentProducts } from './recent-products';
import { SizeSuggestion } from './size-suggestion';
import { EmbroideryNote } from './embroidery-note';
import { PackingNote } from './packing-note';
import { ProductDescription } from './product-description';
import { StockBadge } from '../../ui/stock-badge';
import {
  ACCESSORY_VARIATION_NEEDED,
  AccessoryChoice,
  chosenAccessories,
  type AccessoryChoices,
  type ChosenAccessory,
} from './accessory-choice';
import { isSellingStopped, isUpcoming, saleNotice, SELLING_STOPPED_TEXT } from './sale-state';
import { NoticeSlot } from '../../ui/notice-slot';
import { initialVariation } from './variation-choice';
import { VariationSelector } from './variation-selector';
import styles from './product-detail.module.css';

export const ADDED_TO_CART_TEXT = 'カートに商品を追加しました';
const MAX_ADD_QUANTITY = 10;

/** An accessory the cart refused (stock, no longer sold): the product itself is in the cart. */
export const accessoryFailedText = (name: string, why: string) => `「${name}」はカートに追加できませんでした：${why}`;

/**
 * Puts the chosen accessories under the product's line, one by one; a refused one is said and
 * the others still go in. Field errors (stock) are said here; other failures follow the cart's
 * error rules.
 */
async function addAccessories(
  cart: Awaited<ReturnType<typeof addToCart>>,
  variationKey: string,
  accessories: readonly ChosenAccessory[],
  quantity: number,
  pathname: string,
): Promise<void> {
  const line = productLineOf(cart, variationKey);
  if (!line) return;
  for (const accessory of accessories) {
    try {
      await addAccessoryToCart(line, accessory.variationKey, quantity);
    } catch (failure) {
      const outcome = await handleCartError(failure, pathname);
      if (outcome === 'field' && failure instanceof ApiError) {
        showError(accessoryFailedText(accessory.name, Object.values(failure.errors).flat().join(' ')));
      }
    }
  }
}

/**
 * カートに入れる: the chosen variation in the chosen quantity (PATCH /v1/carts/products/add
 * through domain/cart/cart-store, which keeps the cart token and the header count and applies the
 * cart's error rules), then the chosen accessories under its line. Not offered while selling is
 * stopped, before the sale or out of stock.
 */
function AddToCart({
  variation,
  blockedReason,
  accessories = [],
  accessoryIncomplete = false,
}: {
  variation: Variation | undefined;
  blockedReason: string | null;
  accessories?: readonly ChosenAccessory[];
  accessoryIncomplete?: boolean;
}) {
  const settings = useSettings();
  const { pathname } = useLocation();
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopped = isSellingStopped(settings);
  const reason = stopped
    ? SELLING_STOPPED_TEXT
    : !variation
      ? '商品を選択してください。'
      : (blockedReason ?? (accessoryIncomplete ? ACCESSORY_VARIATION_NEEDED : null));
  const add = async () => {
    if (!variation || reason) return;
    setPending(true);
    setError(null);
    setAdded(false);
    try {
      const cart = await addToCart(variation.key, quantity);
      if (accessories.length > 0) await addAccessories(cart, variation.key, accessories, quantity, pathname);
      setAdded(true);
      showToast(ADDED_TO_CART_TEXT, 'success');
    } catch (failure) {
      const outcome = await handleCartError(failure, pathname);
      if (outcome === 'field' && failure instanceof ApiError) setError(Object.values(failure.errors).flat().join('\n'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={styles.cart}>
      <label htmlFor="add-quantity" className={styles.cartNote}>
        数量
      </label>
      <select
        id="add-quantity"
        style={{ minHeight: '2.75rem' }}
        value={quantity}
        onChange={(event) => setQuantity(Number(event.target.value))}
        disabled={reason !== null}
      >
        {Array.from({ length: MAX_ADD_QUANTITY }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={styles.cartButton}
        disabled={reason !== null || pending}
        aria-busy={pending || undefined}
        aria-describedby={reason ? 'cart-blocked' : undefined}
        onClick={() => void add()}
      >
        {pending ? '追加中…' : 'カートに入れる'}
      </button>
      {reason ? (
        <p id="cart-blocked" className={styles.cartNote}>
          {reason}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.cartNote}>
          {error}
        </p>
      ) : null}
      <p role="status" className={styles.cartNote}>
        {added ? (
          <>
            {ADDED_TO_CART_TEXT}　<Link to="/cart">カートを見る</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

function RelatedProducts({
  title,
  query,
  onOpen,
}: {
  title: string;
  query: { data?: ProductItem[]; isPending: boolean };
  /** Told the key of a product opened from the list. */
  onOpen?: (key: string) => void;
}) {
  if (query.isPending) return <LoadingBlock label={`${title}を読み込み中`} />;
  if (!query.data || query.data.length === 0) return null;
  const id = `related-${title}`;
  const opened = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest('a');
    const key = link ? productKeyOfHref(link.getAttribute('href') ?? '') : null;
    if (key) onOpen?.(key);
  };
  return (
    // A click on a card's link, seen on its way down (the cards stay plain links).
    <section aria-labelledby={id} className={styles.section} onClickCapture={onOpen ? opened : undefined}>
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
  return (
    !product.is_on_sale &&
    product.sale_start !== null &&
    product.sale_start !== undefined &&
    Date.parse(product.sale_start) > now
  );
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
  const [accessoryChoices, setAccessoryChoices] = useState<AccessoryChoices>({});
  const chooseAccessory = useCallback((key: string, choice: string | null | undefined) => {
    setAccessoryChoices((current) => {
      const next = { ...current };
      if (choice === undefined) delete next[key];
      else next[key] = choice;
      return next;
    });
  }, []);
  const chosen = chosenAccessories(accessoryChoices, accessories.data ?? []);
  const recommendations = useRecommendations(product.key);
  useDocumentTitle(product.name);
  useRecordView(product.id);
  useTrack({ name: 'view_item', product }, product.key);

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
        <ProductGallery
          images={product.images.length > 0 ? product.images : product.image ? [product.image] : []}
          name={product.name}
        />
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
          <MemberActions>
            <FavoriteButton product={product} variant="detail" />
            <BookmarkButton url={productHref(product.key)} title={product.name} />
          </MemberActions>

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
            {/* An announced product: the shop's words on pre-orders (spec 000 §2 notice slots). */}
            {isUpcoming(product) ? (
              <>
                <NoticeSlot code="pre_order_info_1" />
                <NoticeSlot code="pre_order_info_2" />
              </>
            ) : null}
            <VariationSelector variations={variations} selected={selected} onSelect={setSelected} />
            <SizeSuggestion product={product} />
            <EmbroideryNote product={product} />
            <PackingNote product={product} />
            {accessories.data ? (
              <AccessoryChoice accessories={accessories.data} choices={accessoryChoices} onChange={chooseAccessory} />
            ) : null}
            <AddToCart
              variation={selected}
              blockedReason={notice ?? (stock === 'out_of_stock' ? '在庫切れのためご購入いただけません。' : null)}
              accessories={chosen.ready}
              accessoryIncomplete={chosen.incomplete}
            />
            {hasChoice ? (
              <p className={styles.sheetLink}>
                <Link to={`/product/${encodeURIComponent(product.key)}/uos`}>まとめて注文</Link>
                <span className={styles.cartNote}>（複数の種類を一度にカートに入れられます）</span>
              </p>
            ) : null}
            {acceptsRequest(product, stock) ? (
              <ProductRequestForm key={selected?.key ?? product.key} productKey={product.key} />
            ) : null}
          </div>
        </div>
      </div>

      <section aria-labelledby="description-title" className={styles.section}>
        <h2 id="description-title" className={styles.sectionTitle}>
          商品説明
        </h2>
        {/* The shop's note for every product (適合の確認 …), below the fold: it cannot shift the first view. */}
        <NoticeSlot code="product" />
        <ProductDescription product={product} />
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

      <RelatedProducts title="関連アクセサリー" query={accessories} />
      <ProductReviews product={product} pathname={`/product/${encodeURIComponent(product.key)}`} />
      <RelatedProducts
        title="おすすめ商品"
        query={recommendations}
        onOpen={(target) => rememberRecommendationClick(product.key, target)}
      />
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
