import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../api/types';
import { EXPIRY_KEY, TOKEN_KEY } from '../../api/session';
import { json, type FakeFetch } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const PATH = '/v1/me/timeseries';

function logIn(): void {
  localStorage.setItem(TOKEN_KEY, 'member-token');
  localStorage.setItem(EXPIRY_KEY, String(Date.now() + 600_000));
}

const head57: Measurement = { id: 't2', purpose: 'helmet', values: { head: 57 }, created_at: '2026-11-20T01:00:00Z' };
const head56: Measurement = { id: 't1', purpose: 'helmet', values: { head: 56.5 }, created_at: '2026-10-01T01:00:00Z' };
const bike: Measurement = {
  id: 't3',
  purpose: 'bicycle',
  values: { height: 170, inseam: 78.5 },
  created_at: '2026-11-02T01:00:00Z',
};

/** A fake server keeping `limit` records per purpose, newest first. */
function timeseriesFake(start: Measurement[], limit = '1'): FakeFetch & { bodies: unknown[] } {
  let items = [...start];
  const bodies: unknown[] = [];
  let n = 10;
  const fake = createSiteFake()
    .on('GET', '/v1/me/user', { id: 'u1', last_name: '山田', first_name: '太郎' })
    .on('GET', PATH, (request) => {
      const purpose = new URL(request.url).searchParams.get('purpose');
      const data = purpose ? items.filter((m) => m.purpose === purpose) : items;
      return json({ data }, { headers: { 'x-limit': limit } });
    })
    .on('POST', PATH, async (request) => {
      const body = (await request.json()) as Pick<Measurement, 'purpose' | 'values'>;
      bodies.push(body);
      n += 1;
      const created = { id: `t${n}`, ...body, created_at: '2026-11-26T01:00:00Z' };
      const same = [created, ...items.filter((m) => m.purpose === body.purpose)].slice(0, Number(limit));
      items = [...same, ...items.filter((m) => m.purpose !== body.purpose)];
      return json({ data: same }, { status: 201 });
    })
    .on('DELETE', PATH, (request) => {
      const purpose = new URL(request.url).searchParams.get('purpose');
      items = items.filter((m) => purpose !== null && m.purpose !== purpose);
      return new Response(null, { status: 204 });
    });
  return Object.assign(fake, { bodies });
}

describe('/mypage/measurement', () => {
  it('shows the latest measurement per purpose and what is not recorded', async () => {
    logIn();
    await renderApp('/mypage/measurement', timeseriesFake([head57, bike]));

    const helmet = await screen.findByRole('region', { name: 'ヘルメット' });
    expect(helmet).toHaveTextContent('頭囲57cm');
    expect(helmet).toHaveTextContent('2026.11.20 記録');
    expect(screen.getByRole('region', { name: 'グローブ' })).toHaveTextContent('未登録');
    const bicycle = screen.getByRole('region', { name: '自転車' });
    expect(bicycle).toHaveTextContent('身長170cm');
    expect(bicycle).toHaveTextContent('股下78.5cm');
    // One record per purpose (the default limit): no history.
    expect(screen.queryByText(/これまでの記録/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'サイズを登録・変更する' })).toHaveAttribute(
      'href',
      '/mypage/measurement/edit',
    );
  });

  it('lists earlier records when the shop keeps more than one', async () => {
    logIn();
    await renderApp('/mypage/measurement', timeseriesFake([head57, head56], '3'));

    const helmet = await screen.findByRole('region', { name: 'ヘルメット' });
    expect(helmet).toHaveTextContent('頭囲57cm');
    expect(within(helmet).getByText('これまでの記録（3件まで保存されます）')).toBeInTheDocument();
    expect(within(helmet).getByRole('listitem')).toHaveTextContent('2026.10.01頭囲 56.5cm');
  });
});

describe('/mypage/measurement/edit', () => {
  it('records a purpose with the numbers typed, then starts from them', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = timeseriesFake([]);
    await renderApp('/mypage/measurement/edit', fake);

    const helmet = await screen.findByRole('form', { name: 'ヘルメット' });
    const head = within(helmet).getByLabelText(/^頭囲/);
    await user.type(head, '５７．５');
    await user.click(within(helmet).getByRole('button', { name: '記録する' }));

    await waitFor(() => expect(fake.bodies).toEqual([{ purpose: 'helmet', values: { head: 57.5 } }]));
    expect(await screen.findByText('ヘルメットのサイズを記録しました。')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'ヘルメット' })).getByLabelText(/^頭囲/)).toHaveValue('57.5'),
    );
    expect(
      within(screen.getByRole('form', { name: 'ヘルメット' })).getByRole('button', { name: /記録を削除/ }),
    ).toBeInTheDocument();
  });

  it('checks the measures before sending: required, one decimal place, the range', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = timeseriesFake([]);
    await renderApp('/mypage/measurement/edit', fake);

    const bicycle = await screen.findByRole('form', { name: '自転車' });
    await user.type(within(bicycle).getByLabelText(/^身長/), '170.25');
    await user.click(within(bicycle).getByRole('button', { name: '記録する' }));
    expect(await within(bicycle).findByText('小数点以下1桁以内の数値で入力してください')).toBeInTheDocument();
    expect(within(bicycle).getByText('必須項目です')).toBeInTheDocument();

    const glove = screen.getByRole('form', { name: 'グローブ' });
    await user.type(within(glove).getByLabelText(/^手の長さ/), '35');
    await user.click(within(glove).getByRole('button', { name: '記録する' }));
    expect(await within(glove).findByText('10〜30の範囲で入力してください')).toBeInTheDocument();
    expect(fake.callsTo(PATH).filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('puts the server’s values.* messages on the measure', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = timeseriesFake([]).on('POST', PATH, () =>
      json(
        { message: '入力内容に誤りがあります', errors: { 'values.head': ['頭囲は40〜70の範囲で入力してください。'] } },
        { status: 422 },
      ),
    );
    await renderApp('/mypage/measurement/edit', fake);

    const helmet = await screen.findByRole('form', { name: 'ヘルメット' });
    await user.type(within(helmet).getByLabelText(/^頭囲/), '57');
    await user.click(within(helmet).getByRole('button', { name: '記録する' }));
    expect(await within(helmet).findByText('頭囲は40〜70の範囲で入力してください。')).toBeInTheDocument();
    expect(within(helmet).getByLabelText(/^頭囲/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('empties a purpose after the confirmation', async () => {
    logIn();
    const user = userEvent.setup();
    const fake = timeseriesFake([head57, bike]);
    await renderApp('/mypage/measurement/edit', fake);

    const helmet = await screen.findByRole('form', { name: 'ヘルメット' });
    expect(within(helmet).getByLabelText(/^頭囲/)).toHaveValue('57');
    await user.click(within(helmet).getByRole('button', { name: /記録を削除/ }));
    const dialog = screen.getByRole('dialog', { name: 'ヘルメットのサイズの削除' });
    expect(dialog).toHaveTextContent('頭囲 57cm');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('ヘルメットのサイズを削除しました。')).toBeInTheDocument();
    const deletes = fake.callsTo(PATH).filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => new URL(r.url).searchParams.get('purpose'))).toEqual(['helmet']);
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'ヘルメット' })).getByLabelText(/^頭囲/)).toHaveValue(''),
    );
    // The other purposes stay.
    expect(within(screen.getByRole('form', { name: '自転車' })).getByLabelText(/^身長/)).toHaveValue('170');
  });
});
