import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createAdminFake, renderAdmin, type Role } from '../../test/render-admin';
import type { AdminPhoto } from '../api/photo-upload';
import type { AdminProduct, CatalogOptions } from './product-types';

// ---- answers shaped like the API's (docs/contracts/photos.md) ----------------------------------

const OPTIONS: CatalogOptions = { categories: [], makers: [], brands: [], tags: [] };

function photo(hash: string, name: string): AdminPhoto {
  return {
    url: `/media/${hash}-960.webp`,
    srcset: `/media/${hash}-240.webp 240w, /media/${hash}-480.webp 480w, /media/${hash}-960.webp 960w`,
    width: 960,
    height: 720,
    name,
  };
}

function product(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 'p-1',
    key: 'RP0100',
    code: 'JK-100',
    name: 'ライディングジャケット',
    description: '',
    price: 19800,
    before_price: null,
    tax_rate: 10,
    maker_id: null,
    brand_id: null,
    category_ids: [],
    tag_ids: [],
    accessory_ids: [],
    recommendation_ids: [],
    seo_title: '',
    seo_description: '',
    embroidery: null,
    is_published: true,
    publish_from: null,
    publish_until: null,
    state: 'published',
    variations: [
      {
        id: 'v-1',
        sku: 'JK-100-F',
        name: 'F',
        size_label: 'F',
        color_label: null,
        price: 19800,
        jan_code: null,
        available: 5,
        reserved: 0,
        position: 1,
      },
    ],
    images: [
      { url: '/media/aaaa-960.webp', alt: '正面', srcset: '/media/aaaa-240.webp 240w, /media/aaaa-960.webp 960w' },
      { url: '/images/products/jk-100-back.svg', alt: '背面', srcset: null },
    ],
    storefront_path: '/product/RP0100',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    version: 4,
    ...overrides,
  } as AdminProduct;
}

function photoFake(role: Role = 'owner') {
  return createAdminFake(role)
    .on('GET', '/v1/admin/catalog/options', OPTIONS)
    .on('GET', '/v1/admin/products/p-1', product())
    .on('PUT', '/v1/admin/products/p-1', async (request) => {
      const body = (await request.clone().json()) as { images: AdminProduct['images'] };
      return json(product({ images: body.images, version: 5 }));
    });
}

/** A photo as the computer has it (the fake server does not read its bytes). */
const file = (name: string, type = 'image/jpeg') => new File(['photo'], name, { type });

function pictures(): HTMLElement[] {
  return within(screen.getByRole('list', { name: '商品画像の並び' })).getAllByRole('listitem');
}

/** The thumbnail's address: the picture has no text of its own (its alt text is the box beside it). */
const thumbnailOf = (tile: HTMLElement) => tile.querySelector('img')?.getAttribute('src');

/** A drag's data as the browser hands it over (jsdom has no DataTransfer). */
const dataTransfer = (files: File[] = []) => ({
  types: files.length > 0 ? ['Files'] : ['text/plain'],
  files,
  effectAllowed: 'all',
  dropEffect: 'none',
  setData: () => undefined,
});

async function openProduct(fake = photoFake()) {
  const view = renderAdmin('/admin/products/p-1', fake);
  await screen.findByRole('heading', { level: 1, name: 'ライディングジャケット' });
  return view;
}

async function puts(fake: ReturnType<typeof photoFake>): Promise<{ images: unknown; version: number }[]> {
  const sent = fake.callsTo('/v1/admin/products/p-1').filter((call) => call.method === 'PUT');
  return Promise.all(sent.map((call) => call.clone().json() as Promise<{ images: unknown; version: number }>));
}

// ---- 商品画像 ------------------------------------------------------------------------------------

describe('商品管理: 商品画像', () => {
  it('uploads a chosen photo and shows it as the main picture, saying the save is still to come', async () => {
    const user = userEvent.setup();
    const fake = photoFake().on('POST', '/v1/admin/catalog/photos', () =>
      json(photo('0f3a', 'IMG_0012.jpg'), { status: 201 }),
    );
    renderAdmin('/admin/products/new', fake);
    const section = await screen.findByRole('group', { name: '商品画像' });
    expect(within(section).getByText('画像はまだありません。')).toBeInTheDocument();
    expect(within(section).getByText('画像の並びと代替テキストは商品を保存すると反映されます。')).toBeInTheDocument();

    await user.upload(within(section).getByLabelText('画像を追加'), file('IMG_0012.jpg'));
    await waitFor(() => expect(pictures()).toHaveLength(1));
    const [first] = pictures();
    const thumbnail = first!.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', '/media/0f3a-960.webp');
    expect(thumbnail).toHaveAttribute('srcset', photo('0f3a', '').srcset);
    expect(within(first!).getByText('メイン')).toBeInTheDocument();
    expect(within(first!).getByLabelText('1枚目の代替テキスト')).toHaveValue('');
    expect(
      await within(section).findByText(/1枚の画像を追加しました。保存すると商品に反映されます。/),
    ).toBeInTheDocument();

    const sent = await fake.callsTo('/v1/admin/catalog/photos')[0]!.formData();
    // (jsdom's File does not survive Node's Request intact; the e2e journey uploads a real one.)
    expect(sent.has('file')).toBe(true);
    // Uploading alone saves nothing.
    expect(fake.callsTo('/v1/admin/products').filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows “アップロード中…” while a photo goes up, and the save waits for it', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fake = photoFake().on(
      'POST',
      '/v1/admin/catalog/photos',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await openProduct(fake);
    await user.upload(screen.getByLabelText('画像を追加'), file('IMG_0013.jpg'));

    expect(await screen.findByText('アップロード中…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'IMG_0013.jpg をアップロード中' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '画像をアップロード中…' })).toBeDisabled();

    answer(json(photo('bbbb', 'IMG_0013.jpg'), { status: 201 }));
    await waitFor(() => expect(pictures()).toHaveLength(3));
    expect(screen.queryByText('アップロード中…')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '保存する' })).toBeEnabled();
  });

  it('shows the server’s message for a photo it refuses, and adds nothing', async () => {
    const user = userEvent.setup();
    const fake = photoFake().on('POST', '/v1/admin/catalog/photos', () =>
      json(
        {
          message: '画像を読み込めませんでした。ファイルが壊れていないか確認してください。',
          errors: { file: ['画像を読み込めませんでした。ファイルが壊れていないか確認してください。'] },
        },
        { status: 422 },
      ),
    );
    await openProduct(fake);
    await user.upload(screen.getByLabelText('画像を追加'), file('broken.png', 'image/png'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'broken.png：画像を読み込めませんでした。ファイルが壊れていないか確認してください。',
    );
    expect(pictures()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'broken.png のお知らせを閉じる' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes photos dropped on the section, refusing a kind the server does not take before sending it', async () => {
    const fake = photoFake().on('POST', '/v1/admin/catalog/photos', () =>
      json(photo('cccc', 'side.webp'), { status: 201 }),
    );
    await openProduct(fake);
    const section = screen.getByRole('group', { name: '商品画像' });
    const dropped = [file('side.webp', 'image/webp'), file('anim.gif', 'image/gif')];
    fireEvent.dragOver(section, { dataTransfer: dataTransfer(dropped) });
    fireEvent.drop(section, { dataTransfer: dataTransfer(dropped) });

    expect(await screen.findByRole('alert')).toHaveTextContent('anim.gif：JPEG・PNG・WebPの画像を選んでください。');
    await waitFor(() => expect(pictures()).toHaveLength(3));
    expect(thumbnailOf(pictures()[2]!)).toBe('/media/cccc-960.webp');
    expect(fake.callsTo('/v1/admin/catalog/photos')).toHaveLength(1);
  });

  it('moves a picture with 「後へ」 and 「前へ」, so another becomes the main one, keeping the keyboard on it', async () => {
    const user = userEvent.setup();
    await openProduct();
    expect(pictures().map(thumbnailOf)).toEqual(['/media/aaaa-960.webp', '/images/products/jk-100-back.svg']);
    expect(within(pictures()[0]!).getByText('メイン')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1枚目を前へ移動' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '2枚目を後へ移動' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '1枚目を後へ移動' }));
    expect(pictures().map(thumbnailOf)).toEqual(['/images/products/jk-100-back.svg', '/media/aaaa-960.webp']);
    expect(within(pictures()[0]!).getByText('メイン')).toBeInTheDocument();
    expect(within(pictures()[1]!).queryByText('メイン')).not.toBeInTheDocument();
    expect(screen.getByLabelText('1枚目の代替テキスト')).toHaveValue('背面');
    const status = within(screen.getByRole('group', { name: '商品画像' })).getByRole('status');
    expect(status).toHaveTextContent('画像を2枚目に移動しました。');
    // At the end of the list 「後へ」 is off: the keyboard stays on the moved picture's 「前へ」.
    expect(screen.getByRole('button', { name: '2枚目を前へ移動' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(pictures().map(thumbnailOf)).toEqual(['/media/aaaa-960.webp', '/images/products/jk-100-back.svg']);
    expect(status).toHaveTextContent('画像を1枚目に移動しました。メイン画像になりました。');
  });

  it('moves a picture dragged onto another’s place', async () => {
    await openProduct();
    const [first, second] = pictures();
    fireEvent.dragStart(first!.querySelector('img')!, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(second!, { dataTransfer: dataTransfer() });
    fireEvent.drop(second!, { dataTransfer: dataTransfer() });
    expect(pictures().map(thumbnailOf)).toEqual(['/images/products/jk-100-back.svg', '/media/aaaa-960.webp']);
    expect(within(pictures()[0]!).getByText('メイン')).toBeInTheDocument();
  });

  it('saves the pictures in their new order with their alt texts', async () => {
    const user = userEvent.setup();
    const fake = photoFake().on('POST', '/v1/admin/catalog/photos', () =>
      json(photo('dddd', 'detail.jpg'), { status: 201 }),
    );
    await openProduct(fake);
    await user.upload(screen.getByLabelText('画像を追加'), file('detail.jpg'));
    await waitFor(() => expect(pictures()).toHaveLength(3));
    await user.type(screen.getByLabelText('3枚目の代替テキスト'), '袖口のアップ');
    await user.click(screen.getByRole('button', { name: '3枚目を前へ移動' }));
    await user.click(screen.getByRole('button', { name: '2枚目を前へ移動' }));
    await user.click(screen.getByRole('button', { name: '3枚目の画像を削除' }));
    await user.clear(screen.getByLabelText('2枚目の代替テキスト'));
    await user.type(screen.getByLabelText('2枚目の代替テキスト'), ' 正面（ネイビー） ');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('「ライディングジャケット」を保存しました。')).toBeInTheDocument();
    const [body] = await puts(fake);
    expect(body!.images).toEqual([
      { url: '/media/dddd-960.webp', alt: '袖口のアップ' },
      { url: '/media/aaaa-960.webp', alt: '正面（ネイビー）' },
    ]);
    expect(body!.version).toBe(4);
    // The form shows the product as saved.
    expect(pictures().map(thumbnailOf)).toEqual(['/media/dddd-960.webp', '/media/aaaa-960.webp']);
  });

  it('sends an empty list when every picture is taken off', async () => {
    const user = userEvent.setup();
    const fake = photoFake();
    await openProduct(fake);
    await user.click(screen.getByRole('button', { name: '1枚目の画像を削除' }));
    // The keyboard goes to the picture that took its place.
    expect(screen.getByRole('button', { name: '1枚目の画像を削除' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '1枚目の画像を削除' }));
    expect(screen.getByText('画像はまだありません。')).toBeInTheDocument();
    expect(screen.getByLabelText('画像を追加')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(async () => expect(await puts(fake)).toHaveLength(1));
    expect((await puts(fake))[0]!.images).toEqual([]);
  });

  it('checks the alt text’s length, and puts the server’s picture errors on the form', async () => {
    const user = userEvent.setup();
    const fake = photoFake().on('PUT', '/v1/admin/products/p-1', () =>
      json(
        {
          message: '画像が見つかりません。もう一度アップロードしてください。',
          errors: {
            'images[1].url': ['画像が見つかりません。もう一度アップロードしてください。'],
            'images[0].alt': ['200文字以内で入力してください'],
          },
        },
        { status: 422 },
      ),
    );
    await openProduct(fake);
    const alt = screen.getByLabelText('1枚目の代替テキスト');
    await user.clear(alt);
    await user.click(alt);
    await user.paste('あ'.repeat(201));
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('200文字以内で入力してください'));
    expect(fake.callsTo('/v1/admin/products/p-1').filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(alt);
    await user.type(alt, '正面');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText(/2枚目の画像：画像が見つかりません。もう一度アップロードしてください。/),
    ).toBeInTheDocument();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the pictures read only to roles that may not edit the catalogue', async () => {
    await openProduct(photoFake('viewer'));
    expect(pictures()).toHaveLength(2);
    expect(screen.getByLabelText('1枚目の代替テキスト')).toBeDisabled();
    expect(screen.queryByLabelText('画像を追加')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1枚目を後へ移動' })).not.toBeInTheDocument();
  });
});
