import { useEffect } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../api/session';
import { BookmarkButton } from '../../ui/bookmark-button';
import { DateText } from '../../ui/date-text';
import { NewsPicture } from './news-picture';
import { markNewsRead, newsDetailQuery, useNewsDetail } from './news-queries';
import styles from './news.module.css';

/** An unknown key answers 404, which the route shows as the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(newsDetailQuery(params.key ?? ''));
  return null;
}

export function NewsDetailPage() {
  const { key = '' } = useParams();
  const news = useNewsDetail(key);
  const { isLogin } = useSession();
  useDocumentTitle(news.title);

  useEffect(() => {
    if (isLogin) void markNewsRead(news.id);
  }, [isLogin, news.id]);

  return (
    <article aria-labelledby="news-detail-title" className={styles.page}>
      <h1 id="news-detail-title" className={styles.heading}>
        {news.title}
      </h1>
      <p className={styles.meta}>
        <DateText value={news.published_at} />
        {news.category ? <span className={styles.category}>{news.category}</span> : null}
        <BookmarkButton url={`/news/${encodeURIComponent(key)}`} title={news.title} />
      </p>
      <NewsPicture news={news} variant="detail" />
      <div
        className={styles.body}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server answers only sanitised markup (body_html: the allowed tags, links with rel; plain text made into <p> paragraphs)
        dangerouslySetInnerHTML={{ __html: news.body_html }}
      />
      <p className={styles.back}>
        <Link to="/news">ニュース一覧へ戻る</Link>
      </p>
    </article>
  );
}

export { NewsDetailPage as Component };
