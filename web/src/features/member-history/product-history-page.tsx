import type { HistoryEntry } from '../../api/types';
import { MEMBER_PRODUCT_HISTORY_KEY } from '../../domain/product-history/product-history';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { MypageFrame } from '../../ui/mypage-frame';
import { Pagination } from '../../ui/pagination';
import { ProductEntryGrid } from '../../themes/product-entry-grid';
import {
  deleteProductHistory,
  historyKeys,
  productHistoryQuery,
  useEntryRemoval,
  useProductHistory,
} from './member-history-queries';
import styles from './member-history.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(productHistoryQuery());
  return null;
}

/** 閲覧履歴 (/mypage/product_history): the products the member viewed, newest first, at most 10. */
export function ProductHistoryPage() {
  const history = useProductHistory();
  const { removing, remove } = useEntryRemoval<HistoryEntry>(
    historyKeys.products(),
    MEMBER_PRODUCT_HISTORY_KEY,
    (entry) => entry.product_id,
  );
  return (
    <MypageFrame title="閲覧履歴">
      <p className={styles.lead}>最近チェックした商品を、新しい順に最大10件表示します。</p>
      <p className={styles.total}>全{history.pagination.total}件</p>
      {history.items.length === 0 ? (
        <p className={styles.empty}>閲覧履歴はありません。</p>
      ) : (
        <ProductEntryGrid
          label="閲覧履歴"
          removingId={removing}
          onRemove={(product) =>
            void remove(product.id, deleteProductHistory, `「${product.name}」を閲覧履歴から削除しました`)
          }
          entries={history.items.map((entry) => ({
            product: entry.product,
            removeLabel: `「${entry.product.name}」を閲覧履歴から削除`,
          }))}
        />
      )}
      <Pagination pagination={history.pagination} label="閲覧履歴のページ送り" />
    </MypageFrame>
  );
}

export { ProductHistoryPage as Component };
