/**
 * 分類管理's form rules (the contract's: names required and at most 100 characters, よみがな at
 * most 100, URL http(s) at most 500, 説明 at most 2000, a tag's password 8–64 characters), the
 * category tree's arithmetic (siblings, where a category may move or be added).
 */
import { isBlank, maxLength } from '../../lib/validators';
import type { AdminCategory } from './taxonomy-types';

export const NAME_MAX = 100;
export const KANA_MAX = 100;
export const URL_MAX = 500;
export const DESCRIPTION_MAX = 2000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** The tree is at most three levels deep. */
export const DEPTH_MAX = 3;

export function requiredName(what: string) {
  return (value: string): true | string => {
    if (isBlank(value)) return `${what}を入力してください`;
    return maxLength(value.trim(), NAME_MAX) ?? true;
  };
}

export function optionalText(max: number) {
  return (value: string): true | string => maxLength(value.trim(), max) ?? true;
}

export function urlRule(value: string): true | string {
  const text = value.trim();
  if (text === '') return true;
  if (!/^https?:\/\/\S+$/i.test(text)) return 'URLは http:// または https:// で始めてください';
  return maxLength(text, URL_MAX) ?? true;
}

export function passwordRule(value: string): true | string {
  const length = [...value].length;
  if (length === 0) return 'パスワードを入力してください';
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    return `パスワードは${PASSWORD_MIN}〜${PASSWORD_MAX}文字で入力してください`;
  }
  return true;
}

/** Empty text as null (an optional URL, no parent, no maker). */
export function orNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

// ---- the tree ----------------------------------------------------------------------------------

/** The category's siblings (its parent's children, itself included) in their order. */
export function siblingsOf(tree: readonly AdminCategory[], category: AdminCategory): AdminCategory[] {
  return tree.filter((other) => (other.parent_id ?? null) === (category.parent_id ?? null));
}

/** The ids of the category's descendants (children, grandchildren). */
export function descendantIds(tree: readonly AdminCategory[], id: string): Set<string> {
  const found = new Set<string>();
  let frontier = [id];
  while (frontier.length > 0) {
    const next = tree.filter((other) => typeof other.parent_id === 'string' && frontier.includes(other.parent_id));
    frontier = next.map((other) => other.id).filter((childId) => !found.has(childId));
    for (const childId of frontier) found.add(childId);
  }
  return found;
}

/** How many levels the category and its descendants take (1 for a category without children). */
export function subtreeLevels(tree: readonly AdminCategory[], category: AdminCategory): number {
  const below = descendantIds(tree, category.id);
  const deepest = tree.filter((other) => below.has(other.id)).reduce((max, other) => Math.max(max, other.depth), 0);
  return deepest === 0 ? 1 : deepest - category.depth + 1;
}

/**
 * The parents the category may move under: not itself nor one of its descendants, and one
 * under which the category's own levels still fit in the three (null, the top, always may).
 */
export function allowedParents(tree: readonly AdminCategory[], category: AdminCategory): AdminCategory[] {
  const below = descendantIds(tree, category.id);
  const levels = subtreeLevels(tree, category);
  return tree.filter((other) => other.id !== category.id && !below.has(other.id) && other.depth + levels <= DEPTH_MAX);
}

/** Where a new category may go: under any category above the third level. */
export function parentsForNew(tree: readonly AdminCategory[]): AdminCategory[] {
  return tree.filter((category) => category.depth < DEPTH_MAX);
}
