import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Paragraphs } from '../../ui/paragraphs';
import { ProductCard } from '../../themes/product-grid';
import { stylistDetailQuery, useStylistDetail } from './stylist-queries';
import styles from './stylist.module.css';

/** An unknown stylist answers 404, which the route shows as the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(stylistDetailQuery(params.key ?? ''));
  return null;
}

export function StylistDetailPage() {
  const { key = '' } = useParams();
  const stylist = useStylistDetail(key);
  useDocumentTitle(`${stylist.name}のおすすめ`);

  return (
    <div className={styles.page}>
      <Breadcrumbs
        items={[{ label: 'ホーム', to: '/' }, { label: 'スタッフのおすすめ', to: '/stylist' }, { label: stylist.name }]}
      />
      <section aria-labelledby="stylist-title" className={styles.profile}>
        <img src={stylist.avatar} alt="" width={120} height={120} className={styles.avatar} />
        <div>
          <p className={styles.role}>{stylist.role}</p>
          <h1 id="stylist-title" className={styles.heading}>
            {stylist.name}
            <span className={styles.kana}>{stylist.name_kana}</span>
          </h1>
          <dl className={styles.facts}>
            <dt>ライディングスタイル</dt>
            <dd>{stylist.riding_style}</dd>
          </dl>
          <Paragraphs text={stylist.profile} className={styles.profileText} />
        </div>
      </section>
      <section aria-labelledby="stylist-picks-title">
        <h2 id="stylist-picks-title" className={styles.subheading}>
          {stylist.name}のおすすめ商品
        </h2>
        {stylist.picks.length === 0 ? (
          <p className={styles.empty}>ただいまご紹介できる商品はありません。</p>
        ) : (
          <ul className={styles.picks} aria-label="おすすめ商品">
            {stylist.picks.map((pick) => (
              <li key={pick.product.id} className={styles.pick}>
                <figure className={styles.comment}>
                  <blockquote>
                    <p>{pick.comment}</p>
                  </blockquote>
                  <figcaption className={styles.commentBy}>{stylist.name}</figcaption>
                </figure>
                <ProductCard product={pick.product} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className={styles.back}>
        <Link to="/stylist">スタッフ一覧へ戻る</Link>
      </p>
    </div>
  );
}

export { StylistDetailPage as Component };
