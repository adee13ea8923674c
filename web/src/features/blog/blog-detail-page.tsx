import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { BookmarkButton } from '../../ui/bookmark-button';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { DateText } from '../../ui/date-text';
import { Paragraphs } from '../../ui/paragraphs';
import { BlogEyecatch } from './blog-eyecatch';
import { blogCategoryHref, blogDetailQuery, blogHref, useBlogDetail } from './blog-queries';
import styles from './blog.module.css';

/** An unknown key answers 404, which the route shows as the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(blogDetailQuery(params.key ?? ''));
  return null;
}

/** `/blog/:key`: one article, with links to the older and newer ones. */
export function BlogDetailPage() {
  const { key = '' } = useParams();
  const blog = useBlogDetail(key);
  useDocumentTitle(blog.title);

  return (
    <article aria-labelledby="blog-detail-title" className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'ブログ', to: '/blog' }, { label: blog.title }]} />
      <h1 id="blog-detail-title" className={styles.heading}>
        {blog.title}
      </h1>
      <p className={styles.meta}>
        <DateText value={blog.published_at} />
        <Link to={blogCategoryHref(blog.category.key)} className={styles.category}>
          {blog.category.name}
        </Link>
        {blog.author ? <span>{blog.author}</span> : null}
        <BookmarkButton url={blogHref(key)} title={blog.title} />
      </p>
      {blog.eyecatch ? <BlogEyecatch src={blog.eyecatch} eager large /> : null}
      <div className={styles.body}>
        <Paragraphs text={blog.body} />
      </div>
      <nav aria-label="前後の記事" className={styles.pager}>
        {blog.prev_key ? (
          <Link to={blogHref(blog.prev_key)} rel="prev" className={styles.pagerLink}>
            ‹ 前の記事
          </Link>
        ) : (
          <span />
        )}
        <Link to="/blog" className={styles.pagerLink}>
          記事一覧へ
        </Link>
        {blog.next_key ? (
          <Link to={blogHref(blog.next_key)} rel="next" className={styles.pagerLink}>
            次の記事 ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}

export { BlogDetailPage as Component };
