import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Qa } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { parseKeyParam, parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Pagination } from '../../ui/pagination';
import { Paragraphs } from '../../ui/paragraphs';
import {
  faqCategoriesQuery,
  faqListQuery,
  normalizeKeyword,
  useFaqCategories,
  useFaqList,
  type FaqFilters,
} from './faq-queries';
import styles from './faq.module.css';

function filtersFrom(params: URLSearchParams): FaqFilters {
  return {
    category: parseKeyParam(params.get('category')),
    keyword: normalizeKeyword(params.get('keyword')),
    page: parsePageParam(params.get('page')),
  };
}

/** `/faq` with `?category=` and `?keyword=` kept in the URL. */
export function faqHref(filters: { category: string | null; keyword: string }): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.keyword) params.set('keyword', filters.keyword);
  const query = params.toString();
  return query ? `/faq?${query}` : '/faq';
}

export async function loader({ request }: LoaderFunctionArgs) {
  await Promise.all([
    queryClient.ensureQueryData(faqListQuery(filtersFrom(new URL(request.url).searchParams))),
    queryClient.ensureQueryData(faqCategoriesQuery()).catch(() => null),
  ]);
  return null;
}

/** One question: a button that opens and closes its answer. */
function Question({ qa }: { qa: Qa }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className={styles.item}>
      <h3 className={styles.question}>
        <button
          type="button"
          id={`${id}-q`}
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={`${id}-a`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.mark} aria-hidden="true">
            Q
          </span>
          <span className={styles.questionText}>{qa.question}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h3>
      <section id={`${id}-a`} aria-labelledby={`${id}-q`} className={styles.answer} hidden={!open}>
        <span className={`${styles.mark} ${styles.answerMark}`} aria-hidden="true">
          A
        </span>
        <div>
          <Paragraphs text={qa.answer} className={styles.answerText} />
        </div>
      </section>
    </li>
  );
}

function SearchForm({ filters }: { filters: FaqFilters }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(filters.keyword);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(faqHref({ category: filters.category, keyword: normalizeKeyword(value) }));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is a landmark in every browser; <search> needs Safari 17
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor="faq-keyword" className={styles.searchLabel}>
        キーワードで探す
      </label>
      <div className={styles.searchRow}>
        <input
          id="faq-keyword"
          type="search"
          name="keyword"
          value={value}
          maxLength={100}
          enterKeyHint="search"
          placeholder="例：送料、返品"
          className={styles.searchInput}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className={styles.searchButton}>
          検索
        </button>
      </div>
    </form>
  );
}

/** `/faq`: categories as tabs, keyword search, and each question as an accordion. */
export function FaqPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const { items, pagination } = useFaqList(filters);
  const categories = useFaqCategories().data ?? [];
  useDocumentTitle('よくあるご質問');

  // Without a category chosen, questions are grouped under their categories in the shop's order.
  const order = new Map(categories.map((c, i) => [c.key, i]));
  const groups = [...new Map(items.map((qa) => [qa.category.key, qa.category])).values()]
    .sort((a, b) => (order.get(a.key) ?? 999) - (order.get(b.key) ?? 999))
    .map((category) => ({ category, items: items.filter((qa) => qa.category.key === category.key) }));

  return (
    <section aria-labelledby="faq-title" className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'よくあるご質問' }]} />
      <h1 id="faq-title" className={styles.heading}>
        よくあるご質問
      </h1>
      <SearchForm key={`${filters.category ?? ''}|${filters.keyword}`} filters={filters} />
      {categories.length > 0 ? (
        <nav aria-label="質問のカテゴリ" className={styles.tabs}>
          <ul className={styles.tabList}>
            <li>
              <Link
                to={faqHref({ category: null, keyword: filters.keyword })}
                aria-current={filters.category === null ? 'page' : undefined}
                className={styles.tab}
              >
                すべて
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.key}>
                <Link
                  to={faqHref({ category: category.key, keyword: filters.keyword })}
                  aria-current={filters.category === category.key ? 'page' : undefined}
                  className={styles.tab}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {filters.keyword ? (
        <p className={styles.status} role="status">
          「{filters.keyword}」の検索結果：{pagination.total}件
          <Link to={faqHref({ category: filters.category, keyword: '' })} className={styles.clear}>
            検索をやめる
          </Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className={styles.empty}>
          {filters.keyword
            ? '該当する質問が見つかりませんでした。別のキーワードでお試しください。'
            : '質問はまだありません。'}
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.category.key} aria-labelledby={`faq-${group.category.key}`} className={styles.group}>
            <h2 id={`faq-${group.category.key}`} className={styles.groupTitle}>
              {group.category.name}
            </h2>
            <ul className={styles.list}>
              {group.items.map((qa) => (
                <Question key={qa.id} qa={qa} />
              ))}
            </ul>
          </section>
        ))
      )}
      <Pagination pagination={pagination} label="質問のページ送り" />
      <p className={styles.contact}>
        解決しない場合は、<Link to="/contact">お問い合わせフォーム</Link>からお気軽にお問い合わせください。
      </p>
    </section>
  );
}

export { FaqPage as Component };
