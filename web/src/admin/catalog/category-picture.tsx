/**
 * カテゴリ画像 in the category window (docs/contracts/catalog-extras.md §4): the picture the
 * storefront shows as the category page's banner. A chosen file goes up at once through the
 * product photos' upload (POST /v1/admin/catalog/photos); the category takes its url, or none
 * after 「画像を外す」, when the window is saved.
 */
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ui } from '../ui/form';
import { PHOTO_ACCEPT, photoErrorText, photoProblem, uploadPhoto } from './product-queries';
import styles from './taxonomy.module.css';

export interface Picture {
  url: string;
  /** The photo's variants for `srcSet`; null for a picture without any. */
  srcset: string | null;
}

interface CategoryPictureProps {
  picture: Picture | null;
  /** The server's refusal of the picture on save (422 `image_url`). */
  serverError: string | null;
  onChange: (picture: Picture | null) => void;
  /** Told when an upload starts and ends (the window's save waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

/** The preview's width in CSS pixels (its `sizes`). */
const PREVIEW_WIDTH = 320;

export function CategoryPicture({ picture, serverError, onChange, onUploadingChange }: CategoryPictureProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  // Closing the window stops an upload still going.
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    onUploadingChange(uploading);
  }, [uploading, onUploadingChange]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    setUploading(true);
    try {
      const photo = await uploadPhoto(file, abort.current?.signal);
      onChange({ url: photo.url, srcset: photo.srcset || null });
    } catch (error) {
      if (!abort.current?.signal.aborted) setMessage(photoErrorText(error));
    } finally {
      if (!abort.current?.signal.aborted) setUploading(false);
    }
  }

  const remove = () => {
    onChange(null);
    setMessage(null);
    picker.current?.focus();
  };

  return (
    <fieldset className={ui.fieldset} aria-describedby={`${id}-hint`}>
      <legend className={ui.legend}>カテゴリ画像</legend>
      <p id={`${id}-hint`} className={styles.pictureHint}>
        カテゴリページの上部にバナーとして表示します。JPEG・PNG・WebP、10MBまで。保存すると反映されます。
      </p>
      {picture ? (
        <img
          className={styles.picture}
          src={picture.url}
          srcSet={picture.srcset ?? undefined}
          sizes={picture.srcset ? `${PREVIEW_WIDTH}px` : undefined}
          alt="カテゴリ画像のプレビュー"
          width={PREVIEW_WIDTH}
          decoding="async"
        />
      ) : (
        <p className={styles.none}>画像はありません。</p>
      )}
      <div className={styles.pictureActions}>
        <input
          ref={picker}
          id={`${id}-file`}
          type="file"
          accept={PHOTO_ACCEPT}
          className={`visually-hidden ${styles.picker}`}
          disabled={uploading}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={`${id}-file`} className={`${ui.secondary} ${styles.pickerLabel}`}>
          {picture ? '画像を変更' : '画像を選ぶ'}
        </label>
        {picture ? (
          <button type="button" className={ui.danger} disabled={uploading} onClick={remove}>
            画像を外す
          </button>
        ) : null}
      </div>
      <div role="status" aria-live="polite">
        {uploading ? <p className={styles.pictureHint}>画像をアップロード中…</p> : null}
      </div>
      {message || serverError ? (
        <p role="alert" className={styles.pictureError}>
          {message ?? serverError}
        </p>
      ) : null}
    </fieldset>
  );
}
