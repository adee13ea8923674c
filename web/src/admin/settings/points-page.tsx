/**
 * ポイント設定 (/admin/settings/points): ポイント付与率（%）, the whole percent of the items (after
 * coupons) an order earns, or 0 for no points (the storefront then hides them). Under the box, as
 * it is typed, what a 10,000-yen order earns, or while it is 0 that points are not used. 保存する
 * sends the rate with the version read: saved, the form shows the setting as saved; refused
 * (422), the message goes under the box with the summary; saved elsewhere first (409), the shared
 * StaleNotice offers 最新の内容を読み込む (the frame every settings screen shares,
 * settings-form-frame.tsx). Only for staff holding `shop_settings` (オーナー and 店長).
 */
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../ui/form';
import { pointsQuery, refreshPoints, useSavePoints } from './points-queries';
import {
  earnExample,
  MESSAGES,
  type PointValues,
  pointBody,
  pointErrors,
  pointRules,
  pointValues,
  validRate,
} from './points-schema';
import type { PointSettings } from './points-types';
import {
  SettingsForm,
  SettingsLoader,
  type SettingsRefusal,
  SettingsScreen,
  useSettingsForm,
} from './settings-form-frame';
import styles from './settings.module.css';

export const SAVED_TEXT = 'ポイント設定を保存しました。';

const HINT =
  '商品代金（クーポン値引き後）に対する割合です。1ポイント＝1円として使えます。0にするとポイントを使わない設定になり、お店の画面からポイントの表示が消えます。';

export function PointsPage() {
  return (
    <SettingsScreen title="ポイント設定" forbidden="ポイント設定は店舗オーナーまたは店長のみ行えます。">
      <SettingsLoader query={pointsQuery()}>{(settings) => <PointsForm settings={settings} />}</SettingsLoader>
    </SettingsScreen>
  );
}

/** A refused save: the rate's message under its box, the rest in the alert. */
function pointRefusal(error: unknown): SettingsRefusal<'earn_rate'> {
  const { earnRate, alert } = pointErrors(error);
  return { fields: earnRate ? [{ name: 'earn_rate', message: earnRate }] : [], alert };
}

function PointsForm({ settings }: { settings: PointSettings }) {
  const form = useForm<PointValues>({ defaultValues: pointValues(settings) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const save = useSavePoints();
  const frame = useSettingsForm({
    settings,
    form,
    values: pointValues,
    body: pointBody,
    save,
    refresh: refreshPoints,
    savedText: SAVED_TEXT,
    refusal: pointRefusal,
  });
  const typed = useWatch({ control, name: 'earn_rate' });
  const example = earnExample(typed);
  const off = validRate(typed) === 0;

  return (
    <SettingsForm label="ポイント設定" frame={frame}>
      <p className={styles.lead}>
        保存した付与率は、次のご注文とマイページのポイント表示からすぐに使われます。すでに付与・利用されたポイントは変わりません。
        {frame.shown.version === 0 ? 'まだ一度も保存されていないため、初期設定の付与率を表示しています。' : null}
      </p>

      <div className={styles.rate}>
        <Field label="ポイント付与率（%）" hint={HINT} error={errors.earn_rate?.message}>
          {(props) => (
            <span className={styles.yen}>
              <input
                {...props}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                {...register('earn_rate', pointRules.earn_rate)}
              />
              <span aria-hidden="true">%</span>
            </span>
          )}
        </Field>
        {off ? <p className={styles.off}>{MESSAGES.off}</p> : null}
        {example ? <p className={styles.example}>{example}</p> : null}
      </div>
    </SettingsForm>
  );
}
