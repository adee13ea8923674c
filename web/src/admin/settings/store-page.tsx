/**
 * ショップ情報 (/admin/settings/store): ショップ名, 所在地・電話番号, インボイス登録番号 and
 * お問い合わせ受付メールアドレス, each with what it is used for under its label. 保存する sends them
 * as typed with the version read; the server normalises them (the registration number typed in
 * full width with hyphens comes back as `T` + 13 digits) and the form shows its answer. Refusals
 * and a 409 as on every settings screen (settings-form-frame.tsx). Only for staff holding
 * `shop_settings` (オーナー and 店長).
 */
import { useForm } from 'react-hook-form';
import { Field } from '../ui/form';
import { SettingsForm, SettingsLoader, SettingsScreen, settingsRefusal, useSettingsForm } from './settings-form-frame';
import { refreshStoreInfo, storeInfoQuery, useSaveStoreInfo } from './store-queries';
import { STORE_FIELDS, type StoreValues, storeBody, storeRules, storeValues } from './store-schema';
import type { StoreInfoSettings } from './store-types';
import styles from './settings.module.css';

export const SAVED_TEXT = 'ショップ情報を保存しました。';

const HINTS = {
  shopName: 'お店の画面、メール、領収書に表示されます。',
  address: '領収書・御見積書の発行元として、ショップ名の下に印字されます。',
  registrationNumber:
    '適格請求書発行事業者の登録番号です。領収書に「登録番号」として印字されます。未登録の場合は空欄にしてください。',
  contactEmail: 'お問い合わせと新規注文の通知が届きます。空欄の場合は送信元アドレスに届きます。',
} as const;

export function StorePage() {
  return (
    <SettingsScreen title="ショップ情報" forbidden="ショップ情報は店舗オーナーまたは店長のみ行えます。">
      <SettingsLoader query={storeInfoQuery()}>{(settings) => <StoreForm settings={settings} />}</SettingsLoader>
    </SettingsScreen>
  );
}

const storeRefusal = (error: unknown) => settingsRefusal(error, STORE_FIELDS);

function StoreForm({ settings }: { settings: StoreInfoSettings }) {
  const form = useForm<StoreValues>({ defaultValues: storeValues(settings) });
  const {
    register,
    formState: { errors },
  } = form;
  const save = useSaveStoreInfo();
  const frame = useSettingsForm({
    settings,
    form,
    values: storeValues,
    body: storeBody,
    save,
    refresh: refreshStoreInfo,
    savedText: SAVED_TEXT,
    refusal: storeRefusal,
  });

  return (
    <SettingsForm label="ショップ情報" frame={frame}>
      <p className={styles.lead}>
        保存した内容は、次に表示するお店の画面と、これから送るメール・発行する領収書から使われます。
      </p>
      <div className={styles.texts}>
        <Field label="ショップ名" hint={HINTS.shopName} error={errors.shop_name?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="organization"
              aria-required="true"
              {...register('shop_name', storeRules.shop_name)}
            />
          )}
        </Field>
        <Field label="所在地・電話番号" hint={HINTS.address} error={errors.company_address?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              {...register('company_address', storeRules.company_address)}
            />
          )}
        </Field>
        <Field
          label="インボイス登録番号"
          hint={HINTS.registrationNumber}
          error={errors.invoice_registration_number?.message}
        >
          {(control) => (
            <input
              {...control}
              className={`${control.className} ${styles.registration}`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="T1234567890123"
              {...register('invoice_registration_number', storeRules.invoice_registration_number)}
            />
          )}
        </Field>
        <Field label="お問い合わせ受付メールアドレス" hint={HINTS.contactEmail} error={errors.contact_email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              spellCheck={false}
              {...register('contact_email', storeRules.contact_email)}
            />
          )}
        </Field>
      </div>
    </SettingsForm>
  );
}
