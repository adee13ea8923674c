/**
 * メンテナンスモード (/admin/settings/maintenance, docs/contracts/settings-maintenance.md): the
 * shop closed to its customers for a while and opened again. At the top, what the customers meet
 * now (as saved): 「現在: 営業中」, or a warning box while the shop is closed. Then 状態 (営業中 /
 * メンテナンス中), the maintenance page's タイトル and お客様へのメッセージ (a shop that never wrote
 * them finds the usual words, saved only by 保存する), and 「お客様に表示される画面」: the two texts
 * as the storefront's /maintenance draws them, as typed. 保存する closing the shop asks first (the
 * shared ConfirmDialog); opening it again or changing the texts saves at once. Refusals and a 409
 * as on every settings screen (settings-form-frame.tsx). Only for staff holding `shop_settings`
 * (オーナー and 店長); the back office itself stays open while the shop is closed.
 */
import { useId } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, ui } from '../ui/form';
import previewStyles from '../ui/preview.module.css';
import {
  closesShop,
  MAINTENANCE_FIELDS,
  MESSAGES,
  type MaintenanceValues,
  maintenanceBody,
  maintenanceRules,
  maintenanceValues,
  previewParagraphs,
  savedText,
} from './maintenance-schema';
import { maintenanceQuery, refreshMaintenance, useSaveMaintenance } from './maintenance-queries';
import type { MaintenanceSettings } from './maintenance-types';
import { SettingsForm, SettingsLoader, SettingsScreen, settingsRefusal, useSettingsForm } from './settings-form-frame';
import styles from './settings.module.css';

export const MESSAGE_HINT = 'メンテナンスページに表示されます。再開の予定日時などをお知らせください。';
export const CONFIRM_TITLE = 'メンテナンスを開始しますか？';
export const CONFIRM_TEXT = 'お客様はお店を利用できなくなります。';

export function MaintenancePage() {
  return (
    <SettingsScreen
      title="メンテナンスモード"
      forbidden="メンテナンスモードの切り替えは店舗オーナーまたは店長のみ行えます。"
    >
      <SettingsLoader query={maintenanceQuery()}>
        {(settings) => <MaintenanceForm settings={settings} />}
      </SettingsLoader>
    </SettingsScreen>
  );
}

const maintenanceRefusal = (error: unknown) => settingsRefusal(error, MAINTENANCE_FIELDS);

function MaintenanceForm({ settings }: { settings: MaintenanceSettings }) {
  const form = useForm<MaintenanceValues>({ defaultValues: maintenanceValues(settings) });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const save = useSaveMaintenance();
  const frame = useSettingsForm({
    settings,
    form,
    values: maintenanceValues,
    body: maintenanceBody,
    save,
    refresh: refreshMaintenance,
    savedText,
    refusal: maintenanceRefusal,
    confirm: closesShop,
  });
  const stateErrorId = useId();

  return (
    <>
      <SettingsForm label="メンテナンスモード" frame={frame}>
        {/* What the shop's customers meet now (as saved, not as picked): said before anything else. */}
        {frame.shown.is_on ? (
          <p className={styles.closed}>{MESSAGES.closed}</p>
        ) : (
          <p className={styles.open}>{MESSAGES.open}</p>
        )}
        <p className={styles.lead}>
          メンテナンス中は、お客様がお店のどの画面を開いてもメンテナンスページが表示され、ご注文もお受けできません。
        </p>

        <fieldset className={ui.fieldset} aria-describedby={errors.is_on ? stateErrorId : undefined}>
          <legend className={ui.legend}>状態</legend>
          <div className={ui.choices}>
            <label className={ui.choice}>
              <input type="radio" value="off" {...register('is_on')} />
              営業中（お店を開く）
            </label>
            <label className={ui.choice}>
              <input type="radio" value="on" {...register('is_on')} />
              メンテナンス中（お店を閉じる）
            </label>
          </div>
          {errors.is_on?.message ? (
            <p id={stateErrorId} className={styles.switchError}>
              {errors.is_on.message}
            </p>
          ) : null}
        </fieldset>

        <div className={styles.texts}>
          <Field label="タイトル" error={errors.title?.message}>
            {(props) => (
              <input {...props} type="text" autoComplete="off" {...register('title', maintenanceRules.title)} />
            )}
          </Field>
          <Field label="お客様へのメッセージ" hint={MESSAGE_HINT} error={errors.message?.message}>
            {(props) => <textarea {...props} rows={6} {...register('message', maintenanceRules.message)} />}
          </Field>
        </div>

        <Preview control={control} />
      </SettingsForm>

      {frame.confirming ? (
        <ConfirmDialog
          title={CONFIRM_TITLE}
          confirmLabel="開始する"
          onConfirm={frame.confirmSave}
          onClose={frame.cancelSave}
        >
          <p>{CONFIRM_TEXT}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** 「お客様に表示される画面」: the title and message as typed, drawn as /maintenance draws them. */
function Preview({ control }: { control: Control<MaintenanceValues> }) {
  const labelId = useId();
  const [title, message] = useWatch({ control, name: ['title', 'message'] });
  return (
    <section aria-labelledby={labelId} className={previewStyles.frame}>
      <p id={labelId} className={previewStyles.label}>
        お客様に表示される画面
      </p>
      <div className={styles.maintenancePreview}>
        <h2 className={styles.maintenanceTitle}>{title.trim()}</h2>
        {previewParagraphs(message).map((paragraph, index) => (
          <p key={index} className={styles.maintenanceText}>
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}
