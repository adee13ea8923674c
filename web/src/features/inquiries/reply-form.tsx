/**
 * 返信: a message to the shop with up to five attachments, under a thread (the member's, or a
 * guest's with the mailed token). A reply to a closed inquiry opens it again (the server says so
 * in the status it answers next).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { InquiryMessage, UploadedFile } from '../../api/types';
import { applyServerErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { maxLength, zRule } from '../../lib/validators';
import { AttachmentPicker } from '../../ui/attachment-picker';
import { controlClass, FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { postReply } from './inquiry-queries';
import styles from './inquiries.module.css';

export const REPLY_MAX = 4000;
export const REPLY_SENT_MESSAGE = '返信を送信しました';

const replySchema = z.object({ body: zRule((s) => maxLength(s, REPLY_MAX)) });
type ReplyFields = z.infer<typeof replySchema>;

export interface ReplyFormProps {
  inquiryKey: string;
  /** A guest's thread token. */
  token?: string;
  closed: boolean;
  onSent: (message: InquiryMessage) => void;
}

export function ReplyForm({ inquiryKey, token, closed, onSent }: ReplyFormProps) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // A new picker after each reply: its status (「…」を添付しました) belongs to the sent one.
  const [sent, setSent] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReplyFields>({ resolver: zodResolver(replySchema), defaultValues: { body: '' } });

  const onSubmit = handleSubmit(async ({ body }) => {
    if (uploading) return;
    setFormError(null);
    try {
      const message = await postReply({
        inquiry_key: inquiryKey,
        body: body.trim(),
        files: files.map((file) => file.key),
        t: token,
      });
      reset({ body: '' });
      setFiles([]);
      setSent((n) => n + 1);
      showToast(REPLY_SENT_MESSAGE, 'success');
      onSent(message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['body']));
    }
  });

  return (
    <section aria-labelledby="reply-title" className={styles.reply}>
      <h2 id="reply-title" className={styles.sectionTitle}>
        返信する
      </h2>
      {closed ? (
        <p className={styles.note}>
          このお問い合わせは完了しています。返信すると、再度お問い合わせとして受け付けます。
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-labelledby="reply-title">
        <FormAlert message={formError} />
        <FormField label="返信内容" required error={errors.body?.message} hint={`${REPLY_MAX}文字以内`}>
          {(c) => (
            <textarea
              {...c}
              {...register('body')}
              className={controlClass.textarea}
              rows={6}
              placeholder="ショップへのメッセージをご記入ください。"
            />
          )}
        </FormField>
        <AttachmentPicker key={sent} files={files} onChange={setFiles} dir="inquiries" onBusyChange={setUploading} />
        <SubmitButton pending={isSubmitting || uploading} pendingLabel={uploading ? 'アップロード中…' : '送信中…'}>
          返信を送信する
        </SubmitButton>
      </form>
    </section>
  );
}
