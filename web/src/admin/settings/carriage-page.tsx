/**
 * 送料設定 (/admin/settings/carriage): what carriage costs in each of the 47 prefectures (the rows
 * the server sends, grouped by region, each a yen box labelled by its prefecture), 離島の追加送料
 * and 送料無料になる購入金額 (empty: never free), with the fee a cart shows before its address is
 * known (the server's, read only). Per region, 「この地方をまとめて入力」 fills every box of the
 * region from one amount. 保存する sends the whole form with the version read: saved, the form
 * shows the setting as saved; refused (422), each message goes under its box with a summary;
 * saved elsewhere first (409), the shared StaleNotice offers 最新の内容を読み込む (the frame every
 * settings screen shares, settings-form-frame.tsx). Only for staff holding `shop_settings`
 * (オーナー and 店長).
 */
import { useMemo, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Field, ui } from '../ui/form';
import { carriageQuery, refreshCarriage, useSaveCarriage } from './carriage-queries';
import {
  bulkFee,
  type CarriageValues,
  carriageBody,
  carriageErrors,
  carriageRules,
  carriageValues,
} from './carriage-schema';
import { type CarriageSettings, groupByRegion, type RegionGroup } from './carriage-types';
import { SettingsForm, SettingsLoader, SettingsScreen, useSettingsForm } from './settings-form-frame';
import styles from './settings.module.css';

export const SAVED_TEXT = '送料設定を保存しました。';

const YEN = new Intl.NumberFormat('ja-JP');

export function CarriagePage() {
  return (
    <SettingsScreen title="送料設定" forbidden="送料設定は店舗オーナーまたは店長のみ行えます。">
      <SettingsLoader query={carriageQuery()}>{(settings) => <CarriageForm settings={settings} />}</SettingsLoader>
    </SettingsScreen>
  );
}

function CarriageForm({ settings }: { settings: CarriageSettings }) {
  const form = useForm<CarriageValues>({ defaultValues: carriageValues(settings) });
  const {
    register,
    formState: { errors },
  } = form;
  const save = useSaveCarriage();
  const frame = useSettingsForm({
    settings,
    form,
    values: carriageValues,
    body: carriageBody,
    save,
    refresh: refreshCarriage,
    savedText: SAVED_TEXT,
    refusal: carriageErrors,
  });
  // The setting the form was read at: its rows are the boxes.
  const { shown } = frame;
  const groups = useMemo(() => groupByRegion(shown.prefectures), [shown.prefectures]);

  return (
    <SettingsForm label="送料設定" frame={frame}>
      <p className={styles.lead}>
        保存した送料は、次に表示するカートとご注文手続きからすぐに使われます。
        {shown.version === 0 ? 'まだ一度も保存されていないため、初期設定の送料を表示しています。' : null}
      </p>

      <fieldset className={styles.section}>
        <legend>都道府県ごとの送料（円）</legend>
        {groups.map((group) => (
          <RegionFields key={group.region} form={form} group={group} />
        ))}
      </fieldset>

      <fieldset className={styles.section}>
        <legend>離島・送料無料</legend>
        <div className={styles.amounts}>
          <Field
            label="離島の追加送料（円）"
            hint="離島のお届け先では、都道府県の送料にこの金額を加えます。空欄は0円です。"
            error={errors.remote_island_surcharge?.message}
          >
            {(control) => (
              <span className={styles.yen}>
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('remote_island_surcharge', carriageRules.remote_island_surcharge)}
                />
                <span aria-hidden="true">円</span>
              </span>
            )}
          </Field>
          <Field
            label="送料無料になる購入金額（円）"
            hint="この金額以上のご注文は送料無料です。空欄にすると送料無料はありません。"
            error={errors.free_threshold?.message}
          >
            {(control) => (
              <span className={styles.yen}>
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  {...register('free_threshold', carriageRules.free_threshold)}
                />
                <span aria-hidden="true">円</span>
              </span>
            )}
          </Field>
        </div>
        <p className={styles.estimate}>
          {`住所が決まる前のカートには最も多い送料（${YEN.format(shown.estimate_fee)}円）を表示します。`}
        </p>
      </fieldset>
    </SettingsForm>
  );
}

/**
 * One region's prefectures, each a yen box labelled by its name, and 「この地方をまとめて入力」:
 * one amount into every box of the region (still to be saved).
 */
function RegionFields({ form, group }: { form: UseFormReturn<CarriageValues>; group: RegionGroup }) {
  const {
    register,
    formState: { errors },
  } = form;
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const fill = () => {
    const bulk = bulkFee(amount);
    if ('error' in bulk) {
      setAmountError(bulk.error);
      return;
    }
    setAmountError(null);
    for (const { index } of group.rows) {
      form.setValue(`prefectures.${index}.fee`, bulk.fee, { shouldDirty: true });
      form.clearErrors(`prefectures.${index}.fee`);
    }
  };

  return (
    <fieldset className={styles.region}>
      <legend>{group.region}</legend>
      <div className={styles.bulk}>
        <Field label={`${group.region}にまとめて入力する送料（円）`} error={amountError ?? undefined}>
          {(control) => (
            <span className={styles.yen}>
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                onKeyDown={(event) => {
                  // Enter fills the region; it does not save the whole form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    fill();
                  }
                }}
              />
              <span aria-hidden="true">円</span>
            </span>
          )}
        </Field>
        <button type="button" className={`${ui.secondary} ${styles.bulkButton}`} onClick={fill}>
          この地方をまとめて入力
        </button>
      </div>
      <div className={styles.fees}>
        {group.rows.map(({ index, prefecture }) => (
          <Field key={index} label={prefecture} error={errors.prefectures?.[index]?.fee?.message}>
            {(control) => (
              <span className={styles.yen}>
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  {...register(`prefectures.${index}.fee`, carriageRules.fee)}
                />
                <span aria-hidden="true">円</span>
              </span>
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
