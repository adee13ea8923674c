/**
 * 商品管理's form: its values (what the boxes hold, as text), the product read into them, the body
 * sent back (POST /v1/admin/products, PUT …/{id}), the サイズ×カラー row maker, the field rules
 * (react-hook-form, on the shared validators) and the server's 422 keys (`variations[0].sku`)
 * turned into the form's field names. The server checks everything again; stock is never sent
 * for an existing variation (在庫管理 moves it). The pictures are form state too: an uploaded
 * photo joins the product only when the form is saved (docs/contracts/photos.md).
 */
import type { RegisterOptions } from 'react-hook-form';
import { isBlank, maxLength, nonNegativeInteger } from '../../lib/validators';
import { fromLocalInput, toLocalInput } from '../ui/date-time';
import type {
  AdminProduct,
  AdminVariation,
  ImageBody,
  LinkedProduct,
  ProductBody,
  VariationBody,
} from './product-types';

/** The most a price takes (as the server: 0〜10,000,000 yen). */
export const PRICE_MAX = 10_000_000;
/** 名入れ刺繍's price at most. */
export const EMBROIDERY_PRICE_MAX = 100_000;
/** A new variation's first 入荷 at most. */
export const INITIAL_STOCK_MAX = 1_000_000;
/** The most variations one product has (the API's limit). */
export const VARIATIONS_MAX = 100;
export const NAME_MAX = 200;
export const CODE_MAX = 50;
export const SKU_MAX = 64;
export const LABEL_MAX = 30;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
export const EMBROIDERY_CHARS_MAX = 50;
/** Pictures per product, and the longest 代替テキスト (the API's limits). */
export const IMAGES_MAX = 20;
export const ALT_MAX = 200;
/** 付属品 and おすすめ per product, each (the API's limit). */
export const LINKS_MAX = 50;

export interface VariationValues {
  /** The existing variation's id; '' for a row added here. */
  variation_id: string;
  size_label: string;
  color_label: string;
  sku: string;
  /** Blank: the product's 販売価格. */
  price: string;
  jan_code: string;
  /** A new row's first 入荷 (blank: none); an existing row never sends one. */
  initial_stock: string;
}

/** A picture of the product in display order (the first is the main one). */
export interface ImageValues {
  url: string;
  /** 代替テキスト; blank: the server uses the product's name. */
  alt: string;
  /** The picture's variants for the thumbnail's `srcSet`; null for an old SVG. */
  srcset: string | null;
}

export interface ProductValues {
  name: string;
  code: string;
  description: string;
  price: string;
  before_price: string;
  tax_rate: '8' | '10';
  category_ids: string[];
  maker_id: string;
  brand_id: string;
  tag_ids: string[];
  is_published: boolean;
  /** `YYYY-MM-DDTHH:mm` in Japan time (a datetime-local box); '' for none. */
  publish_from: string;
  publish_until: string;
  seo_title: string;
  seo_description: string;
  embroidery: boolean;
  embroidery_price: string;
  embroidery_max_chars: string;
  /** のし対応 / ギフトラッピング対応 (a new product takes both). */
  takes_noshi: boolean;
  takes_wrapping: boolean;
  variations: VariationValues[];
  images: ImageValues[];
  /** 付属品 and おすすめ in their order, named (the body sends their ids). */
  accessories: LinkedProduct[];
  recommendations: LinkedProduct[];
}

/** The two lists of other products the form keeps. */
export type LinkList = 'accessories' | 'recommendations';

export type ProductField = Exclude<keyof ProductValues, 'variations' | 'images' | LinkList>;
export type VariationField = Exclude<keyof VariationValues, 'variation_id'>;
/** A field of the form as react-hook-form names it. */
export type FormFieldName = ProductField | `variations.${number}.${VariationField}` | `images.${number}.alt`;

// ---- text ⇄ numbers and times ------------------------------------------------------------------

/** Full-width digits and commas (what a Japanese input method types first) as half-width, trimmed. */
export function toHalfWidth(value: string): string {
  return value
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[，,]/g, '')
    .trim();
}

/** A whole number typed in a box (`1,980`, `１９８０`), or null while it is not one. */
export function parseWhole(value: string, max: number): number | null {
  const text = toHalfWidth(value);
  return text !== '' && nonNegativeInteger(text, max) === null ? Number(text) : null;
}

// ---- the product into the form -------------------------------------------------------------------

export const EMPTY_VARIATION: VariationValues = {
  variation_id: '',
  size_label: '',
  color_label: '',
  sku: '',
  price: '',
  jan_code: '',
  initial_stock: '',
};

export function emptyProduct(): ProductValues {
  return {
    name: '',
    code: '',
    description: '',
    price: '',
    before_price: '',
    tax_rate: '10',
    category_ids: [],
    maker_id: '',
    brand_id: '',
    tag_ids: [],
    is_published: false,
    publish_from: '',
    publish_until: '',
    seo_title: '',
    seo_description: '',
    embroidery: false,
    embroidery_price: '',
    embroidery_max_chars: '',
    takes_noshi: true,
    takes_wrapping: true,
    variations: [{ ...EMPTY_VARIATION }],
    images: [],
    accessories: [],
    recommendations: [],
  };
}

/**
 * A variation into its row. A price equal to the product's shows empty: it follows 販売価格, so
 * changing that changes the variation too (as an empty バリエーション価格 does in the CSV).
 */
function variationValues(variation: AdminVariation, productPrice: number): VariationValues {
  return {
    variation_id: variation.id,
    size_label: variation.size_label ?? '',
    color_label: variation.color_label ?? '',
    sku: variation.sku,
    price: variation.price === productPrice ? '' : String(variation.price),
    jan_code: variation.jan_code ?? '',
    initial_stock: '',
  };
}

/**
 * The linked products in the order of their ids, named by the answer's list (a product the list
 * does not name keeps its id, so the save still sends it).
 */
function linkedOf(ids: readonly string[], named: readonly LinkedProduct[] | undefined): LinkedProduct[] {
  return ids.map((id) => {
    const found = named?.find((item) => item.id === id);
    return found ? { id, code: found.code, name: found.name } : { id, code: '', name: id };
  });
}

export function productValues(product: AdminProduct): ProductValues {
  return {
    name: product.name,
    code: product.code,
    description: product.description,
    price: String(product.price),
    before_price:
      product.before_price === null || product.before_price === undefined ? '' : String(product.before_price),
    tax_rate: product.tax_rate === 8 ? '8' : '10',
    category_ids: [...product.category_ids],
    maker_id: product.maker_id ?? '',
    brand_id: product.brand_id ?? '',
    tag_ids: [...product.tag_ids],
    is_published: product.is_published,
    publish_from: toLocalInput(product.publish_from),
    publish_until: toLocalInput(product.publish_until),
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    embroidery: product.embroidery !== null && product.embroidery !== undefined,
    embroidery_price: product.embroidery ? String(product.embroidery.price) : '',
    embroidery_max_chars: product.embroidery ? String(product.embroidery.max_chars) : '',
    takes_noshi: product.takes_noshi ?? true,
    takes_wrapping: product.takes_wrapping ?? true,
    variations: [...product.variations]
      .sort((a, b) => a.position - b.position)
      .map((variation) => variationValues(variation, product.price)),
    images: product.images.map((image) => ({ url: image.url, alt: image.alt, srcset: image.srcset ?? null })),
    accessories: linkedOf(product.accessory_ids, product.accessories),
    recommendations: linkedOf(product.recommendation_ids, product.recommendations),
  };
}

// ---- the form into the body ---------------------------------------------------------------------

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function variationBody(row: VariationValues, productPrice: number, original: AdminProduct | undefined): VariationBody {
  const size = orNull(row.size_label);
  const color = orNull(row.color_label);
  const body: VariationBody = {
    sku: row.sku.trim(),
    size_label: size,
    color_label: color,
    price: parseWhole(row.price, PRICE_MAX) ?? productPrice,
    jan_code: orNull(toHalfWidth(row.jan_code)),
  };
  const before = row.variation_id ? original?.variations.find((v) => v.id === row.variation_id) : undefined;
  if (row.variation_id) {
    body.id = row.variation_id;
    // A name the staff gave keeps while the labels stay; new labels give the server's default name.
    if (before && (before.size_label ?? null) === size && (before.color_label ?? null) === color) {
      body.name = before.name;
    }
  } else {
    const stock = parseWhole(row.initial_stock, INITIAL_STOCK_MAX);
    if (stock !== null && stock > 0) body.initial_stock = stock;
  }
  return body;
}

/**
 * The body of POST/PUT: trimmed text, numbers from the boxes, blanks as null, the times in Japan
 * time, 名入れ only when it is taken, のし・ラッピング, and 付属品・おすすめ as ids in their order.
 * The pictures go in their order whenever there is something to say (a new
 * product without any, like an edit of one that never had any, leaves them out). `version` is the
 * mutation's to add on a PUT.
 */
export function productBody(values: ProductValues, original?: AdminProduct): ProductBody {
  const price = parseWhole(values.price, PRICE_MAX) ?? 0;
  const images: ImageBody[] = values.images.map((image) => ({ url: image.url, alt: image.alt.trim() }));
  const body: ProductBody = {
    code: values.code.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    price,
    before_price: parseWhole(values.before_price, PRICE_MAX),
    tax_rate: values.tax_rate === '8' ? 8 : 10,
    maker_id: orNull(values.maker_id),
    brand_id: orNull(values.brand_id),
    category_ids: [...values.category_ids],
    tag_ids: [...values.tag_ids],
    accessory_ids: values.accessories.map((item) => item.id),
    recommendation_ids: values.recommendations.map((item) => item.id),
    seo_title: values.seo_title.trim(),
    seo_description: values.seo_description.trim(),
    embroidery: values.embroidery
      ? {
          price: parseWhole(values.embroidery_price, PRICE_MAX) ?? 0,
          max_chars: parseWhole(values.embroidery_max_chars, EMBROIDERY_CHARS_MAX) ?? 0,
        }
      : null,
    takes_noshi: values.takes_noshi,
    takes_wrapping: values.takes_wrapping,
    is_published: values.is_published,
    publish_from: fromLocalInput(values.publish_from),
    publish_until: fromLocalInput(values.publish_until),
    variations: values.variations.map((row) => variationBody(row, price, original)),
  };
  if (images.length > 0 || (original?.images.length ?? 0) > 0) body.images = images;
  return body;
}

// ---- サイズ×カラーで作成 -------------------------------------------------------------------------

/** `S, M ,L`, `S、M` or `S，M` as its distinct, non-blank parts. */
export function splitLabels(text: string): string[] {
  const parts = text
    .split(/[,、，\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...new Set(parts)];
}

/** What a 商品コード and a SKU are made of (the server's rule): half-width letters, digits, - _ . */
export const CODE_SHAPE = /^[0-9A-Za-z][0-9A-Za-z_.-]*$/;

/**
 * A label as part of a SKU: itself when it is half-width already (`S`, `Ｍ` → `M`, `Black`);
 * otherwise its place in its list, two digits (`ネイビー` → `01`), since a SKU goes into CSVs and
 * carriers' files and takes only half-width letters, digits and - _ .
 */
export function skuPart(label: string, index: number): string {
  const text = label.normalize('NFKC').trim().replace(/\s+/g, '_');
  return CODE_SHAPE.test(text) ? text : String(index + 1).padStart(2, '0');
}

/** `CODE-S-NAVY` (or `CODE-S-01`): the 商品コード and the parts of the labels the row has, joined by `-`. */
export function skuOf(code: string, size: string, color: string): string {
  return [code.trim(), size, color].filter((part) => part !== '').join('-');
}

const isBlankRow = (row: VariationValues) =>
  !row.variation_id && [row.size_label, row.color_label, row.sku, row.price, row.jan_code].every((v) => isBlank(v));

/**
 * The rows for every サイズ × カラー (sizes first: S/ネイビー, S/グレー, M/ネイビー, …; one axis
 * alone when the other is blank), each with its SKU and an empty price (the product's, followed).
 * Rows already there
 * stay (blank new ones go); a combination already there is not made twice. At most
 * `VARIATIONS_MAX` rows in all.
 */
export function gridRows(
  current: readonly VariationValues[],
  { code, sizes, colors }: { code: string; sizes: string; colors: string },
): VariationValues[] {
  const sizeList = splitLabels(sizes);
  const colorList = splitLabels(colors);
  const kept = current.filter((row) => !isBlankRow(row));
  const has = (size: string, color: string) =>
    kept.some((row) => row.size_label.trim() === size && row.color_label.trim() === color);
  const made: VariationValues[] = [];
  const sizeAxis = sizeList.length > 0 ? sizeList : [''];
  const colorAxis = colorList.length > 0 ? colorList : [''];
  for (const [sizeIndex, size] of sizeAxis.entries()) {
    for (const [colorIndex, color] of colorAxis.entries()) {
      if ((size === '' && color === '') || has(size, color)) continue;
      made.push({
        ...EMPTY_VARIATION,
        size_label: size,
        color_label: color,
        sku: skuOf(code, size && skuPart(size, sizeIndex), color && skuPart(color, colorIndex)),
      });
    }
  }
  return [...kept, ...made].slice(0, Math.max(VARIATIONS_MAX, kept.length));
}

// ---- the rules ----------------------------------------------------------------------------------

function requiredText(what: string, max: number) {
  return (value: string): true | string => {
    if (isBlank(value)) return `${what}を入力してください`;
    return maxLength(value.trim(), max) ?? true;
  };
}

function optionalText(max: number) {
  return (value: string): true | string => maxLength(value.trim(), max) ?? true;
}

function yenRule(what: string, { required = false, max = PRICE_MAX } = {}) {
  return (value: string): true | string => {
    const text = toHalfWidth(value);
    if (text === '') return required ? `${what}を入力してください` : true;
    return nonNegativeInteger(text, max) ?? true;
  };
}

function codeRule(what: string, max: number) {
  return (value: string): true | string => {
    const text = requiredText(what, max)(value);
    if (text !== true) return text;
    return CODE_SHAPE.test(value.trim()) || `${what}は半角英数字と「-」「_」「.」で入力してください（先頭は英数字）`;
  };
}

/** A JAN code (GTIN-13 or GTIN-8) with its check digit. */
export function isJanCode(text: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(text)) return false;
  const digits = [...text].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((total, digit, i) => total + (i % 2 === 0 ? digit * 3 : digit), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const productRules = {
  name: { validate: requiredText('商品名', NAME_MAX) },
  code: { validate: codeRule('商品コード', CODE_MAX) },
  description: { validate: optionalText(DESCRIPTION_MAX) },
  price: { validate: yenRule('販売価格', { required: true }) },
  before_price: { validate: yenRule('通常価格') },
  seo_title: { validate: optionalText(SEO_TITLE_MAX) },
  seo_description: { validate: optionalText(SEO_DESCRIPTION_MAX) },
  embroidery_price: {
    validate: (value: string, form: ProductValues) =>
      !form.embroidery || yenRule('料金', { required: true, max: EMBROIDERY_PRICE_MAX })(value),
  },
  embroidery_max_chars: {
    validate: (value: string, form: ProductValues) => {
      if (!form.embroidery) return true;
      const text = toHalfWidth(value);
      if (text === '') return '最大文字数を入力してください';
      const shape = nonNegativeInteger(text, EMBROIDERY_CHARS_MAX);
      return shape ?? (Number(text) > 0 || '最大文字数は1以上で入力してください');
    },
  },
  publish_until: {
    validate: (value: string, form: ProductValues) =>
      !value || !form.publish_from || form.publish_from < value || '公開終了は公開開始より後の日時にしてください',
  },
} satisfies { [K in ProductField]?: RegisterOptions<ProductValues, K> };

export const variationRules = {
  size_label: { validate: optionalText(LABEL_MAX) },
  color_label: { validate: optionalText(LABEL_MAX) },
  sku: { validate: codeRule('SKU', SKU_MAX) },
  price: { validate: yenRule('価格') },
  jan_code: {
    validate: (value: string) => {
      const text = toHalfWidth(value);
      if (text === '') return true;
      if (!/^(\d{8}|\d{13})$/.test(text)) return 'JANコードは半角数字13桁または8桁で入力してください';
      return isJanCode(text) || 'JANコードのチェックデジットが正しくありません';
    },
  },
  initial_stock: {
    validate: (value: string) => {
      const text = toHalfWidth(value);
      return text === '' || (nonNegativeInteger(text, INITIAL_STOCK_MAX) ?? true);
    },
  },
} satisfies Record<VariationField, { validate: (value: string) => true | string }>;

export const imageRules = {
  alt: { validate: optionalText(ALT_MAX) },
};

// ---- the server's answer -------------------------------------------------------------------------

/** The fields that show their own message (公開する's checkbox has none: its message goes to the alert). */
const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'code',
  'description',
  'price',
  'before_price',
  'tax_rate',
  'category_ids',
  'maker_id',
  'brand_id',
  'tag_ids',
  'publish_from',
  'publish_until',
  'seo_title',
  'seo_description',
  'embroidery_price',
  'embroidery_max_chars',
];

const VARIATION_FIELDS: readonly VariationField[] = [
  'size_label',
  'color_label',
  'sku',
  'price',
  'jan_code',
  'initial_stock',
];

/** The API's names whose form field is named otherwise. */
const RENAMED: Readonly<Record<string, ProductField | VariationField>> = {
  embroidery: 'embroidery_price',
  'embroidery.price': 'embroidery_price',
  'embroidery.max_chars': 'embroidery_max_chars',
  categories: 'category_ids',
  tags: 'tag_ids',
  maker: 'maker_id',
  brand: 'brand_id',
  // A variation's name comes from its labels.
  name: 'size_label',
};

/** The form's field for one key of a 422 (`variations[0].sku` → `variations.0.sku`), or null. */
export function formFieldOf(key: string): FormFieldName | null {
  const image = /^images(?:\[(\d+)\]|\.(\d+))\.alt$/.exec(key);
  if (image) return `images.${Number(image[1] ?? image[2])}.alt`;
  const row = /^variations(?:\[(\d+)\]|\.(\d+))\.([a-z_]+)$/.exec(key);
  if (row) {
    const index = Number(row[1] ?? row[2]);
    const raw = row[3] ?? '';
    const field = (VARIATION_FIELDS as readonly string[]).includes(raw) ? raw : RENAMED[raw];
    return field && (VARIATION_FIELDS as readonly string[]).includes(field)
      ? (`variations.${index}.${field as VariationField}` as const)
      : null;
  }
  if ((PRODUCT_FIELDS as readonly string[]).includes(key)) return key as ProductField;
  const renamed = RENAMED[key];
  return renamed && (PRODUCT_FIELDS as readonly string[]).includes(renamed) ? (renamed as ProductField) : null;
}

export interface SortedErrors {
  /** Messages for the form's fields, in the server's order. */
  fields: { name: FormFieldName; message: string }[];
  /** About the variations as a whole (none left, one with stock removed, …): shown above the table. */
  variations: string | null;
  /** What no field shows: for the form's alert. */
  other: string[];
}

/**
 * A picture the server does not hold (`images[2].url`) has no box of its own: its message goes to
 * the alert, saying which picture it is.
 */
function pictureMessage(key: string, message: string): string {
  const picture = /^images(?:\[(\d+)\]|\.(\d+))\.url$/.exec(key);
  return picture ? `${Number(picture[1] ?? picture[2]) + 1}枚目の画像：${message}` : message;
}

/** A 422's `errors` sorted onto the form: each field's first message, the table's, and the rest. */
export function sortServerErrors(errors: Readonly<Record<string, readonly string[]>>): SortedErrors {
  const sorted: SortedErrors = { fields: [], variations: null, other: [] };
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    if (key === 'variations') {
      sorted.variations = message;
      continue;
    }
    const name = formFieldOf(key);
    if (name && !sorted.fields.some((field) => field.name === name)) sorted.fields.push({ name, message });
    else if (!name) sorted.other.push(pictureMessage(key, message));
  }
  return sorted;
}
