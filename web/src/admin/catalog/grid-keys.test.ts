import { describe, expect, it } from 'vitest';
import { type GridShape, cellAction, clamp, editorAction, gridColumns, kindAt, step, tabStep } from './grid-keys';

// A product with two variations, then a product with one.
const shape: GridShape = {
  rows: ['product', 'variation', 'variation', 'product', 'variation'],
  columns: gridColumns(true),
};
const col = (id: string) => shape.columns.findIndex((column) => column.id === id);
const at = (row: number, id: string) => ({ row, col: col(id) });

describe('一括編集: the columns', () => {
  it('gives a product 販売価格…タグ and a variation 価格 and 在庫の増減; stock reads only without `stock`', () => {
    expect(kindAt(shape, at(0, 'price'))).toBe('text');
    expect(kindAt(shape, at(0, 'is_published'))).toBe('flag');
    expect(kindAt(shape, at(0, 'tag_ids'))).toBe('picker');
    expect(kindAt(shape, at(0, 'stock_delta'))).toBeNull();
    expect(kindAt(shape, at(1, 'price'))).toBe('text');
    expect(kindAt(shape, at(1, 'is_published'))).toBeNull();
    expect(kindAt(shape, at(1, 'on_hand'))).toBe('readonly');
    expect(kindAt(shape, at(1, 'stock_delta'))).toBe('text');
    expect(kindAt({ ...shape, columns: gridColumns(false) }, at(1, 'stock_delta'))).toBe('readonly');
  });
});

describe('一括編集: moving', () => {
  it('moves down a column through the rows that have it, and stays at the ends', () => {
    expect(step(shape, at(0, 'price'), 'down')).toEqual(at(1, 'price'));
    // 公開 is a product's: down goes to the next product.
    expect(step(shape, at(0, 'is_published'), 'down')).toEqual(at(3, 'is_published'));
    // 在庫の増減 is a variation's: up from the second product's variation skips the product row.
    expect(step(shape, at(4, 'stock_delta'), 'up')).toEqual(at(2, 'stock_delta'));
    expect(step(shape, at(0, 'price'), 'up')).toEqual(at(0, 'price'));
    expect(step(shape, at(3, 'is_published'), 'down')).toEqual(at(3, 'is_published'));
  });

  it('moves across a row over the cells it does not have', () => {
    expect(step(shape, at(1, 'price'), 'right')).toEqual(at(1, 'available'));
    expect(step(shape, at(1, 'available'), 'left')).toEqual(at(1, 'price'));
    expect(step(shape, at(0, 'tag_ids'), 'right')).toEqual(at(0, 'tag_ids'));
    expect(step(shape, at(0, 'code'), 'left')).toEqual(at(0, 'code'));
  });

  it('tabs on to the next row and out of the grid past its ends', () => {
    expect(tabStep(shape, at(0, 'price'), false)).toEqual(at(0, 'before_price'));
    expect(tabStep(shape, at(0, 'tag_ids'), false)).toEqual(at(1, 'code'));
    expect(tabStep(shape, at(1, 'code'), true)).toEqual(at(0, 'tag_ids'));
    expect(tabStep(shape, at(4, 'stock_delta'), false)).toBeNull();
    expect(tabStep(shape, at(0, 'code'), true)).toBeNull();
  });

  it('keeps the tab stop on a cell the rows read again still have', () => {
    expect(clamp({ ...shape, rows: ['product'] }, at(4, 'stock_delta'))).toEqual(at(0, 'code'));
    expect(clamp(shape, at(2, 'price'))).toEqual(at(2, 'price'));
  });
});

describe('一括編集: keys on a cell', () => {
  it('moves with the arrows, Tab, Home/End and Ctrl+Home/End', () => {
    expect(cellAction(shape, at(0, 'price'), { key: 'ArrowDown' })).toEqual({ type: 'move', to: at(1, 'price') });
    expect(cellAction(shape, at(0, 'price'), { key: 'Tab', shiftKey: true })).toEqual({
      type: 'move',
      to: at(0, 'name'),
    });
    expect(cellAction(shape, at(4, 'stock_delta'), { key: 'Tab' })).toBeNull();
    expect(cellAction(shape, at(1, 'price'), { key: 'Home' })).toEqual({ type: 'move', to: at(1, 'code') });
    expect(cellAction(shape, at(0, 'price'), { key: 'End' })).toEqual({ type: 'move', to: at(0, 'tag_ids') });
    expect(cellAction(shape, at(0, 'price'), { key: 'End', ctrlKey: true })).toEqual({
      type: 'move',
      to: at(4, 'stock_delta'),
    });
  });

  it('edits a text cell on Enter, F2, a typed character or Delete', () => {
    expect(cellAction(shape, at(0, 'price'), { key: 'Enter' })).toEqual({ type: 'edit', text: null });
    expect(cellAction(shape, at(0, 'price'), { key: 'F2' })).toEqual({ type: 'edit', text: null });
    expect(cellAction(shape, at(1, 'stock_delta'), { key: '-' })).toEqual({ type: 'edit', text: '-' });
    expect(cellAction(shape, at(0, 'before_price'), { key: 'Delete' })).toEqual({ type: 'edit', text: '' });
    // Not a read-only cell, and not a shortcut.
    expect(cellAction(shape, at(1, 'on_hand'), { key: 'Enter' })).toBeNull();
    expect(cellAction(shape, at(0, 'price'), { key: 'c', ctrlKey: true })).toBeNull();
  });

  it('ticks 公開 with Space, opens a picker with Space or Enter, and puts a cell back with Ctrl+Z', () => {
    expect(cellAction(shape, at(0, 'is_published'), { key: ' ' })).toEqual({ type: 'toggle' });
    expect(cellAction(shape, at(0, 'category_ids'), { key: 'Enter' })).toEqual({ type: 'open' });
    expect(cellAction(shape, at(0, 'tag_ids'), { key: ' ' })).toEqual({ type: 'open' });
    expect(cellAction(shape, at(0, 'price'), { key: 'z', ctrlKey: true })).toEqual({ type: 'revert' });
    expect(cellAction(shape, at(0, 'price'), { key: 'z', metaKey: true })).toEqual({ type: 'revert' });
    // Space on a text or read-only cell does not scroll the page.
    expect(cellAction(shape, at(0, 'name'), { key: ' ' })).toEqual({ type: 'ignore' });
  });
});

describe('一括編集: keys in a cell’s box', () => {
  it('commits with Enter (down, Shift: up) or Tab (across), cancels with Escape, and leaves typing alone', () => {
    expect(editorAction(shape, at(0, 'price'), { key: 'Enter' })).toEqual({ type: 'commit', to: at(1, 'price') });
    expect(editorAction(shape, at(1, 'price'), { key: 'Enter', shiftKey: true })).toEqual({
      type: 'commit',
      to: at(0, 'price'),
    });
    expect(editorAction(shape, at(0, 'price'), { key: 'Tab' })).toEqual({ type: 'commit', to: at(0, 'before_price') });
    expect(editorAction(shape, at(4, 'stock_delta'), { key: 'Tab' })).toEqual({ type: 'commit', to: null });
    expect(editorAction(shape, at(0, 'price'), { key: 'Escape' })).toEqual({ type: 'cancel' });
    expect(editorAction(shape, at(0, 'price'), { key: 'ArrowLeft' })).toBeNull();
    expect(editorAction(shape, at(0, 'price'), { key: '5' })).toBeNull();
  });
});
