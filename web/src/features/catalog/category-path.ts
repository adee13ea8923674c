/** Lookups in the product category tree (`/v1/categories/hierarchy?table=products`). */
import type { CategoryNode } from '../../api/types';

/** The categories from the top level down to `key`, or [] when the key is unknown. */
export function categoryPath(nodes: readonly CategoryNode[], key: string | null | undefined): CategoryNode[] {
  if (!key) return [];
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = categoryPath(node.children, key);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The deepest known category among a product's categories, with its ancestors. */
export function deepestPath(nodes: readonly CategoryNode[], keys: readonly string[]): CategoryNode[] {
  return keys
    .map((key) => categoryPath(nodes, key))
    .reduce<CategoryNode[]>((best, path) => (path.length > best.length ? path : best), []);
}
