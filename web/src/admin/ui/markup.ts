/**
 * The safe markup of the back office's rich text fields — a product's 説明
 * (docs/contracts/catalog-extras.md §2) and a news item's 本文 (docs/contracts/news-desk.md) —
 * in one place: the tags and attributes the server keeps (it cleans the saved text with
 * ammonia), the preview's sanitising with DOMPurify restricted to the same list, and the
 * toolbar's wrapping of a selection. Text without any tag is plain text: blank lines part
 * paragraphs, a single newline is a line break, as the storefront's `description_html` and
 * `body_html` show it.
 */
import DOMPurify from 'dompurify';

/** The tags the markup keeps; everything else goes (scripts and styles with their content). */
export const MARKUP_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The only attribute kept, and only on `a`. */
export const LINK_ATTRIBUTE = 'href';

/** What every kept link gets. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** What the hint under the field says is allowed. */
export const MARKUP_HINT = `使えるタグ：${MARKUP_TAGS.join(' ')}。リンク（a）は href だけを残し、http・https・mailto か「/」で始まるパスに限ります。ほかのタグや属性（script、style、画像、onclick など）は保存時に取り除きます。タグを使わない文章は、空行で段落を分けて表示します。タグを1つでも使うと空行では段落が分かれないため、段落は <p>…</p> で囲んでください。`;

/** http:, https:, mailto: or a path of this shop (`/…`, not `//host`, which is another site). */
export function isAllowedHref(href: string): boolean {
  const text = href.trim();
  return /^(?:https?:\/\/|mailto:)\S+$/i.test(text) || /^\/(?!\/)\S*$/.test(text);
}

/**
 * Whether the text holds markup, as the server judges it: a `<` opening a tag, a closing tag or
 * a comment (`2 < 3` stays plain text).
 */
export function hasMarkup(text: string): boolean {
  return /<[A-Za-z/!]/.test(text);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** Plain text as the storefront shows it: paragraphs at blank lines, `<br>` at single newlines. */
export function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...MARKUP_TAGS],
  ALLOWED_ATTR: [LINK_ATTRIBUTE],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true as const,
};

/**
 * Markup as the storefront will show it: only the allowed tags, `href` only on `a` and only of
 * an allowed kind, every link with `rel` (and, for the preview, opening in a new tab so the form
 * is not left).
 */
export function sanitizeMarkup(markup: string, { newTab = false } = {}): string {
  const fragment = DOMPurify.sanitize(markup, PURIFY_CONFIG);
  for (const element of fragment.querySelectorAll(`[${LINK_ATTRIBUTE}]`)) {
    const href = element.getAttribute(LINK_ATTRIBUTE) ?? '';
    if (element.localName !== 'a' || !isAllowedHref(href)) element.removeAttribute(LINK_ATTRIBUTE);
  }
  for (const link of fragment.querySelectorAll('a')) {
    link.setAttribute('rel', LINK_REL);
    if (newTab) link.setAttribute('target', '_blank');
  }
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/** The preview of a text: its markup sanitised, or plain text in paragraphs. */
export function previewHtml(text: string): string {
  return hasMarkup(text) ? sanitizeMarkup(text, { newTab: true }) : plainTextHtml(text);
}

// ---- the toolbar --------------------------------------------------------------------------------

export type MarkupKind = 'bold' | 'heading' | 'bullets' | 'numbers' | 'link' | 'quote';

/** The toolbar's buttons, in their order. */
export const MARKUP_BUTTONS: readonly { kind: MarkupKind; label: string }[] = [
  { kind: 'bold', label: '太字' },
  { kind: 'heading', label: '見出し' },
  { kind: 'bullets', label: '箇条書き' },
  { kind: 'numbers', label: '番号付き' },
  { kind: 'link', label: 'リンク' },
  { kind: 'quote', label: '引用' },
];

export interface Wrapped {
  text: string;
  /** The wrapped words' place in the new text (to select them again). */
  start: number;
  end: number;
}

/** Each line of the selection as an item of a list (one empty item when nothing is selected). */
function listOf(tag: 'ul' | 'ol', selected: string): { open: string; inner: string; close: string } {
  const lines = selected
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return { open: `<${tag}>\n<li>`, inner: '', close: `</li>\n</${tag}>` };
  const items = lines.map((line) => `<li>${line}</li>`).join('\n');
  return { open: `<${tag}>\n`, inner: items, close: `\n</${tag}>` };
}

/** The selection's place in plain text, split at it. */
interface Cut {
  before: string;
  selected: string;
  after: string;
}

function cutAt(text: string, start: number, end: number): Cut {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  return { before: text.slice(0, from), selected: text.slice(from, to), after: text.slice(to) };
}

function markupOf(kind: MarkupKind, selected: string, href: string): { open: string; inner: string; close: string } {
  const simple = (tag: string) => ({ open: `<${tag}>`, inner: selected, close: `</${tag}>` });
  switch (kind) {
    case 'bold':
      return simple('strong');
    case 'heading':
      return simple('h3');
    case 'quote':
      return simple('blockquote');
    case 'link':
      return { open: `<a href="${escapeHtml(href.trim())}">`, inner: selected, close: '</a>' };
    case 'bullets':
    case 'numbers':
      return listOf(kind === 'bullets' ? 'ul' : 'ol', selected);
  }
}

const BLOCK_KINDS: ReadonlySet<MarkupKind> = new Set(['heading', 'quote', 'bullets', 'numbers']);

// Private-use characters mark the tags and the selection while plain text becomes paragraphs.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const escapePlain = (text: string) => text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);

/**
 * Plain text as markup that shows the same: a `<p>` per blank-line paragraph, `<br>` at single
 * newlines (the storefront stops splitting at blank lines once the text holds a tag).
 */
function paragraphsOf(plain: string): string[] {
  return plain
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${escapePlain(part).replace(/\n/g, '<br>\n')}</p>`);
}

/**
 * The first tag in plain text: its paragraphs become `<p>`s so they stay paragraphs. A block
 * (見出し, 引用, a list) stands between the paragraphs before and after it; bold and a link stay
 * inside their paragraph.
 */
function wrapPlain({ before, selected, after }: Cut, kind: MarkupKind, href: string): Wrapped {
  let text: string;
  if (BLOCK_KINDS.has(kind)) {
    const parts = markupOf(kind, escapePlain(selected.trim()), href);
    const block = `${parts.open}${OPEN}${parts.inner}${CLOSE}${parts.close}`;
    text = [...paragraphsOf(before), block, ...paragraphsOf(after)].join('\n\n');
  } else {
    const parts = markupOf(kind, selected, href);
    text = paragraphsOf(`${before}${OPEN}${selected}${CLOSE}${after}`).join('\n\n');
    if (text === '') text = `<p>${OPEN}${CLOSE}</p>`;
    text = text.replace(OPEN, `${parts.open}${OPEN}`).replace(CLOSE, `${CLOSE}${parts.close}`);
  }
  const start = text.indexOf(OPEN);
  const end = text.indexOf(CLOSE) - OPEN.length;
  return { text: text.replace(OPEN, '').replace(CLOSE, ''), start, end };
}

/**
 * The text with its selection (`start`–`end`) wrapped in the markup of `kind`; a link needs its
 * `href` (checked by the caller with `isAllowedHref`). With nothing selected the tags go in at
 * the caret, which ends up between them. Text without markup becomes paragraphs first, so its
 * blank lines keep parting them.
 */
export function wrapSelection(text: string, start: number, end: number, kind: MarkupKind, href = ''): Wrapped {
  const cut = cutAt(text, start, end);
  if (!hasMarkup(text)) return wrapPlain(cut, kind, href);
  const parts = markupOf(kind, cut.selected, href);
  const before = cut.before + parts.open;
  return {
    text: before + parts.inner + parts.close + cut.after,
    start: before.length,
    end: before.length + parts.inner.length,
  };
}
