/**
 * ご利用設定 (/admin/settings/storefront): the shop's switches in four fieldsets — 販売 (the
 * temporary stop and 販売中, the latter shown only while the stop is in use), お届け, 会員 and
 * ログインの安全 — each checkbox with what it does under it, and two numbers (お届け先の登録数,
 * パスワードの有効期限: empty for never). While the saved switches stop selling, the screen says so
 * at the top: the shop's product pages say 販売停止中 and its cart refuses orders. Saving, refusals
 * and a 409 as on every settings screen (settings-form-frame.tsx). Only for staff holding
 * `shop_settings` (オーナー and 店長).
 */
import { type ReactNode, useId } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Field, ui } from '../ui/form';
import { SettingsForm, SettingsLoader, SettingsScreen, settingsRefusal, useSettingsForm } from './settings-form-frame';
import { refreshStorefront, storefrontQuery, useSaveStorefront } from './storefront-queries';
import {
  MESSAGES,
  STOREFRONT_FIELDS,
  type StorefrontValues,
  stopsSelling,
  storefrontBody,
  storefrontRules,
  storefrontValues,
} from './storefront-schema';
import type { StorefrontSettings } from './storefront-types';
import styles from './settings.module.css';

export const SAVED_TEXT = 'ご利用設定を保存しました。';

export function StorefrontPage() {
  return (
    <SettingsScreen title="ご利用設定" forbidden="ご利用設定は店舗オーナーまたは店長のみ行えます。">
      <SettingsLoader query={storefrontQuery()}>{(settings) => <StorefrontForm settings={settings} />}</SettingsLoader>
    </SettingsScreen>
  );
}

const storefrontRefusal = (error: unknown) => settingsRefusal(error, STOREFRONT_FIELDS);

function StorefrontForm({ settings }: { settings: StorefrontSettings }) {
  const form = useForm<StorefrontValues>({ defaultValues: storefrontValues(settings) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const save = useSaveStorefront();
  const frame = useSettingsForm({
    settings,
    form,
    values: storefrontValues,
    body: storefrontBody,
    save,
    refresh: refreshStorefront,
    savedText: SAVED_TEXT,
    refusal: storefrontRefusal,
  });
  // 販売中 means something only while the stop is in use: hidden otherwise, its value kept.
  const stopInUse = useWatch({ control, name: 'stop_selling_is_use' });

  return (
    <SettingsForm label="ご利用設定" frame={frame}>
      {/* What the shop's customers meet now (as saved, not as ticked): said before anything else. */}
      {stopsSelling(frame.shown) ? <p className={styles.stopped}>{MESSAGES.stopped}</p> : null}
      <p className={styles.lead}>保存した設定は、お店の画面の次の表示とご注文からすぐに使われます。</p>

      <fieldset className={styles.section}>
        <legend>販売</legend>
        <Switch
          label="一時販売停止機能を使う"
          hint="オンにすると、下の「販売中」で販売を止められます。"
          error={errors.stop_selling_is_use?.message}
          registration={register('stop_selling_is_use')}
        />
        {stopInUse ? (
          <Switch
            label="販売中"
            hint="チェックを外すと、商品ページに「販売停止中」と表示され、ご注文を受け付けなくなります。"
            error={errors.stop_selling_is_selling?.message}
            registration={register('stop_selling_is_selling')}
          />
        ) : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend>お届け</legend>
        <Switch
          label="複数のお届け先への配送を許可する"
          hint="会員がご注文の商品を複数の住所に分けて送れます。"
          error={errors.allow_multiple_shipping?.message}
          registration={register('allow_multiple_shipping')}
        />
        <CountField
          label="登録できるお届け先の数"
          hint="会員がアドレス帳に登録できる住所の数です（1〜100）。"
          error={errors.address_limit?.message}
          registration={register('address_limit', storefrontRules.address_limit)}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>会員</legend>
        <Switch
          label="会員限定の確認を行わない（NO_MEMBER_USE）"
          hint="オンにすると、マイページなど会員向けの画面でログインを求めなくなります。通常はオフのままにしてください。"
          error={errors.no_member_use?.message}
          registration={register('no_member_use')}
        />
        <Switch
          label="初回ログイン時にメールアドレスの確認を求める"
          hint="オンにすると、登録したばかりの会員は、ログインの後にメールアドレスの確認を済ませてから会員向けの画面を使います。"
          error={errors.verify_email_at_first_login?.message}
          registration={register('verify_email_at_first_login')}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>ログインの安全</legend>
        <Switch
          label="ログインのたびにメールで確認コードを送る（2段階認証）"
          hint="オンにすると、会員はパスワードでログインするたびに、メールで届く確認コードも入力します。"
          error={errors.is_mfa?.message}
          registration={register('is_mfa')}
        />
        <CountField
          label="パスワードの有効期限（日）"
          hint="30〜3650日で入力します。空欄にすると期限なしです。"
          error={errors.password_expire_days?.message}
          registration={register('password_expire_days', storefrontRules.password_expire_days)}
        />
      </fieldset>
    </SettingsForm>
  );
}

/** A checkbox with what it does under it (its description) and a refusal's message. */
/** A whole number typed in a narrow box (full-width digits are read too). */
function CountField({
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
    <div className={styles.count}>
      <Field label={label} hint={hint} error={error}>
        {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" {...registration} />}
      </Field>
    </div>
  );
}

function Switch({
  label,
  hint,
  error,
  registration,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
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
