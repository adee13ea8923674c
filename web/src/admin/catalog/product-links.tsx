/**
 * 付属品・おすすめ (docs/contracts/catalog-extras.md §3): for each, the chosen products in their
 * order (商品コード, 商品名, 「前へ」「後へ」 and 「外す」) and a search (GET /v1/admin/products?q=…&per=10)
 * whose results are added with 「追加」 — never the product itself, never twice, at most
 * `LINKS_MAX`. The lists are form state, sent as `accessory_ids` / `recommendation_ids`.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { errorText } from '../api/admin-client';
import { ui } from '../ui/form';
import { productPickQuery } from './product-queries';
import { LINKS_MAX, type LinkList, type ProductValues } from './product-schema';
import type { LinkedProduct, ProductSummary } from './product-types';
import styles from './products.module.css';

interface ProductLinksProps {
  form: UseFormReturn<ProductValues>;
  /** The product being edited (it cannot be its own 付属品); null for a new one. */
  productId: string | null;
  readOnly: boolean;
}

export function ProductLinks({ form, productId, readOnly }: ProductLinksProps) {
  return (
    <fieldset className={styles.section}>
      <legend>付属品・おすすめ</legend>
      <p className={styles.hint}>
        商品ページに、付属品とおすすめ商品をこの並びで表示します（それぞれ{LINKS_MAX}
        件まで）。商品を保存すると反映されます。
      </p>
      <LinkPicker form={form} list="accessories" label="付属品" productId={productId} readOnly={readOnly} />
      <LinkPicker form={form} list="recommendations" label="おすすめ商品" productId={productId} readOnly={readOnly} />
    </fieldset>
  );
}

type Button = 'earlier' | 'later' | 'remove';

interface LinkPickerProps extends ProductLinksProps {
  list: LinkList;
  label: string;
}

function LinkPicker({ form, list, label, productId, readOnly }: LinkPickerProps) {
  const id = useId();
  const chosen = form.watch(list);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const found = useQuery(productPickQuery(query));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const searchBox = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef<{ id: string; button: Button } | 'search' | null>(null);
  const full = chosen.length >= LINKS_MAX;

  // A moved product keeps the keyboard on its button (the other one at either end of the list).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'search') {
      searchBox.current?.focus();
      return;
    }
    const wanted = buttons.current.get(`${target.id}:${target.button}`);
    const other = buttons.current.get(`${target.id}:${target.button === 'earlier' ? 'later' : 'earlier'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [chosen]);

  const buttonRef = (productId: string, button: Button) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${productId}:${button}`, element);
    else buttons.current.delete(`${productId}:${button}`);
  };

  const set = (next: LinkedProduct[]) => form.setValue(list, next, { shouldDirty: true });

  const search = () => {
    setNotice(null);
    setQuery(typed.trim());
  };

  // The search box is inside the product's form: Enter searches instead of saving the product.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  const add = (item: ProductSummary) => {
    if (full || item.id === productId || chosen.some((c) => c.id === item.id)) return;
    set([...chosen, { id: item.id, code: item.code, name: item.name }]);
    setNotice(`「${item.name}」を${label}に追加しました。`);
  };

  const move = (from: number, to: number, button: Button) => {
    const item = chosen[from];
    if (!item || to < 0 || to >= chosen.length) return;
    const next = [...chosen];
    next.splice(from, 1);
    next.splice(to, 0, item);
    pendingFocus.current = { id: item.id, button };
    set(next);
    setNotice(`「${item.name}」を${to + 1}番目に移動しました。`);
  };

  const remove = (index: number) => {
    const item = chosen[index];
    if (!item) return;
    const neighbour = chosen[index + 1] ?? chosen[index - 1];
    pendingFocus.current = neighbour ? { id: neighbour.id, button: 'remove' } : 'search';
    set(chosen.filter((_, i) => i !== index));
    setNotice(`「${item.name}」を${label}から外しました。`);
  };

  /** Why a found product cannot be added, or null. */
  const refusal = (item: ProductSummary): string | null => {
    if (item.id === productId) return 'この商品';
    if (chosen.some((c) => c.id === item.id)) return '追加済み';
    if (full) return `${LINKS_MAX}件まで`;
    return null;
  };

  const results = found.data?.items ?? [];

  return (
    <fieldset className={`${ui.fieldset} ${styles.links}`}>
      <legend className={ui.legend}>{label}</legend>
      {chosen.length === 0 ? (
        <p className={styles.hint}>{label}はまだありません。</p>
      ) : (
        <ol className={styles.linkList} aria-label={`${label}の並び`}>
          {chosen.map((item, index) => (
            <li key={item.id} className={styles.linkItem}>
              <span className={styles.linkName}>
                <span className={styles.linkCode}>{item.code || '—'}</span>
                {item.name}
              </span>
              {readOnly ? null : (
                <span className={styles.linkButtons}>
                  <button
                    ref={buttonRef(item.id, 'earlier')}
                    type="button"
                    className={ui.secondary}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'earlier')}
                  >
                    <span aria-hidden="true">前へ</span>
                    <span className="visually-hidden">{`「${item.name}」を前へ移動`}</span>
                  </button>
                  <button
                    ref={buttonRef(item.id, 'later')}
                    type="button"
                    className={ui.secondary}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, index + 1, 'later')}
                  >
                    <span aria-hidden="true">後へ</span>
                    <span className="visually-hidden">{`「${item.name}」を後へ移動`}</span>
                  </button>
                  <button
                    ref={buttonRef(item.id, 'remove')}
                    type="button"
                    className={ui.danger}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">外す</span>
                    <span className="visually-hidden">{`「${item.name}」を${label}から外す`}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}

      {readOnly ? null : (
        <>
          <div className={styles.linkSearch}>
            <label htmlFor={`${id}-q`} className={styles.linkLabel}>
              {label}を検索
            </label>
            <input
              ref={searchBox}
              id={`${id}-q`}
              type="search"
              autoComplete="off"
              className={ui.control}
              aria-describedby={`${id}-q-hint`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={onSearchKey}
            />
            <button type="button" className={ui.secondary} onClick={search}>
              <span aria-hidden="true">検索</span>
              <span className="visually-hidden">{`${label}を検索する`}</span>
            </button>
            <p id={`${id}-q-hint`} className={styles.linkHint}>
              商品名・商品コード・SKUの一部で探します。
            </p>
          </div>
          {query === '' ? null : found.isPending ? (
            <p className={styles.hint}>検索しています…</p>
          ) : found.isError ? (
            <p role="alert" className={styles.fieldError}>
              {errorText(found.error)}
            </p>
          ) : results.length === 0 ? (
            <p className={styles.hint}>「{query}」に当てはまる商品はありません。</p>
          ) : (
            <ul className={styles.linkList} aria-label={`${label}の検索結果`}>
              {results.map((item) => {
                const refused = refusal(item);
                return (
                  <li key={item.id} className={styles.linkItem}>
                    <span className={styles.linkName}>
                      <span className={styles.linkCode}>{item.code}</span>
                      {item.name}
                    </span>
                    <button
                      type="button"
                      className={ui.secondary}
                      disabled={refused !== null}
                      onClick={() => add(item)}
                    >
                      <span aria-hidden="true">{refused ?? '追加'}</span>
                      <span className="visually-hidden">
                        {refused ? `「${item.name}」（${refused}）` : `「${item.name}」を${label}に追加`}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div role="status" aria-live="polite" className={styles.linkStatus}>
            {notice}
          </div>
        </>
      )}
    </fieldset>
  );
}
