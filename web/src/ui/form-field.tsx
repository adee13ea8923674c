/**
 * The pieces of a labelled form (member forms, reminder): a field with its label, 必須 badge,
 * hint and error wired by ids; a fieldset for choices; the form-level alert; the submit button
 * that says it is sending. The control itself stays the caller's (input, select, textarea).
 */
import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import styles from './form-field.module.css';

export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** A class of this module as a string (CSS Modules types every class as possibly undefined). */
const cls = (name: string): string => styles[name] ?? '';

export const controlClass = {
  input: cls('input'),
  select: `${cls('input')} ${cls('select')}`,
  textarea: `${cls('input')} ${cls('textarea')}`,
  readOnly: cls('readOnly'),
  choice: cls('choice'),
  choices: cls('choices'),
  row: cls('row'),
};

function RequiredMark({ required }: { required?: boolean | 'none' }) {
  if (required === 'none') return null;
  return required ? <span className={styles.required}>必須</span> : <span className={styles.optional}>任意</span>;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((v): v is string => typeof v === 'string' && v !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

export interface FormFieldProps {
  label: string;
  /** 必須 or 任意 next to the label; 'none' for a read-only value that is neither. */
  required?: boolean | 'none';
  hint?: ReactNode;
  error?: string;
  /** Extra content after the control (e.g. the postal-code autofill button). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** One labelled control; its error is announced through aria-describedby. */
export function FormField({ label, required, hint, error, after, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={after ? styles.withAfter : undefined}>
        {children({
          id,
          className: cls('input'),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(errorId, hintId),
          'aria-required': required === true ? true : undefined,
        })}
        {after}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FieldGroupProps {
  legend: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A fieldset with a legend: radio choices, or a pair such as 姓 and 名. */
export function FieldGroup({ legend, required, hint, error, children }: FieldGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy(errorId, hintId)}>
      <legend className={styles.label}>
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface RadioGroupProps<T extends FieldValues> extends Omit<FieldGroupProps, 'children'> {
  /** Value and label of each choice, in the order shown. */
  choices: readonly (readonly [value: string, label: string])[];
  /** The form's `register` and the field's name (registered as it renders, in the form's order). */
  register: UseFormRegister<T>;
  name: Path<T>;
}

/** One radio button per choice in a FieldGroup (性別, メールマガジン …). */
export function RadioGroup<T extends FieldValues>({ choices, register, name, ...group }: RadioGroupProps<T>) {
  return (
    <FieldGroup {...group}>
      <div className={controlClass.choices}>
        {choices.map(([value, label]) => (
          <label key={value} className={controlClass.choice}>
            <input type="radio" value={value} {...register(name)} />
            {label}
          </label>
        ))}
      </div>
    </FieldGroup>
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

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  variant?: 'primary' | 'danger';
}

/** Disabled while the form is being sent, and says so. */
export function SubmitButton({ pending, children, pendingLabel = '送信中…', variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={variant === 'danger' ? buttonClass.danger : buttonClass.primary}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

export const buttonClass = {
  primary: cls('submit'),
  secondary: cls('secondary'),
  danger: `${cls('submit')} ${cls('danger')}`,
};
