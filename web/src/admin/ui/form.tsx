/**
 * The pieces of the back office's forms: a labelled control with its hint and error wired by
 * ids, the form's alert, a status line, and the button classes.
 */
import { useId, type ReactNode } from 'react';
import styles from './form.module.css';

const cls = (name: string): string => styles[name] ?? '';

export const ui = {
  control: cls('control'),
  button: cls('button'),
  secondary: cls('secondary'),
  danger: cls('danger'),
  link: cls('link'),
  actions: cls('actions'),
  choices: cls('choices'),
  choice: cls('choice'),
  fieldset: cls('fieldset'),
  legend: cls('legend'),
};

export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        className: ui.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's own message (not tied to one field), read out when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  );
}

/** A confirmation that something was done (read out politely). */
export function StatusNotice({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {message ? <p className={styles.notice}>{message}</p> : null}
    </div>
  );
}
