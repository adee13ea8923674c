import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, ProductImage } from './product-image';

const PHOTO = {
  url: '/media/0f3a-960.webp',
  alt: 'ネイビーのジャケット（正面）',
  srcset: '/media/0f3a-240.webp 240w, /media/0f3a-480.webp 480w, /media/0f3a-960.webp 960w',
};

describe('ProductImage', () => {
  it('offers the photo’s widths with the width of its box, keeping its size so nothing shifts', () => {
    render(<ProductImage image={PHOTO} fallbackAlt="ジャケット" size={320} sizes={CARD_IMAGE_SIZES} />);
    const image = screen.getByRole('img', { name: 'ネイビーのジャケット（正面）' });
    expect(image).toHaveAttribute('src', PHOTO.url);
    expect(image).toHaveAttribute('srcset', PHOTO.srcset);
    expect(image).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '320');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('takes its box’s size as `sizes` when not told, and an old picture without widths has only its src', () => {
    const { unmount } = render(<ProductImage image={PHOTO} fallbackAlt="ジャケット" size={96} />);
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '96px');
    unmount();
    render(
      <ProductImage
        image={{ url: '/images/products/jk.svg', alt: '', srcset: null }}
        fallbackAlt="ジャケット"
        size={96}
      />,
    );
    const image = screen.getByRole('img', { name: 'ジャケット' });
    expect(image).toHaveAttribute('src', '/images/products/jk.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('loads the page’s main picture at once and first', () => {
    render(<ProductImage image={PHOTO} fallbackAlt="ジャケット" size={640} priority />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('becomes a placeholder of the same box when the picture does not load', () => {
    render(<ProductImage image={PHOTO} fallbackAlt="ジャケット" size={320} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'ネイビーのジャケット（正面）' })).toHaveTextContent('画像準備中');
  });
});
