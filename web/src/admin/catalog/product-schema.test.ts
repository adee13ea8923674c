import { describe, expect, it } from 'vitest';
import {
  EMPTY_VARIATION,
  emptyProduct,
  formFieldOf,
  gridRows,
  isJanCode,
  parseWhole,
  productBody,
  productRules,
  productValues,
  skuPart,
  sortServerErrors,
  splitLabels,
  type ProductValues,
  type VariationValues,
  variationRules,
} from './product-schema';
import { fromLocalInput, toLocalInput } from '../ui/date-time';
import type { AdminProduct } from './product-types';

function saved(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 'p-1',
    key: 'RP0100',
    code: 'JK-100',
    name: 'ライディングジャケット',
    description: '春秋向けのジャケット',
    price: 19800,
    before_price: 24800,
    tax_rate: 10,
    maker_id: 'mk-1',
    brand_id: null,
    category_ids: ['c-2'],
    tag_ids: ['t-1'],
    accessory_ids: ['p-9'],
    recommendation_ids: ['p-7', 'p-8'],
    seo_title: '',
    seo_description: '',
    embroidery: { price: 1100, max_chars: 12 },
    is_published: true,
    publish_from: '2026-12-01T01:00:00Z',
    publish_until: null,
    state: 'published',
    variations: [
      {
        id: 'v-2',
        sku: 'JK-100-M-NV',
        name: 'M / ネイビー（限定色）',
        size_label: 'M',
        color_label: 'ネイビー',
        price: 19800,
        jan_code: '4901234567894',
        available: 3,
        reserved: 1,
        position: 2,
      },
      {
        id: 'v-1',
        sku: 'JK-100-S-NV',
        name: 'S / ネイビー',
        size_label: 'S',
        color_label: 'ネイビー',
        price: 19800,
        jan_code: null,
        available: 0,
        reserved: 0,
        position: 1,
      },
    ],
    images: [],
    storefront_path: '/product/RP0100',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    version: 4,
    ...overrides,
  } as AdminProduct;
}

const row = (overrides: Partial<VariationValues>): VariationValues => ({ ...EMPTY_VARIATION, ...overrides });

describe('サイズ×カラーで作成', () => {
  it('splits comma-separated labels (half- or full-width commas, 、), trimmed, without blanks or repeats', () => {
    expect(splitLabels(' S, M ,,L、XL，M ')).toEqual(['S', 'M', 'L', 'XL']);
    expect(splitLabels('  ')).toEqual([]);
  });

  it('makes a row per size × colour, sizes first, each with its SKU and the product’s price followed', () => {
    const rows = gridRows([row({})], { code: 'TS-1', sizes: 'S,M', colors: 'Navy, Gray' });
    expect(rows.map((r) => [r.size_label, r.color_label, r.sku, r.price])).toEqual([
      ['S', 'Navy', 'TS-1-S-Navy', ''],
      ['S', 'Gray', 'TS-1-S-Gray', ''],
      ['M', 'Navy', 'TS-1-M-Navy', ''],
      ['M', 'Gray', 'TS-1-M-Gray', ''],
    ]);
    expect(rows.every((r) => r.variation_id === '' && r.initial_stock === '')).toBe(true);
  });

  it('numbers a label a SKU cannot hold (Japanese colours) by its place in its list', () => {
    const rows = gridRows([], { code: 'TS-1', sizes: 'S,Ｍ', colors: 'ネイビー,グレー' });
    expect(rows.map((r) => `${r.size_label}/${r.color_label}=${r.sku}`)).toEqual([
      'S/ネイビー=TS-1-S-01',
      'S/グレー=TS-1-S-02',
      'Ｍ/ネイビー=TS-1-M-01',
      'Ｍ/グレー=TS-1-M-02',
    ]);
    expect(rows[0]!.price).toBe('');
    expect(skuPart('Free Size', 0)).toBe('Free_Size');
    expect(skuPart('フリー', 2)).toBe('03');
  });

  it('makes one axis alone when the other is blank', () => {
    expect(gridRows([], { code: 'C', sizes: '', colors: 'Red,Blue' }).map((r) => r.sku)).toEqual(['C-Red', 'C-Blue']);
    expect(gridRows([], { code: 'C', sizes: '', colors: '' })).toEqual([]);
  });

  it('keeps the rows already there (dropping blank new ones) and does not make a combination twice', () => {
    const existing = row({ variation_id: 'v-1', size_label: 'S', color_label: 'Navy', sku: 'OLD-S' });
    const rows = gridRows([existing, row({})], { code: 'C', sizes: 'S,M', colors: 'Navy' });
    expect(rows.map((r) => r.sku)).toEqual(['OLD-S', 'C-M-Navy']);
    expect(rows[0]).toBe(existing);
  });

  it('makes at most 100 rows', () => {
    const sizes = Array.from({ length: 11 }, (_, i) => `S${i}`).join(',');
    const colors = Array.from({ length: 10 }, (_, i) => `C${i}`).join(',');
    expect(gridRows([], { code: 'C', sizes, colors })).toHaveLength(100);
  });
});

describe('the form and the body', () => {
  it('reads a product into the boxes: text, Japan times, variations in their order, 名入れ', () => {
    const values = productValues(saved());
    expect(values).toMatchObject({
      price: '19800',
      before_price: '24800',
      tax_rate: '10',
      maker_id: 'mk-1',
      brand_id: '',
      publish_from: '2026-12-01T10:00',
      publish_until: '',
      embroidery: true,
      embroidery_price: '1100',
      embroidery_max_chars: '12',
    });
    expect(values.variations.map((v) => v.variation_id)).toEqual(['v-1', 'v-2']);
    expect(values.variations[1]).toEqual({
      variation_id: 'v-2',
      size_label: 'M',
      color_label: 'ネイビー',
      sku: 'JK-100-M-NV',
      price: '',
      jan_code: '4901234567894',
      initial_stock: '',
    });
  });

  it('lets a variation at the product’s price follow a new 販売価格, and keeps one of its own', () => {
    const product = saved();
    product.variations[1]!.price = 17800;
    const values = productValues(product);
    expect(values.variations.map((v) => v.price)).toEqual(['17800', '']);
    values.price = '21000';
    expect(productBody(values, product).variations.map((v) => [v.sku, v.price])).toEqual([
      ['JK-100-S-NV', 17800],
      ['JK-100-M-NV', 21000],
    ]);
  });

  it('sends a new product: trimmed text, numbers from full-width digits and commas, blanks as null, Japan times', () => {
    const values: ProductValues = {
      ...emptyProduct(),
      name: '  メッシュジャケット ',
      code: ' MJ-1 ',
      description: '夏向け\n',
      price: '１２，８００',
      before_price: '',
      tax_rate: '8',
      category_ids: ['c-1', 'c-3'],
      tag_ids: [],
      maker_id: '',
      brand_id: 'br-2',
      is_published: true,
      publish_from: '2026-12-01T10:00',
      publish_until: '',
      seo_title: ' ',
      embroidery: false,
      embroidery_price: '500',
      takes_wrapping: false,
      accessories: [
        { id: 'p-4', code: 'GL-4', name: 'インナーグローブ' },
        { id: 'p-2', code: 'GL-2', name: 'グローブホルダー' },
      ],
      variations: [
        row({ size_label: 'S', color_label: 'ネイビー', sku: ' MJ-1-S-01 ', price: '', initial_stock: '５' }),
        row({
          size_label: ' ',
          color_label: '',
          sku: 'MJ-1-F',
          price: '9800',
          jan_code: ' 49012345 ',
          initial_stock: '0',
        }),
      ],
    };
    expect(productBody(values)).toEqual({
      code: 'MJ-1',
      name: 'メッシュジャケット',
      description: '夏向け',
      price: 12800,
      before_price: null,
      tax_rate: 8,
      maker_id: null,
      brand_id: 'br-2',
      category_ids: ['c-1', 'c-3'],
      tag_ids: [],
      accessory_ids: ['p-4', 'p-2'],
      recommendation_ids: [],
      seo_title: '',
      seo_description: '',
      embroidery: null,
      takes_noshi: true,
      takes_wrapping: false,
      is_published: true,
      publish_from: '2026-12-01T10:00:00+09:00',
      publish_until: null,
      variations: [
        { sku: 'MJ-1-S-01', size_label: 'S', color_label: 'ネイビー', price: 12800, jan_code: null, initial_stock: 5 },
        { sku: 'MJ-1-F', size_label: null, color_label: null, price: 9800, jan_code: '49012345' },
      ],
    });
  });

  it('reads のし・ラッピング and the linked products (in the order of their ids, named by the answer)', () => {
    const values = productValues(
      saved({
        takes_noshi: false,
        takes_wrapping: true,
        accessories: [{ id: 'p-9', code: 'AC-9', name: 'ハンガー' }],
        recommendations: [
          { id: 'p-8', code: 'RC-8', name: 'パンツ' },
          { id: 'p-7', code: 'RC-7', name: 'ベスト' },
        ],
      }),
    );
    expect(values).toMatchObject({ takes_noshi: false, takes_wrapping: true });
    expect(values.accessories).toEqual([{ id: 'p-9', code: 'AC-9', name: 'ハンガー' }]);
    expect(values.recommendations.map((item) => item.name)).toEqual(['ベスト', 'パンツ']);
    // An answer without the extras (omitted: true) and an id the list does not name.
    const bare = productValues(saved());
    expect(bare).toMatchObject({ takes_noshi: true, takes_wrapping: true });
    expect(bare.accessories).toEqual([{ id: 'p-9', code: '', name: 'p-9' }]);
    expect(emptyProduct()).toMatchObject({ takes_noshi: true, takes_wrapping: true, accessories: [] });
  });

  it('sends an edit: existing variations by id without stock, a kept name while the labels stay, and the linked products kept', () => {
    const product = saved();
    const values = productValues(product);
    values.variations[1] = { ...values.variations[1]!, initial_stock: '9' };
    values.variations[0] = { ...values.variations[0]!, size_label: 'SS' };
    values.variations.push(row({ size_label: 'L', color_label: 'ネイビー', sku: 'JK-100-L-NV', initial_stock: '2' }));
    const body = productBody(values, product);
    expect(body.accessory_ids).toEqual(['p-9']);
    expect(body.recommendation_ids).toEqual(['p-7', 'p-8']);
    expect(body.embroidery).toEqual({ price: 1100, max_chars: 12 });
    expect(body.publish_from).toBe('2026-12-01T10:00:00+09:00');
    expect(body.variations).toEqual([
      // New labels: the server names it from them.
      { id: 'v-1', sku: 'JK-100-S-NV', size_label: 'SS', color_label: 'ネイビー', price: 19800, jan_code: null },
      {
        id: 'v-2',
        name: 'M / ネイビー（限定色）',
        sku: 'JK-100-M-NV',
        size_label: 'M',
        color_label: 'ネイビー',
        price: 19800,
        jan_code: '4901234567894',
      },
      { sku: 'JK-100-L-NV', size_label: 'L', color_label: 'ネイビー', price: 19800, jan_code: null, initial_stock: 2 },
    ]);
    expect('version' in body).toBe(false);
  });

  it('reads numbers and times both ways', () => {
    expect(parseWhole('1,980', 10_000)).toBe(1980);
    expect(parseWhole('-1', 10_000)).toBeNull();
    expect(parseWhole('', 10_000)).toBeNull();
    expect(parseWhole('12.5', 10_000)).toBeNull();
    expect(toLocalInput('2026-12-31T15:30:00Z')).toBe('2027-01-01T00:30');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('2027-01-01T00:30')).toBe('2027-01-01T00:30:00+09:00');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('the rules', () => {
  const form = emptyProduct();
  it('asks for the name, a half-width code and a whole price', () => {
    expect(productRules.name.validate(' ')).toBe('商品名を入力してください');
    expect(productRules.code.validate('ＡＢ')).toMatch(/^商品コードは半角英数字/);
    expect(productRules.code.validate('-AB')).toMatch(/^商品コードは半角英数字/);
    expect(productRules.code.validate('AB-1_2.3')).toBe(true);
    expect(productRules.price.validate('')).toBe('販売価格を入力してください');
    expect(productRules.price.validate('1,980')).toBe(true);
    expect(productRules.price.validate('19.8')).toMatch(/整数/);
    expect(productRules.before_price.validate('')).toBe(true);
  });

  it('asks for 名入れ’s price and length only when it is taken, and the end of publication after its start', () => {
    expect(productRules.embroidery_price.validate('', form)).toBe(true);
    expect(productRules.embroidery_price.validate('', { ...form, embroidery: true })).toBe('料金を入力してください');
    expect(productRules.embroidery_max_chars.validate('0', { ...form, embroidery: true })).toBe(
      '最大文字数は1以上で入力してください',
    );
    expect(productRules.publish_until.validate('2026-12-01T09:00', { ...form, publish_from: '2026-12-01T10:00' })).toBe(
      '公開終了は公開開始より後の日時にしてください',
    );
    expect(productRules.publish_until.validate('2026-12-02T09:00', { ...form, publish_from: '2026-12-01T10:00' })).toBe(
      true,
    );
  });

  it('checks a variation’s SKU and JAN code (with its check digit)', () => {
    expect(variationRules.sku.validate('')).toBe('SKUを入力してください');
    expect(variationRules.sku.validate('TS-1-S-ネイビー')).toMatch(/^SKUは半角英数字/);
    expect(variationRules.jan_code.validate('4901234567894')).toBe(true);
    expect(variationRules.jan_code.validate('4901234567890')).toBe('JANコードのチェックデジットが正しくありません');
    expect(variationRules.jan_code.validate('12345')).toMatch(/13桁または8桁/);
    expect(isJanCode('49012345')).toBe(false);
    expect(isJanCode('49012347')).toBe(true);
    expect(variationRules.initial_stock.validate('')).toBe(true);
    expect(variationRules.initial_stock.validate('-1')).toMatch(/整数/);
  });
});

describe('the server’s 422 on the form', () => {
  it('names the form’s field for each key', () => {
    expect(formFieldOf('code')).toBe('code');
    expect(formFieldOf('variations[0].sku')).toBe('variations.0.sku');
    expect(formFieldOf('variations[12].jan_code')).toBe('variations.12.jan_code');
    expect(formFieldOf('variations.3.price')).toBe('variations.3.price');
    expect(formFieldOf('variations[1].name')).toBe('variations.1.size_label');
    expect(formFieldOf('variations[1].id')).toBeNull();
    expect(formFieldOf('embroidery.max_chars')).toBe('embroidery_max_chars');
    expect(formFieldOf('embroidery.price')).toBe('embroidery_price');
    expect(formFieldOf('accessory_ids')).toBeNull();
  });

  it('sorts the errors onto fields, the variations table and the rest', () => {
    expect(
      sortServerErrors({
        code: ['この商品コードは使われています。'],
        'variations[1].sku': ['このSKUは他の商品で使われています。', '二つ目'],
        'variations[1].name': ['100文字以内で入力してください'],
        'variations[1].size_label': ['同じサイズ・カラーの組み合わせが2回入力されています。'],
        variations: ['在庫のあるバリエーションは削除できません。'],
        accessory_ids: ['50件までにしてください。'],
        empty: [],
      }),
    ).toEqual({
      fields: [
        { name: 'code', message: 'この商品コードは使われています。' },
        { name: 'variations.1.sku', message: 'このSKUは他の商品で使われています。' },
        { name: 'variations.1.size_label', message: '100文字以内で入力してください' },
      ],
      variations: '在庫のあるバリエーションは削除できません。',
      other: ['50件までにしてください。'],
    });
  });
});
