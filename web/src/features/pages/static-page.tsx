import type { StaticPage } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { DateText } from '../../ui/date-text';
import { Paragraphs } from '../../ui/paragraphs';
import type { GuidePageProps } from '../../themes/types';
import { useStaticPage } from './pages-queries';
import styles from './pages.module.css';

/**
 * A static page (特定商取引法に基づく表記, privacy policy …): its sections as a description list,
 * which reads as the usual two-column table of a Japanese legal notice.
 */
export function StaticPageView({ path }: { path: string }) {
  return <StaticPageArticle page={useStaticPage(path)} />;
}

/** A static page the caller already has. */
export function StaticPageArticle({ page }: { page: StaticPage }) {
  useDocumentTitle(page.title);
  return (
    <article aria-labelledby="static-page-title" className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: page.title }]} />
      <h1 id="static-page-title" className={styles.heading}>
        {page.title}
      </h1>
      <dl className={styles.sections}>
        {page.sections.map((section, index) => (
          <div key={`${index}-${section.heading}`} className={styles.section}>
            <dt className={styles.sectionHeading}>{section.heading}</dt>
            <dd className={styles.sectionBody}>
              <Paragraphs text={section.body} className={styles.paragraph} />
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.updated}>
        最終更新日：
        <DateText value={page.updated_at} />
      </p>
    </article>
  );
}

/** Simple's ご利用ガイド: the shop's /guide page like any other static page. */
export function SimpleGuidePage({ page }: GuidePageProps) {
  useDocumentTitle('ご利用ガイド');
  if (page) return <StaticPageArticle page={page} />;
  return (
    <article aria-labelledby="static-page-title" className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ご利用ガイド' }]} />
      <h1 id="static-page-title" className={styles.heading}>
        ご利用ガイド
      </h1>
      <p>ご利用ガイドは準備中です。</p>
    </article>
  );
}
