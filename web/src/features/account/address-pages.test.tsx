import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { suggestedFilename } from '../../lib/download';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import type { UserAddress } from './address-queries';
import { logIn, memberFake } from './test-member';

const LIST = '/v1/me/user-addresses';

function entry(id: string, over: Partial<UserAddress> = {}): UserAddress {
  return {
    id,
    division_ct: 2,
    is_default: false,
    is_sender_default: false,
    shipping_name: '佐藤 花子',
    shipping_last_name: '佐藤',
    shipping_first_name: '花子',
    shipping_kana: 'サトウ ハナコ',
    shipping_last_name_kana: 'サトウ',
    shipping_first_name_kana: 'ハナコ',
    postal_code: '5300001',
    formatted_postal_code: '530-0001',
    prefecture: '大阪府',
    city: '大阪市北区梅田',
    address1: '2-3-4',
    address2: '',
    combined_address: '大阪府大阪市北区梅田2-3-4',
    full_address: '〒530-0001 大阪府大阪市北区梅田2-3-4',
    phone_number: '06-1234-5678',
    cell_phone_number: '',
    created_at: '2026-11-20T01:00:00Z',
    updated_at: '2026-11-20T01:00:00Z',
    ...over,
  } as UserAddress;
}

const own = entry('own', {
  division_ct: 1,
  is_default: true,
  is_sender_default: true,
  shipping_name: '山田 太郎',
  shipping_last_name: '山田',
  shipping_first_name: '太郎',
  shipping_kana: 'ヤマダ タロウ',
  shipping_last_name_kana: 'ヤマダ',
  shipping_first_name_kana: 'タロウ',
  postal_code: '1000001',
  formatted_postal_code: '100-0001',
  prefecture: '東京都',
  city: '千代田区千代田',
  address1: '1-1',
  full_address: '〒100-0001 東京都千代田区千代田1-1',
  phone_number: '03-1234-5678',
});
const hanako = entry('a2');

function book(items: UserAddress[], limit: string | null = '20') {
  const headers: Record<string, string> = {
    'x-total': String(items.length),
    'x-per-page': '10',
    'x-last-page': '1',
    'x-current-page': '1',
  };
  if (limit !== null) headers['x-limit'] = limit;
  return json({ data: items }, { headers });
}

/** A fake server holding a book whose entries change as the calls say. */
function bookFake(start: UserAddress[] = [own, hanako], limit: string | null = '20'): FakeFetch {
  let items = [...start];
  const flag = (id: string, key: 'is_default' | 'is_sender_default') => {
    items = items.map((e) => ({ ...e, [key]: e.id === id }));
    return json(items.find((e) => e.id === id));
  };
  return memberFake()
    .on('GET', LIST, () => book(items, limit))
    .on('PATCH', `${LIST}/a2/use`, () => flag('a2', 'is_default'))
    .on('PATCH', `${LIST}/a2/use-sender`, () => flag('a2', 'is_sender_default'))
    .on('DELETE', `${LIST}/a2`, () => {
      items = items.filter((e) => e.id !== 'a2');
      if (!items.some((e) => e.is_default))
        items = items.map((e) => (e.division_ct === 1 ? { ...e, is_default: true } : e));
      return new Response(null, { status: 204 });
    })
    .on('DELETE', '/v1/me/user-addresses-all', () => {
      const count = items.length - 1;
      items = items
        .filter((e) => e.division_ct === 1)
        .map((e) => ({ ...e, is_default: true, is_sender_default: true }));
      return json({ count });
    });
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('/mypage/address', () => {
  it('lists the entries with their marks, the count and the limit', async () => {
    logIn();
    await renderApp('/mypage/address', bookFake());

    expect(await screen.findByRole('heading', { level: 1, name: 'アドレス帳' })).toBeInTheDocument();
    const mine = card(/山田 太郎/);
    expect(within(mine).getByText('既定のお届け先')).toBeInTheDocument();
    expect(within(mine).getByText('★')).toBeInTheDocument();
    expect(within(mine).getByText('既定の送り主')).toBeInTheDocument();
    expect(within(mine).getByText('ご本人の住所')).toBeInTheDocument();
    // The own address is the profile's: it is edited, never deleted.
    expect(within(mine).queryByRole('button', { name: /削除/ })).not.toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: /編集/ })).toHaveAttribute('href', '/mypage/address/own/edit');

    const other = card(/佐藤 花子/);
    expect(within(other).getByText('〒530-0001 大阪府大阪市北区梅田2-3-4')).toBeInTheDocument();
    expect(within(other).queryByText('既定のお届け先')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: '既定のお届け先にする（佐藤 花子 様）' })).toBeEnabled();
    expect(screen.getByText(/登録件数/)).toHaveTextContent('登録件数 2 件／上限 20 件');
    expect(screen.getByRole('link', { name: '新しいお届け先を登録する' })).toHaveAttribute(
      'href',
      '/mypage/address/add',
    );
    expect(screen.getByRole('navigation', { name: 'マイページメニュー' })).toContainElement(
      screen.getByRole('link', { name: 'アドレス帳' }),
    );
  });

  it('takes the limit as 1 when the answer names none, and then offers no add', async () => {
    logIn();
    await renderApp('/mypage/address', bookFake([own], null));
    expect(await screen.findByText(/登録件数/)).toHaveTextContent('登録件数 1 件／上限 1 件');
    expect(screen.queryByRole('link', { name: '新しいお届け先を登録する' })).not.toBeInTheDocument();
    expect(screen.getByText(/上限まで登録済みです/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'お届け先をすべて削除' })).toBeDisabled();
  });

  it('moves the default and the sender default marks', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/address', bookFake());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^既定のお届け先にする（佐藤 花子/ }));
    await waitFor(() => expect(within(card(/佐藤 花子/)).getByText('既定のお届け先')).toBeInTheDocument());
    expect(within(card(/山田 太郎/)).queryByText('既定のお届け先')).not.toBeInTheDocument();
    expect(within(card(/山田 太郎/)).getByText('既定の送り主')).toBeInTheDocument();
    expect(await screen.findByText('既定のお届け先を変更しました。')).toBeInTheDocument();
    expect(fake.callsTo(`${LIST}/a2/use`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^既定の送り主にする（佐藤 花子/ }));
    await waitFor(() => expect(within(card(/佐藤 花子/)).getByText('既定の送り主')).toBeInTheDocument());
    expect(within(card(/山田 太郎/)).queryByText('既定の送り主')).not.toBeInTheDocument();
    expect(fake.callsTo(`${LIST}/a2/use-sender`)).toHaveLength(1);
  });

  it('deletes one entry only after the confirmation, and nothing when cancelled', async () => {
    logIn();
    const { fake } = await renderApp('/mypage/address', bookFake());
    const user = userEvent.setup();

    const remove = await screen.findByRole('button', { name: '削除（佐藤 花子 様）' });
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'お届け先の削除' });
    expect(within(dialog).getByText(/〒530-0001 大阪府大阪市北区梅田2-3-4/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(fake.callsTo(`${LIST}/a2`)).toHaveLength(0);

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'お届け先の削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('お届け先を削除しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /佐藤 花子/ })).not.toBeInTheDocument());
    expect(fake.callsTo(`${LIST}/a2`).map((r) => r.method)).toEqual(['DELETE']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes every entry but the own address after the confirmation', async () => {
    logIn();
    const { fake } = await renderApp(
      '/mypage/address',
      bookFake([own, hanako, entry('a3', { shipping_name: '鈴木 一郎' })]),
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'お届け先をすべて削除' }));
    const dialog = screen.getByRole('dialog', { name: 'お届け先をすべて削除' });
    expect(dialog).toHaveTextContent('ご本人の住所以外のお届け先（2件）をすべて削除します。');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('2件のお届け先を削除しました。')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: /山田 太郎/ })).toBeInTheDocument();
    expect(fake.callsTo('/v1/me/user-addresses-all')).toHaveLength(1);
  });

  describe('export', () => {
    let saved: { name: string; blob: Blob }[];
    beforeEach(() => {
      saved = [];
      let url = '';
      URL.createObjectURL = vi.fn((blob: Blob) => {
        url = `blob:test/${saved.length}`;
        saved.push({ name: '', blob });
        return url;
      });
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const last = saved[saved.length - 1];
        if (last && this.href.startsWith('blob:')) last.name = this.download;
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("saves the CSV under the server's name in the chosen encoding and says so", async () => {
      logIn();
      const csv = '\uFEFFお届け先名(姓),お届け先名(名)\r\n山田,太郎\r\n';
      const fake = bookFake().on(
        'GET',
        `${LIST}/export`,
        () =>
          new Response(csv, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'x-suggested-filename': '%E3%82%A2%E3%83%89%E3%83%AC%E3%82%B9%E5%B8%B3.csv',
            },
          }),
      );
      await renderApp('/mypage/address', fake);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('radio', { name: 'UTF-8' }));
      await user.click(screen.getByRole('button', { name: 'CSVをエクスポート' }));

      expect(await screen.findByText('エクスポートが完了しました')).toBeInTheDocument();
      expect(new URL(fake.callsTo(`${LIST}/export`)[0]!.url).searchParams.get('encoding')).toBe('utf8');
      expect(saved).toHaveLength(1);
      expect(saved[0]!.name).toBe('アドレス帳.csv');
      expect(await saved[0]!.blob.text()).toContain('山田,太郎');
    });

    it('asks for Shift_JIS by default, and shows the delayed message when the answer is JSON', async () => {
      logIn();
      const fake = bookFake().on(
        'GET',
        `${LIST}/export`,
        json({ message: '遅延処理中なのでしばらくお待ちください' }, { status: 202 }),
      );
      await renderApp('/mypage/address', fake);
      const user = userEvent.setup();

      expect(await screen.findByRole('radio', { name: 'Shift_JIS（Excel向け）' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'CSVをエクスポート' }));
      expect(await screen.findByText('遅延処理中なのでしばらくお待ちください')).toBeInTheDocument();
      expect(new URL(fake.callsTo(`${LIST}/export`)[0]!.url).searchParams.get('encoding')).toBe('sjis');
      expect(saved).toHaveLength(0);
    });
  });

  describe('import', () => {
    const file = () => new File(['お届け先名(姓)\r\n'], 'book.csv', { type: 'text/csv' });

    it("lists the file's problems in row order and adds nothing", async () => {
      logIn();
      const fake = bookFake().on(
        'POST',
        `${LIST}/import`,
        json(
          {
            message: '入力内容をご確認ください',
            errors: {
              'rows.12.city': ['12行目「市区町村」: 必須項目です'],
              'rows.3.postal_code': ['3行目「郵便番号」: 郵便番号の形式で入力してください 例：123-4567'],
            },
          },
          { status: 422 },
        ),
      );
      await renderApp('/mypage/address', fake);
      const user = userEvent.setup();

      await user.upload(await screen.findByLabelText('CSVファイル'), file());
      await user.click(screen.getByRole('button', { name: '取り込む' }));

      const alert = await screen.findByRole('alert');
      const items = within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual([
        '3行目「郵便番号」: 郵便番号の形式で入力してください 例：123-4567',
        '12行目「市区町村」: 必須項目です',
      ]);
      expect(screen.getByLabelText('CSVファイル')).toHaveAttribute('aria-invalid', 'true');
      const sent = fake.callsTo(`${LIST}/import`)[0]!;
      expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data/);
      expect((await sent.formData()).get('file')).toBeTruthy();
    });

    it('says how many entries came in, and asks for a file when none is chosen', async () => {
      logIn();
      const fake = bookFake().on('POST', `${LIST}/import`, json({ count: 3 }));
      await renderApp('/mypage/address', fake);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: '取り込む' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('CSVファイルを選択してください');
      expect(fake.callsTo(`${LIST}/import`)).toHaveLength(0);

      await user.upload(screen.getByLabelText('CSVファイル'), file());
      await user.click(screen.getByRole('button', { name: '取り込む' }));
      expect(await screen.findByText('3件のお届け先を取り込みました。')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // The book is asked again.
      await waitFor(() => expect(fake.callsTo(LIST).length).toBeGreaterThanOrEqual(2));
    });
  });
});

const postalAnswer = json({
  postal_code: '1000001',
  formatted_postal_code: '100-0001',
  prefecture: '東京都',
  prefecture_code: '13',
  prefecture_kana: 'トウキョウト',
  city: '千代田区',
  city_kana: '',
  town: '千代田',
  town_kana: '',
  street: '',
});

describe('/mypage/address/add', () => {
  it('fills the address from the postal code and adds the entry', async () => {
    logIn();
    const fake = bookFake()
      .on('GET', '/v1/postal-code', postalAnswer)
      .on('POST', LIST, (req) =>
        req.json().then((body) => json(entry('a9', body as Partial<UserAddress>), { status: 201 })),
      );
    const { router } = await renderApp('/mypage/address/add', fake);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先の登録' })).toBeInTheDocument();
    await screen.findByRole('option', { name: '東京都' });
    await user.type(screen.getByLabelText(/^お届け先名（姓）/), '鈴木');
    await user.type(screen.getByLabelText(/^お届け先名（名）/), '一郎');
    await user.type(screen.getByLabelText(/^フリガナ（セイ）/), 'スズキ');
    await user.type(screen.getByLabelText(/^フリガナ（メイ）/), 'イチロウ');
    await user.type(screen.getByLabelText(/^郵便番号/), '1000001');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));

    await waitFor(() => expect(screen.getByLabelText(/^都道府県/)).toHaveValue('東京都'));
    expect(screen.getByLabelText(/^市区町村/)).toHaveValue('千代田区千代田');
    expect(screen.getByLabelText(/^番地/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^番地/), '1-1');
    await user.type(screen.getByLabelText(/^携帯電話番号/), '090-1234-5678');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/address'));
    expect(await screen.findByText('お届け先を登録しました。')).toBeInTheDocument();
    const body = await fake
      .callsTo(LIST)
      .find((r) => r.method === 'POST')!
      .json();
    expect(body).toEqual({
      shipping_last_name: '鈴木',
      shipping_first_name: '一郎',
      shipping_last_name_kana: 'スズキ',
      shipping_first_name_kana: 'イチロウ',
      postal_code: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      address1: '1-1',
      address2: '',
      phone_number: '',
      cell_phone_number: '090-1234-5678',
    });
  });

  it("checks the fields first, then shows the server's field messages", async () => {
    logIn();
    const fake = bookFake().on(
      'POST',
      LIST,
      json(
        { message: '入力内容をご確認ください', errors: { postal_code: ['郵便番号と都道府県が一致しません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/address/add', fake);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect((await screen.findAllByText('必須項目です')).length).toBeGreaterThanOrEqual(6);
    expect(screen.getAllByText('いずれかは必須項目です')).toHaveLength(2);
    expect(screen.getByLabelText(/^お届け先名（姓）/)).toHaveFocus();
    expect(fake.callsTo(LIST).filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^お届け先名（姓）/), '鈴木');
    await user.type(screen.getByLabelText(/^お届け先名（名）/), '一郎');
    await user.type(screen.getByLabelText(/^フリガナ（セイ）/), 'すずき');
    await user.type(screen.getByLabelText(/^フリガナ（メイ）/), 'イチロウ');
    await user.type(screen.getByLabelText(/^郵便番号/), '100-0001');
    await user.selectOptions(screen.getByLabelText(/^都道府県/), '大阪府');
    await user.type(screen.getByLabelText(/^市区町村/), '千代田区千代田');
    await user.type(screen.getByLabelText(/^番地/), '1-1');
    await user.type(screen.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('全角カタカナで入力してください')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^フリガナ（セイ）/));
    await user.type(screen.getByLabelText(/^フリガナ（セイ）/), 'スズキ');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('郵便番号と都道府県が一致しません')).toBeInTheDocument();
    expect(screen.getByLabelText(/^郵便番号/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^郵便番号/)).toHaveFocus();
  });

  it('offers no form when the book is full', async () => {
    logIn();
    await renderApp('/mypage/address/add', bookFake([own, hanako], '2'));
    expect(await screen.findByRole('alert')).toHaveTextContent('お届け先は2件まで登録できます。');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('/mypage/address/:key/edit', () => {
  it('edits an entry with its stored values', async () => {
    logIn();
    const fake = bookFake()
      .on('GET', `${LIST}/a2`, json(hanako))
      .on('PUT', `${LIST}/a2`, (req) => req.json().then((body) => json(entry('a2', body as Partial<UserAddress>))));
    const { router } = await renderApp('/mypage/address/a2/edit', fake);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先の変更' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^郵便番号/)).toHaveValue('530-0001');
    expect(screen.getByLabelText(/^お届け先名（姓）/)).toHaveValue('佐藤');
    await user.clear(screen.getByLabelText(/^建物名・部屋番号/));
    await user.type(screen.getByLabelText(/^建物名・部屋番号/), '梅田ビル5階');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/address'));
    expect(await screen.findByText('お届け先を変更しました。')).toBeInTheDocument();
    const body = (await fake
      .callsTo(`${LIST}/a2`)
      .find((r) => r.method === 'PUT')!
      .json()) as Record<string, unknown>;
    expect(body).toMatchObject({ address2: '梅田ビル5階', postal_code: '5300001', shipping_last_name: '佐藤' });
  });

  it("says that the own address is the profile's", async () => {
    logIn();
    const fake = bookFake().on('GET', `${LIST}/own`, json(own)).on('PUT', `${LIST}/own`, json(own));
    const { router } = await renderApp('/mypage/address/own/edit', fake);
    const user = userEvent.setup();

    expect(await screen.findByText(/これはご本人の住所です。/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/address'));
    expect(await screen.findByText('ご本人の住所を変更しました。会員情報にも反映されています。')).toBeInTheDocument();
  });

  it("shows the not-found page for an entry that is not the member's", async () => {
    logIn();
    const fake = bookFake().on('GET', `${LIST}/zz`, json({ message: '見つかりません' }, { status: 404 }));
    await renderApp('/mypage/address/zz/edit', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeInTheDocument();
  });
});

describe('suggestedFilename', () => {
  it('reads x-suggested-filename, then Content-Disposition, then the fallback', () => {
    expect(suggestedFilename(new Headers({ 'x-suggested-filename': '%E9%A0%98%E5%8F%8E%E6%9B%B8.pdf' }), 'a.pdf')).toBe(
      '領収書.pdf',
    );
    expect(
      suggestedFilename(
        new Headers({ 'content-disposition': 'attachment; filename="book.csv"; filename*=UTF-8\'\'%E5%B8%B3.csv' }),
        'a.csv',
      ),
    ).toBe('帳.csv');
    expect(suggestedFilename(new Headers({ 'content-disposition': 'attachment; filename="book.csv"' }), 'a.csv')).toBe(
      'book.csv',
    );
    expect(suggestedFilename(new Headers({ 'x-suggested-filename': '..%2F..%2Fetc%2Fpasswd' }), 'a.csv')).toBe(
      'passwd',
    );
    expect(suggestedFilename(new Headers(), 'a.csv')).toBe('a.csv');
  });
});
