/**
 * Choosing one sellable item from `product_model.products`: by size and colour when the items
 * have them, by name otherwise. Pure, so the selector stays a thin view.
 */
import type { Variation } from '../../api/types';

export interface VariationAxes {
  sizes: string[];
  colors: string[];
}

const unique = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '')),
];

export function axesOf(variations: readonly Variation[]): VariationAxes {
  return { sizes: unique(variations.map((v) => v.size)), colors: unique(variations.map((v) => v.color)) };
}

/** The first item in stock, else the first item; undefined only for an empty model. */
export function initialVariation(variations: readonly Variation[]): Variation | undefined {
  return variations.find((v) => v.stock_status !== 'out_of_stock') ?? variations[0];
}

/** The item with this size and colour (either may be absent when the products have no such axis). */
export function findVariation(
  variations: readonly Variation[],
  size: string | null | undefined,
  color: string | null | undefined,
): Variation | undefined {
  return variations.find((v) => (v.size ?? null) === (size ?? null) && (v.color ?? null) === (color ?? null));
}

/**
 * Picking a value on one axis keeps the other when that combination exists, otherwise takes
 * the first (in-stock first) item with the picked value.
 */
export function pickVariation(
  variations: readonly Variation[],
  current: Variation | undefined,
  axis: 'size' | 'color',
  value: string,
): Variation | undefined {
  const size = axis === 'size' ? value : current?.size;
  const color = axis === 'color' ? value : current?.color;
  const exact = findVariation(variations, size, color);
  if (exact) return exact;
  const withValue = variations.filter((v) => v[axis] === value);
  return initialVariation(withValue);
}
