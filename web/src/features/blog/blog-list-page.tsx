import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { parseKeyParam, parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { DateText } from '../../ui/date-text';
import { Pagination } from '../../ui/pagination';
import { BlogEyecatch } from './blog-eyecatch';
import { blogCategoryHref, blogHref, blogListQuery, useBlogList } from './blog-queries';
import styles from './blog.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(
    blogListQuery(parsePageParam(params.get('page')), parseKeyParam(params.get('category'))),
  );
  return null;
}

/** `/blog`: articles newest first, ten a page; `?category=` narrows to one category. */
export function BlogListPage() {
  const [params] = useSearchParams();
  const category = parseKeyParam(params.get('category'));
  const { items, pagination } = useBlogList(parsePageParam(params.get('page')), category);
  // The category's name comes with its articles; an unknown key simply lists nothing.
  const categoryName = category ? (items.find((i) => i.category.key === category)?.category.name ?? category) : null;
  const title = categoryName ? `ブログ：${categoryName}` : 'ブログ';
  useDocumentTitle(title);

  return (
    <section aria-labelledby="blog-title" className={styles.page}>
      <Breadcrumbs
        items={
          categoryName
            ? [{ label: 'ホーム', to: '/' }, { label: 'ブログ', to: '/blog' }, { label: categoryName }]
            : [{ label: 'ホーム', to: '/' }, { label: 'ブログ' }]
        }
      />
      <h1 id="blog-title" className={styles.heading}>
        {title}
      </h1>
      {category ? (
        <p className={styles.filter}>
          <Link to="/blog">すべての記事を見る</Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className={styles.empty}>記事はまだありません。</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item, index) => (
            <li key={item.id}>
              <article className={styles.card} aria-labelledby={`blog-${item.id}`}>
                <BlogEyecatch src={item.eyecatch} eager={index < 2} />
                <div className={styles.cardBody}>
                  <h2 id={`blog-${item.id}`} className={styles.cardTitle}>
                    <Link to={blogHref(item.key)}>{item.title}</Link>
                  </h2>
                  <p className={styles.meta}>
                    <DateText value={item.published_at} />
                    <Link to={blogCategoryHref(item.category.key)} className={styles.category}>
                      {item.category.name}
                    </Link>
                  </p>
                  {item.excerpt ? <p className={styles.excerpt}>{item.excerpt}</p> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={pagination} label="ブログのページ送り" />
    </section>
  );
}

export { BlogListPage as Component };
