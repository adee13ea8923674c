import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, isSilentError } from '../../lib/api-error';
import type { ProductItem } from '../../api/types';
import { setFavoriteFlag, USER_LISTS_KEY } from '../../domain/favorites/favorites';
import { GENERIC_ERROR_MESSAGE } from '../../lib/form-errors';
import { withoutItems } from '../../lib/paged';
import { showError, showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { Pagination } from '../../ui/pagination';
import { ProductEntryGrid } from '../../themes/product-entry-grid';
import { detachFromList, favoritesKeys, useUserList, userListQuery, type ListPage } from './favorites-queries';
import styles from './favorites.module.css';

export const EMPTY_LIST_TEXT = 'お気に入りに登録された商品はありません。';

/** `?page=` and `?all=1` (products outside their sale period shown too) of a list screen. */
export function listParams(params: URLSearchParams): { everything: boolean } {
  return { everything: params.get('all') === '1' };
}

/**
 * One list's products, newest addition first: each card has its heart (unliking takes the
 * product off every list) and 「削除」, which takes it off this list only; the count drops by one.
 */
export function ListContents({ listKey, page }: { listKey: string; page: number }) {
  const [params, setParams] = useSearchParams();
  const { everything } = listParams(params);
  const { list, entries } = useUserList(listKey, page, everything);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (product: ProductItem) => {
    if (removing) return;
    setRemoving(product.id);
    try {
      await detachFromList(listKey, product.id);
      queryClient.setQueryData(userListQuery(listKey, page, everything).queryKey, (prev: ListPage | undefined) =>
        prev
          ? {
              list: { ...prev.list, count: Math.max(prev.list.count - 1, 0) },
              entries: withoutItems(prev.entries, (e) => e.product.id === product.id),
            }
          : prev,
      );
      // The default list is what the heart shows.
      if (list.is_default) setFavoriteFlag(product.id, false);
      showToast(`「${product.name}」を${list.name}から削除しました`, 'success');
      // The counts and the other pages change; this page stays as it is until shown again.
      void queryClient.invalidateQueries({ queryKey: favoritesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...USER_LISTS_KEY, 'list', listKey], refetchType: 'none' });
    } catch (error) {
      if (!isSilentError(error)) showError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setRemoving(null);
    }
  };

  const toggleEverything = (checked: boolean) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (checked) next.set('all', '1');
    else next.delete('all');
    setParams(next);
  };

  return (
    <div className={styles.contents}>
      <div className={styles.toolbar}>
        <p className={styles.total}>全{entries.pagination.total}件</p>
        <label className={styles.check}>
          <input type="checkbox" checked={everything} onChange={(event) => toggleEverything(event.target.checked)} />
          販売期間外の商品も表示する
        </label>
      </div>
      {entries.items.length === 0 ? (
        <div className={styles.empty}>
          <p>{EMPTY_LIST_TEXT}</p>
          <p>商品のハートを押すと、ここに追加されます。</p>
          <Link to="/product">商品を探す</Link>
        </div>
      ) : (
        <ProductEntryGrid
          label={list.name}
          removingId={removing}
          onRemove={(product) => void remove(product)}
          entries={entries.items.map((entry) => ({
            product: entry.product,
            note: (
              <>
                追加日 <DateText value={entry.added_at} />
              </>
            ),
            removeLabel: `「${entry.product.name}」を${list.name}から削除`,
          }))}
        />
      )}
      <Pagination pagination={entries.pagination} label={`${list.name}のページ送り`} />
    </div>
  );
}
