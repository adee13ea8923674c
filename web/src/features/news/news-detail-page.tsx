import { useEffect } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../api/session';
import { BookmarkButton } from '../../ui/bookmark-button';
import { DateText } from '../../ui/date-text';
import { Paragraphs } from '../../ui/paragraphs';
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
      <div className={styles.body}>
        <Paragraphs text={news.body} />
      </div>
      <p className={styles.back}>
        <Link to="/news">ニュース一覧へ戻る</Link>
      </p>
    </article>
  );
}

export { NewsDetailPage as Component };
