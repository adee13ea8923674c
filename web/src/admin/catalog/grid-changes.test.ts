import { describe, expect, it } from 'vitest';
import {
  type CellRef,
  DELTA_MESSAGE,
  EMPTY_DRAFT,
  PRICE_MESSAGE,
  cellKey,
  cellProblem,
  changedCount,
  collectChanges,
  flipSign,
  parseDelta,
  placeErrors,
  rebase,
  revertCell,
  rowKey,
  setCell,
} from './grid-changes';
import type { GridProduct } from './grid-types';

function chair(overrides: Partial<GridProduct> = {}): GridProduct {
  return {
    id: 'p-1',
    code: 'CHAIR-01',
    name: 'ダイニングチェア',
    price: 12800,
    before_price: 15800,
    is_published: true,
    state: 'published',
    category_ids: ['c-1'],
    tag_ids: [],
    image_url: null,
    version: 3,
    variations: [
      { id: 'v-1', sku: 'CHAIR-01-NV', name: 'ネイビー', price: 12800, available: 7, reserved: 1, on_hand: 8 },
      { id: 'v-2', sku: 'CHAIR-01-GR', name: 'グレー', price: 12800, available: 3, reserved: 0, on_hand: 3 },
    ],
    ...overrides,
  };
}

const table = (overrides: Partial<GridProduct> = {}): GridProduct =>
  chair({
    id: 'p-2',
    code: 'TABLE-01',
    name: 'ダイニングテーブル',
    price: 54000,
    before_price: null,
    version: 8,
    variations: [
      { id: 'v-9', sku: 'TABLE-01', name: 'ダイニングテーブル', price: 54000, available: 2, reserved: 0, on_hand: 2 },
    ],
    ...overrides,
  });

const price = (productId = 'p-1'): CellRef => ({ productId, variationId: null, field: 'price' });
const beforePrice: CellRef = { productId: 'p-1', variationId: null, field: 'before_price' };
const published = (productId = 'p-1'): CellRef => ({ productId, variationId: null, field: 'is_published' });
const tags: CellRef = { productId: 'p-1', variationId: null, field: 'tag_ids' };
const categories: CellRef = { productId: 'p-1', variationId: null, field: 'category_ids' };
const variationPrice: CellRef = { productId: 'p-1', variationId: 'v-2', field: 'price' };
const delta = (variationId = 'v-1'): CellRef => ({ productId: 'p-1', variationId, field: 'stock_delta' });

describe('一括編集: what was typed', () => {
  it('reads a stock change with either sign, in full-width too, and blank as none', () => {
    expect(parseDelta('3')).toBe(3);
    expect(parseDelta('+3')).toBe(3);
    expect(parseDelta('-3')).toBe(-3);
    expect(parseDelta('－３')).toBe(-3);
    expect(parseDelta('−12')).toBe(-12);
    expect(parseDelta('＋５')).toBe(5);
    expect(parseDelta('')).toBe(0);
    expect(parseDelta('-0')).toBe(0);
    expect(parseDelta('3.5')).toBeNull();
    expect(parseDelta('abc')).toBeNull();
    expect(parseDelta('--3')).toBeNull();
  });

  it('flips the sign for a phone’s number pad', () => {
    expect(flipSign('3')).toBe('-3');
    expect(flipSign('-3')).toBe('3');
    expect(flipSign('+3')).toBe('-3');
    expect(flipSign('')).toBe('-');
  });

  it('answers the contract’s words for prices and the stock it cannot take', () => {
    const product = chair();
    expect(cellProblem(product, price(), '13200')).toBeNull();
    expect(cellProblem(product, price(), '１３,２００')).toBeNull();
    expect(cellProblem(product, price(), 'abc')).toBe(PRICE_MESSAGE);
    expect(cellProblem(product, price(), '12.5')).toBe(PRICE_MESSAGE);
    expect(cellProblem(product, price(), '-1')).toBe(PRICE_MESSAGE);
    expect(cellProblem(product, price(), '10000001')).toBe(PRICE_MESSAGE);
    expect(cellProblem(product, price(), '10000000')).toBeNull();
    expect(cellProblem(product, price(), '')).toBe(PRICE_MESSAGE);
    // 通常価格 may be cleared.
    expect(cellProblem(product, beforePrice, '')).toBeNull();
    expect(cellProblem(product, variationPrice, '0')).toBeNull();
    expect(cellProblem(product, delta(), '1.5')).toBe(DELTA_MESSAGE);
    expect(cellProblem(product, delta('v-2'), '-3')).toBeNull();
    expect(cellProblem(product, delta('v-2'), '-4')).toBe('販売可能数（3）より多くは減らせません。');
  });
});

describe('一括編集: the draft', () => {
  it('keeps a change, forgets one that says what the server has, and counts the changed cells', () => {
    const product = chair();
    let draft = setCell(EMPTY_DRAFT, product, price(), '13200');
    draft = setCell(draft, product, published(), false);
    expect(changedCount(draft)).toBe(2);
    expect(draft.versions).toEqual({ 'p-1': 3 });

    // Typed back (with a comma) as it was: no change any more.
    draft = setCell(draft, product, price(), '12,800');
    draft = setCell(draft, product, published(), true);
    expect(changedCount(draft)).toBe(0);
    expect(draft.versions).toEqual({});

    // Tags chosen in another order are the same tags; a cleared 通常価格 is a change.
    expect(changedCount(setCell(EMPTY_DRAFT, chair({ tag_ids: ['t-1', 't-2'] }), tags, ['t-2', 't-1']))).toBe(0);
    expect(changedCount(setCell(EMPTY_DRAFT, product, beforePrice, ''))).toBe(1);
    expect(changedCount(setCell(EMPTY_DRAFT, product, delta(), '0'))).toBe(0);
  });

  it('puts one cell back (元に戻す) and keeps the version of a product that still has a change', () => {
    const product = chair();
    let draft = setCell(EMPTY_DRAFT, product, price(), '13200');
    draft = setCell(draft, product, delta(), '+3');
    draft = revertCell(draft, price());
    expect(Object.keys(draft.cells)).toEqual([cellKey(delta())]);
    expect(draft.versions).toEqual({ 'p-1': 3 });
    expect(revertCell(draft, delta())).toEqual(EMPTY_DRAFT);
  });

  it('sends the version the first change was made against, even when the rows were read again since', () => {
    const draft = setCell(EMPTY_DRAFT, chair(), price(), '13200');
    const { changes } = collectChanges([chair({ version: 4 })], draft);
    expect(changes.products[0]?.version).toBe(3);
  });

  it('rebases onto rows read again: their versions, without what is gone or now the same', () => {
    let draft = setCell(EMPTY_DRAFT, chair(), price(), '13200');
    draft = setCell(draft, chair(), published(), false);
    draft = setCell(draft, table(), price('p-2'), '50000');
    const fresh = chair({ version: 4, is_published: false });
    const rebased = rebase(draft, [fresh]);
    expect(Object.keys(rebased.cells)).toEqual([cellKey(price())]);
    expect(rebased.versions).toEqual({ 'p-1': 4 });
  });
});

describe('一括編集: the body of preview and apply', () => {
  it('holds only the changed fields, each product once in the grid’s order, variations with their own', () => {
    const products = [chair(), table()];
    let draft = setCell(EMPTY_DRAFT, products[1]!, published('p-2'), false);
    draft = setCell(draft, products[0]!, price(), '13,200');
    draft = setCell(draft, products[0]!, beforePrice, '');
    draft = setCell(draft, products[0]!, categories, ['c-2', 'c-1']);
    draft = setCell(draft, products[0]!, variationPrice, '13200');
    draft = setCell(draft, products[0]!, delta('v-2'), '-2');
    draft = setCell(draft, products[0]!, delta('v-1'), '+3');

    const { changes, index, invalid } = collectChanges(products, draft);
    expect(invalid).toEqual([]);
    expect(changes).toEqual({
      products: [
        {
          id: 'p-1',
          version: 3,
          price: 13200,
          before_price: null,
          category_ids: ['c-2', 'c-1'],
          variations: [
            { id: 'v-1', stock_delta: 3 },
            { id: 'v-2', price: 13200, stock_delta: -2 },
          ],
        },
        { id: 'p-2', version: 8, is_published: false },
      ],
    });
    expect(index).toEqual([
      { productId: 'p-1', variationIds: ['v-1', 'v-2'] },
      { productId: 'p-2', variationIds: [] },
    ]);
  });

  it('names the cells the server would refuse and leaves them out', () => {
    let draft = setCell(EMPTY_DRAFT, chair(), price(), 'abc');
    draft = setCell(draft, chair(), delta('v-2'), '-9');
    const { changes, invalid } = collectChanges([chair()], draft);
    expect(changes.products).toEqual([]);
    expect(invalid).toEqual([
      { ref: price(), message: PRICE_MESSAGE },
      { ref: delta('v-2'), message: '販売可能数（3）より多くは減らせません。' },
    ]);
  });
});

describe('一括編集: the server’s 422', () => {
  it('puts each field path back on its cell by the body’s index', () => {
    const index = [
      { productId: 'p-2', variationIds: [] },
      { productId: 'p-1', variationIds: ['v-1', 'v-2'] },
    ];
    const placed = placeErrors(
      {
        'products[0].price': [PRICE_MESSAGE],
        'products[1].variations[1].stock_delta': ['販売可能数（3）より多くは減らせません。'],
        'products[1].variations[0].price': [PRICE_MESSAGE],
        'products[1].tag_ids': ['この店舗にないカテゴリが含まれています。'],
        'products[0].id': ['この店舗にない商品です。'],
        'products[1].variations[0].id': ['この商品にないバリエーションです。'],
        products: ['変更がありません。'],
        'products[7].price': ['?'],
      },
      index,
    );
    expect(placed.cells).toEqual({
      [cellKey(price('p-2'))]: PRICE_MESSAGE,
      [cellKey(delta('v-2'))]: '販売可能数（3）より多くは減らせません。',
      [cellKey({ productId: 'p-1', variationId: 'v-1', field: 'price' })]: PRICE_MESSAGE,
      [cellKey(tags)]: 'この店舗にないカテゴリが含まれています。',
      [rowKey('p-2', null)]: 'この店舗にない商品です。',
      [rowKey('p-1', 'v-1')]: 'この商品にないバリエーションです。',
    });
    expect(placed.general).toEqual(['変更がありません。', '?']);
  });
});
