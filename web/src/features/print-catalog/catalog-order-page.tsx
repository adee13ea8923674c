import { Link } from 'react-router';
import type { PrintCatalog } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { DateText } from '../../ui/date-text';
import { printCatalogsQuery, usePrintCatalogs } from './print-catalog-queries';
import styles from './print-catalog.module.css';

export async function loader() {
  await queryClient.ensureQueryData(printCatalogsQuery());
  return null;
}

export const ORDER_NOTE =
  'ご請求はお問い合わせフォームから承ります。お問い合わせ種別「カタログ請求」を選び、お届け先のご住所をご入力ください。';

function CatalogCard({ catalog }: { catalog: PrintCatalog }) {
  const titleId = `catalog-${catalog.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <img
        src={catalog.cover_image}
        alt={`${catalog.title}の表紙`}
        width={240}
        height={320}
        loading="lazy"
        decoding="async"
        className={styles.cover}
      />
      <div className={styles.cardBody}>
        <h2 id={titleId} className={styles.cardTitle}>
          {catalog.title}
        </h2>
        <p className={styles.meta}>
          全{catalog.page_count}ページ ／ <DateText value={catalog.published_at} />
          発行
        </p>
        <p className={styles.description}>{catalog.description}</p>
        <p className={styles.actions}>
          <Link to={`/flip-book?id=${encodeURIComponent(catalog.id)}`} className={styles.primaryLink}>
            デジタル版を見る
          </Link>
        </p>
        {catalog.is_orderable ? (
          <div className={styles.order}>
            <p className={styles.orderLead}>冊子（印刷版）をご希望の方へ</p>
            <p className={styles.orderNote}>{ORDER_NOTE}</p>
            <Link to="/contact?topic=catalog" className={styles.secondaryLink}>
              冊子を請求する
            </Link>
          </div>
        ) : (
          <p className={styles.orderNote}>このカタログはデジタル版のみです（冊子のご請求はできません）。</p>
        )}
      </div>
    </article>
  );
}

/** `/catalog-order`: the shop's catalogues, each readable online; printed copies by inquiry. */
export function CatalogOrderPage() {
  const catalogs = usePrintCatalogs();
  useDocumentTitle('カタログ請求');
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'カタログ請求' }]} />
      <h1 className={styles.heading}>カタログ請求</h1>
      {catalogs.length === 0 ? (
        <p className={styles.empty}>現在ご案内できるカタログはありません。</p>
      ) : (
        <ul className={styles.list} aria-label="カタログ一覧">
          {catalogs.map((catalog) => (
            <li key={catalog.id}>
              <CatalogCard catalog={catalog} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { CatalogOrderPage as Component };
