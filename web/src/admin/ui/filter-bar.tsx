/**
 * A list's filter form (受信箱, 法人会員, 受注管理, 会員管理, 操作履歴): the class names of its fields
 * and buttons; 詳しい条件, the panel that keeps the less used filters folded away until one is set;
 * and useFilterForm, the form over a filter kept in the address.
 */
import { type ReactNode, useEffect } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { fieldError } from '../api/admin-client';
import styles from './filter-bar.module.css';

const cls = (name: string): string => styles[name] ?? '';

export const filterBar = {
  fields: cls('fields'),
  actions: cls('actions'),
};

/**
 * 詳しい条件: the filters laid out in a grid, folded away unless some are set (`set`, how many,
 * which the summary says: （2件指定中）).
 */
export function FilterPanel({ set, children }: { set: number; children: ReactNode }) {
  return (
    <details className={styles.panel} open={set > 0 || undefined}>
      <summary className={styles.panelSummary}>詳しい条件{set > 0 ? `（${set}件指定中）` : ''}</summary>
      <div className={styles.panelFields}>{children}</div>
    </details>
  );
}

/**
 * The form over a filter kept in the address (`values`, every field a string or a flag): when the
 * address changes (back/forward, a bookmark, a tab, 条件をクリア) the form follows it. `problem(name)`
 * is what to say under a field: its own rule's message, else the list's 422 on it (`error`).
 */
export function useFilterForm<T extends FieldValues>(
  values: T,
  error: unknown,
): UseFormReturn<T> & { problem: (name: keyof T & string) => string | undefined } {
  const form = useForm<T>({ defaultValues: values as DefaultValues<T> });
  const { reset } = form;
  const key = JSON.stringify(values);
  useEffect(() => {
    reset(JSON.parse(key) as T);
  }, [key, reset]);
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  const problem = (name: keyof T & string) => errors[name]?.message ?? fieldError(error, name);
  return { ...form, problem };
}
