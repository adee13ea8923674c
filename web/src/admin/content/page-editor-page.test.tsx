import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeFetch, json } from '../../test/fake-fetch';
import { createAdminFake, type Role, renderAdmin } from '../../test/render-admin';
import type { AdminPage, PageInput } from './pages-types';

// ---- answers shaped like the API's -------------------------------------------------------------

const PATH = '/v1/admin/pages/pg-law';
const EDITOR = '/admin/content/pages/pg-law';
const HINT = '【要入力：…】を書き換えてください。';
const PUBLISH_REFUSED = '【要入力：…】の箇所が残っているため公開できません。内容を入力してから公開してください。';
const STALE = 'このページは他の画面で更新されました。最新の内容を読み込んでから編集してください。';

/** A new shop's 特定商取引法に基づく表記, as the template wrote it (a draft with blanks). */
function lawPage(overrides: Partial<AdminPage> = {}): AdminPage {
  return {
    id: 'pg-law',
    url: '/law',
    title: '特定商取引法に基づく表記',
    is_published: false,
    needs_input: true,
    version: 1,
    updated_at: '2026-11-30T05:00:00+09:00',
    sections: [
      { heading: '販売業者', body: '【要入力：販売業者名（法人名、または個人事業主の氏名）】' },
      { heading: '販売価格', body: '各商品ページに税込価格で表示しております。' },
      { heading: '電話番号', body: '【要入力：電話番号】\n受付時間：【要入力：受付時間（例：平日10:00〜17:00）】' },
    ],
    ...overrides,
  };
}

const holds = (text: string) => text.includes('【要入力：');

/**
 * A signed-in back office whose role may (owner, manager) or may not edit pages: GET answers the
 * page as the fake's saves have left it; PUT saves what it is sent (version + 1) unless `on`
 * says otherwise.
 */
function deskFake(role: Role = 'owner', first: AdminPage = lawPage()) {
  let current = first;
  const fake = createAdminFake(role)
    .on('GET', PATH, () => json(current))
    .on('PUT', PATH, async (request) => {
      const body = (await request.clone().json()) as PageInput;
      const needsInput = holds(body.title) || body.sections.some((s) => holds(s.heading) || holds(s.body));
      current = {
        ...current,
        title: body.title,
        sections: body.sections,
        is_published: body.is_published,
        needs_input: needsInput,
        version: current.version + 1,
        updated_at: '2026-12-01T10:00:00+09:00',
      };
      return json(current);
    });
  return Object.assign(fake, {
    /** The page as saved elsewhere (what the next GET answers). */
    change(next: AdminPage) {
      current = next;
    },
  });
}

/** The bodies PUT sent, in order. */
async function sent(fake: FakeFetch): Promise<PageInput[]> {
  const puts = fake.callsTo(PATH).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map((request) => request.clone().json() as Promise<PageInput>));
}

async function form(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: 'ページの編集' });
}

const item = (place: number) => screen.getByRole('group', { name: `項目${place}` });
const headingOf = (place: number) => within(item(place)).getByLabelText('見出し');
const bodyOf = (place: number) => within(item(place)).getByLabelText('本文');
const items = () => screen.queryAllByRole('group', { name: /^項目\d+$/ });
const publish = () => screen.getByRole('checkbox', { name: '公開する（お客様に表示する）' });
const saveButton = () => screen.getByRole('button', { name: '保存する' });

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

// ---- the form ----------------------------------------------------------------------------------

describe('ページの編集: the form', () => {
  it('shows the URL (not editable), the title, each 項目 with its buttons, and 公開', async () => {
    renderAdmin(EDITOR, deskFake());
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'ページの編集' })).toBeInTheDocument();
    expect(document.title).toBe('ページの編集 | 管理画面');
    expect(screen.getByText('/law')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /URL/ })).not.toBeInTheDocument();
    // A draft: nothing to see in the shop yet.
    expect(screen.queryByRole('link', { name: /お店で見る/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ページ一覧へ戻る' })).toHaveAttribute('href', '/admin/content/pages');

    expect(screen.getByLabelText('タイトル')).toHaveValue('特定商取引法に基づく表記');
    expect(items()).toHaveLength(3);
    expect(headingOf(2)).toHaveValue('販売価格');
    expect(bodyOf(2)).toHaveValue('各商品ページに税込価格で表示しております。');
    expect(bodyOf(1).tagName).toBe('TEXTAREA');
    expect(Number(bodyOf(1).getAttribute('rows'))).toBeGreaterThanOrEqual(5);
    expect(within(item(1)).getByRole('button', { name: '上へ' })).toBeDisabled();
    expect(within(item(1)).getByRole('button', { name: '下へ' })).toBeEnabled();
    expect(within(item(3)).getByRole('button', { name: '下へ' })).toBeDisabled();
    expect(within(item(2)).getByRole('button', { name: 'この項目を削除' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '項目を追加' })).toBeEnabled();
    expect(publish()).not.toBeChecked();
  });

  it('points out each 【要入力：…】 under its field, and stops once it is rewritten', async () => {
    const user = userEvent.setup();
    renderAdmin(EDITOR, deskFake());
    await form();
    expect(bodyOf(1)).toHaveAccessibleDescription(HINT);
    expect(bodyOf(3)).toHaveAccessibleDescription(HINT);
    expect(within(item(1)).getByText(HINT)).toBeInTheDocument();
    expect(within(item(2)).queryByText(HINT)).not.toBeInTheDocument();
    expect(screen.getAllByText(HINT)).toHaveLength(2);
    // A hint, not an error: nothing is marked invalid before the server says so.
    expect(bodyOf(1)).not.toHaveAttribute('aria-invalid');

    await retype(user, bodyOf(1), '株式会社サンプル商店');
    expect(within(item(1)).queryByText(HINT)).not.toBeInTheDocument();
    expect(bodyOf(1)).not.toHaveAccessibleDescription(HINT);

    // The title too.
    await retype(user, screen.getByLabelText('タイトル'), '【要入力：タイトル】');
    expect(screen.getByLabelText('タイトル')).toHaveAccessibleDescription(HINT);
  });

  it('adds a 項目 at the end, moves one up and down, and removes one; the save sends them in that order', async () => {
    const user = userEvent.setup();
    const fake = deskFake('owner', lawPage({ sections: lawPage().sections.slice(1, 2) }));
    renderAdmin(EDITOR, fake);
    await form();
    expect(items()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '項目を追加' }));
    expect(items()).toHaveLength(2);
    expect(headingOf(2)).toHaveValue('');
    expect(headingOf(2)).toHaveFocus();
    await user.type(headingOf(2), '返品・交換');
    await user.type(bodyOf(2), '商品到着後8日以内の未使用品に限ります。');

    await user.click(screen.getByRole('button', { name: '項目を追加' }));
    await user.type(headingOf(3), '引渡時期');
    await user.type(bodyOf(3), 'ご注文確認後3営業日以内に発送します。');

    // 引渡時期 up to the top: the keyboard stays on the moved 項目's button.
    await user.click(within(item(3)).getByRole('button', { name: '上へ' }));
    expect(headingOf(2)).toHaveValue('引渡時期');
    expect(within(item(2)).getByRole('button', { name: '上へ' })).toHaveFocus();
    await user.click(within(item(2)).getByRole('button', { name: '上へ' }));
    expect(headingOf(1)).toHaveValue('引渡時期');
    // At the top 上へ is off: the keyboard moves to 下へ.
    expect(within(item(1)).getByRole('button', { name: '下へ' })).toHaveFocus();
    expect(headingOf(2)).toHaveValue('販売価格');

    // 販売価格 down to the end.
    await user.click(within(item(2)).getByRole('button', { name: '下へ' }));
    expect(items().map((group) => within(group).getByLabelText('見出し'))).toHaveLength(3);
    expect(headingOf(3)).toHaveValue('販売価格');

    // 返品・交換 removed (now second): the keyboard goes to the next 項目's delete button.
    expect(headingOf(2)).toHaveValue('返品・交換');
    await user.click(within(item(2)).getByRole('button', { name: 'この項目を削除' }));
    expect(items()).toHaveLength(2);
    expect(within(item(2)).getByRole('button', { name: 'この項目を削除' })).toHaveFocus();

    await user.click(saveButton());
    expect(await screen.findByText('ページを保存しました。')).toBeInTheDocument();
    expect((await sent(fake))[0]?.sections).toEqual([
      { heading: '引渡時期', body: 'ご注文確認後3営業日以内に発送します。' },
      { heading: '販売価格', body: '各商品ページに税込価格で表示しております。' },
    ]);
  });

  it('draws the preview as the storefront does: the title as h1, each heading as h2 with its paragraphs', async () => {
    const user = userEvent.setup();
    renderAdmin(EDITOR, deskFake());
    await form();
    expect(screen.queryByRole('region', { name: 'プレビュー' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'プレビュー' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const preview = screen.getByRole('region', { name: 'プレビュー' });
    expect(within(preview).getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['販売業者', '販売価格', '電話番号']);

    // What is typed, before it is saved; blank lines split paragraphs.
    await retype(user, bodyOf(2), '税込価格で表示します。\n\n送料は別途いただきます。');
    await retype(user, headingOf(2), '販売価格について');
    expect(within(preview).getByRole('heading', { level: 2, name: '販売価格について' })).toBeInTheDocument();
    expect(within(preview).getByText('税込価格で表示します。').tagName).toBe('P');
    expect(within(preview).getByText('送料は別途いただきます。').tagName).toBe('P');

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'プレビュー' })).not.toBeInTheDocument();
  });
});

// ---- saving ------------------------------------------------------------------------------------

describe('ページの編集: 保存する', () => {
  it('sends the page with the version read, says it is saved, and the next save sends the new version', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(EDITOR, fake);
    await form();

    await retype(user, bodyOf(1), '株式会社サンプル商店');
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('ページを保存しました。');
    expect(screen.getByRole('status')).not.toHaveTextContent('公開しました。');
    const [first] = await sent(fake);
    expect(first).toEqual({
      version: 1,
      title: '特定商取引法に基づく表記',
      sections: [{ heading: '販売業者', body: '株式会社サンプル商店' }, lawPage().sections[1], lawPage().sections[2]],
      is_published: false,
    });

    await retype(user, headingOf(2), '販売価格（税込）');
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]?.version).toBe(2);
  });

  it('says 公開しました。 when the save published the page, and offers お店で見る', async () => {
    const user = userEvent.setup();
    const filled = lawPage({
      needs_input: false,
      sections: [
        { heading: '販売業者', body: '株式会社サンプル商店' },
        { heading: '電話番号', body: '03-1234-5678' },
      ],
    });
    const fake = deskFake('manager', filled);
    renderAdmin(EDITOR, fake);
    await form();

    await user.click(publish());
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('ページを保存しました。公開しました。');
    expect((await sent(fake))[0]?.is_published).toBe(true);
    expect(publish()).toBeChecked();
    expect(screen.getByRole('link', { name: /^お店で見る/ })).toHaveAttribute('href', '/law');

    // Saved again while published: only saved.
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^ページを保存しました。$/));
  });

  it('puts a 422’s messages under each field, the 公開 one beside the checkbox, with the summary', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json(
        {
          message: PUBLISH_REFUSED,
          errors: {
            is_published: [PUBLISH_REFUSED],
            'sections.0.body': [HINT],
            'sections.1.heading': ['見出しは100文字以内で入力してください。'],
            'sections.2.body': [HINT],
            title: ['タイトルは100文字以内で入力してください。'],
            version: ['版番号がありません。画面を読み込み直してください。'],
          },
        },
        { status: 422 },
      ),
    );
    renderAdmin(EDITOR, fake);
    await form();

    await user.click(publish());
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入力内容を確認してください。');
    expect(alert).toHaveTextContent('版番号がありません。画面を読み込み直してください。');

    expect(publish()).toHaveAttribute('aria-invalid', 'true');
    expect(publish()).toHaveAccessibleDescription(PUBLISH_REFUSED);
    expect(screen.getByLabelText('タイトル')).toHaveAccessibleDescription(
      expect.stringContaining('タイトルは100文字以内で入力してください。'),
    );
    // The first field in the form's order takes the focus.
    expect(screen.getByLabelText('タイトル')).toHaveFocus();
    expect(headingOf(2)).toHaveAttribute('aria-invalid', 'true');
    expect(headingOf(2)).toHaveAccessibleDescription('見出しは100文字以内で入力してください。');
    for (const place of [1, 3]) {
      expect(bodyOf(place)).toHaveAttribute('aria-invalid', 'true');
      expect(bodyOf(place)).toHaveAccessibleDescription(HINT);
      // The server's message, not the hint beside it again.
      expect(within(item(place)).getAllByText(HINT)).toHaveLength(1);
    }
    expect(bodyOf(2)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('ページを保存しました。')).not.toBeInTheDocument();
  });

  it('shows the server’s message for 項目 as a whole', async () => {
    const user = userEvent.setup();
    const fake = deskFake().on('PUT', PATH, () =>
      json({ message: '項目は50個までです。', errors: { sections: ['項目は50個までです。'] } }, { status: 422 }),
    );
    renderAdmin(EDITOR, fake);
    await form();
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(screen.getByRole('group', { name: '項目' })).toHaveAccessibleDescription('項目は50個までです。');
  });

  it('says what is wrong before asking the server: an empty title or 見出し, or no 項目 at all', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(EDITOR, fake);
    await form();

    await retype(user, screen.getByLabelText('タイトル'), '   ');
    await retype(user, headingOf(2), '');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(screen.getByLabelText('タイトル')).toHaveAccessibleDescription('タイトルを入力してください。');
    expect(headingOf(2)).toHaveAccessibleDescription('見出しを入力してください。');

    await retype(user, screen.getByLabelText('タイトル'), '特定商取引法に基づく表記');
    for (let n = 3; n >= 1; n -= 1) {
      await user.click(within(item(n)).getByRole('button', { name: 'この項目を削除' }));
    }
    expect(items()).toHaveLength(0);
    expect(screen.getByRole('button', { name: '項目を追加' })).toHaveFocus();
    await user.click(saveButton());
    expect(await screen.findByText('項目を1つ以上入力してください。')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('入力内容を確認してください。');
    expect(await sent(fake)).toEqual([]);
  });

  it('shows the stale notice on a 409, and 最新の内容を読み込む brings the page saved elsewhere', async () => {
    const user = userEvent.setup();
    const fake = deskFake();
    renderAdmin(EDITOR, fake);
    await form();

    fake.change(
      lawPage({
        version: 4,
        title: '特定商取引法に基づく表記（改）',
        sections: [{ heading: '販売業者', body: '別の担当者が入力' }],
      }),
    );
    fake.on('PUT', PATH, () => json({ code: 'pages.stale', message: STALE }, { status: 409 }));
    await retype(user, bodyOf(1), '株式会社サンプル商店');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE);
    expect(bodyOf(1)).toHaveValue('株式会社サンプル商店');

    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByText('最新の内容を読み込みました。')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('タイトル')).toHaveValue('特定商取引法に基づく表記（改）');
    expect(items()).toHaveLength(1);
    expect(bodyOf(1)).toHaveValue('別の担当者が入力');

    // The next save goes with the version just read.
    fake.on('PUT', PATH, async (request) => json({ ...lawPage(), ...(await request.clone().json()), version: 5 }));
    await user.click(saveButton());
    await waitFor(async () => expect(await sent(fake)).toHaveLength(2));
    expect((await sent(fake))[1]?.version).toBe(4);
  });

  it('shows any other refusal as the server says it', async () => {
    const user = userEvent.setup();
    const forbidden = 'この操作は店舗オーナーまたは店長のみ行えます。';
    const fake = deskFake().on('PUT', PATH, () =>
      json({ code: 'staff.forbidden', message: forbidden }, { status: 403 }),
    );
    renderAdmin(EDITOR, fake);
    await form();
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(forbidden);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

// ---- who sees it, and a page that is not there ---------------------------------------------------

describe('ページの編集: オーナー and 店長 only', () => {
  it('does not ask for the page of another role', async () => {
    const fake = deskFake('shipping_clerk');
    renderAdmin(EDITOR, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ページの編集は店舗オーナーまたは店長のみ行えます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fake.callsTo(PATH)).toHaveLength(0);
  });

  it('says so when the page is not the shop’s', async () => {
    const fake = createAdminFake('owner').on(
      'GET',
      '/v1/admin/pages/pg-other',
      json({ code: 'not_found', message: 'ページが見つかりません。' }, { status: 404 }),
    );
    renderAdmin('/admin/content/pages/pg-other', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('ページが見つかりません。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
