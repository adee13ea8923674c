/**
 * 支払方法の編集 (/admin/settings/payments/:id, docs/contracts/settings-payments.md): one payment
 * method, its name under the h1. 名称, 説明 (shown under the method at checkout), 有効にする (locked,
 * saying why, while the checkout cannot offer the method — the server's `unready_reason`: no card
 * gateway, 銀行振込 without an account, which links to 振込先口座 — and it is off; on but unready,
 * saying it is not shown at checkout), 会員のみ, 利用できる金額 (下限 and
 * 上限 on the total before the fee; empty: no bound) and 手数料: a table of tiers, each row 「〜
 * [上限金額]円まで」 with its fee and 「この段を削除」, the last row 「それ以上」 with only its fee;
 * 「段を追加」 puts a row before the last (at most 10). Card payment takes no fee: the table is a
 * sentence saying so, and the save sends one open tier of 0. Saving, refusals (each message under
 * its box, `fee_tiers[2].up_to` under the third row's bound) and a 409 as on every settings screen
 * (settings-form-frame.tsx); a save answers the whole desk, which the list shows at once. Only for
 * staff holding `shop_settings` (オーナー and 店長).
 */
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type UseFormRegisterReturn, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { EditorFrame, EditorLoader } from '../ui/editor-frame';
import { Field, ui } from '../ui/form';
import { table } from '../ui/table';
import { BANK_ACCOUNT_PATH } from './bank-account-types';
import { paymentsQuery, refreshPaymentMethod, useSavePaymentMethod } from './payments-queries';
import {
  emptyTier,
  enablingLocked,
  isBankTransfer,
  isCard,
  MESSAGES,
  type PaymentField,
  type PaymentValues,
  paymentBody,
  paymentErrors,
  paymentRules,
  paymentValues,
  SET_BANK_ACCOUNT_TEXT,
  TIERS_MAX,
  unreadyHint,
  unreadyReason,
} from './payments-schema';
import { PAYMENTS_PATH, type PaymentMethodSettings } from './payments-types';
import { SettingsForm, useSettingsForm } from './settings-form-frame';
import styles from './settings.module.css';

export const SAVED_TEXT = '支払方法を保存しました。';
export const FORBIDDEN_TEXT = '支払方法の設定は店舗オーナーまたは店長のみ行えます。';
export const NOT_FOUND_TEXT = 'この支払方法は見つかりません。';
export const DESCRIPTION_HINT = 'ご注文手続きでお支払い方法の下に表示します。';
export const MEMBER_ONLY_HINT = 'ログインした会員だけが選べます。';
export const RANGE_HINT = '手数料を除いたお支払い合計（商品・送料・ラッピング）で判定します。';
export const CARD_NO_FEE = 'クレジットカードには手数料をかけられません。';

export function PaymentEditorPage() {
  const { id = '' } = useParams();
  return (
    <EditorFrame
      title="支払方法の編集"
      back={{ to: PAYMENTS_PATH, label: '支払方法設定へ戻る', className: styles.back }}
      forbidden={FORBIDDEN_TEXT}
    >
      {/* The desk read once (the list's query), then the method's form; a method not in it is not this shop's. */}
      <EditorLoader key={id} query={paymentsQuery()}>
        {(settings) => {
          const method = settings.data.find((candidate) => candidate.id === id);
          return method ? <MethodForm method={method} /> : <p role="alert">{NOT_FOUND_TEXT}</p>;
        }}
      </EditorLoader>
    </EditorFrame>
  );
}

function MethodForm({ method }: { method: PaymentMethodSettings }) {
  const form = useForm<PaymentValues>({ defaultValues: paymentValues(method) });
  const {
    register,
    getValues,
    formState: { errors },
  } = form;
  const card = isCard(method);
  const save = useSavePaymentMethod(method.id);
  const frame = useSettingsForm({
    settings: method,
    form,
    values: paymentValues,
    body: (values: PaymentValues, version: number) => paymentBody(values, version, method.code),
    save,
    refresh: (queryClient) => refreshPaymentMethod(queryClient, method.id),
    savedText: SAVED_TEXT,
    // Card payment shows no rows: a row's message goes above 保存する.
    refusal: (error) => paymentErrors(error, card ? 0 : getValues('fee_tiers').length),
  });
  const { shown } = frame;
  // A method the checkout cannot offer (no card gateway, no 振込先口座) cannot be switched on (switched off, it can).
  const locked = enablingLocked(shown);
  const enabledHint = unreadyHint(shown);

  return (
    <>
      <p className={styles.subtitle}>{shown.name}</p>
      <SettingsForm label="支払方法の編集" frame={frame}>
        <div className={styles.texts}>
          <Field label="名称" error={errors.name?.message}>
            {(control) => (
              <input {...control} type="text" autoComplete="off" {...register('name', paymentRules.name)} />
            )}
          </Field>
          <Field label="説明" hint={DESCRIPTION_HINT} error={errors.description?.message}>
            {(control) => <textarea {...control} rows={3} {...register('description', paymentRules.description)} />}
          </Field>
        </div>

        <Checkbox
          label="有効にする"
          hint={enabledHint}
          error={errors.is_enabled?.message}
          disabled={locked}
          registration={register('is_enabled')}
        />
        {unreadyReason(shown) !== null && isBankTransfer(shown) ? (
          <p className={styles.switchLink}>
            <Link to={BANK_ACCOUNT_PATH}>{SET_BANK_ACCOUNT_TEXT}</Link>
          </p>
        ) : null}
        <Checkbox
          label="会員のみ"
          hint={MEMBER_ONLY_HINT}
          error={errors.member_only?.message}
          registration={register('member_only')}
        />

        <fieldset className={styles.section}>
          <legend>利用できる金額</legend>
          <p className={styles.hint}>{RANGE_HINT}</p>
          <div className={styles.amounts}>
            <YenField
              label="下限（円）"
              hint="空欄の場合、下限はありません。"
              error={errors.min_total?.message}
              registration={register('min_total', paymentRules.min_total)}
            />
            <YenField
              label="上限（円）"
              hint="空欄の場合、上限はありません。"
              error={errors.max_total?.message}
              registration={register('max_total', paymentRules.max_total)}
            />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>手数料</legend>
          {card ? (
            <>
              <p className={styles.cardNote}>{CARD_NO_FEE}</p>
              <TiersError message={errors.fee_tiers?.message} />
            </>
          ) : (
            <FeeTiers form={form} />
          )}
        </fieldset>
      </SettingsForm>
    </>
  );
}

/**
 * The tiers: a row per tier, the last 「それ以上」 (its bound is never typed). 「段を追加」 puts an
 * empty row before the last and focuses its bound; 「この段を削除」 takes a row away and focuses
 * the row that took its place.
 */
function FeeTiers({ form }: { form: UseFormReturn<PaymentValues> }) {
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = form;
  const { fields, insert, remove } = useFieldArray({ control, name: 'fee_tiers' });
  const [focusNext, setFocusNext] = useState<PaymentField | null>(null);
  const full = fields.length >= TIERS_MAX;

  useEffect(() => {
    if (!focusNext) return;
    setFocus(focusNext);
    setFocusNext(null);
  }, [focusNext, setFocus]);

  const add = () => {
    const at = Math.max(fields.length - 1, 0);
    insert(at, emptyTier(), { focusName: `fee_tiers.${at}.up_to` });
  };
  const drop = (index: number) => {
    remove(index);
    // The row now at `index`: a bound of its own, or the last row's fee.
    setFocusNext(index < fields.length - 2 ? `fee_tiers.${index}.up_to` : `fee_tiers.${index}.fee`);
  };

  return (
    <>
      <p className={styles.hint}>
        手数料を除いたお支払い合計に応じて手数料が決まります。金額によらず同じ手数料の場合は、最後の段だけにしてください。
      </p>
      <table className={`${table.table} ${styles.tiers}`}>
        <caption className="visually-hidden">手数料の段</caption>
        <thead>
          <tr>
            <th scope="col">お支払い合計</th>
            <th scope="col">手数料</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const last = index === fields.length - 1;
            const row = index + 1;
            const tierErrors = errors.fee_tiers?.[index];
            return (
              <tr key={field.id}>
                <td data-label="お支払い合計">
                  {last ? (
                    <span className={styles.tierOpen}>{fields.length === 1 ? 'すべての金額' : 'それ以上'}</span>
                  ) : (
                    <TierBox
                      label={`${row}段目の上限金額（円）`}
                      before="〜"
                      after="円まで"
                      error={tierErrors?.up_to?.message}
                      registration={register(`fee_tiers.${index}.up_to`, paymentRules.up_to)}
                    />
                  )}
                </td>
                <td data-label="手数料">
                  <TierBox
                    label={`${row}段目の手数料（円）`}
                    after="円"
                    error={tierErrors?.fee?.message}
                    registration={register(`fee_tiers.${index}.fee`, paymentRules.fee)}
                  />
                </td>
                <td data-label="操作">
                  {last ? null : (
                    <button type="button" className={ui.secondary} onClick={() => drop(index)}>
                      この段を削除<span className="visually-hidden">（{row}段目）</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <TiersError message={errors.fee_tiers?.message ?? errors.fee_tiers?.root?.message} />
      <div className={styles.tierActions}>
        <button type="button" className={ui.secondary} disabled={full} onClick={add}>
          段を追加
        </button>
        {full ? <p className={styles.hint}>{MESSAGES.tiersTooMany}</p> : null}
      </div>
    </>
  );
}

/** A message about the tiers as a whole (1 to 10 of them; none on a card). */
function TiersError({ message }: { message: string | undefined }) {
  return message ? <p className={styles.tiersError}>{message}</p> : null;
}

/** A yen box of a tier row, named by its row (the column header is what a sighted user reads), its message under it. */
function TierBox({
  label,
  before,
  after,
  error,
  registration,
}: {
  label: string;
  before?: string;
  after: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const errorId = useId();
  return (
    <div className={styles.tierCell}>
      <span className={styles.yen}>
        {before ? <span aria-hidden="true">{before}</span> : null}
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={ui.control}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <span aria-hidden="true">{after}</span>
      </span>
      {error ? (
        <p id={errorId} className={styles.switchError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 下限 / 上限: a labelled yen box with 円 after it. */
function YenField({
  label,
  hint,
  error,
  registration,
}: {
  label: string;
  hint: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <span className={styles.yen}>
          <input {...control} type="text" inputMode="numeric" autoComplete="off" {...registration} />
          <span aria-hidden="true">円</span>
        </span>
      )}
    </Field>
  );
}

/** A checkbox with what it does under it (and why it is locked), its message under that. */
function Checkbox({
  label,
  hint,
  error,
  disabled = false,
  registration,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.switch}>
      <label className={ui.choice}>
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          {...registration}
          disabled={disabled}
        />
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.switchHint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.switchError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
