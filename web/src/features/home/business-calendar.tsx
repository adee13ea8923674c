import { useMemo } from 'react';
import { LoadingBlock } from '../../ui/spinner';
import {
  addMonths,
  buildMonthGrid,
  calendarRange,
  currentMonth,
  describeDay,
  WEEKDAYS,
  type MonthGrid,
} from './calendar-grid';
import { useCalendar } from './home-queries';
import styles from './business-calendar.module.css';

const MONTHS_SHOWN = 2;

function Month({ grid, headingId }: { grid: MonthGrid; headingId: string }) {
  return (
    <table className={styles.month} aria-labelledby={headingId}>
      <caption id={headingId} className={styles.caption}>
        {grid.year}年{grid.month}月
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map((name, i) => (
            <th
              key={name}
              scope="col"
              abbr={`${name}曜日`}
              className={i === 0 ? styles.sunday : i === 6 ? styles.saturday : undefined}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.weeks.map((week, w) => (
          <tr key={w}>
            {week.map((cell, d) =>
              cell === null ? (
                <td key={`pad-${d}`} className={styles.pad} />
              ) : (
                <td
                  key={cell.date}
                  className={[
                    styles.day,
                    cell.isClosed ? styles.closed : '',
                    cell.isHoliday || cell.weekday === 0 ? styles.sunday : cell.weekday === 6 ? styles.saturday : '',
                    cell.isToday ? styles.today : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  title={cell.holidayName ?? undefined}
                >
                  <span aria-hidden="true">{cell.day}</span>
                  {cell.isHoliday ? <span className={styles.holidayMark} aria-hidden="true" /> : null}
                  <span className="visually-hidden">{describeDay(cell, grid.month)}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** This month and the next from the business calendar, with closed days and public holidays. */
export function BusinessCalendar() {
  const { first, range, today } = useMemo(() => {
    const now = currentMonth();
    return { first: now, range: calendarRange(now, MONTHS_SHOWN), today: now.today };
  }, []);
  const { data, isPending, isError } = useCalendar(range.startDate, range.endDate);
  const grids = useMemo(
    () =>
      data ? Array.from({ length: MONTHS_SHOWN }, (_, i) => buildMonthGrid(addMonths(first, i), data, today)) : [],
    [data, first, today],
  );
  const holidays = (data ?? []).filter((d) => d.is_holiday && d.holiday_name);

  return (
    <section className={styles.block} aria-labelledby="business-calendar-title">
      <h2 id="business-calendar-title" className={styles.title}>
        営業日カレンダー
      </h2>
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <p className={styles.muted}>カレンダーを読み込めませんでした。</p>
      ) : (
        <>
          <div className={styles.months}>
            {grids.map((grid) => (
              <Month key={`${grid.year}-${grid.month}`} grid={grid} headingId={`calendar-${grid.year}-${grid.month}`} />
            ))}
          </div>
          <ul className={styles.legend} aria-label="凡例">
            <li>
              <span className={`${styles.swatch} ${styles.closed}`} aria-hidden="true" />
              休業日（発送・お問い合わせのご返信はお休みします）
            </li>
            <li>
              <span className={`${styles.swatch} ${styles.holidaySwatch}`} aria-hidden="true">
                <span className={styles.holidayMark} />
              </span>
              祝日
            </li>
          </ul>
          {holidays.length > 0 ? (
            <p className={styles.holidayList}>
              {holidays
                .map((d) => `${Number(d.date.slice(5, 7))}/${Number(d.date.slice(8, 10))} ${d.holiday_name}`)
                .join('、')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
