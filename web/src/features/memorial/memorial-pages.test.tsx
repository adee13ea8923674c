import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Memorial } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const LIST = '/v1/me/user-memorials';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

function memorial(id: string, over: Partial<Memorial> = {}): Memorial {
  return {
    id,
    user_id: 'u1',
    target_user_name: '山田 花子',
    division_ct: 1,
    division_name: '誕生日',
    name: '母の誕生日',
    month: 12,
    date: 8,
    call: '母',
    next_date: '2026-12-08',
    days_until: 12,
    created_at: '2026-11-01T01:00:00Z',
    updated_at: '2026-11-01T01:00:00Z',
    ...over,
  };
}

const mother = memorial('m1');
const wedding = memorial('m2', {
  target_user_name: '山田 一郎',
  division_ct: 2,
  division_name: '結婚記念日',
  name: '結婚記念日',
  month: 11,
  date: 26,
  call: '',
  next_date: '2026-11-26',
  days_until: 0,
});
const leap = memorial('m3', {
  name: '祖父の誕生日',
  target_user_name: '山田 源蔵',
  month: 2,
  date: 29,
  call: '祖父',
  next_date: '2028-02-29',
  days_until: 460,
});

function memorialFake(start: Memorial[], limit: string | null = '10'): FakeFetch & { bodies: unknown[] } {
  let items = [...start];
  const bodies: unknown[] = [];
  const fake = createSiteFake()
    .on('GET', '/v1/me/user', { id: 'u1', last_name: '山田', first_name: '太郎' })
    .on('GET', LIST, () => json({ data: items }, { headers: limit === null ? {} : { 'x-limit': limit } }))
    .on('GET', `${LIST}/m1`, () => json(items.find((m) => m.id === 'm1')))
    .on('DELETE', `${LIST}/m1`, () => {
      items = items.filter((m) => m.id !== 'm1');
      return new Response(null, { status: 204 });
    })
    .on('POST', LIST, async (request) => {
      const body = (await request.json()) as Memorial;
      bodies.push(body);
      const created = memorial('m9', { ...body, next_date: '2027-05-01', days_until: 156 });
      items = [...items, created];
      return json(created, { status: 201 });
    })
    .on('PUT', `${LIST}/m1`, async (request) => {
      const body = (await request.json()) as Memorial;
      bodies.push(body);
      const updated = { ...mother, ...body, updated_at: '2026-11-26T01:00:00Z' };
      items = items.map((m) => (m.id === 'm1' ? updated : m));
      return json(updated);
    });
  return Object.assign(fake, { bodies });
}

describe('/mypage/memorial', () => {
  it('lists the memorials soonest first with the days left and the cap', async () => {
    logIn();
    await renderApp('/mypage/memorial', memorialFake([leap, mother, wedding]));

    const list = await screen.findByRole('list', { name: /登録済みの記念日/ });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      '結婚記念日',
      '母の誕生日',
      '祖父の誕生日',
    ]);
    expect(cards[0]).toHaveTextContent('今日');
    expect(cards[1]).toHaveTextContent('あと12日');
    expect(cards[1]).toHaveTextContent('山田 花子（母）');
    expect(cards[1]).toHaveTextContent('12月8日');
    expect(cards[1]).toHaveTextContent('2026.12.08');
    expect(cards[2]).toHaveTextContent('2月29日');
    expect(screen.getByText(/10件まで登録できます/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '記念日を登録する' })).toHaveAttribute('href', '/mypage/memorial/add');
  });

  it('offers no new memorial once the cap is reached', async () => {
    logIn();
    await renderApp('/mypage/memorial', memorialFake([mother, wedding], '2'));
    expect(await screen.findByText(/上限まで登録済みです/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '記念日を登録する' })).not.toBeInTheDocument();
  });

  it('deletes a memorial after the confirmation', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = memorialFake([mother, wedding]);
    await renderApp('/mypage/memorial', fake);

    const card = await screen.findByRole('article', { name: '母の誕生日' });
    await user.click(within(card).getByRole('button', { name: /削除/ }));
    const dialog = screen.getByRole('dialog', { name: '記念日の削除' });
    expect(dialog).toHaveTextContent('母の誕生日（12月8日）');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: '母の誕生日' })).not.toBeInTheDocument());
    expect(fake.callsTo(`${LIST}/m1`).some((r) => r.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('記念日を削除しました。')).toBeInTheDocument();
  });

  it('shows nothing to list for a member without memorials', async () => {
    logIn();
    await renderApp('/mypage/memorial', memorialFake([]));
    expect(await screen.findByText('登録されている記念日はありません。')).toBeInTheDocument();
  });
});

describe('/mypage/memorial/add', () => {
  it('offers only the real days of the chosen month, 2/29 included', async () => {
    logIn();
    const user = userEvent.setup();
    await renderApp('/mypage/memorial/add', memorialFake([]));

    const month = await screen.findByRole('combobox', { name: '月' });
    const day = screen.getByRole('combobox', { name: '日' });
    await user.selectOptions(month, '2');
    expect(within(day).getAllByRole('option').at(-1)).toHaveTextContent('29');
    await user.selectOptions(month, '1');
    await user.selectOptions(day, '31');
    // April has no 31st: the day is asked again.
    await user.selectOptions(month, '4');
    expect(within(day).getAllByRole('option').at(-1)).toHaveTextContent('30');
    expect(day).toHaveValue('');
  });

  it('says what is missing, then sends the memorial and goes back to the list', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = memorialFake([]);
    const { router } = await renderApp('/mypage/memorial/add', fake);

    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByText('種類を選択してください')).toBeInTheDocument();
    expect(screen.getByLabelText(/^お相手のお名前/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(LIST).filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^お相手のお名前/), '佐藤 美咲');
    await user.click(screen.getByRole('radio', { name: 'その他の記念日' }));
    await user.type(screen.getByLabelText(/^記念日の名前/), '出会った日');
    await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '1');
    await user.type(screen.getByLabelText(/^呼び方・ご関係/), '友人');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/memorial'));
    expect(fake.bodies).toEqual([
      { target_user_name: '佐藤 美咲', division_ct: 3, name: '出会った日', month: 5, date: 1, call: '友人' },
    ]);
    expect(await screen.findByText('記念日を登録しました。')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: '出会った日' })).toHaveTextContent('あと156日');
  });

  it('puts the server’s field messages on the fields', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = memorialFake([]).on('POST', LIST, () =>
      json(
        { message: '入力内容に誤りがあります', errors: { name: ['使用できない文字が含まれています。'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/memorial/add', fake);

    await user.type(await screen.findByLabelText(/^お相手のお名前/), '佐藤 美咲');
    await user.click(screen.getByRole('radio', { name: '誕生日' }));
    await user.type(screen.getByLabelText(/^記念日の名前/), '誕生日🎂');
    await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '1');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    expect(await screen.findByText('使用できない文字が含まれています。')).toBeInTheDocument();
    expect(screen.getByLabelText(/^記念日の名前/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^記念日の名前/)).toHaveFocus();
  });

  it('tells a member at the cap instead of showing the form', async () => {
    logIn();
    await renderApp('/mypage/memorial/add', memorialFake([mother], '1'));
    expect(await screen.findByRole('alert')).toHaveTextContent('記念日は1件まで登録できます。');
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
  });
});

describe('/mypage/memorial/:key/edit', () => {
  it('starts from the memorial and saves the change', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = memorialFake([mother]);
    const { router } = await renderApp('/mypage/memorial/m1/edit', fake);

    const name = await screen.findByLabelText(/^記念日の名前/);
    expect(name).toHaveValue('母の誕生日');
    expect(screen.getByRole('radio', { name: '誕生日' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: '月' })).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: '日' })).toHaveValue('8');
    await user.clear(name);
    await user.type(name, 'お母さんの誕生日');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/memorial'));
    expect(fake.bodies).toEqual([
      { target_user_name: '山田 花子', division_ct: 1, name: 'お母さんの誕生日', month: 12, date: 8, call: '母' },
    ]);
    expect(await screen.findByText('記念日を変更しました。')).toBeInTheDocument();
  });
});
