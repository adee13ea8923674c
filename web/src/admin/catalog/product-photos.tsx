/**
 * 商品画像: the product's pictures in display order (the first is the main one on cards and the
 * product page), each with its 代替テキスト, moved by dragging or by 「前へ」「後へ」 (keyboards and
 * phones, where dragging is awkward) and taken off with 「削除」. Photos dropped or chosen here are
 * uploaded at once, one after another (POST /v1/admin/catalog/photos); the list itself is form
 * state, sent as `images` when the product is saved (docs/contracts/photos.md).
 */
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { PHOTO_ACCEPT, photoErrorText, photoProblem, uploadPhoto } from '../api/photo-upload';
import { ui } from '../ui/form';
import { ALT_MAX, IMAGES_MAX, imageRules, type ProductValues } from './product-schema';
import styles from './product-photos.module.css';
import sections from './products.module.css';

interface ProductPhotosProps {
  form: UseFormReturn<ProductValues>;
  readOnly: boolean;
  /** Told when uploads start and when the last one ends (the save waits for them). */
  onUploadingChange?: (uploading: boolean) => void;
}

/** A file on its way up (`message` null) or refused (the server's words, or ours). */
interface Upload {
  id: number;
  name: string;
  message: string | null;
}

type MoveButton = 'earlier' | 'later';
/** Where the keyboard goes once a move or a removal has redrawn the list. */
type FocusTarget = { id: string; button: MoveButton | 'remove' } | 'picker';

/** The thumbnail's box in CSS pixels (its `sizes`). */
const THUMB = 104;

export function ProductPhotos({ form, readOnly, onUploadingChange }: ProductPhotosProps) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, move, remove } = useFieldArray({ control, name: 'images' });
  const pickerId = useId();
  const limitsId = useId();
  const altHintId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const nextUpload = useRef(0);
  const inFlight = useRef(0);
  const dragFrom = useRef<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<FocusTarget | null>(null);
  const abort = useRef<AbortController | null>(null);

  const uploading = uploads.filter((upload) => upload.message === null).length;
  const full = fields.length + uploading >= IMAGES_MAX;

  // Leaving the page stops what is still going up.
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    onUploadingChange?.(uploading > 0);
  }, [uploading, onUploadingChange]);

  // A moved picture keeps the keyboard on its button (the other one at either end of the list).
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'picker') {
      picker.current?.focus();
      return;
    }
    const wanted = buttons.current.get(`${target.id}:${target.button}`);
    const other = buttons.current.get(`${target.id}:${target.button === 'earlier' ? 'later' : 'earlier'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [fields]);

  const buttonRef = (id: string, button: MoveButton | 'remove') => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${button}`, element);
    else buttons.current.delete(`${id}:${button}`);
  };

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    setNotice(null);
    let room = IMAGES_MAX - form.getValues('images').length - inFlight.current;
    const entries = files.map((file) => {
      const problem = photoProblem(file) ?? (room > 0 ? null : `画像は${IMAGES_MAX}枚までです。`);
      if (problem === null) room -= 1;
      return { id: nextUpload.current++, file, problem };
    });
    setUploads((list) => [
      ...list,
      ...entries.map(({ id, file, problem }) => ({ id, name: file.name, message: problem })),
    ]);
    const sending = entries.filter((entry) => entry.problem === null);
    inFlight.current += sending.length;
    let added = 0;
    // One after another: the server resizes each photo, and the list keeps the order chosen.
    for (const entry of sending) {
      try {
        const photo = await uploadPhoto(entry.file, abort.current?.signal);
        append({ url: photo.url, alt: '', srcset: photo.srcset || null }, { shouldFocus: false });
        setUploads((list) => list.filter((upload) => upload.id !== entry.id));
        added += 1;
      } catch (error) {
        if (abort.current?.signal.aborted) return;
        const message = photoErrorText(error);
        setUploads((list) => list.map((upload) => (upload.id === entry.id ? { ...upload, message } : upload)));
      } finally {
        inFlight.current -= 1;
      }
    }
    if (added > 0) setNotice(`${added}枚の画像を追加しました。保存すると商品に反映されます。`);
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void addFiles(files);
  };

  const moveTo = (from: number, to: number, focus: MoveButton | null) => {
    const field = fields[from];
    if (!field || to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    if (focus) pendingFocus.current = { id: field.id, button: focus };
    setNotice(`画像を${to + 1}枚目に移動しました。${to === 0 ? 'メイン画像になりました。' : ''}`);
  };

  const removeAt = (index: number) => {
    const next = fields[index + 1] ?? fields[index - 1];
    pendingFocus.current = next ? { id: next.id, button: 'remove' } : 'picker';
    remove(index);
    setNotice(`${index + 1}枚目の画像を外しました。保存すると商品から削除されます。`);
  };

  // ---- dragging: files from the computer onto the section, or a picture onto another's place ----

  // A picture of the list being dragged may carry itself as a file too (Chrome): that is a move.
  const carriesFiles = (event: DragEvent) => dragFrom.current === null && event.dataTransfer.types.includes('Files');

  const onSectionDragOver = (event: DragEvent<HTMLElement>) => {
    if (readOnly || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = full ? 'none' : 'copy';
    setFilesOver(true);
  };

  const onSectionDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFilesOver(false);
  };

  const onSectionDrop = (event: DragEvent<HTMLElement>) => {
    if (readOnly || !carriesFiles(event)) return;
    event.preventDefault();
    setFilesOver(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  // The picture is what is dragged (text dragged out of the alt box is not a move).
  const onTileDragStart = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (readOnly || !(event.target instanceof HTMLImageElement)) return;
    dragFrom.current = index;
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(index + 1));
  };

  const onTileDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom.current === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropAt(index);
  };

  const onTileDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    const from = dragFrom.current;
    if (from === null) return;
    // A move, not files for the section to upload.
    event.preventDefault();
    event.stopPropagation();
    dragFrom.current = null;
    setDropAt(null);
    moveTo(from, index, null);
  };

  const endDrag = () => {
    dragFrom.current = null;
    setDropAt(null);
  };

  const imageErrors = errors.images;

  return (
    <fieldset
      className={sections.section}
      onDragOver={onSectionDragOver}
      onDragLeave={onSectionDragLeave}
      onDrop={onSectionDrop}
    >
      <legend>商品画像</legend>
      <p className={sections.hint}>
        1枚目がメイン画像です（商品一覧と商品ページで最初に表示します）。
        {readOnly ? null : 'ドラッグするか「前へ」「後へ」で並べ替えられます。'}
      </p>
      <p className={sections.hint}>画像の並びと代替テキストは商品を保存すると反映されます。</p>

      {readOnly ? null : (
        <div className={filesOver && !full ? `${styles.zone} ${styles.zoneOver}` : styles.zone}>
          <p className={styles.zoneText}>ここに画像をドロップ、または</p>
          <input
            ref={picker}
            id={pickerId}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            className={`visually-hidden ${styles.picker}`}
            aria-describedby={limitsId}
            disabled={full}
            onChange={choose}
          />
          <label htmlFor={pickerId} className={`${ui.secondary} ${styles.pickerLabel}`}>
            画像を追加
          </label>
          <p id={limitsId} className={styles.zoneText}>
            {full
              ? `画像は${IMAGES_MAX}枚までです。追加するには、どれかを削除してください。`
              : `JPEG・PNG・WebP、1枚10MBまで、${IMAGES_MAX}枚まで。`}
          </p>
        </div>
      )}

      {uploads.length > 0 ? (
        <ul className={styles.uploads} aria-label="アップロード">
          {uploads.map((upload) =>
            upload.message === null ? (
              <li key={upload.id} className={styles.upload}>
                <span className={styles.uploadName}>{upload.name}</span>
                <progress className={styles.progress} aria-label={`${upload.name} をアップロード中`} />
                <span>アップロード中…</span>
              </li>
            ) : (
              <li key={upload.id} className={`${styles.upload} ${styles.uploadFailed}`}>
                <p role="alert" className={styles.uploadMessage}>
                  <span className={styles.uploadName}>{upload.name}</span>：{upload.message}
                </p>
                <button
                  type="button"
                  className={ui.link}
                  onClick={() => setUploads((list) => list.filter((u) => u.id !== upload.id))}
                >
                  <span aria-hidden="true">閉じる</span>
                  <span className="visually-hidden">{`${upload.name} のお知らせを閉じる`}</span>
                </button>
              </li>
            ),
          )}
        </ul>
      ) : null}

      <div role="status" aria-live="polite" className={styles.status}>
        {uploading > 0 ? `${uploading}枚をアップロード中…` : notice}
      </div>

      {fields.length === 0 ? (
        <p className={sections.hint}>画像はまだありません。</p>
      ) : (
        <>
          <p id={altHintId} className={sections.hint}>
            代替テキストは画像を見られない方に読み上げる説明です（{ALT_MAX}文字まで。空欄なら商品名を使います）。
          </p>
          <ol className={styles.tiles} aria-label="商品画像の並び">
            {fields.map((field, index) => {
              const place = index + 1;
              const last = index === fields.length - 1;
              const altError = imageErrors?.[index]?.alt?.message;
              const altId = `${pickerId}-alt-${field.id}`;
              const tileClass = dropAt === index ? `${styles.tile} ${styles.tileTarget}` : styles.tile;
              return (
                <li
                  key={field.id}
                  className={tileClass}
                  onDragStart={(event) => onTileDragStart(event, index)}
                  onDragEnd={endDrag}
                  onDragOver={(event) => onTileDragOver(event, index)}
                  onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
                  onDrop={(event) => onTileDrop(event, index)}
                >
                  <div className={styles.thumb}>
                    <img
                      src={field.url}
                      srcSet={field.srcset ?? undefined}
                      sizes={field.srcset ? `${THUMB}px` : undefined}
                      alt=""
                      width={THUMB}
                      height={THUMB}
                      loading="lazy"
                      decoding="async"
                      draggable={!readOnly}
                      className={readOnly ? styles.thumbImage : `${styles.thumbImage} ${styles.draggable}`}
                    />
                  </div>
                  <div className={styles.body}>
                    <p className={styles.place}>
                      {place}枚目
                      {index === 0 ? <span className={styles.main}>メイン</span> : null}
                    </p>
                    <label htmlFor={altId} className={styles.altLabel}>
                      <span className="visually-hidden">{place}枚目の</span>代替テキスト
                    </label>
                    <input
                      id={altId}
                      type="text"
                      className={ui.control}
                      aria-invalid={altError ? true : undefined}
                      aria-describedby={altError ? `${altId}-error ${altHintId}` : altHintId}
                      {...register(`images.${index}.alt`, imageRules.alt)}
                    />
                    {altError ? (
                      <p id={`${altId}-error`} className={sections.fieldError}>
                        {altError}
                      </p>
                    ) : null}
                    {readOnly ? null : (
                      <div className={styles.buttons}>
                        <button
                          ref={buttonRef(field.id, 'earlier')}
                          type="button"
                          className={ui.secondary}
                          disabled={index === 0}
                          onClick={() => moveTo(index, index - 1, 'earlier')}
                        >
                          <span aria-hidden="true">前へ</span>
                          <span className="visually-hidden">{`${place}枚目を前へ移動`}</span>
                        </button>
                        <button
                          ref={buttonRef(field.id, 'later')}
                          type="button"
                          className={ui.secondary}
                          disabled={last}
                          onClick={() => moveTo(index, index + 1, 'later')}
                        >
                          <span aria-hidden="true">後へ</span>
                          <span className="visually-hidden">{`${place}枚目を後へ移動`}</span>
                        </button>
                        <button
                          ref={buttonRef(field.id, 'remove')}
                          type="button"
                          className={ui.danger}
                          onClick={() => removeAt(index)}
                        >
                          <span aria-hidden="true">削除</span>
                          <span className="visually-hidden">{`${place}枚目の画像を削除`}</span>
                        </button>
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </fieldset>
  );
}
