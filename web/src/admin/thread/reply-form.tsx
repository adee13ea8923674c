/**
 * The shop's reply: a text and up to 5 files. Each chosen file is uploaded at once
 * (POST /v1/admin/upload-files) and listed with a button to take it off; the reply sends their keys.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { errorText, fieldError } from '../api/admin-client';
import type { UploadedFile } from '../api/admin-types';
import { Field, FormAlert, StatusNotice, ui } from '../ui/form';
import { ACCEPT, MAX_FILES, fileProblem, formatSize, uploadFile, useReply } from './thread-queries';
import styles from './thread.module.css';

const BODY_MAX = 4000;

interface ReplyValues {
  body: string;
}

export function ReplyForm({ inquiryKey }: { inquiryKey: string }) {
  const reply = useReply(inquiryKey);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(0);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pickerId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReplyValues>({ defaultValues: { body: '' } });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    setFileMessage(null);
    const room = MAX_FILES - files.length - uploading;
    if (chosen.length > room) {
      setFileMessage(`添付できるファイルは${MAX_FILES}つまでです。`);
      return;
    }
    const problems = chosen.map(fileProblem).filter((p): p is string => p !== null);
    if (problems.length > 0) {
      setFileMessage(problems[0] ?? null);
      return;
    }
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const stored = await uploadFile(file);
        setFiles((list) => [...list, stored]);
      } catch (error) {
        setFileMessage(`${file.name}：${fieldError(error, 'file') ?? errorText(error)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  return (
    <form
      className={styles.replyForm}
      noValidate
      aria-label="返信"
      onSubmit={handleSubmit((values) => {
        setDone(null);
        reply.mutate(
          { body: values.body, files: files.map((f) => f.key) },
          {
            onSuccess: () => {
              reset();
              setFiles([]);
              setDone('返信を送信しました。お客様にメールでお知らせしました。');
            },
          },
        );
      })}
    >
      <h2>返信する</h2>
      <FormAlert message={reply.error && !fieldError(reply.error, 'body') ? errorText(reply.error) : null} />
      <StatusNotice message={done} />
      <Field
        label="返信内容"
        hint="送信するとお客様に表示され、メールでもお知らせします。"
        error={errors.body?.message ?? fieldError(reply.error, 'body')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={8}
            {...register('body', {
              validate: (value) => (value.trim() === '' ? '返信内容を入力してください' : true),
              maxLength: { value: BODY_MAX, message: `返信内容は${BODY_MAX}文字以内で入力してください` },
            })}
          />
        )}
      </Field>

      <div className={styles.attach}>
        <label htmlFor={pickerId} className={ui.secondary}>
          ファイルを添付
        </label>
        <input
          id={pickerId}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          aria-describedby={`${pickerId}-hint`}
          disabled={files.length + uploading >= MAX_FILES}
          onChange={(event) => void choose(event)}
        />
        <p id={`${pickerId}-hint`} className={styles.attachHint}>
          画像(JPEG・PNG・GIF・WebP)またはPDF、1ファイル5MBまで、{MAX_FILES}つまで。
        </p>
      </div>
      {fileMessage ? (
        <p role="alert" className={styles.fileError}>
          {fileMessage}
        </p>
      ) : null}
      {uploading > 0 ? <p role="status">アップロード中…</p> : null}
      {files.length > 0 ? (
        <ul className={styles.chosen} aria-label="添付するファイル">
          {files.map((file) => (
            <li key={file.key}>
              {file.name}（{formatSize(file.size)}）
              <button
                type="button"
                className={ui.link}
                onClick={() => setFiles((list) => list.filter((f) => f.key !== file.key))}
              >
                <span aria-hidden="true">取り消す</span>
                <span className="visually-hidden">{`${file.name} を添付から外す`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={reply.isPending || uploading > 0}>
          {reply.isPending ? '送信中…' : '返信を送信'}
        </button>
      </div>
    </form>
  );
}
