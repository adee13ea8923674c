/**
 * What every settings screen with one form shares (送料設定, ポイント設定, ショップ情報, ご利用設定,
 * メンテナンスモード), so that they read, save and refuse alike (and a fix to one reaches all):
 *
 * - SettingsScreen: the page's title, 設定へ戻る and h1, and the screen only for staff holding
 *   `shop_settings` (オーナー and 店長), the others reading why not (ui/editor-frame.tsx's EditorFrame);
 * - SettingsLoader: the settings read once (loading, or why they could not be read): EditorLoader;
 * - useSettingsForm + SettingsForm: 保存する sends the form with the version read. Saved, the form
 *   shows the server's answer (its normalised values, the new version) and the status line says
 *   so; refused (422), each message goes under its field, the first one focused, with the summary
 *   and what no field shows above 保存する; saved elsewhere first (409), the shared StaleNotice
 *   offers 最新の内容を読み込む. A screen may ask before some saves (`confirm`: メンテナンスモード
 *   before closing the shop): the frame then holds the typed values until the screen's
 *   ConfirmDialog says go (`confirmSave`) or やめる (`cancelSave`), and may word the status line
 *   after what the save changed (`savedText` as a function).
 */
import { type BaseSyntheticEvent, type ReactNode, useState } from 'react';
import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { AdminApiError, errorText } from '../api/admin-client';
import { FormAlert, StatusNotice, ui } from '../ui/form';
import { EditorFrame, EditorLoader } from '../ui/editor-frame';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { isSettingsStale } from './carriage-queries';
import { MESSAGES } from './carriage-schema';
import styles from './settings.module.css';

/** The page around a settings form: `title` is the h1 and the tab's title; `forbidden` what other roles read. */
export function SettingsScreen({
  title,
  forbidden,
  children,
}: {
  title: string;
  forbidden: string;
  children: ReactNode;
}) {
  return (
    <EditorFrame
      title={title}
      back={{ to: '/admin/settings', label: '設定へ戻る', className: styles.back }}
      forbidden={forbidden}
    >
      {children}
    </EditorFrame>
  );
}

/** The settings read, handed to `children` (the form); until then what is happening. */
export const SettingsLoader = EditorLoader;

/** A refused save: each field's message (in the form's order) and the form's alert. */
export interface SettingsRefusal<F extends string> {
  fields: { name: F; message: string }[];
  alert: string;
}

/**
 * A refused save (422) as messages for `fields` (the form's fields, in its order) and the alert:
 * the summary with what no field shows (the version's); any other failure as its message.
 */
export function settingsRefusal<F extends string>(error: unknown, fields: readonly F[]): SettingsRefusal<F> {
  if (!(error instanceof AdminApiError) || Object.keys(error.errors).length === 0) {
    return { fields: [], alert: errorText(error) };
  }
  const found: SettingsRefusal<F>['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const field = fields.find((name) => name === key);
    if (field) found.push({ name: field, message });
    else if (!other.includes(message)) other.push(message);
  }
  // The server's keys come sorted by name: in the form's order, the first one takes the focus.
  found.sort((a, b) => fields.indexOf(a.name) - fields.indexOf(b.name));
  return { fields: found, alert: [MESSAGES.summary, ...other].join('\n') };
}

export interface SettingsFormOptions<S extends { version: number }, V extends FieldValues, B> {
  /** The settings as read. */
  settings: S;
  form: UseFormReturn<V>;
  /** The settings as the form shows them. */
  values: (settings: S) => V;
  /** The form as 保存する sends it, with the version it was read at (called once the rules passed). */
  body: (values: V, version: number) => B;
  save: UseMutationResult<S, Error, B>;
  /** Reads the settings afresh (最新の内容を読み込む). */
  refresh: (queryClient: QueryClient) => Promise<S>;
  /** The status line after a save; a function words it after what changed (`before`: as read). */
  savedText: string | ((saved: S, before: S) => string);
  /** A refused save's messages. */
  refusal: (error: unknown) => SettingsRefusal<Path<V>>;
  /** Whether these values (checked by the rules) are asked about before they are sent. */
  confirm?: (typed: V, shown: S) => boolean;
}

/** What SettingsForm shows and does; `shown` is the settings the form was last read or saved at. */
export interface SettingsFormFrame<S> {
  shown: S;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  notice: string | null;
  alert: string | null;
  stale: unknown;
  reload: () => Promise<void>;
  reloaded: () => void;
  saving: boolean;
  /** A save waits for the screen's question to be answered (`confirm`). */
  confirming: boolean;
  /** The question answered yes: the held values are sent. */
  confirmSave: () => void;
  /** The question answered no: nothing is sent, the form keeps what was typed. */
  cancelSave: () => void;
}

/** A settings form's save, its messages and its 409's reload (see the file's comment). */
export function useSettingsForm<S extends { version: number }, V extends FieldValues, B>({
  settings,
  form,
  values,
  body,
  save,
  refresh,
  savedText,
  refusal,
  confirm,
}: SettingsFormOptions<S, V, B>): SettingsFormFrame<S> {
  // The settings the form was read at: its version goes with the save.
  const [shown, setShown] = useState(settings);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  // The values waiting for the screen's question (`confirm`), held as typed.
  const [held, setHeld] = useState<{ typed: V } | null>(null);

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
  };

  /** The settings as the server has them, into the form (after a save, or read afresh). */
  const show = (fresh: S) => {
    setShown(fresh);
    form.reset(values(fresh));
  };

  const submit = (typed: V) => {
    clearMessages();
    save.mutate(body(typed, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(typeof savedText === 'string' ? savedText : savedText(saved, shown));
      },
      onError: (error) => {
        if (isSettingsStale(error)) {
          setStale(error);
          return;
        }
        const refused = refusal(error);
        refused.fields.forEach(({ name, message }, index) => {
          form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
        });
        setAlert(refused.alert);
      },
    });
  };

  const { reload, reloaded } = useStaleReload({ refresh, show, clearMessages, setNotice, setAlert });

  const onSubmit = form.handleSubmit(
    (typed) => {
      if (confirm?.(typed, shown)) {
        clearMessages();
        setHeld({ typed });
        return;
      }
      submit(typed);
    },
    () => {
      clearMessages();
      setAlert(MESSAGES.summary);
    },
  );

  // The dialog goes before the save starts: the focus is back on 保存する, free for a refused field.
  const confirmSave = () => {
    if (!held) return;
    setHeld(null);
    submit(held.typed);
  };
  const cancelSave = () => setHeld(null);

  return {
    shown,
    onSubmit,
    notice,
    alert,
    stale,
    reload,
    reloaded,
    saving: save.isPending,
    confirming: held !== null,
    confirmSave,
    cancelSave,
  };
}

/** The form named `label`: its fields, then the status line, the 409's notice, the alert and 保存する. */
export function SettingsForm<S>({
  label,
  frame,
  children,
}: {
  label: string;
  frame: SettingsFormFrame<S>;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-label={label} onSubmit={frame.onSubmit}>
      {children}
      <StatusNotice message={frame.notice} />
      {frame.stale ? (
        <StaleNotice message={errorText(frame.stale)} reload={frame.reload} onReloaded={frame.reloaded} />
      ) : null}
      <FormAlert message={frame.alert} />
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={frame.saving}>
          {frame.saving ? '保存しています…' : '保存する'}
        </button>
      </div>
    </form>
  );
}
