/**
 * The product's form, the same for 登録 and 編集: 基本情報 (説明 with its markup), 商品画像, 価格,
 * 分類, 付属品・おすすめ, 公開, SEO, 名入れ・ギフト (名入れ刺繍, のし・ラッピング) and the
 * バリエーション table. The page owns the form's state and its saving; this draws the boxes,
 * shows each rule's message next to its box, and puts the server's 422 onto them
 * (`applyProductErrors`).
 */
import { type ReactNode, useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Path, UseFormReturn } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import { Field, ui } from '../ui/form';
import { MarkupField } from '../ui/markup-field';
import { LoadFailed } from '../ui/query-state';
import { ProductLinks } from './product-links';
import { ProductPhotos } from './product-photos';
import { EMBROIDERY_CHARS_MAX, type ProductValues, productRules, sortServerErrors } from './product-schema';
import type { AdminVariation, CatalogOptions } from './product-types';
import { VariationsSection } from './product-variations';
import styles from './products.module.css';

export interface ProductFormProps {
  form: UseFormReturn<ProductValues>;
  options: UseQueryResult<CatalogOptions>;
  /** The saved product's id (it is not its own 付属品); null for a new product. */
  productId: string | null;
  /** The saved variations (their stock); none for a new product. */
  saved: readonly AdminVariation[];
  readOnly: boolean;
  pending: boolean;
  submitLabel: string;
  /** Shown above the save button: the form's alert, a stale notice. */
  status?: ReactNode;
  listError: string | null;
  onSubmit: (values: ProductValues) => void;
  /** The links beside the save button (back to the list). */
  children?: ReactNode;
}

export function ProductForm({
  form,
  options,
  productId,
  saved,
  readOnly,
  pending,
  submitLabel,
  status,
  listError,
  onSubmit,
  children,
}: ProductFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const embroidery = watch('embroidery');
  // A photo still going up is not in the list yet: the save waits for it.
  const [uploading, setUploading] = useState(false);
  const giftHintId = useId();

  return (
    <form noValidate aria-label="商品情報" onSubmit={handleSubmit(onSubmit)}>
      <fieldset disabled={readOnly} className={ui.fieldset}>
        <fieldset className={styles.section}>
          <legend>基本情報</legend>
          <Field label="商品名" error={errors.name?.message}>
            {(control) => <input {...control} type="text" {...register('name', productRules.name)} />}
          </Field>
          <Field
            label="商品コード"
            hint="半角英数字と - _ . で入力します。SKUのもとになります。"
            error={errors.code?.message}
          >
            {(control) => (
              <input {...control} type="text" autoComplete="off" {...register('code', productRules.code)} />
            )}
          </Field>
          <MarkupField
            form={form}
            name="description"
            rules={productRules.description}
            label="説明"
            readOnly={readOnly}
          />
        </fieldset>

        <ProductPhotos form={form} readOnly={readOnly} onUploadingChange={setUploading} />

        <fieldset className={styles.section}>
          <legend>価格</legend>
          <div className={styles.row}>
            <Field label="販売価格（税込）" hint="円・整数" error={errors.price?.message}>
              {(control) => (
                <input {...control} type="text" inputMode="numeric" {...register('price', productRules.price)} />
              )}
            </Field>
            <Field
              label="通常価格（税込・任意）"
              hint="値下げ前の価格。空欄なら表示しません。"
              error={errors.before_price?.message}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  {...register('before_price', productRules.before_price)}
                />
              )}
            </Field>
          </div>
          <fieldset className={ui.fieldset} aria-describedby={errors.tax_rate ? 'tax-rate-error' : undefined}>
            <legend className={ui.legend}>税率</legend>
            <div className={ui.choices}>
              <label className={ui.choice}>
                <input type="radio" value="10" {...register('tax_rate')} />
                10%（標準税率）
              </label>
              <label className={ui.choice}>
                <input type="radio" value="8" {...register('tax_rate')} />
                8%（軽減税率）
              </label>
            </div>
            {errors.tax_rate?.message ? (
              <p id="tax-rate-error" className={styles.fieldError}>
                {errors.tax_rate.message}
              </p>
            ) : null}
          </fieldset>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>分類</legend>
          {options.isError ? (
            <LoadFailed error={options.error} />
          ) : !options.data ? (
            <p className={styles.hint}>選択肢を読み込み中…</p>
          ) : (
            <Taxonomy form={form} options={options.data} />
          )}
        </fieldset>

        <ProductLinks form={form} productId={productId} readOnly={readOnly} />

        <fieldset className={styles.section}>
          <legend>公開</legend>
          <label className={ui.choice}>
            <input type="checkbox" {...register('is_published')} />
            公開する
          </label>
          <p className={styles.hint}>
            公開開始・公開終了を入れると、その期間だけストアに表示します（空欄なら期限なし）。
          </p>
          <div className={styles.row}>
            <Field label="公開開始" error={errors.publish_from?.message}>
              {(control) => <input {...control} type="datetime-local" {...register('publish_from')} />}
            </Field>
            <Field label="公開終了" error={errors.publish_until?.message}>
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  {...register('publish_until', { ...productRules.publish_until, deps: ['publish_from'] })}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>SEO</legend>
          <Field label="タイトル" hint="空欄なら商品名を使います。" error={errors.seo_title?.message}>
            {(control) => <input {...control} type="text" {...register('seo_title', productRules.seo_title)} />}
          </Field>
          <Field
            label="ディスクリプション"
            hint="検索結果に表示される説明文です。"
            error={errors.seo_description?.message}
          >
            {(control) => (
              <textarea {...control} rows={3} {...register('seo_description', productRules.seo_description)} />
            )}
          </Field>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>名入れ・ギフト</legend>
          <fieldset className={ui.fieldset}>
            <legend className={ui.legend}>名入れ刺繍</legend>
            <label className={ui.choice}>
              <input type="checkbox" {...register('embroidery')} />
              受け付ける
            </label>
            {embroidery ? (
              <div className={styles.row}>
                <Field label="料金（税込）" error={errors.embroidery_price?.message}>
                  {(control) => (
                    <input
                      {...control}
                      type="text"
                      inputMode="numeric"
                      {...register('embroidery_price', productRules.embroidery_price)}
                    />
                  )}
                </Field>
                <Field
                  label="最大文字数"
                  hint={`1〜${EMBROIDERY_CHARS_MAX}文字`}
                  error={errors.embroidery_max_chars?.message}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="text"
                      inputMode="numeric"
                      {...register('embroidery_max_chars', productRules.embroidery_max_chars)}
                    />
                  )}
                </Field>
              </div>
            ) : null}
          </fieldset>
          <fieldset className={ui.fieldset} aria-describedby={giftHintId}>
            <legend className={ui.legend}>ギフト</legend>
            <div className={ui.choices}>
              <label className={ui.choice}>
                <input type="checkbox" {...register('takes_noshi')} />
                のし対応
              </label>
              <label className={ui.choice}>
                <input type="checkbox" {...register('takes_wrapping')} />
                ギフトラッピング対応
              </label>
            </div>
            <p id={giftHintId} className={styles.hint}>
              外すと、この商品を含む配送先ではのし・ラッピングを選べなくなります（ショップで受け付けている場合）。
            </p>
          </fieldset>
        </fieldset>

        <VariationsSection form={form} saved={saved} listError={listError} readOnly={readOnly} />
      </fieldset>

      {status}
      <div className={styles.saveBar}>
        {readOnly ? null : (
          <button type="submit" className={ui.button} disabled={pending || uploading}>
            {pending ? '保存しています…' : uploading ? '画像をアップロード中…' : submitLabel}
          </button>
        )}
        {children}
      </div>
    </form>
  );
}

/** カテゴリ (their paths), メーカー, ブランド, タグ. */
function Taxonomy({ form, options }: { form: UseFormReturn<ProductValues>; options: CatalogOptions }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <CheckList
        form={form}
        name="category_ids"
        legend="カテゴリ"
        items={options.categories.map((category) => ({ id: category.id, label: category.path }))}
        scroll
        empty="カテゴリがありません。"
      />
      <div className={styles.row}>
        <Field label="メーカー" error={errors.maker_id?.message}>
          {(control) => (
            <select {...control} {...register('maker_id')}>
              <option value="">なし</option>
              {options.makers.map((maker) => (
                <option key={maker.id} value={maker.id}>
                  {maker.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="ブランド" error={errors.brand_id?.message}>
          {(control) => (
            <select {...control} {...register('brand_id')}>
              <option value="">なし</option>
              {options.brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <CheckList
        form={form}
        name="tag_ids"
        legend="タグ"
        items={options.tags.map((tag) => ({ id: tag.id, label: tag.name }))}
        empty="タグがありません。"
      />
    </>
  );
}

interface CheckListProps {
  form: UseFormReturn<ProductValues>;
  name: 'category_ids' | 'tag_ids';
  legend: string;
  items: readonly { id: string; label: string }[];
  /** A long list (the category tree) scrolls in its box. */
  scroll?: boolean;
  empty: string;
}

/** Checkboxes whose ticked ids are one array field (a multi-select that reads well on a phone). */
function CheckList({ form, name, legend, items, scroll = false, empty }: CheckListProps) {
  const chosen = form.watch(name);
  const error = form.formState.errors[name]?.message;
  const errorId = `${name}-error`;
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id);
    form.setValue(name, next, { shouldDirty: true });
  };
  return (
    <fieldset className={ui.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={ui.legend}>{legend}</legend>
      {items.length === 0 ? (
        <p className={styles.hint}>{empty}</p>
      ) : (
        <ul className={scroll ? styles.checks : styles.checkList}>
          {items.map((item) => (
            <li key={item.id}>
              <label className={ui.choice}>
                <input
                  type="checkbox"
                  checked={chosen.includes(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                />
                {item.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A refused save onto the form: each field's message next to its box (the first focused), the
 * table's above the variations, and what no box shows for the alert (with the server's message
 * when nothing else says what is wrong).
 */
export function applyProductErrors(
  form: UseFormReturn<ProductValues>,
  error: unknown,
): { alert: string | null; listError: string | null } {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { alert: errorText(error), listError: null };
  }
  const sorted = sortServerErrors(error.errors);
  sorted.fields.forEach(({ name, message }, index) => {
    form.setError(name as Path<ProductValues>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  // The server's message is its first field's: said once.
  const alert = [...new Set([errorText(error), ...sorted.other])].join('\n');
  return { alert, listError: sorted.variations };
}
