import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { GIFT_MEMORY_KEY, readGiftMemory, rememberGiftToken, saveGiftDelivery, saveGiftShipping } from './gift-memory';
import { GIFT_TOKEN, completion, giftFake, giftProducts, notFound, shibuya } from './gift-test-data';

async function bodyOf(request: Request | undefined): Promise<Record<string, unknown>> {
  if (!request) throw new Error('no such request');
  return (await request.clone().json()) as Record<string, unknown>;
}

const morning = {
  delivery_at: '2026-11-29',
  delivery_timezone: 'am',
  date_label: '11月29日(日)',
  timezone_label: '午前中',
};

describe('/social-gift?token=…', () => {
  it('shows the gift — message, products with pictures and no price, the deadline in Japan time — and keeps the token', async () => {
    await renderApp(`/social-gift?token=${GIFT_TOKEN}`, giftFake());
    expect(await screen.findByRole('heading', { level: 1, name: 'ギフトが届いています' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('ギフトが届いています'));
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow'),
    );
    const message = await screen.findByRole('region', { name: 'ギフトのメッセージ' });
    expect(message).toHaveTextContent('はなちゃん 様');
    expect(message).toHaveTextContent('購入 太郎 様から、モトバイクパーツのギフトが届いています。');
    expect(message).toHaveTextContent('お誕生日おめでとう！');
    const products = screen.getByRole('list', { name: 'ギフトの商品' });
    const glove = within(products).getByRole('listitem', { name: 'ウインターグローブ' });
    expect(glove).toHaveTextContent('M / ブラック');
    expect(glove).toHaveTextContent('数量 1');
    expect(glove.querySelector('img')).toHaveAttribute('src', '/images/gloves.png');
    expect(document.body.textContent).not.toMatch(/¥|円/);
    expect(screen.getByText(/お届け先の入力期限/)).toHaveTextContent('お届け先の入力期限：2026.12.02 15:30');
    expect(screen.getByText('ギフトラッピング')).toBeInTheDocument();
    await waitFor(() => expect(readGiftMemory()?.token).toBe(GIFT_TOKEN));
    expect(localStorage.getItem(GIFT_MEMORY_KEY)).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'お届け先を入力する' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先の入力' })).toBeInTheDocument();
  });

  it('says a wrong link is not found, in the server’s words, on a full page', async () => {
    const fake = giftFake().on('GET', '/v1/social-gifts/ffffffffffffffffffffffffffffffff/products', notFound());
    await renderApp('/social-gift?token=ffffffffffffffffffffffffffffffff', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ギフトが見つかりません。URLをご確認ください。');
    expect(screen.queryByRole('link', { name: 'お届け先を入力する' })).toBeNull();
  });

  it('says an expired gift is past its deadline', async () => {
    const message =
      '受け取り期限（2026.12.02 15:30）を過ぎたため、このギフトはお受け取りいただけません。贈り主の方にお問い合わせください。';
    const fake = giftFake().on(
      'GET',
      `/v1/social-gifts/${GIFT_TOKEN}/products`,
      json({ message, code: 'social_gift.expired' }, { status: 404 }),
    );
    await renderApp(`/social-gift?token=${GIFT_TOKEN}`, fake);
    expect(await screen.findByRole('heading', { level: 1, name: '受け取り期限が過ぎています' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('shows the completion when the gift was already accepted', async () => {
    const { router } = await renderApp(
      `/social-gift?token=${GIFT_TOKEN}`,
      giftFake(giftProducts({ state: 'accepted' })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/social-gift/${GIFT_TOKEN}/complete`);
  });

  it('says the link is missing when there is no token at all', async () => {
    await renderApp('/social-gift', giftFake());
    expect(await screen.findByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeInTheDocument();
  });
});

describe('the step guards', () => {
  it('sends a step opened without the link back to the gift page', async () => {
    const { router } = await renderApp('/social-gift/confirm', giftFake());
    await waitFor(() => expect(router.state.location.pathname).toBe('/social-gift'));
  });

  it('sends the date step to the address step until the address is checked', async () => {
    rememberGiftToken(GIFT_TOKEN);
    const { router } = await renderApp('/social-gift/delivery', giftFake());
    await waitFor(() => expect(router.state.location.pathname).toBe('/social-gift/shipping'));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先の入力' })).toBeInTheDocument();
  });
});

describe('/social-gift/shipping', () => {
  it('checks the address with the postal autofill, keeps it and goes to the date', async () => {
    rememberGiftToken(GIFT_TOKEN);
    const fake = giftFake().on('GET', '/v1/postal-code', {
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      town: '神宮前',
      street: '',
    });
    await renderApp('/social-gift/shipping', fake);
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'お届け先の入力' }));
    await user.type(form.getByLabelText(/^お名前（姓）/), '受取');
    await user.type(form.getByLabelText(/^お名前（名）/), '花子');
    await user.type(form.getByLabelText(/^フリガナ（セイ）/), 'ウケトリ');
    await user.type(form.getByLabelText(/^フリガナ（メイ）/), 'ハナコ');
    await user.type(form.getByLabelText(/^郵便番号/), '150-0001');
    await user.click(form.getByRole('button', { name: '住所を自動入力' }));
    await waitFor(() => expect(form.getByLabelText(/^市区町村/)).toHaveValue('渋谷区神宮前'));
    expect(form.getByLabelText(/^都道府県/)).toHaveValue('東京都');
    await user.type(form.getByLabelText(/^番地/), '1-2-3');
    await user.type(form.getByLabelText(/^電話番号/), '03-1234-5678');
    await user.type(form.getByLabelText(/^メールアドレス/), 'hanako@example.com');
    await user.click(form.getByRole('button', { name: 'お届け日時の指定へ' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け日時の指定' })).toBeInTheDocument();
    expect(await bodyOf(fake.callsTo('/v1/social-gifts/check/shipping')[0])).toEqual({
      token: GIFT_TOKEN,
      shipping: shibuya,
    });
    expect(readGiftMemory()?.shipping).toEqual(shibuya);
  });

  it('puts the server’s 422 messages under the fields', async () => {
    rememberGiftToken(GIFT_TOKEN);
    saveGiftShipping(shibuya);
    const fake = giftFake().on(
      'POST',
      '/v1/social-gifts/check/shipping',
      json(
        { message: '入力内容に誤りがあります', errors: { postal_code: ['郵便番号と都道府県が一致しません'] } },
        { status: 422 },
      ),
    );
    await renderApp('/social-gift/shipping', fake);
    const form = within(await screen.findByRole('form', { name: 'お届け先の入力' }));
    expect(form.getByLabelText(/^お名前（姓）/)).toHaveValue('受取');
    expect(form.getByLabelText(/^郵便番号/)).toHaveValue('150-0001');
    await userEvent.setup().click(form.getByRole('button', { name: 'お届け日時の指定へ' }));
    expect(await form.findByText('郵便番号と都道府県が一致しません')).toBeInTheDocument();
    expect(form.getByLabelText(/^郵便番号/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'お届け先の入力' })).toBeInTheDocument();
  });

  it('checks the fields before sending: a phone number is needed', async () => {
    rememberGiftToken(GIFT_TOKEN);
    const fake = giftFake();
    await renderApp('/social-gift/shipping', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'お届け日時の指定へ' }));
    expect(await screen.findAllByText('いずれかは必須項目です')).toHaveLength(2);
    expect(fake.callsTo('/v1/social-gifts/check/shipping')).toHaveLength(0);
  });
});

describe('/social-gift/delivery', () => {
  it('offers the dates and slots of the lead time for the address and keeps the choice', async () => {
    rememberGiftToken(GIFT_TOKEN);
    saveGiftShipping(shibuya);
    const fake = giftFake();
    await renderApp('/social-gift/delivery', fake);
    const user = userEvent.setup();
    const date = await screen.findByLabelText(/^お届け希望日/);
    expect(
      within(date)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['指定なし', '11月28日(土)', '11月29日(日)']);
    await user.selectOptions(date, '11月29日(日)');
    await user.selectOptions(screen.getByLabelText(/^お届け時間帯/), '午前中');
    await user.click(screen.getByRole('button', { name: '入力内容の確認へ' }));
    expect(await screen.findByRole('heading', { level: 1, name: '入力内容の確認' })).toBeInTheDocument();
    const asked = new URL(fake.callsTo(`/v1/shipping-leadtime/input/${GIFT_TOKEN}`)[0]!.url).searchParams;
    expect(asked.get('postal')).toBe('1500001');
    expect(asked.get('pref')).toBe('東京都');
    expect(await bodyOf(fake.callsTo('/v1/social-gifts/check/delivery')[0])).toEqual({
      token: GIFT_TOKEN,
      postal_code: '1500001',
      prefecture: '東京都',
      delivery_at: '2026-11-29',
      delivery_timezone: 'am',
    });
    expect(readGiftMemory()?.delivery).toEqual(morning);
  });

  it('says why no date can be chosen on a remote island and sends none', async () => {
    rememberGiftToken(GIFT_TOKEN);
    saveGiftShipping({ ...shibuya, postal_code: '1002101', city: '小笠原村父島' });
    const reason = '小笠原諸島へのお届けは船の運航日によって変わるため、お届け日時をご指定いただけません。';
    const fake = giftFake().on('GET', `/v1/shipping-leadtime/input/${GIFT_TOKEN}`, [
      { order_shipping_id: 'os-1', earliest_date: null, dates: [], timezones: [], no_date_reason: reason },
    ]);
    await renderApp('/social-gift/delivery', fake);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^お届け希望日/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '入力内容の確認へ' }));
    await screen.findByRole('heading', { level: 1, name: '入力内容の確認' });
    expect(await bodyOf(fake.callsTo('/v1/social-gifts/check/delivery')[0])).toMatchObject({
      delivery_at: null,
      delivery_timezone: null,
    });
  });
});

describe('/social-gift/confirm', () => {
  const ready = () => {
    rememberGiftToken(GIFT_TOKEN);
    saveGiftShipping(shibuya);
    saveGiftDelivery(morning);
  };

  it('sends everything once and shows the completion at /social-gift/<token>/complete', async () => {
    ready();
    const fake = giftFake();
    const { router } = await renderApp('/social-gift/confirm', fake);
    const address = await screen.findByRole('region', { name: 'お届け先' });
    expect(address).toHaveTextContent('受取 花子 様（ウケトリ ハナコ）');
    expect(address).toHaveTextContent('〒150-0001');
    expect(address).toHaveTextContent('東京都渋谷区神宮前1-2-3');
    expect(screen.getByRole('region', { name: 'お届け日時' })).toHaveTextContent('11月29日(日)');
    await screen.findByRole('listitem', { name: 'ウインターグローブ' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'この内容で受け取る' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/social-gift/${GIFT_TOKEN}/complete`);
    expect(await bodyOf(fake.callsTo(`/v1/social-gifts/${GIFT_TOKEN}`)[0])).toEqual({
      shipping: shibuya,
      delivery_at: '2026-11-29',
      delivery_timezone: 'am',
    });
    expect(fake.callsTo(`/v1/social-gifts/${GIFT_TOKEN}`)).toHaveLength(1);
    await waitFor(() => expect(readGiftMemory()).toBeNull());
  });

  it('goes back to the date step with the message when the date is no longer deliverable', async () => {
    ready();
    const fake = giftFake().on(
      'PUT',
      `/v1/social-gifts/${GIFT_TOKEN}`,
      json(
        { message: '入力内容に誤りがあります', errors: { delivery_at: ['このお届け日はご指定いただけません'] } },
        { status: 422 },
      ),
    );
    const { router } = await renderApp('/social-gift/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'この内容で受け取る' }));
    expect(await screen.findByText('このお届け日はご指定いただけません')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/social-gift/delivery');
    expect(screen.getByLabelText(/^お届け希望日/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to the address step when an address field fails', async () => {
    ready();
    const fake = giftFake().on(
      'PUT',
      `/v1/social-gifts/${GIFT_TOKEN}`,
      json(
        { message: '入力内容に誤りがあります', errors: { 'shipping.city': ['市区町村を入力してください'] } },
        { status: 422 },
      ),
    );
    const { router } = await renderApp('/social-gift/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'この内容で受け取る' }));
    expect(await screen.findByText('市区町村を入力してください')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/social-gift/shipping');
    expect(screen.getByLabelText(/^市区町村/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the completion when the address was already registered', async () => {
    ready();
    const fake = giftFake().on(
      'PUT',
      `/v1/social-gifts/${GIFT_TOKEN}`,
      json({ message: 'お届け先はすでに登録されています。', code: 'social_gift.accepted' }, { status: 404 }),
    );
    const { router } = await renderApp('/social-gift/confirm', fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'この内容で受け取る' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/social-gift/${GIFT_TOKEN}/complete`);
  });
});

describe('/social-gift/<token>/complete', () => {
  it('shows the address, the date and slot, and the products', async () => {
    await renderApp(`/social-gift/${GIFT_TOKEN}/complete`, giftFake());
    expect(await screen.findByRole('heading', { level: 1, name: 'お届け先を承りました' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'お届け先' })).toHaveTextContent(
      '〒150-0001 東京都渋谷区神宮前1-2-3',
    );
    const when = screen.getByRole('region', { name: 'お届け日時' });
    expect(when).toHaveTextContent('11月29日(日)');
    expect(when).toHaveTextContent('午前中');
    expect(screen.getByRole('listitem', { name: 'ウインターグローブ' })).toBeInTheDocument();
    expect(completion.address.prefecture).toBe('東京都');
  });

  it('says not found while the gift still waits', async () => {
    const fake = giftFake().on('GET', `/v1/social-gifts/${GIFT_TOKEN}/complete`, notFound());
    await renderApp(`/social-gift/${GIFT_TOKEN}/complete`, fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'ギフトが見つかりません' })).toBeInTheDocument();
  });
});
