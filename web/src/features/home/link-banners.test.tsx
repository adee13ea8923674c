import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, renderApp } from '../../test/render-app';

const banner = (id: string, area: string, title: string) => ({
  id,
  area,
  title,
  alt: `${title}の画像`,
  image: `/images/banners/${id}.svg`,
  link: '/',
  position: 0,
  is_show: true,
  starts_at: null,
  ends_at: null,
});

function bannerFake(areas = [banner('m1', 'top_main', '冬の特集'), banner('f1', 'footer', 'リンクバナー 200×40')]) {
  return createSiteFake()
    .on('GET', '/v1/banners', { data: areas })
    .on('GET', '/v1/free-areas', { data: [] })
    .on('GET', '/v1/business-dates/monthly/calendar/front', { data: [] })
    .on(
      'GET',
      '/v1/banners/f1/download',
      () =>
        new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: {
            'content-type': 'image/svg+xml',
            'x-suggested-filename': encodeURIComponent('リンクバナー_200x40.svg'),
          },
        }),
    );
}

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push({ name: '', blob });
    return `blob:test/${saved.length}`;
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

describe('link banners on the top page', () => {
  it('downloads a banner’s picture under the name the server suggests, and says so', async () => {
    const user = userEvent.setup();
    const { fake } = await renderApp('/', bannerFake());

    const section = await screen.findByRole('region', { name: 'リンク用バナー' });
    expect(within(section).getByRole('img', { name: 'リンクバナー 200×40の画像' })).toHaveAttribute(
      'src',
      '/images/banners/f1.svg',
    );
    await user.click(within(section).getByRole('button', { name: 'ダウンロード（リンクバナー 200×40）' }));

    expect(await screen.findByText('ダウンロードが完了しました')).toBeInTheDocument();
    expect(fake.callsTo('/v1/banners/f1/download')).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('リンクバナー_200x40.svg');
    expect(await saved[0]!.blob.text()).toContain('<svg');
    // The main banners are not offered for download.
    expect(
      within(screen.getByRole('region', { name: 'おすすめ特集' })).queryByRole('button', { name: /ダウンロード/ }),
    ).toBeNull();
  });

  it('says when the download failed', async () => {
    const user = userEvent.setup();
    const fake = bannerFake().on('GET', '/v1/banners/f1/download', json({ message: 'Not Found' }, { status: 404 }));
    await renderApp('/', fake);
    const section = await screen.findByRole('region', { name: 'リンク用バナー' });
    await user.click(within(section).getByRole('button', { name: /^ダウンロード/ }));
    expect(
      await screen.findByText('バナーをダウンロードできませんでした。時間をおいて再度お試しください。'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('has no link banner section when the shop has none', async () => {
    await renderApp('/', bannerFake([banner('m1', 'top_main', '冬の特集')]));
    await screen.findByRole('region', { name: 'おすすめ特集' });
    expect(screen.queryByRole('region', { name: 'リンク用バナー' })).not.toBeInTheDocument();
  });
});
