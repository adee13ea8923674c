/**
 * ページ管理 (/admin/content/pages): the shop's static pages (特定商取引法に基づく表記, プライバシー
 * ポリシー, 利用規約 …) in the shop's page order, each with its URL, 状態 (公開中 / 下書き), 要入力あり
 * while a template's `【要入力：…】` is left, 更新日時 (Japan time) and 編集. While any page is a
 * draft, a notice says customers do not see it (its footer link ends at 「ページが見つかりません」).
 * Only for staff holding `shop_settings` (オーナー and 店長): the menu leaves it out for the others,
 * and the page says so if reached anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../api/session-queries';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { pagesQuery } from './pages-queries';
import type { PageSummary } from './pages-types';
import styles from './pages.module.css';

/** What a role without `shop_settings` reads on the page desk. */
export const PAGES_FORBIDDEN = 'ページの編集は店舗オーナーまたは店長のみ行えます。';

export const DRAFT_NOTICE =
  '下書きのページはお客様に表示されません。フッターのリンク先が「ページが見つかりません」にならないよう、内容を確認して公開してください。';

/** The editor's address for a page. */
const editorPath = (id: string): string => `/admin/content/pages/${encodeURIComponent(id)}`;

export function PagesListPage() {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>ページ管理 | 管理画面</title>
      <h1>ページ管理</h1>
      {allowed ? <PagesList /> : <p role="alert">{PAGES_FORBIDDEN}</p>}
    </>
  );
}

function PagesList() {
  const pages = useQuery(pagesQuery());
  if (pages.isPending) return <Loading />;
  if (pages.isError) return <LoadFailed error={pages.error} />;
  if (pages.data.length === 0) return <p className={table.empty}>ページはまだありません。</p>;
  return (
    <>
      <p className={styles.lead}>
        特定商取引法に基づく表記やプライバシーポリシーなど、フッターからリンクしているページの内容を編集して公開します。
      </p>
      {pages.data.some((page) => !page.is_published) ? <p className={styles.note}>{DRAFT_NOTICE}</p> : null}
      <PagesTable pages={pages.data} />
    </>
  );
}

function PagesTable({ pages }: { pages: readonly PageSummary[] }) {
  return (
    <table className={table.table}>
      <caption className="visually-hidden">ページ一覧</caption>
      <thead>
        <tr>
          <th scope="col">タイトル</th>
          <th scope="col">URL</th>
          <th scope="col">状態</th>
          <th scope="col">更新日時</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => (
          <tr key={page.id}>
            <td data-label="タイトル">{page.title}</td>
            <td data-label="URL">
              <span className={styles.url}>{page.url}</span>
            </td>
            <td data-label="状態">
              <span className={styles.badges}>
                {page.is_published ? <Badge tone="member">公開中</Badge> : <Badge tone="closed">下書き</Badge>}
                {page.needs_input ? <Badge tone="attention">要入力あり</Badge> : null}
              </span>
            </td>
            <td data-label="更新日時" className={table.nowrap}>
              <DateTime value={page.updated_at} />
            </td>
            <td data-label="操作">
              {/* One name, not a hidden span: Chromium reads a hidden span as a word of its own. */}
              <Link to={editorPath(page.id)} aria-label={`${page.title}を編集`}>
                編集
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
