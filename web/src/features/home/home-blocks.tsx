import { Link } from 'react-router';
import type { PageBlock } from '../../api/types';
import type { ScreenClass } from '../../lib/screen';
import { DateText } from '../../ui/date-text';
import { Paragraphs } from '../../ui/paragraphs';
import { SmartLink } from '../../ui/smart-link';
import { ProductGrid } from '../../themes/product-grid';
import { LoadingBlock } from '../../ui/spinner';
import { COLLECTION_COUNT, useCollection, useLatestNews } from './home-queries';
import styles from './home.module.css';

/** Blocks for members only, guests only, phones (sp) or larger screens (pc). */
export function isBlockVisible(
  block: Pick<PageBlock, 'visible_for' | 'device'>,
  viewer: { isLogin: boolean; screen: ScreenClass },
): boolean {
  if (block.visible_for === 'member' && !viewer.isLogin) return false;
  if (block.visible_for === 'guest' && viewer.isLogin) return false;
  if (block.device === 'sp' && viewer.screen !== 'phone') return false;
  if (block.device === 'pc' && viewer.screen === 'phone') return false;
  return true;
}

// Block props are free JSON from the shop: read each field defensively.
type Props = Record<string, unknown>;
const asProps = (value: unknown): Props => (value && typeof value === 'object' ? (value as Props) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 50 ? value : fallback;
const links = (value: unknown): { label: string; path: string }[] =>
  Array.isArray(value)
    ? value
        .map(asProps)
        .map((l) => ({ label: text(l.label), path: text(l.path) }))
        .filter((l) => l.label !== '' && l.path !== '')
    : [];

function HeroBlock({ block }: { block: PageBlock }) {
  const props = asProps(block.props);
  const heading = text(props.heading) || block.title || '';
  const linkPath = text(props.link_path);
  const linkLabel = text(props.link_label);
  return (
    <section className={styles.hero} aria-label={heading || undefined}>
      {heading ? <h2 className={styles.heroHeading}>{heading}</h2> : null}
      {text(props.body) ? <Paragraphs text={text(props.body)} className={styles.heroBody} /> : null}
      {linkPath && linkLabel ? (
        <SmartLink to={linkPath} className={styles.heroLink}>
          {linkLabel}
        </SmartLink>
      ) : null}
    </section>
  );
}

function NewsBlock({ block }: { block: PageBlock }) {
  const per = count(asProps(block.props).count, 5);
  const { data, isPending, isError } = useLatestNews(per);
  const title = block.title || 'お知らせ';
  return (
    <section className={styles.block} aria-labelledby={`block-${block.id}`}>
      <h2 id={`block-${block.id}`} className={styles.blockTitle}>
        {title}
      </h2>
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <p className={styles.muted}>ニュースを読み込めませんでした。</p>
      ) : data.length === 0 ? (
        <p className={styles.muted}>ニュースはまだありません。</p>
      ) : (
        <ul className={styles.newsList}>
          {data.map((item) => (
            <li key={item.id} className={styles.newsItem}>
              <DateText value={item.published_at} className={styles.newsDate} />
              <Link to={`/news/${encodeURIComponent(item.key)}`}>{item.title}</Link>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.more}>
        <Link to="/news">ニュース一覧へ</Link>
      </p>
    </section>
  );
}

function TextBlock({ block }: { block: PageBlock }) {
  const body = text(asProps(block.props).body);
  return (
    <section className={styles.block} aria-labelledby={block.title ? `block-${block.id}` : undefined}>
      {block.title ? (
        <h2 id={`block-${block.id}`} className={styles.blockTitle}>
          {block.title}
        </h2>
      ) : null}
      <Paragraphs text={body} className={styles.text} />
    </section>
  );
}

function LinksBlock({ block }: { block: PageBlock }) {
  const items = links(asProps(block.props).links);
  if (items.length === 0) return null;
  const label = block.title || 'リンク';
  return (
    <nav className={styles.block} aria-label={label}>
      {block.title ? <h2 className={styles.blockTitle}>{block.title}</h2> : null}
      <ul className={styles.links}>
        {items.map((item) => (
          <li key={`${item.path}-${item.label}`}>
            <SmartLink to={item.path} className={styles.linkCard}>
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A curated collection (新着商品, スタッフおすすめ …) as product cards, with a link to the whole
 * list when there is more. Hidden when the shop has no such collection or it is empty.
 */
export function CollectionSection({
  alias,
  per = COLLECTION_COUNT,
  title,
}: {
  alias: string;
  per?: number;
  title?: string;
}) {
  const { data, isPending } = useCollection(alias, per);
  const headingId = `collection-${alias}`;
  if (isPending) return <LoadingBlock label="商品を読み込み中" />;
  if (!data || data.data.length === 0) return null;
  const heading = title || data.title;
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.blockTitle}>
        {heading}
      </h2>
      {data.description ? <p className={styles.collectionLead}>{data.description}</p> : null}
      <ProductGrid products={data.data} label={heading} compact />
    </section>
  );
}

const BLOCKS: Record<string, (props: { block: PageBlock }) => React.JSX.Element | null> = {
  hero: HeroBlock,
  news: NewsBlock,
  text: TextBlock,
  links: LinksBlock,
};

/** One page block by its kind; kinds this version does not know are skipped. */
export function HomeBlock({ block }: { block: PageBlock }) {
  const Block = BLOCKS[block.kind];
  return Block ? <Block block={block} /> : null;
}
