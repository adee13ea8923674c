import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client';
import { queryClient } from '../lib/query-client';
import { createFakeFetch, json, type FakeFetch } from '../test/fake-fetch';
import { AddressFieldset } from './address-fieldset';

interface Values {
  person: { postal_code: string; prefecture: string; city: string; address1: string; address2: string };
}

let fake: FakeFetch;
let submitted: Values | null;

function PersonForm({ corporate = false }: { corporate?: boolean }) {
  const form = useForm<Values>({
    defaultValues: { person: { postal_code: '', prefecture: '', city: '', address1: '', address2: '' } },
  });
  return (
    <form
      aria-label="住所の入力"
      onSubmit={form.handleSubmit((values) => {
        submitted = values;
      })}
    >
      <AddressFieldset form={form} corporate={corporate} prefix="person" />
      <button type="submit">送る</button>
    </form>
  );
}

function renderForm(corporate?: boolean) {
  return render(
    <QueryClientProvider client={queryClient}>
      <PersonForm corporate={corporate} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient.clear();
  submitted = null;
  fake = createFakeFetch()
    .on('GET', '/v1/postal-codes/prefectures', { data: [{ code: '13', name: '東京都' }] })
    .on('GET', '/v1/postal-code', (request) =>
      new URL(request.url).searchParams.get('code') === '1000001'
        ? json({ postal_code: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田', street: '' })
        : json({ message: '該当する郵便番号がありません' }, { status: 404 }),
    );
  configureApi({ baseUrl: 'http://shop.test', channel: 'demo', fetch: fake.fetch });
});

describe('AddressFieldset', () => {
  it('groups the five address inputs as 住所, with the hint of the shop variant', async () => {
    renderForm(true);
    const group = screen.getByRole('group', { name: '住所' });
    for (const label of [/^郵便番号/, /^都道府県/, /^市区町村/, /^番地/, /^建物名・部屋番号/]) {
      expect(within(group).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(group).getByText('半角数字7桁（例：1234567）')).toBeInTheDocument();
    expect(await within(group).findByRole('option', { name: '東京都' })).toBeInTheDocument();
  });

  it('fills the address under its prefix from the postal code, and says when it cannot', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: '東京都' });
    const postal = screen.getByLabelText(/^郵便番号/);

    await user.type(postal, '12');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));
    expect(await screen.findByText('郵便番号の形式で入力してください 例：123-4567')).toBeInTheDocument();
    expect(postal).toHaveFocus();

    await user.clear(postal);
    await user.type(postal, '999-9999');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));
    expect(
      await screen.findByText('該当する住所が見つかりませんでした。住所を直接入力してください。'),
    ).toBeInTheDocument();

    await user.clear(postal);
    await user.type(postal, '100-0001');
    await user.click(screen.getByRole('button', { name: '住所を自動入力' }));
    expect(await screen.findByRole('status')).toHaveTextContent('東京都千代田区千代田 を入力しました。');
    expect(screen.getByLabelText(/^都道府県/)).toHaveValue('東京都');
    expect(screen.getByLabelText(/^市区町村/)).toHaveValue('千代田区千代田');
    expect(screen.getByLabelText(/^番地/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^番地/), '1-1');
    await user.click(screen.getByRole('button', { name: '送る' }));
    await waitFor(() =>
      expect(submitted).toEqual({
        person: {
          postal_code: '100-0001',
          prefecture: '東京都',
          city: '千代田区千代田',
          address1: '1-1',
          address2: '',
        },
      }),
    );
  });
});
