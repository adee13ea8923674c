import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { renderAdmin } from '../../test/render-admin';
import {
  MAINTENANCE_MESSAGES,
  MAINTENANCE_PATH,
  MAINTENANCE_STALE,
  maintenanceFake,
  maintenanceSettings,
  neverSwitched,
  sentMaintenance,
} from '../../test/settings-maintenance-fixtures';

// ---- the screen's words (docs/contracts/settings-maintenance.md) --------------------------------

const SCREEN = '/admin/settings/maintenance';
const OPEN = '現在: 営業中';
const CLOSED = '現在: メンテナンス中 — お客様はお店を利用できません。管理画面はそのまま使えます。';
const STARTED = 'メンテナンスを開始しました。';
const ENDED = 'メンテナンスを終了し、お店を再開しました。';
const SAVED = '設定を保存しました。';
const CONFIRM = 'メンテナンスを開始しますか？';
const HINT = 'メンテナンスページに表示されます。再開の予定日時などをお知らせください。';
const DEFAULT_TITLE = 'メンテナンス中です';
const DEFAULT_MESSAGE =
  'ただいまメンテナンスのため、一時的にご利用いただけません。ご不便をおかけしますが、再開まで今しばらくお待ちください。';

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'メンテナンスモード' });
}

const field = {
  open: () => screen.getByRole<HTMLInputElement>('radio', { name: '営業中（お店を開く）' }),
  closed: () => screen.getByRole<HTMLInputElement>('radio', { name: 'メンテナンス中（お店を閉じる）' }),
  title: () => screen.getByLabelText<HTMLInputElement>('タイトル'),
  message: () => screen.getByLabelText<HTMLTextAreaElement>('お客様へのメッセージ'),
};

const preview = () => screen.getByRole('region', { name: 'お客様に表示される画面' });
const saveButton = () => screen.getByRole('button', { name: '保存する' });

/** Replaces a box's text (pasted: some examples are long or hold line breaks). */
async function retype(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, value: string) {
  await user.clear(box);
  if (value) {
    await user.click(box);
    await user.paste(value);
  }
}

// ---- 設定 --------------------------------------------------------------------------------------

describe('設定: メンテナンスモード comes last', () => {
  it('offers メンテナンスモード after the other screens, with a line saying what it does', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/settings', maintenanceFake());
    const list = await screen.findByRole('list', { name: '設定の一覧' });
    const cards = within(list).getAllByRole('listitem');
    const last = cards.at(-1)!;
    expect(within(last).getByRole('link', { name: 'メンテナンスモード' })).toHaveAttribute('href', SCREEN);
    expect(last).toHaveTextContent('お店を一時的に閉じ、お客様にお知らせを表示します。');

    await user.click(within(last).getByRole('link', { name: 'メンテナンスモード' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'メンテナンスモード' })).toBeInTheDocument();
    expect(document.title).toBe('メンテナンスモード | 管理画面');
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).getByRole('link', { name: '設定' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '設定へ戻る' })).toHaveAttribute('href', '/admin/settings');
  });
});

// ---- the form ----------------------------------------------------------------------------------

describe('メンテナンスモード: the form', () => {
  it('says it is loading, then the shop open, its texts and their preview', async () => {
    renderAdmin(SCREEN, maintenanceFake());
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    const shown = await form();

    expect(within(shown).getByText(OPEN)).toBeInTheDocument();
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
    expect(within(shown).getByRole('group', { name: '状態' })).toBeInTheDocument();
    expect(field.open()).toBeChecked();
    expect(field.closed()).not.toBeChecked();
    expect(field.title()).toHaveValue('棚卸しのため休業中です');
    expect(field.message()).toHaveValue('12月28日10時に再開します。\n\nご不便をおかけします。');
    expect(field.message().tagName).toBe('TEXTAREA');
    expect(Number(field.message().getAttribute('rows'))).toBeGreaterThanOrEqual(5);
    expect(field.message()).toHaveAccessibleDescription(HINT);

    // As /maintenance draws them: the title as a heading, the message in paragraphs at blank lines.
    const region = preview();
    expect(within(region).getByRole('heading', { name: '棚卸しのため休業中です' })).toBeInTheDocument();
    expect(within(region).getByText('12月28日10時に再開します。').tagName).toBe('P');
    expect(within(region).getByText('ご不便をおかけします。').tagName).toBe('P');
    expect(within(shown).getByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('warns at the top while the shop is closed', async () => {
    renderAdmin(SCREEN, maintenanceFake('owner', maintenanceSettings({ is_on: true })));
    const shown = await form();
    expect(within(shown).getByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByText(OPEN)).not.toBeInTheDocument();
    expect(field.closed()).toBeChecked();
  });

  it('fills a shop’s empty texts with the usual words, saved only by 保存する', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake('owner', neverSwitched());
    renderAdmin(SCREEN, fake);
    await form();

    expect(field.title()).toHaveValue(DEFAULT_TITLE);
    expect(field.message()).toHaveValue(DEFAULT_MESSAGE);
    expect(within(preview()).getByRole('heading', { name: DEFAULT_TITLE })).toBeInTheDocument();
    expect(within(preview()).getByText(DEFAULT_MESSAGE)).toBeInTheDocument();
    expect(await sentMaintenance(fake)).toEqual([]);

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(await sentMaintenance(fake)).toEqual([
      { version: 1, is_on: false, title: DEFAULT_TITLE, message: DEFAULT_MESSAGE },
    ]);
  });

  it('draws the preview from what is typed, before it is saved', async () => {
    const user = userEvent.setup();
    renderAdmin(SCREEN, maintenanceFake());
    await form();

    await retype(user, field.title(), '  臨時休業のお知らせ ');
    await retype(user, field.message(), '本日は休業します。\n明日10時に再開します。\n\n\nお問い合わせはメールで。');

    const region = preview();
    expect(within(region).getByRole('heading', { name: '臨時休業のお知らせ' })).toBeInTheDocument();
    // Two paragraphs under the title; a single line break stays inside the first.
    const texts = [...region.querySelectorAll('h2 ~ p')].map((p) => p.textContent);
    expect(texts).toEqual(['本日は休業します。\n明日10時に再開します。', 'お問い合わせはメールで。']);
  });
});

// ---- 保存する -----------------------------------------------------------------------------------

describe('メンテナンスモード: 保存する', () => {
  it('asks before closing the shop: やめる sends nothing, 開始する closes it', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake();
    renderAdmin(SCREEN, fake);
    await form();

    await user.click(field.closed());
    await retype(user, field.title(), '棚卸しのお知らせ');
    await user.click(saveButton());
    // The form checks its fields before it asks (react-hook-form's submit is asynchronous).
    let dialog = await screen.findByRole('dialog', { name: CONFIRM });
    expect(dialog).toHaveTextContent('お客様はお店を利用できなくなります。');
    expect(within(dialog).getByRole('button', { name: 'やめる' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sentMaintenance(fake)).toEqual([]);
    expect(field.closed()).toBeChecked();
    expect(field.title()).toHaveValue('棚卸しのお知らせ');
    expect(screen.getByText(OPEN)).toBeInTheDocument();

    await user.click(saveButton());
    dialog = await screen.findByRole('dialog', { name: CONFIRM });
    await user.click(within(dialog).getByRole('button', { name: '開始する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STARTED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sentMaintenance(fake)).toEqual([
      {
        version: 3,
        is_on: true,
        title: '棚卸しのお知らせ',
        message: '12月28日10時に再開します。\n\nご不便をおかけします。',
      },
    ]);
    expect(screen.getByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByText(OPEN)).not.toBeInTheDocument();
  });

  it('opens the shop again at once, and saves changed texts at once', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake('owner', maintenanceSettings({ is_on: true, version: 7 }));
    renderAdmin(SCREEN, fake);
    await form();

    // Closed, the texts changed: saved without asking, 設定を保存しました。
    await retype(user, field.message(), '  1月5日に再開します。 ');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field.message()).toHaveValue('1月5日に再開します。');
    expect(screen.getByText(CLOSED)).toBeInTheDocument();

    // Opened again: saved without asking, with the new version.
    await user.click(field.open());
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ENDED));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bodies = await sentMaintenance(fake);
    expect(bodies.map(({ version, is_on }) => ({ version, is_on }))).toEqual([
      { version: 7, is_on: true },
      { version: 8, is_on: false },
    ]);
    expect(screen.getByText(OPEN)).toBeInTheDocument();
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server, in the server’s words', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake();
    renderAdmin(SCREEN, fake);
    await form();
    await user.click(field.closed());

    const refusals: [() => HTMLInputElement | HTMLTextAreaElement, string, string][] = [
      [field.title, '   ', MAINTENANCE_MESSAGES.titleRequired],
      [field.title, 'あ'.repeat(101), MAINTENANCE_MESSAGES.titleTooLong],
      [field.message, '\n\n', MAINTENANCE_MESSAGES.messageRequired],
      [field.message, 'あ'.repeat(1001), MAINTENANCE_MESSAGES.messageTooLong],
    ];
    for (const [box, typed, message] of refusals) {
      const before = box().value;
      await retype(user, box(), typed);
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(box()).toHaveAttribute('aria-invalid', 'true');
      expect(box()).toHaveAccessibleDescription(expect.stringContaining(message));
      await retype(user, box(), before);
    }
    expect(await sentMaintenance(fake)).toEqual([]);

    // Open, the texts may be empty; 100 and 1,000 characters pass.
    await user.click(field.open());
    await retype(user, field.title(), '');
    await retype(user, field.message(), '');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    await user.click(field.closed());
    await retype(user, field.title(), 'あ'.repeat(100));
    await retype(user, field.message(), 'い'.repeat(1000));
    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: CONFIRM })).getByRole('button', { name: '開始する' }),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(STARTED));
  });

  it('puts a 422’s messages under their fields, focuses the first, and sums them up with what no field shows', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake().on('PUT', MAINTENANCE_PATH, () =>
      json(
        {
          message: MAINTENANCE_MESSAGES.titleRequired,
          errors: {
            is_on: [MAINTENANCE_MESSAGES.isOn],
            message: [MAINTENANCE_MESSAGES.messageRequired],
            title: [MAINTENANCE_MESSAGES.titleRequired],
            version: [MAINTENANCE_MESSAGES.version],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(SCREEN, fake);
    await form();
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent(MAINTENANCE_MESSAGES.version);
    const state = screen.getByRole('group', { name: '状態' });
    expect(state).toHaveAccessibleDescription(MAINTENANCE_MESSAGES.isOn);
    expect(field.title()).toHaveAttribute('aria-invalid', 'true');
    expect(field.title()).toHaveAccessibleDescription(MAINTENANCE_MESSAGES.titleRequired);
    expect(field.message()).toHaveAccessibleDescription(expect.stringContaining(MAINTENANCE_MESSAGES.messageRequired));
    expect(field.open()).toHaveFocus();
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the switch as the command left it', async () => {
    const user = userEvent.setup();
    const fake = maintenanceFake();
    renderAdmin(SCREEN, fake);
    await form();

    // Closed meanwhile by `shop channel maintenance … on`.
    fake.change(maintenanceSettings({ version: 4, is_on: true, title: 'コマンドで閉じました' }));
    await retype(user, field.title(), '年末年始のお休み');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MAINTENANCE_STALE);
    expect(field.title()).toHaveValue('年末年始のお休み');
    expect(screen.getByText(OPEN)).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field.title()).toHaveValue('コマンドで閉じました');
    expect(field.closed()).toBeChecked();
    expect(screen.getByText(CLOSED)).toBeInTheDocument();

    // The next save goes with the version read afresh.
    await user.click(field.open());
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(ENDED));
    expect((await sentMaintenance(fake)).at(-1)).toMatchObject({ version: 4, is_on: false });
  });
});

// ---- who sees it -------------------------------------------------------------------------------

describe('メンテナンスモード: オーナー and 店長 only', () => {
  it('does not ask for the switch of another role', async () => {
    const fake = maintenanceFake('order_clerk');
    renderAdmin(SCREEN, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'メンテナンスモードの切り替えは店舗オーナーまたは店長のみ行えます。',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'メンテナンスモード' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(MAINTENANCE_PATH)).toHaveLength(0);
  });

  it('lets a 店長 close the shop', async () => {
    const user = userEvent.setup();
    renderAdmin(SCREEN, maintenanceFake('manager'));
    await form();
    await user.click(field.closed());
    await user.click(saveButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: CONFIRM })).getByRole('button', { name: '開始する' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(STARTED);
  });
});
