/**
 * バリエーション: one row per variation (サイズ, カラー, SKU, 価格, JANコード), 行を追加 / 削除,
 * and 「サイズ×カラーで作成」, which makes the rows of comma-separated sizes and colours (SKU =
 * 商品コード-サイズ-カラー). A new row takes an 初期在庫 (its first 入荷); an existing row shows
 * 販売可能 / 引当中 read only and links to 在庫管理, where stock moves — never here.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, ui } from '../ui/form';
import {
  EMPTY_VARIATION,
  gridRows,
  type ProductValues,
  VARIATIONS_MAX,
  type VariationField,
  variationRules,
} from './product-schema';
import type { AdminVariation } from './product-types';
import styles from './products.module.css';

interface VariationsProps {
  form: UseFormReturn<ProductValues>;
  /** The variations as the server has them now (their stock), by id. */
  saved: readonly AdminVariation[];
  /** About the variations as a whole (the server's `variations`, or none left). */
  listError: string | null;
  readOnly: boolean;
}

const COLUMNS: readonly { field: VariationField; label: string; inputMode?: 'numeric' }[] = [
  { field: 'size_label', label: 'サイズ' },
  { field: 'color_label', label: 'カラー' },
  { field: 'sku', label: 'SKU' },
  { field: 'price', label: '価格', inputMode: 'numeric' },
  { field: 'jan_code', label: 'JANコード', inputMode: 'numeric' },
];

export function VariationsSection({ form, saved, listError, readOnly }: VariationsProps) {
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'variations' });
  const titleId = useId();
  const listErrorId = useId();
  const gridId = useId();
  const [gridOpen, setGridOpen] = useState(false);

  return (
    <fieldset className={styles.section} aria-describedby={listError ? listErrorId : undefined}>
      <legend id={titleId}>バリエーション</legend>
      {listError ? (
        <p id={listErrorId} className={styles.fieldError} role="alert">
          {listError}
        </p>
      ) : null}
      <table className={styles.variations} aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {COLUMNS.map((column) => (
              <th key={column.field} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">在庫・初期在庫</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const row = index + 1;
            const current = field.variation_id ? saved.find((v) => v.id === field.variation_id) : undefined;
            // The stock desk knows the SKU as it was saved.
            const savedSku = current?.sku ?? field.sku;
            const rowErrors = errors.variations?.[index];
            return (
              <tr key={field.id}>
                <th scope="row" data-label="#">
                  {row}
                </th>
                {COLUMNS.map((column) => {
                  const message = rowErrors?.[column.field]?.message;
                  const errorId = `${field.id}-${column.field}-error`;
                  return (
                    <td key={column.field} data-label={column.label}>
                      <div>
                        <input
                          className={styles.cellInput}
                          type="text"
                          inputMode={column.inputMode}
                          autoComplete="off"
                          aria-label={`${row}行目の${column.label}`}
                          aria-invalid={message ? true : undefined}
                          aria-describedby={message ? errorId : undefined}
                          placeholder={column.field === 'price' ? '販売価格' : undefined}
                          {...register(`variations.${index}.${column.field}`, variationRules[column.field])}
                        />
                        {message ? (
                          <span id={errorId} className={styles.cellError}>
                            {message}
                          </span>
                        ) : null}
                      </div>
                    </td>
                  );
                })}
                <td data-label={field.variation_id ? '在庫' : '初期在庫'} className={styles.stockCell}>
                  {field.variation_id ? (
                    <div>
                      <span>
                        販売可能 {current?.available ?? '—'} / 引当中 {current?.reserved ?? '—'}
                      </span>
                      <br />
                      <Link
                        to={`/admin/catalog/stock?${new URLSearchParams({ q: savedSku }).toString()}`}
                        className={styles.stockLink}
                        aria-label={`${row}行目（${savedSku}）の在庫を変更`}
                      >
                        在庫を変更
                      </Link>
                    </div>
                  ) : (
                    <div>
                      <input
                        className={styles.cellInput}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={`${row}行目の初期在庫`}
                        aria-invalid={rowErrors?.initial_stock ? true : undefined}
                        aria-describedby={rowErrors?.initial_stock ? `${field.id}-stock-error` : undefined}
                        placeholder="0"
                        {...register(`variations.${index}.initial_stock`, variationRules.initial_stock)}
                      />
                      {rowErrors?.initial_stock?.message ? (
                        <span id={`${field.id}-stock-error`} className={styles.cellError}>
                          {rowErrors.initial_stock.message}
                        </span>
                      ) : null}
                    </div>
                  )}
                </td>
                <td data-label="操作">
                  {readOnly ? null : (
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={`${row}行目を削除`}
                      onClick={() => remove(index)}
                    >
                      削除
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {fields.length === 0 ? <p className={styles.hint}>バリエーションがありません。行を追加してください。</p> : null}
      {readOnly ? null : (
        <>
          <div className={styles.tableActions}>
            <button
              type="button"
              className={ui.secondary}
              disabled={fields.length >= VARIATIONS_MAX}
              onClick={() => append({ ...EMPTY_VARIATION })}
            >
              行を追加
            </button>
            <button
              type="button"
              className={ui.secondary}
              aria-expanded={gridOpen}
              aria-controls={gridId}
              onClick={() => setGridOpen(!gridOpen)}
            >
              サイズ×カラーで作成
            </button>
          </div>
          <GridMaker
            id={gridId}
            open={gridOpen}
            onMake={(sizes, colors) => {
              const { code, variations } = getValues();
              replace(gridRows(variations, { code, sizes, colors }));
              setGridOpen(false);
            }}
          />
        </>
      )}
      <p className={styles.stockNote}>
        在庫数の変更は在庫管理から行います。ここで入力できるのは、新しく追加する行の初期在庫だけです。
      </p>
    </fieldset>
  );
}

/**
 * 「サイズ×カラーで作成」's panel: two comma-separated lists into rows (not a form of its own: it
 * sits inside the product's form, so Enter in a box makes the rows instead of saving).
 */
function GridMaker({
  id,
  open,
  onMake,
}: {
  id: string;
  open: boolean;
  onMake: (sizes: string, colors: string) => void;
}) {
  const [sizes, setSizes] = useState('');
  const [colors, setColors] = useState('');
  const make = () => {
    if (sizes.trim() === '' && colors.trim() === '') return;
    onMake(sizes, colors);
    setSizes('');
    setColors('');
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      make();
    }
  };

  return (
    <div id={id} className={styles.grid} hidden={!open}>
      <p className={styles.hint}>
        サイズとカラーをカンマ（,）区切りで入力すると、すべての組み合わせの行を作ります。SKUは「商品コード-サイズ-カラー」になります（半角英数字でないサイズ・カラーは01・02…の番号になります）。
      </p>
      <div className={styles.row}>
        <Field label="サイズ（カンマ区切り）" hint="例：S,M,L">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={sizes}
              onChange={(event) => setSizes(event.target.value)}
              onKeyDown={onEnter}
            />
          )}
        </Field>
        <Field label="カラー（カンマ区切り）" hint="例：ネイビー,グレー">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={colors}
              onChange={(event) => setColors(event.target.value)}
              onKeyDown={onEnter}
            />
          )}
        </Field>
      </div>
      <button type="button" className={ui.button} onClick={make}>
        行を作成
      </button>
    </div>
  );
}
