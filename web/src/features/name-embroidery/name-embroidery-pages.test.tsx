import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmbroideryPreset } from '../../domain/name-embroidery/name-embroidery-queries';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const LIST = '/v1/me/name-embroideries';

const OPTIONS = {
  typefaces: [
    { value: 'block', label: 'ブロック体' },
    { value: 'script', label: '筆記体' },
  ],
  colors: [
    { value: 'white', label: '白' },
    { value: 'navy', label: '紺' },
  ],
  positions: [
    { value: 'left_chest', label: '左胸' },
    { value: 'cuff', label: '袖口' },
  ],
};

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const yamada = {
  id: 'e1',
  text: 'YAMADA',
  typeface: 'block',
  color: 'white',
  position: 'left_chest',
  label: 'YAMADA（ブロック体・白・左胸）',
  created_at: '2026-11-01T01:00:00Z',
  updated_at: '2026-11-01T01:00:00Z',
} as EmbroideryPreset;

function presetFake(start: EmbroideryPreset[], limit = '5'): FakeFetch & { bodies: unknown[] } {
  let items = [...start];
  const bodies: unknown[] = [];
  const fake = createSiteFake()
    .on('GET', '/v1/me/user', { id: 'u1', last_name: '山田', first_name: '太郎' })
    .on('GET', LIST, () => json({ data: items, options: OPTIONS }, { headers: { 'x-limit': limit } }))
    .on('DELETE', `${LIST}/e1`, () => {
      items = items.filter((p) => p.id !== 'e1');
      return new Response(null, { status: 204 });
    })
    .on('POST', LIST, async (request) => {
      const body = (await request.json()) as EmbroideryPreset;
      bodies.push(body);
      const created = { ...yamada, ...body, id: 'e9', label: `${body.text}（筆記体・紺・袖口）` };
      items = [...items, created];
      return json(created, { status: 201 });
    })
    .on('PUT', `${LIST}/e1`, async (request) => {
      const body = (await request.json()) as EmbroideryPreset;
      bodies.push(body);
      const updated = { ...yamada, ...body, updated_at: '2026-11-26T01:00:00Z' };
      items = items.map((p) => (p.id === 'e1' ? updated : p));
      return json(updated);
    });
  return Object.assign(fake, { bodies });
}

describe('/mypage/name-embroidery', () => {
  it('lists the presets by label with the cap and an add link', async () => {
    logIn();
    await renderApp('/mypage/name-embroidery', presetFake([yamada]));
    const list = await screen.findByRole('list', { name: '登録済みの名入れ刺繍' });
    expect(within(list).getByRole('article', { name: 'YAMADA（ブロック体・白・左胸）' })).toBeInTheDocument();
    expect(screen.getByText(/5件まで登録できます/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '名入れ刺繍を登録する' })).toHaveAttribute(
      'href',
      '/mypage/name-embroidery/edit',
    );
    expect(within(list).getByRole('link', { name: /編集/ })).toHaveAttribute(
      'href',
      '/mypage/name-embroidery/edit?id=e1',
    );
  });

  it('deletes a preset after the confirmation', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = presetFake([yamada]);
    await renderApp('/mypage/name-embroidery', fake);
    const card = await screen.findByRole('article', { name: yamada.label });
    await user.click(within(card).getByRole('button', { name: /削除/ }));
    const dialog = screen.getByRole('dialog', { name: '名入れ刺繍の削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: yamada.label })).not.toBeInTheDocument());
    expect(fake.callsTo(`${LIST}/e1`).some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('offers no new preset once the cap is reached', async () => {
    logIn();
    await renderApp('/mypage/name-embroidery', presetFake([yamada], '1'));
    expect(await screen.findByText(/上限まで登録済みです/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '名入れ刺繍を登録する' })).not.toBeInTheDocument();
  });
});

describe('/mypage/name-embroidery/edit', () => {
  it('counts the characters, previews the line, and sends the preset', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = presetFake([]);
    const { router } = await renderApp('/mypage/name-embroidery/edit', fake);

    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByText('書体を選択してください。')).toBeInTheDocument();
    expect(fake.callsTo(LIST).filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^刺繍する文字/), 'SATO');
    expect(screen.getByText('4/12文字')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '筆記体' }));
    await user.click(screen.getByRole('radio', { name: '紺' }));
    await user.click(screen.getByRole('radio', { name: '袖口' }));
    expect(screen.getByText('SATO（筆記体・紺・袖口）')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登録する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/name-embroidery'));
    expect(fake.bodies).toEqual([{ text: 'SATO', typeface: 'script', color: 'navy', position: 'cuff' }]);
    expect(await screen.findByText('名入れ刺繍を登録しました。')).toBeInTheDocument();
  });

  it('puts the server’s field messages on the fields', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = presetFake([]).on('POST', LIST, () =>
      json(
        { message: '入力内容に誤りがあります', errors: { text: ['刺繍できない文字が含まれています: 髙'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/name-embroidery/edit', fake);
    await user.type(await screen.findByLabelText(/^刺繍する文字/), '髙橋');
    await user.click(screen.getByRole('radio', { name: 'ブロック体' }));
    await user.click(screen.getByRole('radio', { name: '白' }));
    await user.click(screen.getByRole('radio', { name: '左胸' }));
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('刺繍できない文字が含まれています: 髙')).toBeInTheDocument();
    expect(screen.getByLabelText(/^刺繍する文字/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('with ?id= starts from the preset and saves the change', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = presetFake([yamada]);
    const { router } = await renderApp('/mypage/name-embroidery/edit?id=e1', fake);
    expect(await screen.findByRole('heading', { level: 1, name: '名入れ刺繍の変更' })).toBeInTheDocument();
    const text = screen.getByLabelText(/^刺繍する文字/);
    expect(text).toHaveValue('YAMADA');
    expect(screen.getByRole('radio', { name: 'ブロック体' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '紺' }));
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/name-embroidery'));
    expect(fake.bodies).toEqual([{ text: 'YAMADA', typeface: 'block', color: 'navy', position: 'left_chest' }]);
  });
});
