import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import {
  NEWS_PATH,
  NEWS_STALE,
  newsDesk,
  newsDeskFake,
  PHOTOS_PATH,
  uploadedPhoto,
} from '../../test/news-desk-fixtures';
import { createAdminFake, renderAdmin } from '../../test/render-admin';
import { toLocalInput } from '../ui/date-time';

// ---- helpers ------------------------------------------------------------------------------------

const NEW = '/admin/content/news/new';
const EDITOR = '/admin/content/news/nw-1';
const ITEM = `${NEWS_PATH}/nw-1`;

type User = ReturnType<typeof userEvent.setup>;

const form = (name: 'お知らせの作成' | 'お知らせの編集') => screen.findByRole('form', { name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea, select' });
const body = () => screen.getByLabelText<HTMLTextAreaElement>('本文', { selector: 'textarea' });
const publish = () => screen.getByRole('checkbox', { name: '公開する' });
const saveButton = () => screen.getByRole('button', { name: '保存する' });
const picture = () => screen.getByRole('group', { name: '画像' });

/** A photo as the computer has it (the fake server does not read its bytes). */
const photoFile = (name = 'sale.jpg', type = 'image/jpeg') => new File(['photo'], name, { type });

/** A datetime-local box's value, as the browser's picker sets it. */
const setDateTime = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function retype(user: User, element: HTMLElement, value: string) {
  await user.clear(element);
  if (value) {
    await user.click(element);
    await user.paste(value);
  }
}

// ---- a new item ---------------------------------------------------------------------------------

describe('お知らせの作成', () => {
  it('asks for the URL (optional), タイトル, 要約, カテゴリ, 画像, 本文, 公開日時 (now) and 公開', async () => {
    const before = toLocalInput(new Date().toISOString());
    renderAdmin(NEW, newsDeskFake());
    await form('お知らせの作成');
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせの作成' })).toBeInTheDocument();
    expect(document.title).toBe('お知らせの作成 | 管理画面');
    expect(screen.getByRole('link', { name: 'お知らせ一覧へ戻る' })).toHaveAttribute('href', '/admin/content/news');

    expect(field('URL')).toHaveValue('');
    expect(field('URL')).toHaveAccessibleDescription('空欄の場合は自動で決まります。公開後は変更できません。');
    expect(field('要約').tagName).toBe('TEXTAREA');
    expect(field('要約')).toHaveAccessibleDescription('一覧に表示されます（200文字以内）');
    const category = field('カテゴリ');
    const suggestions = document.getElementById(category.getAttribute('list') ?? '');
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'お知らせ',
      '重要',
      'キャンペーン',
      'メンテナンス',
    ]);

    expect(within(picture()).getByText('画像はありません。')).toBeInTheDocument();
    expect(within(picture()).getByLabelText('画像を選ぶ')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(picture()).toHaveAccessibleDescription(expect.stringContaining('JPEG・PNG・WebP、10MBまで'));

    // 本文: the product description's markup field.
    expect(screen.getByRole('toolbar', { name: '本文の書式' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: '本文の表示' })).toBeInTheDocument();
    expect(body()).toHaveAccessibleDescription(expect.stringContaining('使えるタグ：p br strong'));

    // 公開日時: now in Japan time, to the minute.
    const publishedAt = field('公開日時');
    expect(publishedAt).toHaveAttribute('type', 'datetime-local');
    expect((publishedAt as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect([before, toLocalInput(new Date().toISOString())]).toContain((publishedAt as HTMLInputElement).value);
    expect(publish()).not.toBeChecked();
    expect(publish()).toHaveAccessibleDescription('公開日時が未来の場合は、その日時に自動で公開されます。');

    expect(screen.queryByRole('button', { name: '削除する' })).not.toBeInTheDocument();
  });

  it('uploads the picture at once, sends the item, and opens its editor saying it was created', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    fake.on('POST', PHOTOS_PATH, () => json(uploadedPhoto('cd34', 'sale.jpg'), { status: 201 }));
    const { router } = renderAdmin(NEW, fake);
    await form('お知らせの作成');

    await user.type(field('URL'), 'winter-sale-2026');
    await user.type(field('タイトル'), '冬のセール開催');
    await user.type(field('要約'), '今年も冬のセールを開催します。');
    await user.type(field('カテゴリ'), 'キャンペーン');
    await user.upload(within(picture()).getByLabelText('画像を選ぶ'), photoFile());
    const shown = await within(picture()).findByRole('img', { name: '画像のプレビュー' });
    expect(shown).toHaveAttribute('src', '/media/cd34-1440.webp');
    expect((await fake.callsTo(PHOTOS_PATH)[0]!.formData()).has('file')).toBe(true);
    expect(within(picture()).getByLabelText('画像を変更')).toBeInTheDocument();

    await retype(user, body(), '<p>全品<strong>20%オフ</strong></p><script>alert(1)</script>');
    setDateTime(field('公開日時'), '2026-12-01T10:00');
    await user.click(publish());
    await user.click(saveButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせの編集' })).toBeInTheDocument();
    expect(await screen.findByText('お知らせを作成しました。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/news/nw-10');
    expect(await fake.created()).toEqual([
      {
        key: 'winter-sale-2026',
        title: '冬のセール開催',
        summary: '今年も冬のセールを開催します。',
        category: 'キャンペーン',
        body: '<p>全品<strong>20%オフ</strong></p><script>alert(1)</script>',
        image_url: '/media/cd34-1440.webp',
        published_at: '2026-12-01T10:00',
        is_published: true,
      },
    ]);
    // The item as created: its URL fixed now, published, the picture kept; no URL box any more.
    expect(screen.getByText('/news/winter-sale-2026')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'URL' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^お店で見る/ })).toHaveAttribute('href', '/news/winter-sale-2026');
    expect(field('タイトル')).toHaveValue('冬のセール開催');
    expect(within(picture()).getByRole('img', { name: '画像のプレビュー' })).toHaveAttribute(
      'src',
      '/media/cd34-1440.webp',
    );
  });

  it('leaves the URL to the server when it is blank, and sends no picture when none was chosen', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    renderAdmin(NEW, fake);
    await form('お知らせの作成');
    await user.type(field('タイトル'), 'メンテナンスのお知らせ');
    await retype(user, body(), '12月10日の深夜にメンテナンスを行います。');
    setDateTime(field('公開日時'), '2026-12-01T10:00');
    await user.click(saveButton());

    expect(await screen.findByText('お知らせを作成しました。')).toBeInTheDocument();
    const [sent] = await fake.created();
    expect(sent).not.toHaveProperty('key');
    expect(sent).toMatchObject({ image_url: null, is_published: false, summary: '', category: '' });
    expect(screen.getByText('/news/20261201-nw-10')).toBeInTheDocument();
    expect(screen.getByText('下書き')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /お店で見る/ })).not.toBeInTheDocument();
  });

  it('says what is wrong before asking the server, in the server’s words', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    renderAdmin(NEW, fake);
    await form('お知らせの作成');

    await user.type(field('URL'), 'Winter Sale');
    await user.type(field('カテゴリ'), 'とても長いカテゴリの名前をここに入力します');
    setDateTime(field('公開日時'), '');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(field('URL')).toHaveAccessibleDescription(
      expect.stringContaining('URLは半角英小文字・数字・ハイフン（64文字以内）で入力してください。'),
    );
    expect(field('タイトル')).toHaveAccessibleDescription('タイトルを入力してください。');
    expect(field('カテゴリ')).toHaveAccessibleDescription(
      expect.stringContaining('カテゴリは20文字以内で入力してください。'),
    );
    expect(body()).toHaveAccessibleDescription(expect.stringContaining('本文を入力してください。'));
    expect(field('公開日時')).toHaveAccessibleDescription(expect.stringContaining('公開日時を入力してください。'));
    expect(field('URL')).toHaveFocus();
    expect(await fake.created()).toEqual([]);
  });

  it('refuses a file the server does not take before sending it, and says the server’s refusal', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fake = newsDeskFake().on('POST', PHOTOS_PATH, () =>
      json(
        { message: '画像を読み込めませんでした。', errors: { file: ['画像を読み込めませんでした。'] } },
        { status: 422 },
      ),
    );
    renderAdmin(NEW, fake);
    await form('お知らせの作成');

    await user.upload(within(picture()).getByLabelText('画像を選ぶ'), photoFile('memo.txt', 'text/plain'));
    expect(await within(picture()).findByRole('alert')).toHaveTextContent('JPEG・PNG・WebPの画像を選んでください。');
    expect(fake.callsTo(PHOTOS_PATH)).toHaveLength(0);

    await user.upload(within(picture()).getByLabelText('画像を選ぶ'), photoFile('broken.jpg'));
    await waitFor(() => expect(within(picture()).getByRole('alert')).toHaveTextContent('画像を読み込めませんでした。'));
    expect(within(picture()).queryByRole('img')).not.toBeInTheDocument();
  });
});

// ---- an item ------------------------------------------------------------------------------------

describe('お知らせの編集', () => {
  it('shows the item: its URL (not editable) with お店で見る, the fields, the picture and its state', async () => {
    renderAdmin(EDITOR, newsDeskFake());
    await form('お知らせの編集');
    expect(document.title).toBe('お知らせの編集 | 管理画面');
    expect(screen.getByText('/news/winter-sale')).toBeInTheDocument();
    expect(screen.queryByLabelText('URL')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^お店で見る/ })).toHaveAttribute('href', '/news/winter-sale');
    expect(screen.getByText('公開中')).toBeInTheDocument();

    expect(field('タイトル')).toHaveValue('冬のセールのお知らせ');
    expect(field('要約')).toHaveValue('12月1日から冬のセールを開催します。');
    expect(field('カテゴリ')).toHaveValue('キャンペーン');
    expect(body()).toHaveValue('<p>全品<strong>20%オフ</strong>です。</p>');
    // 2026-12-01T01:00:00Z in Japan time.
    expect(field('公開日時')).toHaveValue('2026-12-01T10:00');
    expect(publish()).toBeChecked();
    const shown = within(picture()).getByRole('img', { name: '画像のプレビュー' });
    expect(shown).toHaveAttribute('src', '/media/ab12-1440.webp');
    expect(shown).toHaveAttribute('srcset', newsDesk().image_srcset);
    expect(screen.getByRole('button', { name: '削除する' })).toBeEnabled();
  });

  it('says a scheduled item appears by itself, and a draft is not shown, without お店で見る', async () => {
    const fake = newsDeskFake('manager', [newsDesk({ status: 'scheduled', published_at: '2026-12-20T00:00:00Z' })]);
    const view = renderAdmin(EDITOR, fake);
    await form('お知らせの編集');
    expect(screen.getByText('公開予約')).toBeInTheDocument();
    expect(screen.getByText('公開日時になると、お客様に表示されます。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /お店で見る/ })).not.toBeInTheDocument();
    view.unmount();

    renderAdmin(EDITOR, newsDeskFake('owner', [newsDesk({ status: 'draft', is_published: false })]));
    await form('お知らせの編集');
    expect(screen.getByText('下書きのため、お客様には表示されません。')).toBeInTheDocument();
    expect(publish()).not.toBeChecked();
  });

  it('saves with the version read, takes the picture off with 画像を外す, and goes back to draft', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    renderAdmin(EDITOR, fake);
    await form('お知らせの編集');

    await user.click(within(picture()).getByRole('button', { name: '画像を外す' }));
    expect(within(picture()).queryByRole('img')).not.toBeInTheDocument();
    expect(within(picture()).getByLabelText('画像を選ぶ')).toHaveFocus();
    await retype(user, field('タイトル'), '冬のセールのお知らせ（延長）');
    await user.click(publish());
    await user.click(saveButton());

    expect(await screen.findByText('お知らせを保存しました。')).toBeInTheDocument();
    expect(await fake.saved('nw-1')).toEqual([
      {
        version: 1,
        title: '冬のセールのお知らせ（延長）',
        summary: '12月1日から冬のセールを開催します。',
        category: 'キャンペーン',
        body: '<p>全品<strong>20%オフ</strong>です。</p>',
        image_url: null,
        published_at: '2026-12-01T10:00',
        is_published: false,
      },
    ]);
    expect(screen.getByText('下書き')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /お店で見る/ })).not.toBeInTheDocument();

    // The next save goes with the new version.
    await user.click(saveButton());
    await waitFor(async () => expect(await fake.saved('nw-1')).toHaveLength(2));
    expect((await fake.saved('nw-1'))[1]?.version).toBe(2);
  });

  it('puts a 422’s messages under each field, the picture’s beside it, and the rest in the alert', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake().on('PUT', ITEM, () =>
      json(
        {
          message: '入力内容を確認してください。',
          errors: {
            body: ['本文を入力してください。'],
            image_url: ['画像が見つかりません。もう一度アップロードしてください。'],
            published_at: ['日時の形式が正しくありません（例: 2026-12-01T10:00）。'],
            summary: ['要約は200文字以内で入力してください。'],
            title: ['タイトルは100文字以内で入力してください。'],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(EDITOR, fake);
    await form('お知らせの編集');
    await user.click(saveButton());

    const alert = await screen.findByText(/^入力内容を確認してください。/);
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');
    expect(field('タイトル')).toHaveAccessibleDescription('タイトルは100文字以内で入力してください。');
    expect(field('タイトル')).toHaveFocus();
    expect(field('要約')).toHaveAccessibleDescription(expect.stringContaining('要約は200文字以内で入力してください。'));
    expect(body()).toHaveAttribute('aria-invalid', 'true');
    expect(body()).toHaveAccessibleDescription(expect.stringContaining('本文を入力してください。'));
    expect(field('公開日時')).toHaveAccessibleDescription(
      expect.stringContaining('日時の形式が正しくありません（例: 2026-12-01T10:00）。'),
    );
    expect(within(picture()).getByRole('alert')).toHaveTextContent(
      '画像が見つかりません。もう一度アップロードしてください。',
    );
    expect(screen.queryByText('お知らせを保存しました。')).not.toBeInTheDocument();
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the item saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    renderAdmin(EDITOR, fake);
    await form('お知らせの編集');

    fake.change(newsDesk({ title: '冬のセール（他の担当者が変更）', version: 4 }));
    await retype(user, field('タイトル'), '冬のセール');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NEWS_STALE);
    expect(field('タイトル')).toHaveValue('冬のセール');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('タイトル')).toHaveValue('冬のセール（他の担当者が変更）');

    await user.click(saveButton());
    expect(await screen.findByText('お知らせを保存しました。')).toBeInTheDocument();
    expect((await fake.saved('nw-1')).at(-1)?.version).toBe(4);
  });

  it('draws the preview as the storefront does: title, date, category, picture and the cleaned body', async () => {
    const user = userEvent.setup();
    renderAdmin(EDITOR, newsDeskFake());
    await form('お知らせの編集');
    expect(screen.queryByRole('region', { name: 'プレビュー' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'プレビュー' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const preview = screen.getByRole('region', { name: 'プレビュー' });
    expect(within(preview).getByRole('heading', { level: 1, name: '冬のセールのお知らせ' })).toBeInTheDocument();
    expect(within(preview).getByText('2026.12.01')).toBeInTheDocument();
    expect(within(preview).getByText('キャンペーン')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: '冬のセールのお知らせ' })).toHaveAttribute(
      'src',
      '/media/ab12-1440.webp',
    );

    // What is typed, before it is saved; scripts and event attributes never reach the page.
    await retype(user, body(), '<p onclick="alert(1)">全品<strong>半額</strong></p><script>alert(2)</script>');
    expect(within(preview).getByText('半額').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('[onclick]')).toBeNull();
    await retype(user, body(), '一段落目です。\n\n二段落目です。');
    expect(within(preview).getByText('二段落目です。').tagName).toBe('P');

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'プレビュー' })).not.toBeInTheDocument();
  });
});

// ---- 削除する -----------------------------------------------------------------------------------

describe('お知らせの削除', () => {
  it('asks first; やめる keeps the item, 削除する deletes it at the version read and goes back to the list', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    const { router } = renderAdmin(EDITOR, fake);
    await form('お知らせの編集');

    await user.click(screen.getByRole('button', { name: '削除する' }));
    let dialog = screen.getByRole('dialog', { name: 'このお知らせを削除しますか？' });
    expect(dialog).toHaveTextContent('「冬のセールのお知らせ」を削除します。');
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.callsTo(ITEM).filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '削除する' }));
    dialog = screen.getByRole('dialog', { name: 'このお知らせを削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/content/news');
    expect(await screen.findByText('お知らせを削除しました。')).toBeInTheDocument();
    const [deleted] = fake.callsTo(ITEM).filter((call) => call.method === 'DELETE');
    expect(new URL(deleted!.url).searchParams.get('version')).toBe('1');
    const table = await screen.findByRole('table', { name: 'お知らせ一覧' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: '冬のセールのお知らせ' })).toBeNull());
  });

  it('shows the stale notice when the item changed since it was read', async () => {
    const user = userEvent.setup();
    const fake = newsDeskFake();
    renderAdmin(EDITOR, fake);
    await form('お知らせの編集');
    fake.change(newsDesk({ version: 2 }));

    await user.click(screen.getByRole('button', { name: '削除する' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'このお知らせを削除しますか？' })).getByRole('button', {
        name: '削除する',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(NEWS_STALE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'お知らせの編集' })).toBeInTheDocument();
  });
});

// ---- who sees it, and an item that is not there --------------------------------------------------

describe('お知らせの編集: オーナー and 店長 only', () => {
  it('does not ask for the item of another role, nor offer the form for a new one', async () => {
    const fake = newsDeskFake('shipping_clerk');
    const view = renderAdmin(EDITOR, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせの編集は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(ITEM)).toHaveLength(0);
    view.unmount();

    renderAdmin(NEW, newsDeskFake('viewer'));
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせの編集は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says so when the item is not the shop’s', async () => {
    const fake = createAdminFake('owner').on(
      'GET',
      `${NEWS_PATH}/nw-other`,
      json({ code: 'not_found', message: 'お知らせが見つかりません。' }, { status: 404 }),
    );
    renderAdmin('/admin/content/news/nw-other', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('お知らせが見つかりません。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
