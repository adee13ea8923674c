/**
 * A text field in the safe markup (markup.ts): a product's 説明, a news item's 本文. 「編集」 holds a
 * toolbar that wraps the textarea's selection in markup (リンク asks its URL in a small field of
 * its own) and the textarea; 「プレビュー」 shows the text as the storefront will, sanitised to
 * the allowed tags. The hint under the field lists what is allowed. The field is one of the
 * caller's form (`form`, `name`, its `rules`); its label names the tabs and the toolbar
 * (「説明の表示」「説明の書式」).
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { FieldPathByValue, FieldValues, PathValue, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { ui } from './form';
import formStyles from './form.module.css';
import { isAllowedHref, MARKUP_BUTTONS, MARKUP_HINT, type MarkupKind, previewHtml, wrapSelection } from './markup';
import styles from './markup-field.module.css';
import previewStyles from './preview.module.css';

type Tab = 'edit' | 'preview';

const LINK_MESSAGE = 'http://・https://・mailto: か「/」で始まるURLを入力してください';

export interface MarkupFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>> {
  form: UseFormReturn<T>;
  /** The form's text field this edits. */
  name: N;
  rules?: RegisterOptions<T, N>;
  /** The field's label (説明, 本文): the tabs, the toolbar and the empty preview say it too. */
  label: string;
  /** Shown without the toolbar (a role that may only read). */
  readOnly?: boolean;
  rows?: number;
}

export function MarkupField<T extends FieldValues, N extends FieldPathByValue<T, string>>({
  form,
  name,
  rules,
  label,
  readOnly = false,
  rows = 8,
}: MarkupFieldProps<T, N>) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('edit');
  // The selection a link is being asked for (the textarea keeps its own while the URL is typed).
  const [linkFor, setLinkFor] = useState<{ start: number; end: number } | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const urlBox = useRef<HTMLInputElement>(null);
  const tabs = useRef(new Map<Tab, HTMLButtonElement>());
  // The toolbar is one stop for Tab; ← → Home End move along it (the WAI-ARIA toolbar pattern).
  const tools = useRef<(HTMLButtonElement | null)[]>([]);
  const [toolAt, setToolAt] = useState(0);
  const error = form.getFieldState(name, form.formState).error?.message;
  const { ref, ...field } = form.register(name, rules);
  const text = (): string => String(form.getValues(name) ?? '');

  const ids = {
    area: `${id}-area`,
    hint: `${id}-hint`,
    error: `${id}-error`,
    url: `${id}-url`,
    urlError: `${id}-url-error`,
    tab: (which: Tab) => `${id}-tab-${which}`,
    panel: (which: Tab) => `${id}-panel-${which}`,
  };

  useEffect(() => {
    if (linkFor) urlBox.current?.focus();
  }, [linkFor]);

  /** Puts the wrapped text in, and the wrapped words selected again in the textarea. */
  const apply = (kind: MarkupKind, start: number, end: number, href?: string) => {
    const wrapped = wrapSelection(text(), start, end, kind, href);
    form.setValue(name, wrapped.text as PathValue<T, N>, { shouldDirty: true, shouldValidate: Boolean(error) });
    const element = area.current;
    if (element) {
      element.focus();
      element.setSelectionRange(wrapped.start, wrapped.end);
    }
  };

  const press = (kind: MarkupKind) => {
    const start = area.current?.selectionStart ?? 0;
    const end = area.current?.selectionEnd ?? start;
    if (kind !== 'link') {
      apply(kind, start, end);
      return;
    }
    setUrl('');
    setUrlError(null);
    setLinkFor({ start, end });
  };

  const insertLink = () => {
    if (!linkFor) return;
    if (!isAllowedHref(url)) {
      setUrlError(LINK_MESSAGE);
      urlBox.current?.focus();
      return;
    }
    const { start, end } = linkFor;
    setLinkFor(null);
    apply('link', start, end, url);
  };

  const cancelLink = () => {
    const at = linkFor;
    setLinkFor(null);
    area.current?.focus();
    if (at) area.current?.setSelectionRange(at.start, at.end);
  };

  // The URL box is inside the caller's form: Enter inserts the link instead of saving the form.
  const onUrlKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      insertLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelLink();
    }
  };

  const onToolKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = MARKUP_BUTTONS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (toolAt + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (toolAt + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setToolAt(next);
    tools.current[next]?.focus();
  };

  // A refused save focuses the first field with a message: the textarea must be showing.
  useEffect(() => {
    if (error) setTab('edit');
  }, [error]);

  const choose = (which: Tab) => {
    setTab(which);
    setLinkFor(null);
  };

  // ← → between the two tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home' ? 'edit' : event.key === 'End' ? 'preview' : tab === 'edit' ? 'preview' : 'edit';
    choose(next);
    tabs.current.get(next)?.focus();
  };

  const tabButton = (which: Tab, tabLabel: string) => (
    <button
      ref={(element) => {
        if (element) tabs.current.set(which, element);
        else tabs.current.delete(which);
      }}
      type="button"
      role="tab"
      id={ids.tab(which)}
      aria-selected={tab === which}
      aria-controls={ids.panel(which)}
      tabIndex={tab === which ? 0 : -1}
      className={styles.editTab}
      onClick={() => choose(which)}
      onKeyDown={onTabKey}
    >
      {tabLabel}
    </button>
  );

  const preview = tab === 'preview' ? previewHtml(text()) : '';

  return (
    <div className={formStyles.field}>
      <label htmlFor={ids.area} className={formStyles.label}>
        {label}
      </label>
      <div role="tablist" aria-label={`${label}の表示`} className={styles.editTabs}>
        {tabButton('edit', '編集')}
        {tabButton('preview', 'プレビュー')}
      </div>

      <div role="tabpanel" id={ids.panel('edit')} aria-labelledby={ids.tab('edit')} hidden={tab !== 'edit'}>
        {readOnly ? null : (
          <div
            role="toolbar"
            aria-label={`${label}の書式`}
            aria-controls={ids.area}
            className={styles.markupBar}
            onKeyDown={onToolKey}
          >
            {MARKUP_BUTTONS.map(({ kind, label: toolLabel }, index) => (
              <button
                key={kind}
                ref={(element) => {
                  tools.current[index] = element;
                }}
                type="button"
                tabIndex={index === toolAt ? 0 : -1}
                className={styles.markupButton}
                aria-pressed={kind === 'link' ? Boolean(linkFor) : undefined}
                // A click keeps the textarea's focus and selection.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setToolAt(index);
                  press(kind);
                }}
              >
                {toolLabel}
              </button>
            ))}
          </div>
        )}
        {linkFor ? (
          <div className={styles.linkRow}>
            <label htmlFor={ids.url} className={styles.linkLabel}>
              リンク先のURL
            </label>
            <input
              ref={urlBox}
              id={ids.url}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              className={ui.control}
              value={url}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? ids.urlError : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(null);
              }}
              onKeyDown={onUrlKey}
            />
            <button type="button" className={ui.secondary} onClick={insertLink}>
              リンクを挿入
            </button>
            <button type="button" className={ui.link} onClick={cancelLink}>
              やめる
            </button>
            {urlError ? (
              <p id={ids.urlError} className={styles.urlError}>
                {urlError}
              </p>
            ) : null}
          </div>
        ) : null}
        <textarea
          {...field}
          ref={(element) => {
            ref(element);
            area.current = element;
          }}
          id={ids.area}
          rows={rows}
          className={ui.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
        />
      </div>

      <div role="tabpanel" id={ids.panel('preview')} aria-labelledby={ids.tab('preview')} hidden={tab !== 'preview'}>
        {tab !== 'preview' ? null : preview === '' ? (
          <p className={styles.empty}>{`${label}はまだありません。`}</p>
        ) : (
          <div
            className={`${previewStyles.markup} ${styles.preview}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to the contract's tags (markup.ts)
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        )}
      </div>

      {error ? (
        <p id={ids.error} className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <p id={ids.hint} className={formStyles.hint}>
        {MARKUP_HINT}
      </p>
    </div>
  );
}
