/**
 * ポイント設定 (/admin/settings/points): ポイント付与率（%）, the whole percent of the items (after
 * coupons) an order earns, or 0 for no points (the storefront then hides them). Under the box, as
 * it is typed, what a 10,000-yen order earns, or while it is 0 that points are not used. 保存する
 * sends the rate with the version read: saved, the form shows the setting as saved; refused
 * (422), the message goes under the box with the summary; saved elsewhere first (409), the shared
 * StaleNotice offers 最新の内容を読み込む. Only for staff holding `shop_settings` (オーナー and 店長).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { errorText } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { isSettingsStale } from './carriage-queries';
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
import styles from './settings.module.css';

export const SAVED_TEXT = 'ポイント設定を保存しました。';

const HINT =
  '商品代金（クーポン値引き後）に対する割合です。1ポイント＝1円として使えます。0にするとポイントを使わない設定になり、お店の画面からポイントの表示が消えます。';

export function PointsPage() {
  const allowed = useCan()('shop_settings');
  return (
    <>
      <title>ポイント設定 | 管理画面</title>
      <p className={styles.back}>
        <Link to="/admin/settings">設定へ戻る</Link>
      </p>
      <h1>ポイント設定</h1>
      {allowed ? <PointsLoader /> : <p role="alert">ポイント設定は店舗オーナーまたは店長のみ行えます。</p>}
    </>
  );
}

function PointsLoader() {
  const settings = useQuery(pointsQuery());
  // Read once, the form keeps what it read: a later background read does not overwrite typing.
  if (settings.data) return <PointsForm settings={settings.data} />;
  if (settings.isPending) return <Loading />;
  return <LoadFailed error={settings.error} />;
}

function PointsForm({ settings }: { settings: PointSettings }) {
  const form = useForm<PointValues>({ defaultValues: pointValues(settings) });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  // The setting the form was read at: its version goes with the save.
  const [shown, setShown] = useState(settings);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const save = useSavePoints();
  const typed = useWatch({ control, name: 'earn_rate' });
  const example = earnExample(typed);
  const off = validRate(typed) === 0;

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
  };

  /** The setting as the server has it, into the form (after a save, or read afresh). */
  const show = (fresh: PointSettings) => {
    setShown(fresh);
    form.reset(pointValues(fresh));
  };

  const submit = (values: PointValues) => {
    clearMessages();
    save.mutate(pointBody(values, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(SAVED_TEXT);
      },
      onError: (error) => {
        if (isSettingsStale(error)) {
          setStale(error);
          return;
        }
        const refused = pointErrors(error);
        if (refused.earnRate) {
          form.setError('earn_rate', { type: 'server', message: refused.earnRate }, { shouldFocus: true });
        }
        setAlert(refused.alert);
      },
    });
  };

  const { reload, reloaded } = useStaleReload({ refresh: refreshPoints, show, clearMessages, setNotice, setAlert });

  return (
    <form
      noValidate
      aria-label="ポイント設定"
      onSubmit={handleSubmit(submit, () => {
        clearMessages();
        setAlert(MESSAGES.summary);
      })}
    >
      <p className={styles.lead}>
        保存した付与率は、次のご注文とマイページのポイント表示からすぐに使われます。すでに付与・利用されたポイントは変わりません。
        {shown.version === 0 ? 'まだ一度も保存されていないため、初期設定の付与率を表示しています。' : null}
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

      <StatusNotice message={notice} />
      {stale ? <StaleNotice message={errorText(stale)} reload={reload} onReloaded={reloaded} /> : null}
      <FormAlert message={alert} />
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={save.isPending}>
          {save.isPending ? '保存しています…' : '保存する'}
        </button>
      </div>
    </form>
  );
}
