import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { useDocumentTitle } from '../../lib/document-title';
import { DateText } from '../../ui/date-text';
import { Pagination } from '../../ui/pagination';
import { NewsPicture } from './news-picture';
import { newsListQuery, useNewsList } from './news-queries';
import styles from './news.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  await queryClient.ensureQueryData(newsListQuery(page));
  return null;
}

export function NewsListPage() {
  const [params] = useSearchParams();
  const { items, pagination } = useNewsList(parsePageParam(params.get('page')));
  useDocumentTitle('ニュース');

  return (
    <section aria-labelledby="news-title" className={styles.page}>
      <h1 id="news-title" className={styles.heading}>
        ニュース
      </h1>
      {items.length === 0 ? (
        <p className={styles.empty}>ニュースはまだありません。</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <article className={styles.item}>
                <div className={styles.itemText}>
                  <h2 className={styles.itemTitle}>
                    <Link to={`/news/${encodeURIComponent(item.key)}`}>{item.title}</Link>
                  </h2>
                  <p className={styles.meta}>
                    <DateText value={item.published_at} />
                    {item.category ? <span className={styles.category}>{item.category}</span> : null}
                  </p>
                  {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
                </div>
                <NewsPicture news={item} variant="thumb" />
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={pagination} label="ニュースのページ送り" />
    </section>
  );
}

export { NewsListPage as Component };
