import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { breakpointsOf, useSettings } from '../../domain/site/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { useScreenClass } from '../../lib/screen';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { pageCounter, spreadIndexOf, spreadsOf } from './flip-book';
import { printCatalogsQuery, usePrintCatalogs } from './print-catalog-queries';
import styles from './print-catalog.module.css';

export async function loader() {
  await queryClient.ensureQueryData(printCatalogsQuery());
  return null;
}

/** Keys typed into a field belong to the field, not to the viewer. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * `/flip-book?id=…&page=…`: a catalogue page by page (facing pages on larger screens), turned with
 * the buttons or the arrow keys. Without `id`, the first catalogue.
 */
export function FlipBookPage() {
  const catalogs = usePrintCatalogs();
  const [params, setParams] = useSearchParams();
  const screen = useScreenClass(breakpointsOf(useSettings()));
  const counterId = useId();
  const catalog = catalogs.find((c) => c.id === params.get('id')) ?? catalogs[0];
  const pages = catalog ? [...catalog.pages].sort((a, b) => a.number - b.number) : [];
  const spreads = spreadsOf(pages.length, screen !== 'phone');
  const index = spreadIndexOf(spreads, parsePageParam(params.get('page')));
  const spread = spreads[index] ?? [];
  useDocumentTitle(catalog ? `${catalog.title}（デジタルカタログ）` : 'デジタルカタログ');

  const go = (to: number) => {
    const target = spreads[to];
    if (!target || !catalog) return;
    const next = new URLSearchParams(params);
    next.set('id', catalog.id);
    next.set('page', String(target[0]));
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const hasPrev = index > 0;
  const hasNext = index < spreads.length - 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' && hasPrev) go(index - 1);
      else if (event.key === 'ArrowRight' && hasNext) go(index + 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const crumbs = [
    { label: 'ホーム', to: '/' },
    { label: 'カタログ請求', to: '/catalog-order' },
    { label: catalog?.title ?? 'デジタルカタログ' },
  ];

  if (!catalog || pages.length === 0) {
    return (
      <div className={styles.page}>
        <Breadcrumbs items={crumbs} />
        <h1 className={styles.heading}>デジタルカタログ</h1>
        <p className={styles.empty}>現在ご覧いただけるカタログはありません。</p>
      </div>
    );
  }

  return (
    <div className={styles.viewerPage}>
      <Breadcrumbs items={crumbs} />
      <h1 className={styles.heading}>{catalog.title}</h1>
      {catalogs.length > 1 ? (
        <nav aria-label="カタログの切り替え" className={styles.switcher}>
          <ul>
            {catalogs.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/flip-book?id=${encodeURIComponent(c.id)}`}
                  aria-current={c.id === catalog.id ? 'page' : undefined}
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className={styles.viewer} aria-roledescription="カタログビューア" aria-label={catalog.title}>
        <div className={spread.length > 1 ? `${styles.spread} ${styles.twoUp}` : styles.spread}>
          {spread.map((number) => {
            const page = pages[number - 1];
            return page ? (
              <img
                key={number}
                src={page.image}
                alt={`${catalog.title} ${number}ページ`}
                width={600}
                height={800}
                decoding="async"
                className={styles.pageImage}
              />
            ) : null;
          })}
        </div>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.turn}
            onClick={() => go(index - 1)}
            disabled={!hasPrev}
            aria-describedby={counterId}
          >
            ‹ 前のページ
          </button>
          <p id={counterId} className={styles.counter} role="status">
            {pageCounter(spread, pages.length)}
          </p>
          <button
            type="button"
            className={styles.turn}
            onClick={() => go(index + 1)}
            disabled={!hasNext}
            aria-describedby={counterId}
          >
            次のページ ›
          </button>
        </div>
        <p className={styles.hint}>キーボードの ← → キーでもページをめくれます。</p>
      </section>
      {catalog.is_orderable ? (
        <p className={styles.orderNote}>
          冊子（印刷版）のご案内は<Link to="/catalog-order">カタログ請求</Link>のページをご覧ください。
        </p>
      ) : null}
    </div>
  );
}

export { FlipBookPage as Component };
