import { describe, expect, it } from 'vitest';
import type { CategoryNode, Variation } from '../../api/types';
import { categoryPath, deepestPath } from './category-path';
import { groupByKanaRow, kanaRow, OTHER_ROW } from './kana-rows';
import {
  apiQueryFromFilters,
  changeFilters,
  EMPTY_FILTERS,
  filtersFromSearch,
  hrefWithFilters,
  parseYen,
  searchFromFilters,
} from './product-filters';
import { axesOf, findVariation, initialVariation, pickVariation } from './variation-choice';

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('product filters ↔ URL', () => {
  it('reads every filter from the query', () => {
    expect(
      read(
        'category=bike-glove&maker=kitaco&brand=kitaco&tag=sale&keyword=%E3%81%90%E3%82%8D%E3%83%BC%E3%81%B6&price_min=1000&price_max=5000&in_stock=1&sort=price_asc&page=3',
      ),
    ).toEqual({
      category: 'bike-glove',
      maker: 'kitaco',
      brand: 'kitaco',
      tag: 'sale',
      keyword: 'ぐろーぶ',
      priceMin: 1000,
      priceMax: 5000,
      inStock: true,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('drops what it cannot read instead of sending it to the server', () => {
    expect(read('sort=cheapest&page=0&price_min=abc&price_max=-5&in_stock=yes&keyword=%20%E3%80%80&category=')).toEqual(
      EMPTY_FILTERS,
    );
  });

  it('swaps a price range given the wrong way round and accepts full-width digits', () => {
    const filters = read('price_min=9000&price_max=%EF%BC%91%EF%BC%90%EF%BC%90%EF%BC%90');
    expect([filters.priceMin, filters.priceMax]).toEqual([1000, 9000]);
    expect(parseYen('12,800')).toBe(12800);
    expect(parseYen('1.5')).toBeNull();
  });

  it('collapses whitespace in the keyword (the full-width space too)', () => {
    expect(read('keyword=%20LED%E3%80%80%E3%80%80H4%20').keyword).toBe('LED H4');
  });

  it('writes a canonical query that reads back to the same filters', () => {
    const filters = read('sort=popular&in_stock=1&maker=ngk&keyword=%E3%83%97%E3%83%A9%E3%82%B0&page=2');
    const search = searchFromFilters(filters);
    expect(search).toBe('keyword=%E3%83%97%E3%83%A9%E3%82%B0&maker=ngk&in_stock=1&sort=popular&page=2');
    expect(read(search)).toEqual(filters);
    expect(hrefWithFilters('/product', EMPTY_FILTERS)).toBe('/product');
  });

  it('starts again at page 1 when a filter changes', () => {
    const onPage3 = read('maker=ngk&page=3');
    expect(changeFilters(onPage3, { sort: 'price_desc' }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('asks the API for sub-categories whenever a category is given, 15 a page', () => {
    expect(apiQueryFromFilters(read('category=bike-gear&page=2'))).toEqual({
      page: 2,
      per: 15,
      category: 'bike-gear',
      child: 1,
    });
    expect(apiQueryFromFilters(read('in_stock=1&price_max=3000'))).toEqual({
      page: 1,
      per: 15,
      in_stock: 1,
      price_max: 3000,
    });
    expect(apiQueryFromFilters(EMPTY_FILTERS)).not.toHaveProperty('child');
  });
});

const node = (key: string, children: CategoryNode[] = []): CategoryNode => ({
  id: key,
  key,
  name: key.toUpperCase(),
  children,
});
const tree = [
  node('bike', [node('bike-gear', [node('bike-glove'), node('bike-helmet')])]),
  node('cycle', [node('cycle-wear')]),
];

describe('category paths', () => {
  it('finds the trail from the top level', () => {
    expect(categoryPath(tree, 'bike-glove').map((c) => c.key)).toEqual(['bike', 'bike-gear', 'bike-glove']);
    expect(categoryPath(tree, 'nothing')).toEqual([]);
    expect(categoryPath(tree, null)).toEqual([]);
  });

  it('takes the deepest of a product’s categories', () => {
    expect(deepestPath(tree, ['cycle', 'bike-helmet']).map((c) => c.key)).toEqual(['bike', 'bike-gear', 'bike-helmet']);
  });
});

const v = (
  key: string,
  size: string | null,
  color: string | null,
  price = 1000,
  stock: Variation['stock_status'] = 'in_stock',
): Variation => ({
  key,
  name: key,
  size,
  color,
  price,
  stock_status: stock,
  max_quantity: stock === 'out_of_stock' ? 0 : stock === 'few' ? 3 : 99,
});

describe('variation choice', () => {
  const glove = [
    v('s-bk', 'S', 'ブラック', 6480, 'out_of_stock'),
    v('m-bk', 'M', 'ブラック', 6480),
    v('3l-bk', '3L', 'ブラック', 7030, 'out_of_stock'),
    v('s-rd', 'S', 'レッド', 6480),
  ];

  it('lists sizes and colours in order, once each', () => {
    expect(axesOf(glove)).toEqual({ sizes: ['S', 'M', '3L'], colors: ['ブラック', 'レッド'] });
    expect(axesOf([v('a', null, null)])).toEqual({ sizes: [], colors: [] });
  });

  it('starts with the first item in stock', () => {
    expect(initialVariation(glove)?.key).toBe('m-bk');
    expect(initialVariation([v('x', null, null, 1, 'out_of_stock')])?.key).toBe('x');
  });

  it('keeps the other axis when the combination exists, else takes what exists', () => {
    const current = findVariation(glove, 'M', 'ブラック');
    expect(pickVariation(glove, current, 'size', '3L')?.key).toBe('3l-bk');
    // 3L only exists in black: choosing red moves to the red item that exists.
    expect(pickVariation(glove, findVariation(glove, '3L', 'ブラック'), 'color', 'レッド')?.key).toBe('s-rd');
  });
});

describe('kana rows', () => {
  it('files readings under their row, katakana included', () => {
    expect(kanaRow('きたこ')).toBe('か行');
    expect(kanaRow('ガレージ')).toBe('か行');
    expect(kanaRow('ぱなれーさー')).toBe('は行');
    expect(kanaRow('NGK')).toBe(OTHER_ROW);
  });

  it('groups in syllabary order and sorts by reading inside a row', () => {
    const makers = [{ r: 'しまの' }, { r: 'あーるけー' }, { r: 'ZZ' }, { r: 'さんよう' }];
    expect(groupByKanaRow(makers, (m) => m.r).map((g) => [g.row, g.items.map((m) => m.r)])).toEqual([
      ['あ行', ['あーるけー']],
      ['さ行', ['さんよう', 'しまの']],
      [OTHER_ROW, ['ZZ']],
    ]);
  });
});
