import { useEffect, useId } from 'react';
import type { AccessoryItem, Variation } from '../../api/types';
import { Price } from '../../ui/price';
import styles from './product-detail.module.css';

/**
 * The accessories chosen to go into the cart with the product: product key → the chosen item's
 * key, or null while a product with several items has none chosen yet.
 */
export type AccessoryChoices = Readonly<Record<string, string | null>>;

export interface ChosenAccessory {
  variationKey: string;
  name: string;
}

export const ACCESSORY_VARIATION_NEEDED = 'アクセサリーの種類を選択してください。';

/** The accessories ready to add, and whether one still waits for its item. */
export function chosenAccessories(
  choices: AccessoryChoices,
  accessories: readonly AccessoryItem[],
): { ready: ChosenAccessory[]; incomplete: boolean } {
  const ready: ChosenAccessory[] = [];
  let incomplete = false;
  for (const item of accessories) {
    if (!(item.key in choices)) continue;
    const variationKey = choices[item.key];
    if (variationKey) ready.push({ variationKey, name: item.name });
    else incomplete = true;
  }
  return { ready, incomplete };
}

const buyable = (item: AccessoryItem) => item.is_on_sale && item.stock_status !== 'out_of_stock';

function AccessoryOption({
  item,
  choice,
  onChange,
}: {
  item: AccessoryItem;
  /** undefined: not chosen. */
  choice: string | null | undefined;
  onChange: (key: string, choice: string | null | undefined) => void;
}) {
  const id = useId();
  const checked = choice !== undefined;
  // The cart takes one of the accessory's items: asked when it has several in stock.
  const items: Variation[] = item.product_model.products.filter((v) => v.stock_status !== 'out_of_stock');
  const only = items.length === 1 ? (items[0]?.key ?? null) : null;

  useEffect(() => {
    if (checked && choice === null && only) onChange(item.key, only);
  }, [checked, choice, only, item.key, onChange]);

  const available = buyable(item);
  return (
    <li className={styles.accessory}>
      <label className={styles.accessoryLabel}>
        <input
          type="checkbox"
          checked={checked}
          disabled={!available}
          onChange={(event) => onChange(item.key, event.target.checked ? null : undefined)}
        />
        <span>
          {item.name}
          <span className={styles.accessoryPrice}>
            <Price value={item.product_price} taxLabel />
          </span>
          {available ? null : <span className={styles.accessoryOut}>（現在お求めいただけません）</span>}
        </span>
      </label>
      {checked && items.length > 1 ? (
        <div className={styles.accessoryVariation}>
          <label htmlFor={`${id}-variation`}>「{item.name}」の種類</label>
          <select
            id={`${id}-variation`}
            value={choice ?? ''}
            onChange={(event) => onChange(item.key, event.target.value || null)}
          >
            <option value="">選択してください</option>
            {items.map((v) => (
              <option key={v.key} value={v.key}>
                {v.name}（¥{v.price.toLocaleString('ja-JP')}）
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {checked && items.length === 0 ? <p className={styles.cartNote}>この商品は在庫がありません。</p> : null}
    </li>
  );
}

/**
 * 「一緒に購入するアクセサリー」: the product's accessories as checkboxes (a product with several
 * items asks which). カートに入れる then puts each under the product's cart line, in the
 * product's quantity (PATCH /v1/carts/accessories/add).
 */
export function AccessoryChoice({
  accessories,
  choices,
  onChange,
}: {
  accessories: readonly AccessoryItem[];
  choices: AccessoryChoices;
  onChange: (key: string, choice: string | null | undefined) => void;
}) {
  const legendId = useId();
  if (!accessories.some(buyable)) return null;
  return (
    <fieldset className={styles.accessories} aria-describedby={`${legendId}-hint`}>
      <legend className={styles.accessoriesLegend}>一緒に購入するアクセサリー</legend>
      <p id={`${legendId}-hint`} className={styles.accessoriesHint}>
        チェックした商品は、本体と同じ数量でカートに入ります。
      </p>
      <ul className={styles.accessoryList}>
        {accessories.map((item) => (
          <AccessoryOption key={item.key} item={item} choice={choices[item.key]} onChange={onChange} />
        ))}
      </ul>
    </fieldset>
  );
}
