/**
 * The pieces of the back office's forms: a labelled control with its hint and error wired by
 * ids, a labelled select of fixed choices, the form's alert, a status line, and the button classes.
 */
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
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

/** One option of a ChoiceField: what the form sends, and what the option reads. */
export interface Choice {
  value: string;
  label: string;
}

/** A closed set as the label files keep it (`{ code, label }`), as a ChoiceField's choices. */
export function codeChoices(items: readonly { code: string; label: string }[]): Choice[] {
  return items.map(({ code, label }) => ({ value: code, label }));
}

export interface ChoiceFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** What `register(name)` returned. */
  registration: UseFormRegisterReturn;
  choices: readonly Choice[];
  /** The blank option's words (it sends ""): すべて unless said. */
  blank?: string;
}

/** A Field holding a select: a blank option first (no filter), then the choices. */
export function ChoiceField({ label, hint, error, registration, choices, blank = 'すべて' }: ChoiceFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...registration}>
          <option value="">{blank}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
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
