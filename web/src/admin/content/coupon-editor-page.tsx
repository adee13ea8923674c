/**
 * クーポンの作成 (/admin/content/coupons/new) and クーポンの編集 (/admin/content/coupons/:id),
 * docs/contracts/coupon-desk.md: コード (typed as the owner likes, saved upper-case), クーポン名,
 * 説明, 値引き (金額 / 率 and the value in 円 or %), 利用条件 (商品合計○円以上), 開始日時 and 終了日時
 * (Japan time; blank: from now, no end), 対象 (すべてのお客様 / 会員のみ / 取得した会員のみ, the
 * contract's `member_only` and `requires_take`), 1人あたりの利用回数, 利用上限 (blank: 上限なし) and
 * クーポン一覧に表示する. A saved coupon shows its state and how often orders used it. Beside the
 * form, the coupon as the storefront's coupon list (/coupon) draws it, from what is typed now.
 * 保存する creates the coupon (then its editor opens, saying so) or saves it with the version
 * read: refused (422), each message goes under its field; changed elsewhere first (409
 * `coupons.stale`), the shared StaleNotice offers 最新の内容を読み込む. 削除する asks first and is
 * offered only while no order used the coupon; an order that used it since is the server's 409
 * `coupons.used`, whose message the form shows. Only for staff holding `shop_settings`.
 */
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '../api/admin-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { arrivedNotice, EditorFrame, EditorLoader } from '../ui/editor-frame';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import previewStyles from '../ui/preview.module.css';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { formatYen } from '../ui/yen';
import { COUPONS_PATH, CouponStatusBadge, couponEditorPath } from './coupons-page';
import {
  isCouponStale,
  couponQuery,
  refreshCoupon,
  useCreateCoupon,
  useDeleteCoupon,
  useSaveCoupon,
} from './coupons-queries';
import {
  AUDIENCES,
  audienceFlags,
  type CouponValues,
  couponErrors,
  couponRules,
  couponValues,
  createBody,
  emptyCoupon,
  MESSAGES,
  normaliseCode,
  parseWhole,
  previewDiscount,
  storefrontDay,
  updateBody,
  usesLabel,
} from './coupons-schema';
import { COUPONS_FORBIDDEN, type CouponDesk } from './coupons-types';
import styles from './coupons.module.css';

export const CREATED_TEXT = 'クーポンを作成しました。';
export const SAVED_TEXT = 'クーポンを保存しました。';
export const DELETED_TEXT = 'クーポンを削除しました。';
export const CODE_HINT = '半角英数字とハイフン・アンダーバーで32文字以内。小文字は大文字にして保存します。';
export const USED_HINT = '注文で使われたクーポンは削除できません。終了日時を設定すると、その日時で終了します。';

const BACK = { to: COUPONS_PATH, label: 'クーポン一覧へ戻る', className: styles.back };

// ---- 作成 ---------------------------------------------------------------------------------------

export function NewCouponPage() {
  return (
    <EditorFrame title="クーポンの作成" back={BACK} forbidden={COUPONS_FORBIDDEN}>
      <CouponForm coupon={null} />
    </EditorFrame>
  );
}

// ---- 編集 ---------------------------------------------------------------------------------------

export function CouponEditorPage() {
  const { id = '' } = useParams();
  return (
    <EditorFrame title="クーポンの編集" back={BACK} forbidden={COUPONS_FORBIDDEN}>
      <EditorLoader key={id} query={couponQuery(id)}>
        {(coupon) => <CouponForm coupon={coupon} />}
      </EditorLoader>
    </EditorFrame>
  );
}

// ---- the form -----------------------------------------------------------------------------------

/** The form of a new coupon (`coupon` null) or of one read from the server. */
function CouponForm({ coupon }: { coupon: CouponDesk | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<CouponValues>({ defaultValues: coupon ? couponValues(coupon) : emptyCoupon() });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  // The coupon as the server last answered it: its version goes with a save; its state and uses
  // are what the page says.
  const [shown, setShown] = useState(coupon);
  const [notice, setNotice] = useState<string | null>(() => arrivedNotice(location.state));
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateCoupon();
  const save = useSaveCoupon(coupon?.id ?? '');
  const remove = useDeleteCoupon(coupon?.id ?? '');
  const pending = create.isPending || save.isPending || remove.isPending;
  const kind = useWatch({ control, name: 'discount_kind' });

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
  };

  /** The coupon as the server has it, into the form (after a save, or read afresh). */
  const show = (fresh: CouponDesk) => {
    setShown(fresh);
    form.reset(couponValues(fresh));
  };

  const refused = (error: unknown) => {
    if (isCouponStale(error)) {
      setStale(error);
      return;
    }
    const found = couponErrors(error);
    found.fields.forEach(({ name, message }, index) => {
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    setAlert(found.alert);
  };

  const submit = (values: CouponValues) => {
    clearMessages();
    if (!shown) {
      create.mutate(createBody(values), {
        onSuccess: (created) =>
          void navigate(couponEditorPath(created.id), { replace: true, state: { notice: CREATED_TEXT } }),
        onError: refused,
      });
      return;
    }
    save.mutate(updateBody(values, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(SAVED_TEXT);
      },
      onError: refused,
    });
  };

  const confirmDelete = () => {
    if (!shown) return;
    clearMessages();
    remove.mutate(shown.version, {
      onSuccess: () => void navigate(COUPONS_PATH, { state: { notice: DELETED_TEXT } }),
      onError: (error) => {
        setConfirming(false);
        // `coupons.used` (an order used it since it was read) says so in the server's words.
        if (isCouponStale(error)) setStale(error);
        else setAlert(errorText(error));
      },
    });
  };

  const { reload, reloaded } = useStaleReload({
    refresh: (queryClient) => refreshCoupon(queryClient, shown?.id ?? ''),
    show,
    clearMessages,
    setNotice,
    setAlert,
  });

  const unit = kind === 'percent' ? '%' : '円';

  return (
    <div className={styles.editor}>
      <div className={styles.editorMain}>
        {shown ? <Standing coupon={shown} /> : null}

        <form
          noValidate
          aria-label={shown ? 'クーポンの編集' : 'クーポンの作成'}
          onSubmit={handleSubmit(submit, () => {
            clearMessages();
            setAlert(MESSAGES.summary);
          })}
        >
          <Field label="コード" hint={CODE_HINT} error={errors.code?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="WINTER-10"
                className={`${props.className} ${styles.codeInput}`}
                {...register('code', couponRules.code)}
              />
            )}
          </Field>

          <Field
            label="クーポン名"
            hint="クーポン一覧とカートに表示されます（50文字以内）"
            error={errors.name?.message}
          >
            {(props) => <input {...props} type="text" autoComplete="off" {...register('name', couponRules.name)} />}
          </Field>

          <Field label="説明" hint="クーポン一覧に表示されます（500文字以内）" error={errors.description?.message}>
            {(props) => <textarea {...props} rows={3} {...register('description', couponRules.description)} />}
          </Field>

          <fieldset className={styles.section}>
            <legend>値引き</legend>
            <Choices legend="値引きの種類" error={errors.discount_kind}>
              <label className={ui.choice}>
                <input type="radio" value="amount" {...register('discount_kind', couponRules.discount_kind)} />
                金額（円）
              </label>
              <label className={ui.choice}>
                <input type="radio" value="percent" {...register('discount_kind', couponRules.discount_kind)} />
                率（%）
              </label>
            </Choices>
            <Field label={kind === 'percent' ? '値引き率' : '値引き額'} error={errors.discount_value?.message}>
              {(props) => (
                <span className={styles.unitRow}>
                  <input
                    {...props}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register('discount_value', couponRules.discount_value)}
                  />
                  <span className={styles.unit}>{unit}</span>
                </span>
              )}
            </Field>
            <Field
              label="利用条件（商品合計）"
              hint="商品合計がこの金額以上のときに使えます。空欄なら条件なし。"
              error={errors.minimum_amount?.message}
            >
              {(props) => (
                <span className={styles.unitRow}>
                  <input
                    {...props}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register('minimum_amount', couponRules.minimum_amount)}
                  />
                  <span className={styles.unit}>円以上</span>
                </span>
              )}
            </Field>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>期間</legend>
            <div className={styles.row}>
              <Field label="開始日時" hint="日本時間。空欄ならすぐに使えます。" error={errors.starts_at?.message}>
                {(props) => (
                  <input {...props} type="datetime-local" step={60} {...register('starts_at', couponRules.starts_at)} />
                )}
              </Field>
              <Field
                label="終了日時"
                hint="日本時間。この日時から使えなくなります。空欄なら期限なし。"
                error={errors.ends_at?.message}
              >
                {(props) => (
                  <input {...props} type="datetime-local" step={60} {...register('ends_at', couponRules.ends_at)} />
                )}
              </Field>
            </div>
          </fieldset>

          <fieldset className={styles.section}>
            <legend>利用できるお客様と回数</legend>
            <Choices
              legend="対象"
              hint="「取得した会員のみ」は、クーポン一覧で取得した会員だけが使えます。"
              error={errors.audience}
            >
              {AUDIENCES.map((audience) => (
                <label key={audience.value} className={ui.choice}>
                  <input type="radio" value={audience.value} {...register('audience')} />
                  {audience.label}
                </label>
              ))}
            </Choices>
            <div className={styles.row}>
              <Field
                label="1人あたりの利用回数"
                hint="会員1人が使える回数（1〜100回）"
                error={errors.uses_per_member?.message}
              >
                {(props) => (
                  <span className={styles.unitRow}>
                    <input
                      {...props}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      {...register('uses_per_member', couponRules.uses_per_member)}
                    />
                    <span className={styles.unit}>回</span>
                  </span>
                )}
              </Field>
              <Field
                label="利用上限"
                hint="すべてのお客様の利用回数の合計（先着順）。空欄なら上限なし。"
                error={errors.max_uses?.message}
              >
                {(props) => (
                  <span className={styles.unitRow}>
                    <input
                      {...props}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="上限なし"
                      {...register('max_uses', couponRules.max_uses)}
                    />
                    <span className={styles.unit}>回</span>
                  </span>
                )}
              </Field>
            </div>
            <PublicChoice form={form} />
          </fieldset>

          <StatusNotice message={notice} />
          {stale ? <StaleNotice message={errorText(stale)} reload={reload} onReloaded={reloaded} /> : null}
          <FormAlert message={alert} />
          <div className={styles.saveBar}>
            <button type="submit" className={ui.button} disabled={pending}>
              {save.isPending || create.isPending ? '保存しています…' : '保存する'}
            </button>
            {shown && shown.used_count === 0 ? (
              <button
                type="button"
                className={`${ui.danger} ${styles.delete}`}
                disabled={pending}
                onClick={() => setConfirming(true)}
              >
                削除する
              </button>
            ) : null}
          </div>
          {shown && shown.used_count > 0 ? <p className={styles.hint}>{USED_HINT}</p> : null}
        </form>
      </div>

      <Preview form={form} saved={shown} />

      {confirming && shown ? (
        <ConfirmDialog
          title="このクーポンを削除しますか？"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          <p>{`「${shown.code}」（${shown.name}）を削除します。削除したクーポンは元に戻せません。`}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** A radio group: its legend, an optional hint, and its message (the server's or a rule's). */
function Choices({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error: FieldError | undefined;
  children: ReactNode;
}) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error?.message ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <fieldset className={ui.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={ui.legend}>{legend}</legend>
      <div className={ui.choices}>{children}</div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} className={styles.fieldError}>
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** クーポン一覧に表示する, with what leaving it off means. */
function PublicChoice({ form }: { form: UseFormReturn<CouponValues> }) {
  const hintId = useId();
  return (
    <div className={styles.check}>
      <label className={ui.choice}>
        <input type="checkbox" aria-describedby={hintId} {...form.register('is_public')} />
        クーポン一覧に表示する
      </label>
      <p id={hintId} className={styles.hint}>
        お店のクーポン一覧（/coupon）に表示します。表示しない場合は、コードを知っているお客様だけが使えます。
      </p>
    </div>
  );
}

/** A saved coupon's state and how often orders used it (of its limit). */
function Standing({ coupon }: { coupon: CouponDesk }) {
  return (
    <dl className={styles.standing}>
      <div>
        <dt>状態</dt>
        <dd>
          <CouponStatusBadge status={coupon.status} />
        </dd>
      </div>
      <div>
        <dt>利用</dt>
        <dd>{usesLabel(coupon.used_count, coupon.max_uses)}</dd>
      </div>
    </dl>
  );
}

/**
 * The coupon as the storefront's coupon list draws it (features/wallet/coupon-page.tsx), from what
 * is typed now: its name (会員限定 when only members may use it), 値引き, 説明, コード (as it will
 * be saved), ご利用条件, 有効期間 and how it is taken.
 */
function Preview({ form, saved }: { form: UseFormReturn<CouponValues>; saved: CouponDesk | null }) {
  const values = { ...emptyCoupon(), ...useWatch({ control: form.control }) } as CouponValues;
  const headingId = useId();
  const cardId = useId();
  const discount = previewDiscount(values, saved);
  const minimum = parseWhole(values.minimum_amount);
  const { member_only: memberOnly, requires_take: requiresTake } = audienceFlags(values.audience);
  const start = storefrontDay(values.starts_at);
  const end = storefrontDay(values.ends_at);
  const name = values.name.trim();
  return (
    <section aria-labelledby={headingId} className={`${previewStyles.frame} ${styles.preview}`}>
      <h2 id={headingId} className={styles.previewHeading}>
        プレビュー
      </h2>
      <p className={previewStyles.label}>お店のクーポン一覧ではこのように表示されます（保存前の内容です）。</p>
      {values.is_public ? null : (
        <p className={styles.hint}>「クーポン一覧に表示する」が外れているため、お客様の一覧には表示されません。</p>
      )}
      <article aria-labelledby={cardId} className={styles.card}>
        <h3 id={cardId} className={styles.cardHead}>
          {name || 'クーポン名'}
          {memberOnly ? <span className={styles.mark}>会員限定</span> : null}
        </h3>
        <p className={styles.cardValue}>{discount ?? '—'}</p>
        {values.description.trim() ? <p className={styles.cardText}>{values.description.trim()}</p> : null}
        <dl className={styles.facts}>
          <div>
            <dt>クーポンコード</dt>
            <dd className={styles.code}>{normaliseCode(values.code) || '—'}</dd>
          </div>
          {minimum !== null && Number.isInteger(minimum) && minimum > 0 ? (
            <div>
              <dt>ご利用条件</dt>
              <dd>{`${formatYen(minimum)}以上のご購入`}</dd>
            </div>
          ) : null}
          <div>
            <dt>有効期間</dt>
            <dd>{start || end ? `${start}〜${end}` : '期限なし'}</dd>
          </div>
        </dl>
        {requiresTake ? (
          <p className={styles.fakeButton}>クーポンを取得する</p>
        ) : (
          <p className={styles.hint}>取得は不要です。カートでクーポンコードを入力してご利用ください。</p>
        )}
      </article>
    </section>
  );
}
