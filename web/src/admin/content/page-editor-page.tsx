/**
 * ページの編集 (/admin/content/pages/:id): a static page's タイトル and its 項目 (each a 見出し and a
 * 本文, moved with 「上へ」「下へ」, taken off with 「この項目を削除」, added with 「項目を追加」), and
 * 公開. The URL is shown, not edited (the footer names it); 「お店で見る」 opens it while the page is
 * published. A template's `【要入力：…】` still in a field is pointed out under it as it is typed;
 * the server refuses to publish a page holding one (a draft may keep them). 「プレビュー」 draws the
 * page as the storefront does (title, each heading and its paragraphs). 保存する sends the whole
 * page with the version read: saved, the form shows the page as saved (and says when it became
 * published); refused (422), each message goes under its field, the 公開 one beside the checkbox;
 * saved elsewhere first (409), the shared StaleNotice offers 最新の内容を読み込む. Only for staff
 * holding `shop_settings` (オーナー and 店長).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorText } from '../api/admin-client';
import { Badge } from '../ui/badge';
import { EditorFrame, EditorLoader } from '../ui/editor-frame';
import { type ControlProps, Field, FormAlert, StatusNotice, ui } from '../ui/form';
import previewStyles from '../ui/preview.module.css';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { PAGES_FORBIDDEN } from './pages-list-page';
import { isPageStale, pageQuery, refreshPage, useSavePage } from './pages-queries';
import {
  emptySection,
  holdsPlaceholder,
  MESSAGES,
  type PageValues,
  pageBody,
  pageErrors,
  pageRules,
  pageValues,
  SECTIONS_MAX,
  sectionsMessage,
  splitParagraphs,
} from './pages-schema';
import type { AdminPage } from './pages-types';
import styles from './pages.module.css';

export const SAVED_TEXT = 'ページを保存しました。';
/** Appended to SAVED_TEXT when the save published the page. */
export const PUBLISHED_TEXT = '公開しました。';
export const PUBLISH_LABEL = '公開する（お客様に表示する）';

export function PageEditorPage() {
  const { id = '' } = useParams();
  return (
    <EditorFrame
      title="ページの編集"
      back={{ to: '/admin/content/pages', label: 'ページ一覧へ戻る', className: styles.back }}
      forbidden={PAGES_FORBIDDEN}
    >
      <EditorLoader key={id} query={pageQuery(id)}>
        {(page) => <PageForm page={page} />}
      </EditorLoader>
    </EditorFrame>
  );
}

/** The control's props with the placeholder hint (when shown) among what describes it. */
function describedWith(control: ControlProps, hintId: string | null): ControlProps {
  if (!hintId) return control;
  return { ...control, 'aria-describedby': [control['aria-describedby'], hintId].filter(Boolean).join(' ') };
}

/**
 * 「【要入力：…】を書き換えてください。」 under a field still holding a blank, unless the field's
 * error already says it (the server's, when publishing was refused).
 */
function placeholderHintId(control: ControlProps, value: string | undefined, error: string | undefined) {
  return value !== undefined && holdsPlaceholder(value) && error !== MESSAGES.placeholder
    ? `${control.id}-placeholder`
    : null;
}

function PlaceholderHint({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <p id={id} className={styles.placeholder}>
      {MESSAGES.placeholder}
    </p>
  );
}

function PageForm({ page }: { page: AdminPage }) {
  const form = useForm<PageValues>({ defaultValues: pageValues(page) });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  // The page as the server last answered it: its version goes with the save; its URL and
  // publication are what the heading says.
  const [shown, setShown] = useState(page);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const [sectionsError, setSectionsError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const save = useSavePage(page.id);
  const title = useWatch({ control, name: 'title' });
  const previewId = useId();
  const publishErrorId = useId();
  const publishError = errors.is_published?.message;

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
    setSectionsError(null);
  };

  /** The page as the server has it, into the form (after a save, or read afresh). */
  const show = (fresh: AdminPage) => {
    setShown(fresh);
    form.reset(pageValues(fresh));
  };

  const submit = (values: PageValues) => {
    clearMessages();
    const countMessage = sectionsMessage(values.sections.length);
    if (countMessage) {
      setSectionsError(countMessage);
      setAlert(MESSAGES.summary);
      return;
    }
    const wasPublished = shown.is_published;
    save.mutate(pageBody(values, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(saved.is_published && !wasPublished ? `${SAVED_TEXT}${PUBLISHED_TEXT}` : SAVED_TEXT);
      },
      onError: (error) => {
        if (isPageStale(error)) {
          setStale(error);
          return;
        }
        const refused = pageErrors(error);
        refused.fields.forEach(({ name, message }, index) => {
          form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
        });
        setSectionsError(refused.sections);
        setAlert(refused.alert);
      },
    });
  };

  const { reload, reloaded } = useStaleReload({
    refresh: (queryClient) => refreshPage(queryClient, page.id),
    show,
    clearMessages,
    setNotice,
    setAlert,
  });

  return (
    <>
      <div className={styles.address}>
        <p>
          URL：<span className={styles.url}>{shown.url}</span>
        </p>
        {shown.is_published ? <Badge tone="member">公開中</Badge> : <Badge tone="closed">下書き</Badge>}
        {shown.is_published ? (
          <a href={shown.url} className={ui.secondary} target="_blank" rel="noopener noreferrer">
            お店で見る<span className="visually-hidden">（新しいタブで開きます）</span>
          </a>
        ) : (
          <p className={styles.hint}>下書きのため、お客様には表示されません。</p>
        )}
      </div>

      <form
        noValidate
        aria-label="ページの編集"
        onSubmit={handleSubmit(submit, () => {
          clearMessages();
          setSectionsError(sectionsMessage(form.getValues('sections').length));
          setAlert(MESSAGES.summary);
        })}
      >
        <p className={styles.lead}>URLはフッターなどのリンク先になっているため、ここでは変更できません。</p>

        <Field label="タイトル" error={errors.title?.message}>
          {(props) => {
            const hintId = placeholderHintId(props, title, errors.title?.message);
            return (
              <>
                <input
                  {...describedWith(props, hintId)}
                  type="text"
                  autoComplete="off"
                  {...register('title', pageRules.title)}
                />
                <PlaceholderHint id={hintId} />
              </>
            );
          }}
        </Field>

        <SectionsFields form={form} error={sectionsError} onReshape={() => setSectionsError(null)} />

        <fieldset className={styles.section}>
          <legend>公開</legend>
          <div className={styles.publish}>
            <label className={ui.choice}>
              <input
                type="checkbox"
                aria-invalid={publishError ? true : undefined}
                aria-describedby={publishError ? publishErrorId : undefined}
                {...register('is_published')}
              />
              {PUBLISH_LABEL}
            </label>
            {publishError ? (
              <p id={publishErrorId} className={styles.fieldError}>
                {publishError}
              </p>
            ) : null}
          </div>
        </fieldset>

        <StatusNotice message={notice} />
        {stale ? <StaleNotice message={errorText(stale)} reload={reload} onReloaded={reloaded} /> : null}
        <FormAlert message={alert} />
        <div className={styles.saveBar}>
          <button type="submit" className={ui.button} disabled={save.isPending}>
            {save.isPending ? '保存しています…' : '保存する'}
          </button>
          <button
            type="button"
            className={ui.secondary}
            aria-expanded={previewing}
            aria-controls={previewing ? previewId : undefined}
            onClick={() => setPreviewing((open) => !open)}
          >
            プレビュー
          </button>
        </div>
      </form>

      {previewing ? <Preview id={previewId} form={form} /> : null}
    </>
  );
}

type ItemButton = 'up' | 'down' | 'remove';
/** Where the keyboard goes once a move or a removal has redrawn the list. */
type FocusTarget = { id: string; button: ItemButton } | 'add';

/**
 * 項目: each section a group of 見出し and 本文 with its buttons, and 「項目を追加」 (up to 50).
 * A moved section keeps the keyboard on the button pressed (the other one at either end); a
 * removed one hands it to the next section, or to 「項目を追加」.
 */
function SectionsFields({
  form,
  error,
  onReshape,
}: {
  form: UseFormReturn<PageValues>;
  error: string | null;
  /** Told when a section is added, moved or removed (the count's message no longer holds). */
  onReshape: () => void;
}) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, move, remove } = useFieldArray({ control, name: 'sections' });
  const sections = useWatch({ control, name: 'sections' });
  const errorId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const [said, setSaid] = useState('');
  const full = fields.length >= SECTIONS_MAX;

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'add') {
      addButton.current?.focus();
      return;
    }
    const wanted = buttons.current.get(`${target.id}:${target.button}`);
    const other = buttons.current.get(`${target.id}:${target.button === 'up' ? 'down' : 'up'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [fields]);

  const buttonRef = (id: string, button: ItemButton) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${button}`, element);
    else buttons.current.delete(`${id}:${button}`);
  };

  // The server's messages name sections by place: once the places change they name others.
  const forgetErrors = () => {
    form.clearErrors('sections');
    onReshape();
  };

  const moveTo = (from: number, to: number, button: ItemButton) => {
    const field = fields[from];
    if (!field || to < 0 || to >= fields.length) return;
    forgetErrors();
    move(from, to);
    pendingFocus.current = { id: field.id, button };
    setSaid(`項目${from + 1}を${to + 1}番目に移動しました。`);
  };

  const removeAt = (index: number) => {
    const next = fields[index + 1] ?? fields[index - 1];
    forgetErrors();
    pendingFocus.current = next ? { id: next.id, button: 'remove' } : 'add';
    remove(index);
    setSaid(`項目${index + 1}を削除しました。保存するとページから消えます。`);
  };

  return (
    <fieldset className={styles.section} aria-describedby={error ? errorId : undefined}>
      <legend>項目</legend>
      <p className={styles.hint}>
        本文は段落ごとに空行で区切ってください。HTMLは使えません（入力したとおりの文字で表示します）。
      </p>
      <ol className={styles.items}>
        {fields.map((field, index) => {
          const place = index + 1;
          const headingError = errors.sections?.[index]?.heading?.message;
          const bodyError = errors.sections?.[index]?.body?.message;
          return (
            <li key={field.id}>
              <fieldset className={styles.item}>
                <legend>{`項目${place}`}</legend>
                <Field label="見出し" error={headingError}>
                  {(props) => {
                    const hintId = placeholderHintId(props, sections?.[index]?.heading, headingError);
                    return (
                      <>
                        <input
                          {...describedWith(props, hintId)}
                          type="text"
                          autoComplete="off"
                          {...register(`sections.${index}.heading`, pageRules.heading)}
                        />
                        <PlaceholderHint id={hintId} />
                      </>
                    );
                  }}
                </Field>
                <Field label="本文" error={bodyError}>
                  {(props) => {
                    const hintId = placeholderHintId(props, sections?.[index]?.body, bodyError);
                    return (
                      <>
                        <textarea
                          {...describedWith(props, hintId)}
                          rows={8}
                          {...register(`sections.${index}.body`, pageRules.body)}
                        />
                        <PlaceholderHint id={hintId} />
                      </>
                    );
                  }}
                </Field>
                <div className={styles.itemActions}>
                  <button
                    ref={buttonRef(field.id, 'up')}
                    type="button"
                    className={ui.secondary}
                    disabled={index === 0}
                    onClick={() => moveTo(index, index - 1, 'up')}
                  >
                    上へ
                  </button>
                  <button
                    ref={buttonRef(field.id, 'down')}
                    type="button"
                    className={ui.secondary}
                    disabled={index === fields.length - 1}
                    onClick={() => moveTo(index, index + 1, 'down')}
                  >
                    下へ
                  </button>
                  <button
                    ref={buttonRef(field.id, 'remove')}
                    type="button"
                    className={ui.danger}
                    onClick={() => removeAt(index)}
                  >
                    この項目を削除
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <button
        ref={addButton}
        type="button"
        className={ui.secondary}
        disabled={full}
        onClick={() => {
          onReshape();
          setSaid('');
          append(emptySection());
        }}
      >
        項目を追加
      </button>
      {full ? <p className={styles.hint}>{MESSAGES.sectionsTooMany}</p> : null}
    </fieldset>
  );
}

/** The page as the storefront draws it, from what is typed now (not yet saved). */
function Preview({ id, form }: { id: string; form: UseFormReturn<PageValues> }) {
  const values = useWatch({ control: form.control });
  const sections = values.sections ?? [];
  return (
    <section id={id} aria-label="プレビュー" className={previewStyles.frame}>
      <p className={previewStyles.label}>プレビュー（保存前の内容です。お店の画面ではこのように表示されます）</p>
      <article>
        <h1 className={`${previewStyles.title} ${styles.previewTitle}`}>{values.title ?? ''}</h1>
        {sections.map((section, index) => (
          <section key={index} className={styles.previewSection}>
            <h2>{section?.heading ?? ''}</h2>
            {splitParagraphs(section?.body ?? '').map((paragraph, at) => (
              <p key={at}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </section>
  );
}
