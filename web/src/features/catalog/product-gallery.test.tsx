import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

const IMAGES = [
  {
    url: '/media/aaaa-960.webp',
    alt: '正面',
    srcset: '/media/aaaa-240.webp 240w, /media/aaaa-960.webp 960w',
  },
  { url: '/images/products/back.svg', alt: '背面', srcset: null },
];

describe('the product page’s gallery', () => {
  it('loads the main picture at once and first, in the widths its column needs; the thumbnails lazily', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={IMAGES} name="ライディングジャケット" />);
    const thumbs = screen.getByRole('list', { name: '商品画像の一覧' });
    // The main picture comes first, outside the thumbnails' list.
    const main = screen.getAllByRole('img', { name: '正面' })[0]!;
    expect(thumbs).not.toContainElement(main);
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('srcset', IMAGES[0]!.srcset);
    expect(main).toHaveAttribute('sizes', '(min-width: 1080px) 520px, (min-width: 768px) 50vw, 100vw');
    expect(main).toHaveAttribute('width', '640');

    const first = within(thumbs).getByRole('button', { name: '画像1を表示（正面）' }).querySelector('img')!;
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('sizes', '72px');

    await user.click(within(thumbs).getByRole('button', { name: '画像2を表示（背面）' }));
    const shown = screen.getAllByRole('img', { name: '背面' })[0]!;
    expect(thumbs).not.toContainElement(shown);
    expect(shown).toHaveAttribute('src', '/images/products/back.svg');
    expect(shown).not.toHaveAttribute('srcset');
  });
});
