/**
 * 振込先口座 (/admin/settings/bank-account, docs/contracts/settings-bank-account.md): where
 * customers who choose 銀行振込 transfer their payment, and how many days they have. While no
 * account was saved (as saved, not as typed), a warning box at the top says 銀行振込 is not
 * offered. Then 銀行名, 支店名, 口座種別 (普通 / 当座), 口座番号 (7 digits), 口座名義（カナ） and
 * お支払い期限 (days from the order day), and under them, as typed, what the customer reads
 * (「お振込先 ライド銀行 渋谷支店 普通 1234567 カ）ライドパーツ お支払い期限：ご注文日から7日以内」).
 * 保存する sends the fields as typed with the version read; the server normalises them and the
 * form shows its answer. Refusals and a 409 as on every settings screen (settings-form-frame.tsx).
 * Only for staff holding `shop_settings` (オーナー and 店長).
 */
import { useId } from 'react';
import { type Control, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Field, ui } from '../ui/form';
import previewStyles from '../ui/preview.module.css';
import styles from './bank-account.module.css';
import { bankAccountQuery, refreshBankAccount, useSaveBankAccount } from './bank-account-queries';
import {
  BANK_FIELDS,
  type BankAccountValues,
  bankAccountBody,
  bankAccountRules,
  bankAccountValues,
  MESSAGES,
  transferPreview,
} from './bank-account-schema';
import { ACCOUNT_TYPES, type BankAccountSettings } from './bank-account-types';
import { SettingsForm, SettingsLoader, SettingsScreen, settingsRefusal, useSettingsForm } from './settings-form-frame';
import settingsStyles from './settings.module.css';

export const SAVED_TEXT = '振込先口座を保存しました。';
export const FORBIDDEN_TEXT = '振込先口座の設定は店舗オーナーまたは店長のみ行えます。';
export const HOLDER_HINT = '通帳の表記どおりに入力してください（例：カ）ライドパーツ）。';
export const PREVIEW_LABEL = 'お客様に表示される内容';

export function BankAccountPage() {
  return (
    <SettingsScreen title="振込先口座" forbidden={FORBIDDEN_TEXT}>
      <SettingsLoader query={bankAccountQuery()}>
        {(settings) => <BankAccountForm settings={settings} />}
      </SettingsLoader>
    </SettingsScreen>
  );
}

const bankAccountRefusal = (error: unknown) => settingsRefusal(error, BANK_FIELDS);

function BankAccountForm({ settings }: { settings: BankAccountSettings }) {
  const form = useForm<BankAccountValues>({ defaultValues: bankAccountValues(settings) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const save = useSaveBankAccount();
  const frame = useSettingsForm({
    settings,
    form,
    values: bankAccountValues,
    body: bankAccountBody,
    save,
    refresh: refreshBankAccount,
    savedText: SAVED_TEXT,
    refusal: bankAccountRefusal,
  });

  return (
    <SettingsForm label="振込先口座" frame={frame}>
      {/* What the shop's customers meet now (as saved, not as typed): said before anything else. */}
      {frame.shown.account ? null : <p className={settingsStyles.stopped}>{MESSAGES.none}</p>}
      <p className={settingsStyles.lead}>
        保存した口座は、ご注文完了の画面、ご注文確認のメール、お客様のご注文詳細とお支払い期限のお知らせに表示されます。お振込み前のご注文にも新しい口座が表示されるため、口座を変えたときはお客様へのご連絡をお願いします。
      </p>

      <div className={styles.fields}>
        <div className={styles.pair}>
          <Field label="銀行名" error={errors.bank_name?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                aria-required="true"
                {...register('bank_name', bankAccountRules.bank_name)}
              />
            )}
          </Field>
          <Field label="支店名" error={errors.branch_name?.message}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                aria-required="true"
                {...register('branch_name', bankAccountRules.branch_name)}
              />
            )}
          </Field>
        </div>

        <AccountTypes
          error={errors.account_type?.message}
          registration={register('account_type', bankAccountRules.account_type)}
        />

        <Field label="口座番号" hint="7桁の数字です。" error={errors.account_number?.message}>
          {(props) => (
            <input
              {...props}
              className={`${props.className} ${styles.number}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              aria-required="true"
              {...register('account_number', bankAccountRules.account_number)}
            />
          )}
        </Field>

        <Field label="口座名義（カナ）" hint={HOLDER_HINT} error={errors.account_holder?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              spellCheck={false}
              aria-required="true"
              {...register('account_holder', bankAccountRules.account_holder)}
            />
          )}
        </Field>

        <Field label="お支払い期限" error={errors.due_days?.message}>
          {(props) => (
            <span className={`${settingsStyles.yen} ${styles.days}`}>
              <input
                {...props}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                aria-required="true"
                {...register('due_days', bankAccountRules.due_days)}
              />
              <span>日以内（注文日から）</span>
            </span>
          )}
        </Field>
      </div>

      <Preview control={control} />
    </SettingsForm>
  );
}

/** 口座種別: 普通 / 当座, the refusal's message under them. */
function AccountTypes({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const errorId = useId();
  return (
    <fieldset className={ui.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={ui.legend}>口座種別</legend>
      <div className={ui.choices}>
        {ACCOUNT_TYPES.map((type) => (
          <label key={type} className={ui.choice}>
            <input type="radio" value={type} aria-invalid={error ? true : undefined} {...registration} />
            {type}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 「お客様に表示される内容」: the account and the due date as typed, as the order pages and the mail say them. */
function Preview({ control }: { control: Control<BankAccountValues> }) {
  const labelId = useId();
  const [bank_name, branch_name, account_type, account_number, account_holder, due_days] = useWatch({
    control,
    name: BANK_FIELDS,
  });
  const { account, due } = transferPreview({
    bank_name,
    branch_name,
    account_type,
    account_number,
    account_holder,
    due_days,
  });
  return (
    <section aria-labelledby={labelId} className={previewStyles.frame}>
      <p id={labelId} className={previewStyles.label}>
        {PREVIEW_LABEL}
      </p>
      {/* The spaces between the parts: a screen reader and a copied text read them apart. */}
      <dl className={styles.transfer}>
        <dt>お振込先</dt> <dd>{account || '（未入力）'}</dd> {due ? <dd>{due}</dd> : null}
      </dl>
    </section>
  );
}
