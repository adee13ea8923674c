/**
 * お知らせ (/admin/content/news, docs/contracts/news-desk.md): the shop's news, newest
 * 公開日時 first, each with its picture, タイトル (to its editor), カテゴリ, 状態 (公開中 / 公開予約 /
 * 下書き), 公開日時 and 更新日時 (Japan time); a table, one card per item on a phone. 状態 and
 * キーワード narrow it, kept in the address (?status&q&page) so a search can be bookmarked; the
 * shared pager pages it. 「新規作成」 opens a new item. A message left by the editor (削除しました)
 * is said above the list. Only for staff holding `shop_settings` (オーナー and 店長): the menu
 * leaves it out for the others, and the page says so if reached anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCan } from '../api/session-queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { arrivedNotice } from '../ui/editor-frame';
import { DateTime } from '../ui/date-time';
import { filterBar, useFilterForm } from '../ui/filter-bar';
import { ChoiceField, codeChoices, Field, StatusNotice, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { isFiltered, NEWS_FILTER_FIELDS, type NewsFilter, newsFilterSearch, readNewsFilter } from './news-filter';
import { newsListQuery } from './news-queries';
import { NEWS_FORBIDDEN, NEWS_STATUSES, type NewsDeskSummary, type NewsStatus, statusLabel } from './news-types';
import styles from './news.module.css';

export const NEWS_LIST_PATH = '/admin/content/news';
export const NEW_NEWS_PATH = '/admin/content/news/new';

/** The editor's address for an item. */
export const newsEditorPath = (id: string): string => `${NEWS_LIST_PATH}/${encodeURIComponent(id)}`;

const STATUS_TONES: Record<NewsStatus, BadgeTone> = {
  published: 'member',
  scheduled: 'in_progress',
  draft: 'closed',
};

/** The state's badge (公開中 / 公開予約 / 下書き), the list's and the editor's. */
export function NewsStatusBadge({ status }: { status: NewsStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'plain'}>{statusLabel(status)}</Badge>;
}

export function NewsListPage() {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>お知らせ | 管理画面</title>
      {allowed ? (
        <NewsDesk />
      ) : (
        <>
          <h1>お知らせ</h1>
          <p role="alert">{NEWS_FORBIDDEN}</p>
        </>
      )}
    </>
  );
}

function NewsDesk() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filter = readNewsFilter(params);
  const list = useQuery(newsListQuery(filter));

  return (
    <>
      <div className={styles.heading}>
        <h1>お知らせ</h1>
        <Link to={NEW_NEWS_PATH} className={ui.button}>
          新規作成
        </Link>
      </div>
      <StatusNotice message={arrivedNotice(location.state)} />
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} fields={NEWS_FILTER_FIELDS} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>
          {isFiltered(filter) ? '条件に合うお知らせはありません。' : 'お知らせはまだありません。'}
        </p>
      ) : (
        <>
          <NewsTable items={list.data.items} busy={list.isPlaceholderData} />
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

const STATUS_CHOICES = codeChoices(NEWS_STATUSES);

interface SearchFormProps {
  filter: NewsFilter;
  /** The list's error: a 422 names the filter field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const { register, handleSubmit, problem } = useFilterForm({ status: filter.status, q: filter.q }, error);
  return (
    <form
      noValidate
      aria-label="お知らせの検索"
      onSubmit={handleSubmit((values) => onSearch(newsFilterSearch(values)))}
    >
      <div className={filterBar.fields}>
        <ChoiceField
          label="状態"
          error={problem('status')}
          registration={register('status')}
          choices={STATUS_CHOICES}
        />
        <Field label="キーワード" hint="タイトル・要約から探します。" error={problem('q')}>
          {(control) => <input {...control} type="search" {...register('q')} />}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {isFiltered(filter) ? (
          <Link to={{ search: '' }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** The thumbnail's box in CSS pixels (its `sizes`; the picture is cut to fill it). */
const THUMB_WIDTH = 96;
const THUMB_HEIGHT = 64;

function NewsTable({ items, busy }: { items: readonly NewsDeskSummary[]; busy: boolean }) {
  return (
    <table className={`${table.table} ${styles.newsTable}`} aria-busy={busy || undefined}>
      <caption className="visually-hidden">お知らせ一覧</caption>
      <thead>
        <tr>
          <th scope="col">画像</th>
          <th scope="col">タイトル</th>
          <th scope="col">カテゴリ</th>
          <th scope="col">状態</th>
          <th scope="col">公開日時</th>
          <th scope="col">更新日時</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label="画像" className={styles.thumbCell}>
              {item.image_url ? (
                // Beside its title (the link): the picture says nothing more, so it has no name of its own.
                <img
                  className={styles.thumb}
                  src={item.image_url}
                  srcSet={item.image_srcset ?? undefined}
                  sizes={item.image_srcset ? `${THUMB_WIDTH}px` : undefined}
                  alt=""
                  width={THUMB_WIDTH}
                  height={THUMB_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className={styles.none}>なし</span>
              )}
            </td>
            <td data-label="タイトル">
              <Link to={newsEditorPath(item.id)} className={styles.title}>
                {item.title}
              </Link>
            </td>
            <td data-label="カテゴリ">{item.category || <span className={styles.none}>—</span>}</td>
            <td data-label="状態">
              <NewsStatusBadge status={item.status} />
            </td>
            <td data-label="公開日時" className={table.nowrap}>
              <DateTime value={item.published_at} />
            </td>
            <td data-label="更新日時" className={table.nowrap}>
              <DateTime value={item.updated_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
