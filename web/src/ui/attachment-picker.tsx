/**
 * 添付ファイル of the contact form and of a reply (docs/inquiries-api.md, "Uploads"): each chosen
 * file is uploaded at once and listed with its name, size and a remove button; the form sends
 * the keys. What the browser can tell (type, 5 MB, five files) is said before uploading, in the
 * server's words; what the server refuses (422) is said as it says it.
 */
import { useId, useRef, useState } from 'react';
import { ApiError } from '../lib/api-error';
import {
  formatFileSize,
  UPLOAD_MESSAGES,
  UPLOAD_RULES,
  uploadFile,
  uploadProblem,
  type UploadDir,
} from '../domain/uploads/upload-files';
import type { UploadedFile } from '../api/types';
import { errorMessage } from '../lib/form-errors';
import styles from './attachment-picker.module.css';

export interface AttachmentPickerProps {
  /** The uploaded files, in the order chosen. */
  files: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  dir: UploadDir;
  label?: string;
  /** Tells the form an upload is running (the form waits for it before going on). */
  onBusyChange?: (busy: boolean) => void;
  /** The uploader (tests); POST /v1/upload-files by default. */
  upload?: (file: File, dir: UploadDir) => Promise<UploadedFile>;
}

/** The server's message for a refused upload: the `file` (or `dir`) field's, else its own. */
function uploadErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 422) {
    return error.errors.file?.[0] ?? error.errors.dir?.[0] ?? error.message;
  }
  return errorMessage(error);
}

export function AttachmentPicker({
  files,
  onChange,
  dir,
  label = '添付ファイル',
  onBusyChange,
  upload = uploadFile,
}: AttachmentPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const left = UPLOAD_RULES.maxFiles - files.length - uploading.length;

  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const found: string[] = [];
    const wanted: File[] = [];
    for (const file of chosen) {
      const problem = uploadProblem(file);
      if (problem) found.push(`「${file.name}」${problem}`);
      else if (wanted.length < left) wanted.push(file);
      else found.push(`「${file.name}」${UPLOAD_MESSAGES.count}`);
    }
    setProblems(found);
    if (wanted.length === 0) return;
    setUploading(wanted.map((file) => file.name));
    setStatus(`${wanted.length}件のファイルをアップロードしています…`);
    onBusyChange?.(true);
    const added: UploadedFile[] = [];
    for (const file of wanted) {
      try {
        added.push(await upload(file, dir));
      } catch (error) {
        const message = uploadErrorMessage(error);
        if (message) found.push(`「${file.name}」${message}`);
      }
    }
    setUploading([]);
    setProblems([...found]);
    onBusyChange?.(false);
    setStatus(added.length > 0 ? `${added.map((f) => `「${f.name}」`).join('')}を添付しました。` : '');
    if (added.length > 0) onChange([...files, ...added]);
  };

  const remove = (file: UploadedFile) => {
    onChange(files.filter((f) => f.key !== file.key));
    setStatus(`「${file.name}」を削除しました。`);
    input.current?.focus();
  };

  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <span className={styles.optional}>任意</span>
      </label>
      <p id={hintId} className={styles.hint}>
        画像（JPEG・PNG・GIF・WebP）またはPDF、1ファイル5MBまで、{UPLOAD_RULES.maxFiles}つまで添付できます。
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={UPLOAD_RULES.accept}
        className={styles.input}
        disabled={left <= 0}
        aria-describedby={problems.length > 0 ? `${problemsId} ${hintId}` : hintId}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          // The same file may be chosen again after it was removed.
          event.target.value = '';
          void choose(chosen);
        }}
      />
      {problems.length > 0 ? (
        <ul id={problemsId} className={styles.problems} role="alert">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <p role="status" className={styles.status}>
        {status}
      </p>
      {files.length > 0 || uploading.length > 0 ? (
        <ul className={styles.files} aria-label={`${label}一覧`}>
          {files.map((file) => (
            <li key={file.key} className={styles.file}>
              <span className={styles.name}>{file.name}</span>
              <span className={styles.size}>{formatFileSize(file.size)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`「${file.name}」を削除`}
                onClick={() => remove(file)}
              >
                削除
              </button>
            </li>
          ))}
          {uploading.map((name, index) => (
            <li key={`uploading-${index}`} className={styles.file} aria-busy="true">
              <span className={styles.name}>{name}</span>
              <span className={styles.size}>アップロード中…</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
