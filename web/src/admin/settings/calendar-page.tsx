/**
 * 営業日カレンダー (/admin/settings/calendar, docs/contracts/settings-calendar.md): on which days
 * the shop works. 定休日 (seven checkboxes, 日 to 土) and 祝日 (closed or open on public holidays)
 * hold for every month; the month view below edits one month's own closed dates (年末年始,
 * 夏季休業, 臨時休業): each day of the grid is a toggle (pressed: the shop's own closed date),
 * except a day closed by 定休日 or 祝日 as they are checked now, which is shown closed and not a
 * toggle. Under the grid, the month's own closed dates, each with its reason and 解除, and the
 * next business day as the server worked it out. The first read names no month (the server
 * picks this month in Japan time); 前の月 / 次の月 read another, but not while the form has
 * changes (they would be lost). 保存する sends the rules and the month's closed dates with the
 * version read: saved, the form shows the month as saved; refused (422), each message goes
 * under its field with the summary; saved elsewhere first (409), the shared StaleNotice offers
 * 最新の内容を読み込む (the frame every settings screen shares, settings-form-frame.tsx). Only for
 * staff holding `shop_settings` (オーナー and 店長).
 */
import { type BaseSyntheticEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ui } from '../ui/form';
import { addMonths, dayLabel, isKnownMonth, monthHeading, monthWeeks, todayInJapan, WEEKDAYS } from './calendar-grid';
import { calendarQuery, refreshCalendar, useSaveCalendar } from './calendar-queries';
import {
  type CalendarRules,
  type CalendarValues,
  calendarBody,
  calendarErrors,
  calendarRules,
  calendarValues,
  type DayState,
  dayState,
  keepsBusinessDay,
  MESSAGES,
  weeklyDays,
  withClosedDate,
} from './calendar-schema';
import type { CalendarDay, CalendarSettings } from './calendar-types';
import { SettingsForm, SettingsLoader, SettingsScreen, useSettingsForm } from './settings-form-frame';
import styles from './calendar.module.css';
import settingsStyles from './settings.module.css';

export const SAVED_TEXT = '営業日カレンダーを保存しました。';

/** Which way the last move went: the button pressed keeps the focus in the month read. */
type Move = 'prev' | 'next';

export function CalendarPage() {
  return (
    <SettingsScreen title="営業日カレンダー" forbidden="営業日カレンダーの設定は店舗オーナーまたは店長のみ行えます。">
      <CalendarMonths />
    </SettingsScreen>
  );
}

/** The month shown: none named at first (this month, as the server says), then the one moved to. */
function CalendarMonths() {
  const [shown, setShown] = useState<{ month: string; by: Move } | null>(null);
  const month = shown?.month ?? null;
  return (
    // A month of its own: a new form, not the last month's state.
    <SettingsLoader key={month ?? ''} query={calendarQuery(month)}>
      {(settings) => (
        <CalendarForm
          settings={settings}
          movedBy={shown?.by ?? null}
          onMove={(to, by) => setShown({ month: to, by })}
        />
      )}
    </SettingsLoader>
  );
}

function CalendarForm({
  settings,
  movedBy,
  onMove,
}: {
  settings: CalendarSettings;
  movedBy: Move | null;
  onMove: (month: string, by: Move) => void;
}) {
  const form = useForm<CalendarValues>({ defaultValues: calendarValues(settings) });
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;
  const save = useSaveCalendar();
  const frame = useSettingsForm({
    settings,
    form,
    values: calendarValues,
    body: calendarBody,
    save,
    refresh: (queryClient) => refreshCalendar(queryClient, settings.month),
    savedText: SAVED_TEXT,
    refusal: calendarErrors,
  });
  // The month the form was read (or saved) at: its days are the grid.
  const { shown } = frame;

  const weekly = weeklyDays(useWatch({ control, name: 'weekly_closed' }));
  const holidaysClosed = useWatch({ control, name: 'holidays_closed' }) === 'closed';
  const rules: CalendarRules = { weekly, holidaysClosed };
  const closedDates = useFieldArray({
    control,
    name: 'closed_dates',
    rules: {
      // The server's rule, said before it is asked: the month keeps a business day.
      validate: (dates, values) =>
        keepsBusinessDay(
          shown.days,
          { weekly: weeklyDays(values.weekly_closed), holidaysClosed: values.holidays_closed === 'closed' },
          new Set(dates.map(({ date }) => date)),
        ) || MESSAGES.wholeMonth,
    },
  });
  const own = new Set(closedDates.fields.map(({ date }) => date));

  const toggle = (date: string) => {
    const at = closedDates.fields.findIndex((field) => field.date === date);
    if (at >= 0) {
      closedDates.remove(at);
      return;
    }
    const { at: place, value } = withClosedDate(closedDates.fields, date);
    closedDates.insert(place, value, { shouldFocus: false });
  };

  // The server's messages from the last refusal go before the form is checked again: the ones on
  // what is no box (the month, the dates, the grid) would otherwise stay and stop every save.
  const onSubmit = (event?: BaseSyntheticEvent) => {
    form.clearErrors();
    return frame.onSubmit(event);
  };

  const today = useMemo(() => todayInJapan(), []);
  const gridError = errors.closed_dates?.message ?? errors.closed_dates?.root?.message;

  return (
    <SettingsForm label="営業日カレンダー" frame={{ ...frame, onSubmit }}>
      <p className={settingsStyles.lead}>
        保存した営業日は、次に表示するカートのお届け日とトップページのカレンダーからすぐに使われます。
        {shown.version === 0 ? 'まだ一度も保存されていないため、初期設定を表示しています。' : null}
      </p>

      <WeeklyFields form={form} />

      <fieldset className={settingsStyles.section}>
        <legend>祝日</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" value="closed" {...register('holidays_closed')} />
            祝日は休業する
          </label>
          <label className={styles.choice}>
            <input type="radio" value="open" {...register('holidays_closed')} />
            祝日も営業する
          </label>
        </div>
        <p className={settingsStyles.hint}>振替休日と国民の休日も祝日に含みます。</p>
        {errors.holidays_closed?.message ? <p className={styles.error}>{errors.holidays_closed.message}</p> : null}
      </fieldset>

      <MonthView
        settings={shown}
        rules={rules}
        own={own}
        today={today}
        dirty={isDirty}
        busy={frame.saving}
        movedBy={movedBy}
        monthError={errors.month?.message}
        gridError={gridError}
        onToggle={toggle}
        onMove={onMove}
      />

      <ClosedDateList form={form} dates={closedDates.fields} onRemove={closedDates.remove} />
    </SettingsForm>
  );
}

/** 定休日: seven checkboxes, 日 to 土, and the message under them. */
function WeeklyFields({ form }: { form: UseFormReturn<CalendarValues> }) {
  const {
    register,
    formState: { errors },
  } = form;
  const errorId = useId();
  const message = errors.weekly_closed?.message;
  return (
    <fieldset className={settingsStyles.section} aria-describedby={message ? errorId : undefined}>
      <legend>定休日</legend>
      <div className={styles.weekdays}>
        {WEEKDAYS.map((name, weekday) => (
          <label key={name} className={`${styles.choice} ${weekdayClass(weekday)}`}>
            <input
              type="checkbox"
              value={String(weekday)}
              aria-invalid={message ? true : undefined}
              {...register('weekly_closed', calendarRules.weekly_closed)}
            />
            {name}
          </label>
        ))}
      </div>
      <p className={settingsStyles.hint}>チェックした曜日は毎週休業日になります。</p>
      {message ? (
        <p id={errorId} className={styles.error}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 日 red, 土 blue. */
function weekdayClass(weekday: number): string {
  if (weekday === 0) return styles.sunday ?? '';
  if (weekday === 6) return styles.saturday ?? '';
  return '';
}

/**
 * The month: its heading between 前の月 and 次の月 (not while the form has changes, nor beyond
 * the months the server knows), the grid, the grid's message and the next business day.
 */
function MonthView({
  settings,
  rules,
  own,
  today,
  dirty,
  busy,
  movedBy,
  monthError,
  gridError,
  onToggle,
  onMove,
}: {
  settings: CalendarSettings;
  rules: CalendarRules;
  own: ReadonlySet<string>;
  today: string;
  dirty: boolean;
  busy: boolean;
  movedBy: Move | null;
  monthError: string | undefined;
  gridError: string | undefined;
  onToggle: (date: string) => void;
  onMove: (month: string, by: Move) => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const monthErrorId = useId();
  const gridErrorId = useId();
  const prev = addMonths(settings.month, -1);
  const next = addMonths(settings.month, 1);
  const canPrev = !dirty && !busy && isKnownMonth(prev);
  const canNext = !dirty && !busy && isKnownMonth(next);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const weeks = useMemo(() => monthWeeks(settings.days), [settings.days]);

  // Moved here: the button pressed keeps the focus (the other one at the end of the known months).
  useEffect(() => {
    if (movedBy === null) return;
    const [pressed, other] = movedBy === 'prev' ? [prevRef, nextRef] : [nextRef, prevRef];
    (pressed.current?.disabled ? other : pressed).current?.focus();
  }, [movedBy]);

  const describedBy = [dirty ? noteId : null, monthError ? monthErrorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <section className={styles.month} aria-labelledby={headingId}>
      <div className={styles.monthBar}>
        <button
          ref={prevRef}
          type="button"
          className={ui.secondary}
          disabled={!canPrev}
          aria-describedby={describedBy}
          onClick={() => onMove(prev, 'prev')}
        >
          前の月
        </button>
        <h2 id={headingId} className={styles.monthHeading}>
          {monthHeading(settings.month)}
        </h2>
        <button
          ref={nextRef}
          type="button"
          className={ui.secondary}
          disabled={!canNext}
          aria-describedby={describedBy}
          onClick={() => onMove(next, 'next')}
        >
          次の月
        </button>
      </div>
      {dirty ? (
        <p id={noteId} className={styles.moveNote}>
          {MESSAGES.saveFirst}
        </p>
      ) : null}
      {monthError ? (
        <p id={monthErrorId} className={styles.error}>
          {monthError}
        </p>
      ) : null}

      <p className={settingsStyles.hint}>
        日付を押すとお店の休業日になり、もう一度押すと営業日に戻ります。定休日と祝日は上の設定で変わります。
      </p>
      <table className={styles.grid} aria-labelledby={headingId} aria-describedby={gridError ? gridErrorId : undefined}>
        <thead>
          <tr>
            {WEEKDAYS.map((name, weekday) => (
              <th key={name} scope="col" className={weekdayClass(weekday)}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.date}>
              {week.map((day, weekday) => (
                <td key={weekday}>
                  {day ? (
                    <DayToggle
                      day={day}
                      state={dayState(day, rules, own.has(day.date), today)}
                      today={day.date === today}
                      onToggle={onToggle}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {gridError ? (
        <p id={gridErrorId} className={styles.error}>
          {gridError}
        </p>
      ) : null}
      <p className={styles.nextDay}>
        {settings.next_business_day
          ? `次の営業日：${dayLabel(settings.next_business_day)}`
          : '次の営業日：1年以内に営業日がありません'}
      </p>
    </section>
  );
}

const MARKS: Record<DayState['kind'], string> = { weekly: '定休', holiday: '休業', own: '休業', open: '' };

/** One day: a toggle for the shop's own closed date, or (closed by a rule) a day shown closed that is no toggle. */
function DayToggle({
  day,
  state,
  today,
  onToggle,
}: {
  day: CalendarDay;
  state: DayState;
  today: boolean;
  onToggle: (date: string) => void;
}) {
  const holiday = day.holiday_name ?? null;
  const classes = [styles.day, state.byRule ? styles.byRule : '', today ? styles.today : ''];
  // 日 and holidays red, 土 blue: the day's number.
  const numberClass = [styles.dayNumber, holiday === null ? weekdayClass(day.weekday) : styles.holiday];
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      aria-label={state.label}
      aria-pressed={state.byRule ? undefined : state.own}
      disabled={state.byRule}
      title={state.title}
      onClick={() => onToggle(day.date)}
    >
      <span className={numberClass.filter(Boolean).join(' ')}>{Number(day.date.slice(8))}</span>
      {MARKS[state.kind] ? <span className={styles.dayMark}>{MARKS[state.kind]}</span> : null}
      {holiday ? <span className={styles.holidayName}>{holiday}</span> : null}
      {today ? <span className={styles.todayMark}>今日</span> : null}
    </button>
  );
}

/** この月の休業日: each own closed date with its reason box and 解除, in date order. */
function ClosedDateList({
  form,
  dates,
  onRemove,
}: {
  form: UseFormReturn<CalendarValues>;
  dates: readonly { id: string; date: string }[];
  onRemove: (index: number) => void;
}) {
  const headingId = useId();
  return (
    <section className={styles.closedDates} aria-labelledby={headingId}>
      <h3 id={headingId}>この月の休業日</h3>
      {dates.length === 0 ? (
        <p className={settingsStyles.hint}>この月のお店の休業日はありません。カレンダーの日付を押すと追加できます。</p>
      ) : (
        <ul aria-labelledby={headingId}>
          {dates.map((field, index) => (
            <ClosedDateRow key={field.id} form={form} index={index} date={field.date} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClosedDateRow({
  form,
  index,
  date,
  onRemove,
}: {
  form: UseFormReturn<CalendarValues>;
  index: number;
  date: string;
  onRemove: (index: number) => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const id = useId();
  const dateId = `${id}-date`;
  const reasonErrorId = `${id}-reason-error`;
  const dateErrorId = `${id}-date-error`;
  const itemErrors = errors.closed_dates?.[index];
  const reasonError = itemErrors?.reason?.message;
  const dateError = itemErrors?.date?.message;
  const label = dayLabel(date);
  return (
    <li className={styles.closedDate}>
      <label htmlFor={id} className={styles.closedDateLabel}>
        <span id={dateId}>{label}</span>
        <span className="visually-hidden">の理由</span>
      </label>
      <input
        id={id}
        type="text"
        className={`${ui.control} ${styles.reason}`}
        placeholder="例：年末年始休業"
        autoComplete="off"
        aria-invalid={reasonError || dateError ? true : undefined}
        aria-describedby={
          [dateError ? dateErrorId : null, reasonError ? reasonErrorId : null].filter(Boolean).join(' ') || undefined
        }
        {...register(`closed_dates.${index}.reason`, calendarRules.reason)}
      />
      <button type="button" className={ui.secondary} aria-describedby={dateId} onClick={() => onRemove(index)}>
        解除
      </button>
      {dateError ? (
        <p id={dateErrorId} className={styles.error}>
          {dateError}
        </p>
      ) : null}
      {reasonError ? (
        <p id={reasonErrorId} className={styles.error}>
          {reasonError}
        </p>
      ) : null}
    </li>
  );
}
