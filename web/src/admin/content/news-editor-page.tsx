/**
 * お知らせの作成 (/admin/content/news/new) and お知らせの編集 (/admin/content/news/:id),
 * docs/contracts/news-desk.md: URL (typed on a new item, or left for the server to make; shown,
 * not edited, once made, with 「お店で見る」 while published), タイトル, 要約, カテゴリ (with the usual
 * ones offered), 画像 (uploaded at once, 「画像を外す」 takes it off), 本文 in the product
 * description's safe markup, 公開日時 (Japan time) and 公開する. 「プレビュー」 draws the item as the
 * storefront does. 保存する creates the item (then its editor opens, saying so) or saves it with
 * the version read: refused (422), each message goes under its field; changed elsewhere first
 * (409), the shared StaleNotice offers 最新の内容を読み込む. 削除する asks first, then goes back to
 * the list. Only for staff holding `shop_settings` (オーナー and 店長).
 */
import { useId, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '../api/admin-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { arrivedNotice, EditorFrame, EditorLoader } from '../ui/editor-frame';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { previewHtml } from '../ui/markup';
import { MarkupField } from '../ui/markup-field';
import { type Picture, PictureField } from '../ui/picture-field';
import previewStyles from '../ui/preview.module.css';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { NEWS_LIST_PATH, NewsStatusBadge, newsEditorPath } from './news-list-page';
import { isNewsStale, newsQuery, refreshNews, useCreateNews, useDeleteNews, useSaveNews } from './news-queries';
import {
  CATEGORY_SUGGESTIONS,
  createBody,
  emptyNews,
  MESSAGES,
  type NewsValues,
  newsErrors,
  newsRules,
  newsValues,
  storefrontDay,
  updateBody,
} from './news-schema';
import { NEWS_FORBIDDEN, type NewsDesk } from './news-types';
import styles from './news.module.css';

export const CREATED_TEXT = 'お知らせを作成しました。';
export const SAVED_TEXT = 'お知らせを保存しました。';
export const DELETED_TEXT = 'お知らせを削除しました。';
export const KEY_HINT = '空欄の場合は自動で決まります。公開後は変更できません。';
export const PUBLISH_HINT = '公開日時が未来の場合は、その日時に自動で公開されます。';

const BACK = { to: NEWS_LIST_PATH, label: 'お知らせ一覧へ戻る', className: styles.back };

// ---- 作成 ---------------------------------------------------------------------------------------

export function NewNewsPage() {
  return (
    <EditorFrame title="お知らせの作成" back={BACK} forbidden={NEWS_FORBIDDEN}>
      <NewsForm news={null} />
    </EditorFrame>
  );
}

// ---- 編集 ---------------------------------------------------------------------------------------

export function NewsEditorPage() {
  const { id = '' } = useParams();
  return (
    <EditorFrame title="お知らせの編集" back={BACK} forbidden={NEWS_FORBIDDEN}>
      <EditorLoader key={id} query={newsQuery(id)}>
        {(news) => <NewsForm news={news} />}
      </EditorLoader>
    </EditorFrame>
  );
}

// ---- the form -----------------------------------------------------------------------------------

/** The form of a new item (`news` null) or of one read from the server. */
function NewsForm({ news }: { news: NewsDesk | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<NewsValues>({ defaultValues: news ? newsValues(news) : emptyNews() });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  // The item as the server last answered it: its version goes with a save; its key and state
  // are what the page says.
  const [shown, setShown] = useState(news);
  const [notice, setNotice] = useState<string | null>(() => arrivedNotice(location.state));
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateNews();
  const save = useSaveNews(news?.id ?? '');
  const remove = useDeleteNews(news?.id ?? '');
  const pending = create.isPending || save.isPending || remove.isPending;
  const [imageUrl, imageSrcset] = useWatch({ control, name: ['image_url', 'image_srcset'] });
  const picture: Picture | null = imageUrl ? { url: imageUrl, srcset: imageSrcset || null } : null;
  const previewId = useId();
  const publishHintId = useId();
  const publishErrorId = useId();
  const publishError = errors.is_published?.message;

  const clearMessages = () => {
    setNotice(null);
    setAlert(null);
    setStale(null);
    setImageError(null);
  };

  /** The item as the server has it, into the form (after a save, or read afresh). */
  const show = (fresh: NewsDesk) => {
    setShown(fresh);
    form.reset(newsValues(fresh));
  };

  const refused = (error: unknown) => {
    if (isNewsStale(error)) {
      setStale(error);
      return;
    }
    const found = newsErrors(error);
    found.fields.forEach(({ name, message }, index) => {
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    setImageError(found.image);
    setAlert(found.alert);
  };

  const submit = (values: NewsValues) => {
    clearMessages();
    if (!shown) {
      create.mutate(createBody(values), {
        onSuccess: (created) =>
          void navigate(newsEditorPath(created.id), { replace: true, state: { notice: CREATED_TEXT } }),
        onError: refused,
      });
      return;
    }
    save.mutate(updateBody(values, shown.version), {
      onSuccess: (saved) => {
        show(saved);
        setNotice(SAVED_TEXT);
      },
      onError: refused,
    });
  };

  const confirmDelete = () => {
    if (!shown) return;
    clearMessages();
    remove.mutate(shown.version, {
      onSuccess: () => void navigate(NEWS_LIST_PATH, { state: { notice: DELETED_TEXT } }),
      onError: (error) => {
        setConfirming(false);
        if (isNewsStale(error)) setStale(error);
        else setAlert(errorText(error));
      },
    });
  };

  const { reload, reloaded } = useStaleReload({
    refresh: (queryClient) => refreshNews(queryClient, shown?.id ?? ''),
    show,
    clearMessages,
    setNotice,
    setAlert,
  });

  const choosePicture = (next: Picture | null) => {
    setImageError(null);
    form.setValue('image_url', next?.url ?? '', { shouldDirty: true });
    form.setValue('image_srcset', next?.srcset ?? '', { shouldDirty: true });
  };

  return (
    <>
      {shown ? <Address news={shown} /> : null}

      <form
        noValidate
        aria-label={shown ? 'お知らせの編集' : 'お知らせの作成'}
        onSubmit={handleSubmit(submit, () => {
          clearMessages();
          setAlert(MESSAGES.summary);
        })}
      >
        {shown ? null : (
          <Field label="URL" hint={KEY_HINT} error={errors.key?.message}>
            {(props) => (
              <div className={styles.keyRow}>
                <span className={styles.keyPrefix} aria-hidden="true">
                  /news/
                </span>
                <input
                  {...props}
                  type="text"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="winter-sale"
                  {...register('key', newsRules.key)}
                />
              </div>
            )}
          </Field>
        )}

        <Field label="タイトル" error={errors.title?.message}>
          {(props) => <input {...props} type="text" autoComplete="off" {...register('title', newsRules.title)} />}
        </Field>

        <Field label="要約" hint="一覧に表示されます（200文字以内）" error={errors.summary?.message}>
          {(props) => <textarea {...props} rows={3} {...register('summary', newsRules.summary)} />}
        </Field>

        <CategoryField form={form} />

        <PictureField
          legend="画像"
          hint="お知らせの一覧と本文の上に表示します。JPEG・PNG・WebP、10MBまで。保存すると反映されます。"
          picture={picture}
          serverError={imageError}
          onChange={choosePicture}
          onUploadingChange={setUploading}
        />

        <MarkupField form={form} name="body" rules={newsRules.body} label="本文" rows={12} />

        <fieldset className={styles.section}>
          <legend>公開</legend>
          <Field label="公開日時" hint="日本時間" error={errors.published_at?.message}>
            {(props) => (
              <input {...props} type="datetime-local" step={60} {...register('published_at', newsRules.published_at)} />
            )}
          </Field>
          <label className={ui.choice}>
            <input
              type="checkbox"
              aria-invalid={publishError ? true : undefined}
              aria-describedby={[publishError ? publishErrorId : null, publishHintId].filter(Boolean).join(' ')}
              {...register('is_published')}
            />
            公開する
          </label>
          {publishError ? (
            <p id={publishErrorId} className={styles.fieldError}>
              {publishError}
            </p>
          ) : null}
          <p id={publishHintId} className={styles.hint}>
            {PUBLISH_HINT}
          </p>
        </fieldset>

        <StatusNotice message={notice} />
        {stale ? <StaleNotice message={errorText(stale)} reload={reload} onReloaded={reloaded} /> : null}
        <FormAlert message={alert} />
        <div className={styles.saveBar}>
          <button type="submit" className={ui.button} disabled={pending || uploading}>
            {save.isPending || create.isPending ? '保存しています…' : uploading ? '画像をアップロード中…' : '保存する'}
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
          {shown ? (
            <button
              type="button"
              className={`${ui.danger} ${styles.delete}`}
              disabled={pending}
              onClick={() => setConfirming(true)}
            >
              削除する
            </button>
          ) : null}
        </div>
      </form>

      {previewing ? <Preview id={previewId} form={form} /> : null}

      {confirming && shown ? (
        <ConfirmDialog
          title="このお知らせを削除しますか？"
          confirmLabel="削除する"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          <p>{`「${shown.title}」を削除します。削除したお知らせは元に戻せません。`}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** A saved item's URL (not changed any more: links and bookmarks name it), its state, お店で見る. */
function Address({ news }: { news: NewsDesk }) {
  const url = `/news/${news.key}`;
  return (
    <div className={styles.address}>
      <p>
        URL：<span className={styles.url}>{url}</span>
      </p>
      <NewsStatusBadge status={news.status} />
      {news.status === 'published' ? (
        <a href={url} className={ui.secondary} target="_blank" rel="noopener noreferrer">
          お店で見る<span className="visually-hidden">（新しいタブで開きます）</span>
        </a>
      ) : (
        <p className={styles.hint}>
          {news.status === 'scheduled'
            ? '公開日時になると、お客様に表示されます。'
            : '下書きのため、お客様には表示されません。'}
        </p>
      )}
    </div>
  );
}

/** カテゴリ: any words, with the usual ones offered. */
function CategoryField({ form }: { form: UseFormReturn<NewsValues> }) {
  const listId = useId();
  const error = form.formState.errors.category?.message;
  return (
    <>
      <Field label="カテゴリ" hint="候補から選ぶか、20文字以内で入力します。" error={error}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            list={listId}
            {...form.register('category', newsRules.category)}
          />
        )}
      </Field>
      <datalist id={listId}>
        {CATEGORY_SUGGESTIONS.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
    </>
  );
}

/** The item as the storefront draws it, from what is typed now (not yet saved). */
function Preview({ id, form }: { id: string; form: UseFormReturn<NewsValues> }) {
  const values = useWatch({ control: form.control });
  const title = values.title ?? '';
  const html = previewHtml(values.body ?? '');
  return (
    <section id={id} aria-label="プレビュー" className={previewStyles.frame}>
      <p className={previewStyles.label}>プレビュー（保存前の内容です。お店の画面ではこのように表示されます）</p>
      <article>
        <h1 className={`${previewStyles.title} ${styles.previewTitle}`}>{title}</h1>
        <p className={styles.previewMeta}>
          <span>{storefrontDay(values.published_at ?? '')}</span>
          {values.category?.trim() ? <span className={styles.previewCategory}>{values.category.trim()}</span> : null}
        </p>
        {values.image_url ? (
          <img
            className={styles.previewPicture}
            src={values.image_url}
            srcSet={values.image_srcset || undefined}
            sizes={values.image_srcset ? '(min-width: 48rem) 48rem, 100vw' : undefined}
            alt={title}
            width={1440}
            height={960}
          />
        ) : null}
        <div
          className={`${previewStyles.markup} ${styles.previewBody}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to the contract's tags (ui/markup.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </section>
  );
}
