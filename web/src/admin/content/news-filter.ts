/**
 * お知らせ一覧's filter as it lives in the address (?status&q&page): read from the search
 * parameters, written back without the empty ones, and sent to GET /v1/admin/news as they are —
 * the server checks them (a bad `status` is a 422 on `status`, which the form shows under 状態).
 */
import { pageParam } from '../ui/pager';
import type { NewsListQuery } from './news-types';

export interface NewsFilterValues {
  /** published, scheduled or draft; '' for すべて. */
  status: string;
  /** Words in the title or the summary. */
  q: string;
}

export interface NewsFilter extends NewsFilterValues {
  page: number;
}

/** The fields whose 422 the list's form shows. */
export const NEWS_FILTER_FIELDS: readonly string[] = ['status', 'q'];

export function readNewsFilter(params: URLSearchParams): NewsFilter {
  return {
    status: (params.get('status') ?? '').trim(),
    q: (params.get('q') ?? '').trim(),
    page: pageParam(params),
  };
}

/** `?status=…&q=…` for a filter (page 1), without the empty values; '' for none. */
export function newsFilterSearch(values: NewsFilterValues): string {
  const params = new URLSearchParams();
  if (values.status.trim()) params.set('status', values.status.trim());
  if (values.q.trim()) params.set('q', values.q.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether the list is narrowed at all (the empty list then says so). */
export function isFiltered(filter: NewsFilterValues): boolean {
  return filter.status !== '' || filter.q !== '';
}

/**
 * The query of GET /v1/admin/news: the page and only what is set. A `status` from the address
 * goes as it is: the server names one it does not know (422), and the form says so.
 */
export function newsListParams(filter: NewsFilter, per: number): NewsListQuery {
  const query: Record<string, string> = { page: String(filter.page), per: String(per) };
  if (filter.status) query.status = filter.status;
  if (filter.q) query.q = filter.q;
  return query as NewsListQuery;
}
