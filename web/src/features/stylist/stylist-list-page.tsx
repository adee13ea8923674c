import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Pagination } from '../../ui/pagination';
import { stylistHref, stylistListQuery, useStylistList } from './stylist-queries';
import styles from './stylist.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  await queryClient.ensureQueryData(stylistListQuery(page));
  return null;
}

export function StylistListPage() {
  const [params] = useSearchParams();
  const { items, pagination } = useStylistList(parsePageParam(params.get('page')));
  useDocumentTitle('スタッフのおすすめ');

  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'スタッフのおすすめ' }]} />
      <section aria-labelledby="stylist-list-title">
        <h1 id="stylist-list-title" className={styles.heading}>
          スタッフのおすすめ
        </h1>
        {items.length === 0 ? (
          <p className={styles.empty}>ご紹介できるスタッフはまだいません。</p>
        ) : (
          <ul className={styles.grid} aria-label="スタッフ一覧">
            {items.map((stylist) => (
              <li key={stylist.key}>
                <article className={styles.card} aria-labelledby={`stylist-${stylist.key}`}>
                  <img src={stylist.avatar} alt="" width={96} height={96} className={styles.avatar} loading="lazy" />
                  <p className={styles.role}>{stylist.role}</p>
                  <h2 id={`stylist-${stylist.key}`} className={styles.name}>
                    <Link to={stylistHref(stylist.key)} className={styles.link}>
                      {stylist.name}
                    </Link>
                  </h2>
                  <p className={styles.style}>{stylist.riding_style}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
        <Pagination pagination={pagination} label="スタッフ一覧のページ送り" />
      </section>
    </div>
  );
}

export { StylistListPage as Component };
