/**
 * 会員管理 (/admin/members, docs/contracts/member-desk.md): the shop's members, newest registration
 * first, looked up with EC-CUBE's filters — フリーワード, 都道府県, 購入回数, 購入金額, 最終購入日,
 * 誕生月, 区分 and 要注意のみ — all kept in the address (?q&prefecture&…&page), so a search can be
 * bookmarked and reloaded. Each row links to the member's page and shows ロック中 / 要注意. The
 * server's 422 on a filter goes under that field. Staff holding `personal_data_export` download
 * the same search as CSV (UTF-8 with a BOM, or Shift_JIS; at most 10,000 rows).
 *
 * Only for staff holding `members_view`: the menu leaves it out for the others, and the page says
 * so if reached anyway (without asking the server).
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { useCan } from '../api/session-queries';
import { PREFECTURE_CHOICES } from '../orders/order-labels';
import { FilterPanel, filterBar, useFilterForm } from '../ui/filter-bar';
import { ChoiceField, codeChoices, Field, FormAlert, ui } from '../ui/form';
import { Pager } from '../ui/pager';
import { LoadFailed, Loading } from '../ui/query-state';
import { saveBlob } from '../ui/save-file';
import { table } from '../ui/table';
import { Yen } from '../ui/yen';
import { activeFilters, ERROR_FIELDS, filterSearch, type MemberFilter, readFilter } from './member-filter';
import { count, japanDay } from './member-format';
import { membersQuery, useDownloadMembersCsv } from './member-queries';
import { searchFilter, searchRules, searchValues } from './member-schema';
import { MemberBadges } from './member-badges';
import { BIRTH_MONTHS, CSV_ENCODINGS, FORBIDDEN_TEXT, KINDS, type MemberRow } from './members-types';
import styles from './members.module.css';

export function MembersPage() {
  const allowed = useCan()('members_view');
  return (
    <>
      <title>会員管理 | 管理画面</title>
      {allowed ? (
        <MemberDesk />
      ) : (
        <>
          <h1>会員管理</h1>
          <p role="alert">{FORBIDDEN_TEXT}</p>
        </>
      )}
    </>
  );
}

function MemberDesk() {
  const mayExport = useCan()('personal_data_export');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const list = useQuery(membersQuery(filter));

  return (
    <>
      <div className={styles.heading}>
        <h1>会員管理</h1>
        {mayExport ? <CsvButtons filter={filter} /> : null}
      </div>
      <SearchForm filter={filter} error={list.error} onSearch={(search) => setParams(new URLSearchParams(search))} />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} fields={ERROR_FIELDS} />
      ) : list.data.items.length === 0 ? (
        <p className={table.empty}>該当する会員はいません。</p>
      ) : (
        <>
          <MemberTable members={list.data.items} busy={list.isPlaceholderData} />
          <Pager pagination={list.data.pagination} />
        </>
      )}
    </>
  );
}

// ---- the CSV ------------------------------------------------------------------------------------

/** The first of the server's field messages (a CSV over 10,000 rows is refused on `q`), else its message. */
function csvErrorText(error: unknown): string {
  for (const field of ERROR_FIELDS) {
    const message = fieldError(error, field);
    if (message) return message;
  }
  return errorText(error);
}

/** 「CSVダウンロード」 (UTF-8 with a BOM) and 「CSV（Shift_JIS）」 for the search in the address. */
function CsvButtons({ filter }: { filter: MemberFilter }) {
  const download = useDownloadMembersCsv();
  const hintId = useId();
  return (
    <div className={styles.csv}>
      <fieldset className={ui.fieldset} aria-describedby={hintId}>
        <legend className="visually-hidden">会員一覧のCSV</legend>
        <div className={ui.actions}>
          {CSV_ENCODINGS.map((encoding) => (
            <button
              key={encoding.code}
              type="button"
              className={ui.secondary}
              disabled={download.isPending}
              onClick={() =>
                download.mutate(
                  { filter, encoding: encoding.code },
                  { onSuccess: ({ file, name }) => saveBlob(name, file) },
                )
              }
            >
              {encoding.label}
            </button>
          ))}
        </div>
        <p id={hintId} className={styles.hint}>
          検索条件に合う会員を、最大10,000件まで出力します。
        </p>
      </fieldset>
      <FormAlert message={download.isError ? csvErrorText(download.error) : null} />
    </div>
  );
}

// ---- the search ---------------------------------------------------------------------------------

const KIND_CHOICES = codeChoices(KINDS);
const MONTH_CHOICES = BIRTH_MONTHS.map((month) => ({ value: String(month), label: `${month}月` }));

interface SearchFormProps {
  filter: MemberFilter;
  /** The list's error: a 422 names the filter field it is about. */
  error: unknown;
  onSearch: (search: string) => void;
}

function SearchForm({ filter, error, onSearch }: SearchFormProps) {
  const { register, handleSubmit, problem } = useFilterForm(searchValues(filter), error);
  const set = activeFilters(filter);
  const cautionError = problem('caution');
  const cautionErrorId = useId();

  return (
    <form
      noValidate
      aria-label="会員の検索"
      onSubmit={handleSubmit((values) => onSearch(filterSearch(searchFilter(values))))}
    >
      <div className={filterBar.fields}>
        <Field
          label="フリーワード"
          hint="氏名・フリガナ・メールアドレス・電話番号・会員番号から探します。"
          error={problem('q')}
        >
          {(control) => <input {...control} type="search" {...register('q', searchRules.q)} />}
        </Field>
      </div>
      <FilterPanel set={set}>
        <ChoiceField
          label="都道府県"
          error={problem('prefecture')}
          registration={register('prefecture')}
          choices={PREFECTURE_CHOICES}
        />
        <ChoiceField label="区分" error={problem('kind')} registration={register('kind')} choices={KIND_CHOICES} />
        <ChoiceField
          label="誕生月"
          error={problem('birth_month')}
          registration={register('birth_month')}
          choices={MONTH_CHOICES}
        />
        <Field label="購入回数（下限）" error={problem('orders_min')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('orders_min', searchRules.orders_min)} />
          )}
        </Field>
        <Field label="購入回数（上限）" error={problem('orders_max')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('orders_max', searchRules.orders_max)} />
          )}
        </Field>
        <Field label="購入金額（下限）" error={problem('spent_min')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('spent_min', searchRules.spent_min)} />
          )}
        </Field>
        <Field label="購入金額（上限）" error={problem('spent_max')}>
          {(control) => (
            <input {...control} type="text" inputMode="numeric" {...register('spent_max', searchRules.spent_max)} />
          )}
        </Field>
        <Field label="最終購入日（から）" error={problem('last_order_from')}>
          {(control) => <input {...control} type="date" {...register('last_order_from')} />}
        </Field>
        <Field label="最終購入日（まで）" error={problem('last_order_to')}>
          {(control) => <input {...control} type="date" {...register('last_order_to', searchRules.last_order_to)} />}
        </Field>
        <div className={styles.checkField}>
          <label className={ui.choice}>
            <input
              type="checkbox"
              aria-invalid={cautionError ? true : undefined}
              aria-describedby={cautionError ? cautionErrorId : undefined}
              {...register('caution')}
            />
            要注意のみ
          </label>
          {cautionError ? (
            <p id={cautionErrorId} className={styles.error}>
              {cautionError}
            </p>
          ) : null}
        </div>
      </FilterPanel>
      <div className={filterBar.actions}>
        <button type="submit" className={ui.button}>
          検索
        </button>
        {filter.q || set > 0 ? (
          <Link to={{ search: '' }} className={ui.secondary}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </form>
  );
}

// ---- the list -----------------------------------------------------------------------------------

function MemberTable({ members, busy }: { members: readonly MemberRow[]; busy: boolean }) {
  return (
    <table className={`${table.table} ${styles.members}`} aria-busy={busy || undefined}>
      <caption className="visually-hidden">会員一覧</caption>
      <thead>
        <tr>
          <th scope="col">会員番号</th>
          <th scope="col">氏名</th>
          <th scope="col">メールアドレス</th>
          <th scope="col">都道府県</th>
          <th scope="col" className={table.numeric}>
            購入回数
          </th>
          <th scope="col" className={table.numeric}>
            購入金額
          </th>
          <th scope="col">最終購入日</th>
          <th scope="col">状態</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id}>
            {/* One block per cell: on a phone each row is a card, a cell's label beside its content. */}
            <td data-label="会員番号" className={`${table.nowrap} ${styles.code}`}>
              {member.code}
            </td>
            <td data-label="氏名">
              <div>
                <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className={styles.name}>
                  {member.name || '（氏名未登録）'}
                </Link>
                {member.kana ? <span className={styles.sub}>{member.kana}</span> : null}
                {member.corporation ? <span className={styles.sub}>{member.corporation}</span> : null}
              </div>
            </td>
            <td data-label="メールアドレス">
              <div className={styles.email}>{member.email}</div>
            </td>
            <td data-label="都道府県" className={table.nowrap}>
              {member.prefecture || '—'}
            </td>
            <td data-label="購入回数" className={`${table.numeric} ${table.nowrap}`}>
              {`${count(member.order_count)}回`}
            </td>
            <td data-label="購入金額" className={`${table.numeric} ${table.nowrap}`}>
              <Yen value={member.spent} />
            </td>
            <td data-label="最終購入日" className={table.nowrap}>
              {member.last_ordered_at ? (
                <time dateTime={member.last_ordered_at}>{japanDay(member.last_ordered_at)}</time>
              ) : (
                'なし'
              )}
            </td>
            <td data-label="状態">
              <MemberBadges member={member} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
