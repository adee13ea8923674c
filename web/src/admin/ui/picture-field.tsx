/**
 * One picture of a form (a category's カテゴリ画像, a news item's 画像): a chosen file goes up
 * at once through the photos' upload (api/photo-upload.ts) and is shown; 「画像を外す」 takes it
 * off. The form takes its url, or none, when it is saved; the server's refusal of it on save
 * (422 `image_url`) is said here too.
 */
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PHOTO_ACCEPT, photoErrorText, photoProblem, uploadPhoto } from '../api/photo-upload';
import { ui } from './form';
import styles from './picture-field.module.css';

export interface Picture {
  url: string;
  /** The photo's variants for `srcSet`; null for a picture without any. */
  srcset: string | null;
}

export interface PictureFieldProps {
  /** The group's name (カテゴリ画像, 画像); the preview is 「…のプレビュー」. */
  legend: string;
  /** Where the picture is shown, and what it may be. */
  hint: ReactNode;
  picture: Picture | null;
  /** The server's refusal of the picture on save (422 `image_url`). */
  serverError: string | null;
  onChange: (picture: Picture | null) => void;
  /** Told when an upload starts and ends (the form's save waits for it). */
  onUploadingChange: (uploading: boolean) => void;
}

/** The preview's width in CSS pixels (its `sizes`). */
const PREVIEW_WIDTH = 320;

export function PictureField({ legend, hint, picture, serverError, onChange, onUploadingChange }: PictureFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  // Leaving the form stops an upload still going.
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
      <legend className={ui.legend}>{legend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {picture ? (
        <img
          className={styles.picture}
          src={picture.url}
          srcSet={picture.srcset ?? undefined}
          sizes={picture.srcset ? `${PREVIEW_WIDTH}px` : undefined}
          alt={`${legend}のプレビュー`}
          width={PREVIEW_WIDTH}
          decoding="async"
        />
      ) : (
        <p className={styles.none}>画像はありません。</p>
      )}
      <div className={styles.actions}>
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
        {uploading ? <p className={styles.hint}>画像をアップロード中…</p> : null}
      </div>
      {message || serverError ? (
        <p role="alert" className={styles.error}>
          {message ?? serverError}
        </p>
      ) : null}
    </fieldset>
  );
}
