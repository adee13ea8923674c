import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fake-fetch';
import { createSiteFake, demoLayout, renderApp } from '../../test/render-app';
import { packingNoteText } from './packing-note';

function product(over: Record<string, unknown> = {}) {
  return {
    id: 'p1',
    key: 'rp0001',
    name: 'LEDヘッドライトバルブ',
    code: 'DT-995',
    product_price: 9980,
    before_price: null,
    tax_rate: 10,
    brand: null,
    maker: null,
    categories: [],
    image: null,
    images: [],
    is_favorite: false,
    stock_status: 'in_stock',
    is_on_sale: true,
    description: '純正バルブと交換するだけ。\n\n車検対応です。',
    description_html: '<p>純正バルブと交換するだけ。</p><p>車検対応です。</p>',
    takes_noshi: true,
    takes_wrapping: true,
    product_model: {
      products: [
        { key: 'v1', name: 'H4', size: null, color: null, price: 9980, stock_status: 'in_stock', max_quantity: 5 },
      ],
    },
    sale_start: null,
    sale_end: null,
    review: { count: 0, average: null },
    ...over,
  };
}

function fake(detail: ReturnType<typeof product>) {
  return createSiteFake()
    .on('GET', '/v1/layouts/product', { ...demoLayout, page: 'product' })
    .on('GET', '/v1/categories/hierarchy', { data: [] })
    .on('GET', '/v1/products/rp0001', detail)
    .on('GET', '/v1/products/rp0001/recommend', { data: [] })
    .on('GET', '/v1/products/rp0001/accessories', { data: [] })
    .on('GET', '/v1/products/rp0001/reviews', json({ data: [] }));
}

async function descriptionSection() {
  return (await screen.findByRole('heading', { level: 2, name: '商品説明' })).closest('section')!;
}

describe('the product page’s description', () => {
  it('shows the server’s markup: headings, lists and links', async () => {
    const html =
      '<h3>特長</h3><ul><li>明るさ2倍</li><li>車検対応</li></ul>' +
      '<p>適合は<a href="https://example.com/fit" rel="noopener noreferrer nofollow">適合表</a>でご確認ください。</p>';
    await renderApp('/product/rp0001', fake(product({ description_html: html })));
    const section = await descriptionSection();

    expect(within(section).getByRole('heading', { level: 3, name: '特長' })).toBeInTheDocument();
    const list = within(section).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['明るさ2倍', '車検対応']);
    const link = within(section).getByRole('link', { name: '適合表' });
    expect(link).toHaveAttribute('href', 'https://example.com/fit');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // The markup stands instead of the plain text, not beside it.
    expect(within(section).queryByText(/純正バルブと交換するだけ/)).not.toBeInTheDocument();
  });

  it('shows plain text as the paragraphs the server made of it', async () => {
    await renderApp('/product/rp0001', fake(product()));
    const section = await descriptionSection();
    expect(within(section).getByText('純正バルブと交換するだけ。', { selector: 'p' })).toBeInTheDocument();
    expect(within(section).getByText('車検対応です。', { selector: 'p' })).toBeInTheDocument();
  });
});

describe('the product page’s のし・ラッピング note', () => {
  it('says which of them the product does not take, and nothing when it takes both', () => {
    expect(packingNoteText({ takes_noshi: false, takes_wrapping: false })).toBe('のし・ラッピングには対応していません');
    expect(packingNoteText({ takes_noshi: false, takes_wrapping: true })).toBe('のしには対応していません');
    expect(packingNoteText({ takes_noshi: true, takes_wrapping: false })).toBe('ラッピングには対応していません');
    expect(packingNoteText({ takes_noshi: true, takes_wrapping: true })).toBeNull();
  });

  it('shows the note near カートに入れる', async () => {
    await renderApp('/product/rp0001', fake(product({ takes_noshi: false, takes_wrapping: false })));
    expect(await screen.findByText('のし・ラッピングには対応していません')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toBeInTheDocument();
  });

  it('says nothing for a product that takes both', async () => {
    await renderApp('/product/rp0001', fake(product({ takes_noshi: true, takes_wrapping: true })));
    await screen.findByRole('button', { name: 'カートに入れる' });
    expect(screen.queryByText(/には対応していません/)).not.toBeInTheDocument();
  });
});
