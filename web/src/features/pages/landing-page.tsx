import { Fragment } from 'react';
import { Link } from 'react-router';
import type { LandingBlock } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { LoadingBlock } from '../../ui/spinner';
import { Paragraphs } from '../../ui/paragraphs';
import { Price } from '../../ui/price';
import { SmartLink } from '../../ui/smart-link';
import { LandingCoupons } from './landing-coupons';
import { useLandingPage, useLandingProducts } from './pages-queries';
import styles from './pages.module.css';

// Block props are free JSON from the shop: read each field defensively.
type Props = Record<string, unknown>;
const asProps = (value: unknown): Props => (value && typeof value === 'object' ? (value as Props) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 50 ? value : fallback;
/** Pictures only from the shop's own site (a path), never an outside address. */
const sitePath = (value: unknown): string | null => {
  const path = text(value);
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
};

function Hero({ props }: { props: Props }) {
  const image = sitePath(props.image);
  const heading = text(props.heading);
  return (
    <section className={styles.lpHero} aria-label={heading || undefined}>
      {image ? <img src={image} alt="" width={1200} height={400} className={styles.lpHeroImage} /> : null}
      {heading ? <h2 className={styles.lpHeroHeading}>{heading}</h2> : null}
      {text(props.body) ? <Paragraphs text={text(props.body)} className={styles.paragraph} /> : null}
      {text(props.link_path) && text(props.link_label) ? (
        <SmartLink to={text(props.link_path)} className={styles.lpButton}>
          {text(props.link_label)}
        </SmartLink>
      ) : null}
    </section>
  );
}

function TextSection({ props }: { props: Props }) {
  const heading = text(props.heading);
  return (
    <section className={styles.lpBlock} aria-label={heading || undefined}>
      {heading ? <h2 className={styles.lpBlockTitle}>{heading}</h2> : null}
      <Paragraphs text={text(props.body)} className={styles.paragraph} />
    </section>
  );
}

function Products({ props }: { props: Props }) {
  const category = text(props.category);
  const { data, isPending, isError } = useLandingProducts(category, count(props.count, 8));
  const heading = text(props.heading) || 'おすすめ商品';
  if (!category) return null;
  return (
    <section className={styles.lpBlock} aria-label={heading}>
      <h2 className={styles.lpBlockTitle}>{heading}</h2>
      {isPending ? (
        <LoadingBlock />
      ) : isError || data.length === 0 ? (
        <p className={styles.muted}>対象の商品は現在ありません。</p>
      ) : (
        <ul className={styles.lpProducts}>
          {data.map((product) => (
            <li key={product.id} className={styles.lpProduct}>
              {product.image ? (
                <img
                  src={product.image.url}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  className={styles.lpProductImage}
                />
              ) : (
                <span className={styles.lpProductImage} aria-hidden="true" />
              )}
              <Link to={`/product/${encodeURIComponent(product.key)}`} className={styles.lpProductName}>
                {product.name}
              </Link>
              <Price value={product.product_price} taxLabel />
            </li>
          ))}
        </ul>
      )}
      <p className={styles.more}>
        <Link to={`/product?category=${encodeURIComponent(category)}`}>商品をもっと見る</Link>
      </p>
    </section>
  );
}

function Links({ props }: { props: Props }) {
  const items = Array.isArray(props.links)
    ? props.links
        .map(asProps)
        .map((l) => ({ label: text(l.label), path: text(l.path) }))
        .filter((l) => l.label && l.path)
    : [];
  if (items.length === 0) return null;
  const heading = text(props.heading) || '関連リンク';
  return (
    <nav className={styles.lpBlock} aria-label={heading}>
      <ul className={styles.lpLinks}>
        {items.map((item) => (
          <li key={`${item.path}-${item.label}`}>
            <SmartLink to={item.path} className={styles.lpLinkCard}>
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Block({ block }: { block: LandingBlock }) {
  const props = asProps(block.props);
  switch (block.kind) {
    case 'hero':
      return <Hero props={props} />;
    case 'text':
      return <TextSection props={props} />;
    case 'products':
      return <Products props={props} />;
    case 'links':
      return <Links props={props} />;
    default:
      // Kinds this version does not know are skipped (the coupons of the first block: LandingCoupons).
      return null;
  }
}

/** A landing page: its title and blocks in order. */
export function LandingPageView({ slug }: { slug: string }) {
  const page = useLandingPage(slug);
  useDocumentTitle(page.title);
  return (
    <article aria-labelledby="landing-title" className={styles.landing}>
      <h1 id="landing-title" className={styles.lpTitle}>
        {page.title}
      </h1>
      {page.layout.map((block, index) => (
        <Fragment key={index}>
          <Block block={block} />
          {/* The first block's coupons come right after it (the page's offer, above the fold). */}
          {index === 0 ? <LandingCoupons slug={slug} layout={page.layout} /> : null}
        </Fragment>
      ))}
    </article>
  );
}
