import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_API,
  CALENDAR_MESSAGES,
  CALENDAR_STALE,
  calendarFake,
  demoCalendar,
  otherMonth,
  readMonths,
  renderCalendarDesk,
  sentCalendars,
} from '../../test/settings-calendar-fixtures';

type User = ReturnType<typeof userEvent.setup>;

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: '営業日カレンダー' });
}

/** A day of the grid, by its whole label (「12月29日(火) 休業日」). */
const day = (label: string) => screen.getByRole('button', { name: label });
const weekday = (name: string) => within(screen.getByRole('group', { name: '定休日' })).getByRole('checkbox', { name });
const closedList = () => screen.queryByRole('list', { name: 'この月の休業日' });
/** The month's own closed dates as listed: each date and its reason. */
const listed = () =>
  within(closedList()!)
    .getAllByRole('textbox')
    .map((box) => [(box as HTMLInputElement).labels?.[0]?.textContent, (box as HTMLInputElement).value]);

const prevMonth = () => screen.getByRole('button', { name: '前の月' });
const nextMonth = () => screen.getByRole('button', { name: '次の月' });
const saveButton = () => screen.getByRole('button', { name: '保存する' });

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// Today is 2026-12-01 (10:00 in Japan) for the screen as for the fake server, whatever the machine's clock says.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T01:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

// ---- the month as read -------------------------------------------------------------------------

describe('営業日カレンダー: the month as read', () => {
  it('shows this month as the server picks it, the rules, each day’s state and the month’s closed dates', async () => {
    const fake = calendarFake();
    renderCalendarDesk(fake);
    const shown = await form();

    expect(screen.getByRole('heading', { level: 1, name: '営業日カレンダー' })).toBeInTheDocument();
    expect(document.title).toBe('営業日カレンダー | 管理画面');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
    // The first read names no month: the server picks this month in Japan time.
    expect(readMonths(fake)).toEqual([null]);
    expect(screen.getByRole('heading', { level: 2, name: '2026年12月' })).toBeInTheDocument();

    // 定休日: 日 to 土, 日 checked; 祝日: closed.
    const weekly = within(screen.getByRole('group', { name: '定休日' })).getAllByRole('checkbox');
    expect(weekly.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      '日',
      '月',
      '火',
      '水',
      '木',
      '金',
      '土',
    ]);
    expect(weekly.map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const holidays = screen.getByRole('group', { name: '祝日' });
    expect(within(holidays).getByRole('radio', { name: '祝日は休業する' })).toBeChecked();
    expect(within(holidays).getByRole('radio', { name: '祝日も営業する' })).not.toBeChecked();

    // The grid: 日 to 土, every day of the month a button, 1日 a Tuesday.
    const grid = within(shown).getByRole('table', { name: '2026年12月' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(within(grid).getAllByRole('button')).toHaveLength(31);
    const firstWeek = within(grid).getAllByRole('row')[1]!;
    expect(
      within(firstWeek)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', '', '1今日', '2', '3', '4', '5']);

    // Open, today: a toggle, not pressed.
    expect(day('12月1日(火) 営業日 今日')).toHaveAttribute('aria-pressed', 'false');
    expect(day('12月2日(水) 営業日')).toBeEnabled();
    // The shop's own closed date: pressed.
    expect(day('12月29日(火) 休業日')).toHaveAttribute('aria-pressed', 'true');
    expect(day('12月31日(木) 休業日')).toHaveAttribute('aria-pressed', 'true');
    // Closed by 定休日: shown closed, not a toggle.
    const sunday = day('12月6日(日) 定休日');
    expect(sunday).toBeDisabled();
    expect(sunday).toHaveAttribute('title', '定休日です');
    expect(sunday).not.toHaveAttribute('aria-pressed');
    expect(sunday).toHaveTextContent('定休');

    // この月の休業日: the month's own dates, each with its reason box and 解除.
    expect(listed()).toEqual([
      ['12月29日(火)の理由', '年末年始休業'],
      ['12月30日(水)の理由', '年末年始休業'],
      ['12月31日(木)の理由', ''],
    ]);
    expect(screen.getByRole('textbox', { name: '12月31日(木)の理由' })).toHaveAttribute(
      'placeholder',
      '例：年末年始休業',
    );
    expect(within(closedList()!).getAllByRole('button', { name: '解除' })).toHaveLength(3);

    expect(shown).toHaveTextContent('次の営業日：12月2日(水)');
    expect(prevMonth()).toBeEnabled();
    expect(nextMonth()).toBeEnabled();
    expect(screen.queryByText('保存してから月を移動してください。')).not.toBeInTheDocument();
  });

  it('shows holidays by name, closed by the holiday rule, and open as the radio says', async () => {
    const user = userEvent.setup();
    renderCalendarDesk(calendarFake());
    await form();
    await user.click(nextMonth());
    expect(await screen.findByRole('heading', { level: 2, name: '2027年1月' })).toBeInTheDocument();

    const newYear = day('1月1日(金) 祝日 元日 休業');
    expect(newYear).toBeDisabled();
    expect(newYear).toHaveAttribute('title', '祝日です');
    expect(newYear).toHaveTextContent('元日');
    expect(day('1月11日(月) 祝日 成人の日 休業')).toBeDisabled();
    expect(day('1月2日(土) 休業日')).toHaveAttribute('aria-pressed', 'true');

    // 祝日も営業する: the holidays open at once (not saved yet), each a toggle.
    await user.click(screen.getByRole('radio', { name: '祝日も営業する' }));
    expect(day('1月1日(金) 祝日 元日 営業日')).toHaveAttribute('aria-pressed', 'false');
    await user.click(day('1月11日(月) 祝日 成人の日 営業日'));
    expect(day('1月11日(月) 祝日 成人の日 休業日')).toHaveAttribute('aria-pressed', 'true');
  });
});

// ---- editing -----------------------------------------------------------------------------------

describe('営業日カレンダー: editing the month', () => {
  it('adds an open day to the month’s closed dates and takes it off again, in date order', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    await form();

    await user.click(day('12月2日(水) 営業日'));
    expect(day('12月2日(水) 休業日')).toHaveAttribute('aria-pressed', 'true');
    expect(listed()[0]).toEqual(['12月2日(水)の理由', '']);
    expect(listed()).toHaveLength(4);
    // Unsaved: no moving to another month.
    expect(screen.getByText('保存してから月を移動してください。')).toBeInTheDocument();
    expect(prevMonth()).toBeDisabled();
    expect(nextMonth()).toBeDisabled();
    expect(nextMonth()).toHaveAccessibleDescription('保存してから月を移動してください。');

    await user.click(day('12月2日(水) 休業日'));
    expect(day('12月2日(水) 営業日')).toHaveAttribute('aria-pressed', 'false');
    expect(listed()).toHaveLength(3);
    // As read again: free to move.
    expect(screen.queryByText('保存してから月を移動してください。')).not.toBeInTheDocument();
    expect(nextMonth()).toBeEnabled();

    // 解除 in the list opens the day in the grid.
    const last = within(closedList()!).getAllByRole('listitem')[2]!;
    expect(within(last).getByRole('button', { name: '解除' })).toHaveAccessibleDescription('12月31日(木)');
    await user.click(within(last).getByRole('button', { name: '解除' }));
    expect(day('12月31日(木) 営業日')).toHaveAttribute('aria-pressed', 'false');
    expect(listed().map(([label]) => label)).toEqual(['12月29日(火)の理由', '12月30日(水)の理由']);
    expect(await sentCalendars(fake)).toEqual([]);
  });

  it('closes and opens the days of a weekday as it is checked, before anything is saved', async () => {
    const user = userEvent.setup();
    renderCalendarDesk(calendarFake());
    await form();

    await user.click(weekday('土'));
    for (const date of ['5', '12', '19', '26']) {
      const saturday = day(`12月${date}日(土) 定休日`);
      expect(saturday).toBeDisabled();
      expect(saturday).toHaveAttribute('title', '定休日です');
    }
    await user.click(weekday('日'));
    expect(day('12月6日(日) 営業日')).toHaveAttribute('aria-pressed', 'false');
    expect(day('12月6日(日) 営業日')).toBeEnabled();
    expect(screen.getByText('保存してから月を移動してください。')).toBeInTheDocument();
  });
});

// ---- moving ------------------------------------------------------------------------------------

describe('営業日カレンダー: 前の月 / 次の月', () => {
  it('reads the month moved to, keeping the focus on the button pressed', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    await form();

    await user.click(nextMonth());
    expect(await screen.findByRole('heading', { level: 2, name: '2027年1月' })).toBeInTheDocument();
    expect(nextMonth()).toHaveFocus();
    expect(listed()).toEqual([['1月2日(土)の理由', '年末年始休業']]);

    await user.click(prevMonth());
    expect(await screen.findByRole('heading', { level: 2, name: '2026年12月' })).toBeInTheDocument();
    await user.click(prevMonth());
    expect(await screen.findByRole('heading', { level: 2, name: '2026年11月' })).toBeInTheDocument();
    expect(prevMonth()).toHaveFocus();
    expect(closedList()).not.toBeInTheDocument();
    expect(
      screen.getByText('この月のお店の休業日はありません。カレンダーの日付を押すと追加できます。'),
    ).toBeInTheDocument();
    expect(day('11月3日(火) 祝日 文化の日 休業')).toBeDisabled();

    expect(readMonths(fake)).toEqual([null, '2027-01', '2026-12', '2026-11']);
  });

  it('goes no further than the months the server knows', async () => {
    renderCalendarDesk(calendarFake('owner', demoCalendar(), '2099-12-15'));
    expect(await screen.findByRole('heading', { level: 2, name: '2099年12月' })).toBeInTheDocument();
    expect(nextMonth()).toBeDisabled();
    expect(prevMonth()).toBeEnabled();
  });
});

// ---- saving ------------------------------------------------------------------------------------

describe('営業日カレンダー: 保存する', () => {
  it('sends the rules and the month’s closed dates with the version, and shows the month saved', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    const shown = await form();

    await user.click(day('12月2日(水) 営業日'));
    await user.type(screen.getByRole('textbox', { name: '12月2日(水)の理由' }), ' 棚卸し ');
    await user.click(weekday('土'));
    const thirtieth = within(closedList()!).getAllByRole('listitem')[2]!;
    expect(thirtieth).toHaveTextContent('12月30日(水)');
    await user.click(within(thirtieth).getByRole('button', { name: '解除' }));
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('営業日カレンダーを保存しました。');
    expect(await sentCalendars(fake)).toEqual([
      {
        version: 4,
        month: '2026-12',
        weekly_closed: [0, 6],
        holidays_closed: true,
        closed_dates: [
          { date: '2026-12-02', reason: '棚卸し' },
          { date: '2026-12-29', reason: '年末年始休業' },
          { date: '2026-12-31', reason: '' },
        ],
      },
    ]);
    // The month as saved: the next business day from the server's answer, free to move again.
    expect(shown).toHaveTextContent('次の営業日：12月3日(木)');
    expect(listed()).toEqual([
      ['12月2日(水)の理由', '棚卸し'],
      ['12月29日(火)の理由', '年末年始休業'],
      ['12月31日(木)の理由', ''],
    ]);
    expect(weekday('土')).toBeChecked();
    expect(nextMonth()).toBeEnabled();

    // The next save goes with the new version.
    await user.click(screen.getByRole('radio', { name: '祝日も営業する' }));
    await user.click(saveButton());
    await waitFor(async () => expect(await sentCalendars(fake)).toHaveLength(2));
    expect((await sentCalendars(fake))[1]).toMatchObject({ version: 5, month: '2026-12', holidays_closed: false });
  });

  it('saves another month with its own dates, and reads a month seen before the save afresh', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    await form();
    await user.click(nextMonth());
    await screen.findByRole('heading', { level: 2, name: '2027年1月' });

    await user.click(day('1月4日(月) 営業日'));
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('営業日カレンダーを保存しました。');
    expect((await sentCalendars(fake))[0]).toEqual({
      version: 4,
      month: '2027-01',
      weekly_closed: [0],
      holidays_closed: true,
      closed_dates: [
        { date: '2027-01-02', reason: '年末年始休業' },
        { date: '2027-01-04', reason: '' },
      ],
    });

    // December was read at version 4: read again, its save goes with version 5.
    await user.click(prevMonth());
    await screen.findByRole('heading', { level: 2, name: '2026年12月' });
    expect(readMonths(fake)).toEqual([null, '2027-01', '2026-12']);
    await user.click(day('12月3日(木) 営業日'));
    await user.click(saveButton());
    await waitFor(async () => expect(await sentCalendars(fake)).toHaveLength(2));
    expect((await sentCalendars(fake))[1]).toMatchObject({ version: 5, month: '2026-12' });
    expect(await screen.findByRole('status')).toHaveTextContent('営業日カレンダーを保存しました。');
  });

  it('puts a 422’s messages under their fields, with the summary and what no field shows', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    // Sorted by name, as the server sends them.
    fake.refuseNext({
      closed_dates: [CALENDAR_MESSAGES.wholeMonth],
      'closed_dates[0].reason': [CALENDAR_MESSAGES.reasonTooLong],
      'closed_dates[1].date': [otherMonth('2026-12')],
      month: [CALENDAR_MESSAGES.monthRange],
      version: [CALENDAR_MESSAGES.version],
      weekly_closed: [CALENDAR_MESSAGES.weekday],
    });
    renderCalendarDesk(fake);
    await form();

    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent(CALENDAR_MESSAGES.version);
    expect(screen.getByRole('group', { name: '定休日' })).toHaveAccessibleDescription(CALENDAR_MESSAGES.weekday);
    expect(weekday('日')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('table', { name: '2026年12月' })).toHaveAccessibleDescription(CALENDAR_MESSAGES.wholeMonth);
    expect(nextMonth()).toHaveAccessibleDescription(CALENDAR_MESSAGES.monthRange);
    const reason = screen.getByRole('textbox', { name: '12月29日(火)の理由' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(CALENDAR_MESSAGES.reasonTooLong);
    expect(screen.getByRole('textbox', { name: '12月30日(水)の理由' })).toHaveAccessibleDescription(
      otherMonth('2026-12'),
    );
    expect(screen.queryByRole('status')).toHaveTextContent('');

    // Accepted next time: the messages go, and those on no box do not stop the save.
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('営業日カレンダーを保存しました。');
    expect(screen.queryByText(CALENDAR_MESSAGES.weekday)).not.toBeInTheDocument();
    expect(screen.queryByText(CALENDAR_MESSAGES.wholeMonth)).not.toBeInTheDocument();
    expect(screen.queryByText(CALENDAR_MESSAGES.monthRange)).not.toBeInTheDocument();
    expect(await sentCalendars(fake)).toHaveLength(2);
  });

  it('says before asking what the server would refuse, and sends nothing', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    await form();

    // Every weekday closed.
    for (const name of ['月', '火', '水', '木', '金', '土']) await user.click(weekday(name));
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(screen.getByRole('group', { name: '定休日' })).toHaveAccessibleDescription(CALENDAR_MESSAGES.allWeek);

    // Only Sundays open, then closed one by one: no business day is left.
    await user.click(weekday('日'));
    for (const date of ['6', '13', '20', '27']) await user.click(day(`12月${date}日(日) 営業日`));
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getByRole('table', { name: '2026年12月' })).toHaveAccessibleDescription(
        CALENDAR_MESSAGES.wholeMonth,
      ),
    );

    // A reason over 40 characters.
    await user.click(day('12月6日(日) 休業日'));
    await retype(user, screen.getByRole('textbox', { name: '12月29日(火)の理由' }), 'あ'.repeat(41));
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '12月29日(火)の理由' })).toHaveAccessibleDescription(
        CALENDAR_MESSAGES.reasonTooLong,
      ),
    );
    expect(await sentCalendars(fake)).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the calendar saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = calendarFake();
    renderCalendarDesk(fake);
    await form();

    fake.change(demoCalendar({ version: 5, weekly_closed: [0, 3] }));
    await user.click(day('12月3日(木) 営業日'));
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CALENDAR_STALE);
    // What was typed stays until the calendar is read again.
    expect(day('12月3日(木) 休業日')).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(weekday('水')).toBeChecked();
    expect(day('12月2日(水) 定休日')).toBeDisabled();
    expect(day('12月3日(木) 営業日')).toHaveAttribute('aria-pressed', 'false');
    expect(nextMonth()).toBeEnabled();

    // The next save goes with the version just read.
    await user.click(saveButton());
    await waitFor(async () => expect(await sentCalendars(fake)).toHaveLength(2));
    expect((await sentCalendars(fake))[1]).toMatchObject({ version: 5, weekly_closed: [0, 3] });
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('営業日カレンダー: オーナー and 店長 only', () => {
  it('lets a 店長 in', async () => {
    renderCalendarDesk(calendarFake('manager'));
    expect(await form()).toBeInTheDocument();
  });

  it('does not ask for the calendar of another role', async () => {
    const fake = calendarFake('order_clerk');
    renderCalendarDesk(fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '営業日カレンダーの設定は店舗オーナーまたは店長のみ行えます。',
    );
    expect(screen.getByRole('heading', { level: 1, name: '営業日カレンダー' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(CALENDAR_API)).toHaveLength(0);
  });
});
