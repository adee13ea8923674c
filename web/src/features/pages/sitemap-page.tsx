import { Link } from 'react-router';
import type { CategoryNode } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { LoadingBlock } from '../../ui/spinner';
import { landingHref } from './content-route';
import {
  landingListQuery,
  sitemapCategoriesQuery,
  sitemapMakersQuery,
  staticUrlsQuery,
  useLandingList,
  useSitemapCategories,
  useSitemapMakers,
  useStaticUrls,
} from './pages-queries';
import styles from './pages.module.css';

/** The site's own screens; everything else on the page comes from the API. */
const MAIN_PAGES = [
  { label: 'トップページ', to: '/' },
  { label: '商品一覧', to: '/product' },
  { label: 'メーカー一覧', to: '/maker' },
  { label: 'ブランド一覧', to: '/brand' },
  { label: 'ニュース', to: '/news' },
  { label: 'ブログ', to: '/blog' },
  { label: 'よくあるご質問', to: '/faq' },
  { label: '開催中のキャンペーン', to: '/popup' },
  { label: 'お問い合わせ', to: '/contact' },
] as const;

export async function loader() {
  // Each list is nice to have: a failing one leaves its section in its loading/empty state.
  const quietly = <T,>(promise: Promise<T>) => promise.catch(() => null);
  await Promise.all([
    quietly(queryClient.ensureQueryData(staticUrlsQuery())),
    quietly(queryClient.ensureQueryData(sitemapCategoriesQuery())),
    quietly(queryClient.ensureQueryData(sitemapMakersQuery())),
    quietly(queryClient.ensureQueryData(landingListQuery())),
  ]);
  return null;
}

function CategoryTree({ nodes, level = 0 }: { nodes: CategoryNode[]; level?: number }) {
  return (
    <ul className={level === 0 ? styles.treeRoot : styles.tree}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link to={`/product?category=${encodeURIComponent(node.key)}`}>{node.name}</Link>
          {node.children.length > 0 ? <CategoryTree nodes={node.children} level={level + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.sitemapSection}>
      <h2 id={id} className={styles.sitemapTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/sitemap`: the site's pages, product categories, guides and policies, and makers. */
export function SitemapPage() {
  const staticPages = useStaticUrls();
  const categories = useSitemapCategories();
  const makers = useSitemapMakers();
  const landing = useLandingList();
  useDocumentTitle('サイトマップ');

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'サイトマップ' }]} />
      <h1 className={styles.heading}>サイトマップ</h1>
      <div className={styles.sitemap}>
        <Section id="sitemap-main" title="メインページ">
          <ul className={styles.linkList}>
            {MAIN_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="sitemap-guides" title="ご利用案内">
          {staticPages.isPending ? (
            <LoadingBlock />
          ) : (
            <ul className={styles.linkList}>
              {(staticPages.data ?? []).map((page) => (
                <li key={page.url}>
                  <Link to={page.url}>{page.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {(landing.data ?? []).length > 0 ? (
          <Section id="sitemap-features" title="特集">
            <ul className={styles.linkList}>
              {(landing.data ?? []).map((page) => (
                <li key={page.slug}>
                  <Link to={landingHref(page.slug)}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Section id="sitemap-categories" title="商品カテゴリ">
          {categories.isPending ? <LoadingBlock /> : <CategoryTree nodes={categories.data ?? []} />}
        </Section>
        <Section id="sitemap-makers" title="メーカー">
          {makers.isPending ? (
            <LoadingBlock />
          ) : (
            <ul className={styles.columnsList}>
              {(makers.data ?? []).map((maker) => (
                <li key={maker.key}>
                  <Link to={`/maker/${encodeURIComponent(maker.key)}`}>{maker.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}

export { SitemapPage as Component };
