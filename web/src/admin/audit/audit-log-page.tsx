/**
 * 操作履歴: every change staff made (login, reply, status, note, topic, message, invoice
 * approval, orders, stock, catalog, staff, settings, members …), newest first, narrowed by
 * スタッフ, 操作, キーワード and 期間 — kept in the address (?staff_id&action&q&from&to&page;
 * docs/contracts/audit-log.md), a malformed one said under its field.
 * Only for roles with `audit_log` (the owner): the menu leaves it out for the others, and the
 * page says so if reached anyway.
 */
import { useQuery } from '@tanstack/react-query';
import type { RegisterOptions, UseFormRegisterReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../api/session-queries';
import { staffListQuery } from '../staff/staff-queries';
import { DateTime } from '../ui/date-time';
import { filterBar, useFilterForm } from '../ui/filter-bar';
import { ChoiceField, codeChoices, Field, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import {
  AUDIT_FILTER_FIELDS,
  type AuditFilterValues,
  auditSearch,
  EMPTY_AUDIT_FILTER,
  isFiltered,
  readAuditFilter,
} from './audit-filter';
import { AUDIT_ACTIONS, actionLabel } from './audit-labels';
import { auditLogQuery } from './audit-queries';

export function AuditLogPage() {
  const allowed = useCan()('audit_log');
  return (
    <>
      <title>操作履歴 | 管理画面</title>
      <h1>操作履歴</h1>
      {allowed ? <AuditLog /> : <p role="alert">操作履歴は店舗オーナーのみ見られます。</p>}
    </>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filter = readAuditFilter(params);
  const log = useQuery(auditLogQuery(filter));
  return (
    <>
      <FilterForm
        values={pickValues(filter)}
        error={log.error}
        onSearch={(search) => setParams(new URLSearchParams(search))}
      />
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadFailed error={log.error} fields={AUDIT_FILTER_FIELDS} />
      ) : log.data.items.length === 0 ? (
        <p className={table.empty}>
          {isFiltered(filter) ? '条件に合う操作の記録はありません。' : '操作の記録はまだありません。'}
        </p>
      ) : (
        <>
          <table className={table.table}>
            <caption className="visually-hidden">操作履歴</caption>
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">スタッフ</th>
                <th scope="col">操作</th>
                <th scope="col">対象</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td data-label="日時" className={table.nowrap}>
                    <DateTime value={entry.at} />
                  </td>
                  <td data-label="スタッフ">{entry.staff_name}</td>
                  <td data-label="操作">{actionLabel(entry.action)}</td>
                  <td data-label="対象">{entry.target}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager pagination={log.data.pagination} />
        </>
      )}
    </>
  );
}

function pickValues(filter: AuditFilterValues): AuditFilterValues {
  const values = { ...EMPTY_AUDIT_FILTER };
  for (const field of AUDIT_FILTER_FIELDS) values[field] = filter[field];
  return values;
}

// ---- the filter ---------------------------------------------------------------------------------

const ACTION_CHOICES = codeChoices(AUDIT_ACTIONS);

const rules = {
  q: { maxLength: { value: 100, message: 'キーワードは100文字以内で入力してください' } },
  to: {
    validate: (value: string, form: AuditFilterValues) =>
      !value || !form.from || form.from <= value || '終了日は開始日以降の日付を選んでください',
  },
} satisfies { [K in keyof AuditFilterValues]?: RegisterOptions<AuditFilterValues, K> };

interface FilterFormProps {
  /** The filter in the address. */
  values: AuditFilterValues;
  /** The list's error: a 422 names the filter field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function FilterForm({ values, error, onSearch }: FilterFormProps) {
  const { register, handleSubmit, problem } = useFilterForm(values, error);

  return (
    <form noValidate aria-label="操作履歴の絞り込み" onSubmit={handleSubmit((form) => onSearch(auditSearch(form)))}>
      <div className={filterBar.fields}>
        <StaffField selected={values.staff_id} error={problem('staff_id')} registration={register('staff_id')} />
        <ChoiceField
          label="操作"
          error={problem('action')}
          registration={register('action')}
          choices={ACTION_CHOICES}
        />
        <Field label="キーワード" hint="注文番号・会員・設定名など、操作の対象から探します。" error={problem('q')}>
          {(control) => <input {...control} type="search" {...register('q', rules.q)} />}
        </Field>
        <Field label="期間（から）" error={problem('from')}>
          {(control) => <input {...control} type="date" {...register('from')} />}
        </Field>
        <Field label="期間（まで）" error={problem('to')}>
          {(control) => <input {...control} type="date" {...register('to', rules.to)} />}
        </Field>
      </div>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          絞り込む
        </button>
        {isFiltered(values) ? (
          <Link to={{ search: '' }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/**
 * スタッフ: the shop's staff by name (the staff desk's list). A member in the address that the list
 * does not hold (yet) keeps a choice of its own, under the same value: the select keeps showing it
 * chosen when the list arrives.
 */
function StaffField({
  selected,
  error,
  registration,
}: {
  selected: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const staff = useQuery(staffListQuery());
  const choices = (staff.data?.items ?? []).map((member) => ({ value: member.id, label: member.name }));
  if (selected && !choices.some((choice) => choice.value === selected)) {
    choices.push({ value: selected, label: staff.isPending ? '読み込み中…' : '（指定のスタッフ）' });
  }
  return <ChoiceField label="スタッフ" error={error} registration={registration} choices={choices} />;
}
