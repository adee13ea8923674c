/**
 * /contact: お問い合わせ (docs/inquiries-api.md). The topic, the sender's details (a member's
 * name, e-mail and phone filled in from the profile), the postal address when the topic is
 * カタログ請求 (`?topic=catalog` chooses it, as /catalog-order links), the message and up to five
 * attachments. 確認画面へ keeps everything in this tab (contact-draft) for /contact/confirm, which
 * sends it; coming back finds it as it was, with the server's field errors if it refused them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { meUserQuery } from '../../domain/member/member-queries';
import { useSettings } from '../../domain/site/site-queries';
import type { Member, UploadedFile } from '../../api/types';
import { useBotCheck } from '../../domain/bot-check/bot-check';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { sessionStore, useSession } from '../../api/session';
import { AddressFieldset } from '../../ui/address-fieldset';
import { AttachmentPicker } from '../../ui/attachment-picker';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { controlClass, FormAlert, FormField, SubmitButton } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { readContactDraft, saveContactDraft, takeServerErrors } from './contact-draft';
import { Steps } from './contact-parts';
import { catalogTopicId, inquiryTopicsQuery, useInquiryTopics } from './contact-queries';
import {
  BODY_MAX,
  BODY_PLACEHOLDER,
  CONTACT_FIELD_NAMES,
  contactSchema,
  EMPTY_CONTACT,
  needsAddress,
  type ContactFields,
} from './contact-schema';
import styles from './contact.module.css';

export async function loader() {
  const member = sessionStore.get().isLogin
    ? queryClient.ensureQueryData(meUserQuery()).catch(() => null)
    : Promise.resolve(null);
  await Promise.all([queryClient.ensureQueryData(inquiryTopicsQuery()), member]);
  return null;
}

export const CONFIRM_PATH = '/contact/confirm';
export const SERVER_ERRORS_MESSAGE = '入力内容に誤りがあります。各項目をご確認ください。';

/** A member's profile as the form's first values. */
function memberFields(member: Member | undefined, corporate: boolean): Partial<ContactFields> {
  if (!member) return {};
  const join = (...parts: (string | null | undefined)[]) =>
    parts.filter((part) => part && part.trim() !== '').join(corporate ? '' : ' ');
  return {
    name: join(member.last_name, member.first_name),
    name_kana: join(member.last_name_kana, member.first_name_kana),
    email: member.email ?? '',
    phone: member.phone_number || member.cell_phone_number || '',
    company: member.corporation ?? '',
    department: member.department ?? '',
  };
}

function firstValues(
  draft: ContactFields | undefined,
  member: Member | undefined,
  corporate: boolean,
  presetTopic: string | null,
): ContactFields {
  // A link that names the topic (/catalog-order's) chooses it, over a kept draft's too.
  if (draft) return presetTopic ? { ...draft, topic_id: presetTopic } : draft;
  return { ...EMPTY_CONTACT, ...memberFields(member, corporate), topic_id: presetTopic ?? '' };
}

export function ContactPage() {
  useDocumentTitle('お問い合わせ');
  const settings = useSettings();
  const corporate = settings['SITE.IS_CORPORATE'] === true;
  const topics = useInquiryTopics();
  const catalogId = catalogTopicId(topics);
  const { isLogin } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Prepared now, sent from the confirm page.
  useBotCheck('contact');

  const [draft] = useState(readContactDraft);
  const presetKey = params.get('topic');
  const presetTopic = topics.find((topic) => topic.key === presetKey)?.id ?? null;
  const member = isLogin ? queryClient.getQueryData(meUserQuery().queryKey) : undefined;
  const schema = useMemo(() => contactSchema({ corporate, catalogTopicId: catalogId }), [corporate, catalogId]);
  const form = useForm<ContactFields>({
    resolver: zodResolver(schema),
    defaultValues: firstValues(draft?.fields, member, corporate, presetTopic),
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [files, setFiles] = useState<UploadedFile[]>(draft?.files ?? []);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const topicId = useWatch({ control, name: 'topic_id' });
  const body = useWatch({ control, name: 'body' }) ?? '';
  const withAddress = needsAddress(topicId, catalogId);

  // The server refused what the confirm page sent: its messages on their fields.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    const serverErrors = takeServerErrors();
    if (!serverErrors) return;
    let first = true;
    for (const [field, message] of Object.entries(serverErrors)) {
      if (!(CONTACT_FIELD_NAMES as string[]).includes(field)) continue;
      setError(field as keyof ContactFields, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
    setFormError(SERVER_ERRORS_MESSAGE);
  }, [setError]);

  const onSubmit = handleSubmit((fields) => {
    if (uploading) return;
    saveContactDraft({ fields, files });
    navigate(CONFIRM_PATH);
  });

  const text = (
    name: keyof ContactFields,
    label: string,
    options: {
      required?: boolean;
      hint?: string;
      type?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'tel' | 'email';
    } = {},
  ) => (
    <FormField label={label} required={options.required ?? false} hint={options.hint} error={errors[name]?.message}>
      {(c) => (
        <input
          {...c}
          {...register(name)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
        />
      )}
    </FormField>
  );

  const phoneHint = corporate ? '半角数字（ハイフンなし）' : '例：03-1234-5678';
  return (
    <div className={styles.page}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: 'お問い合わせ' }]} />
      <h1 className={styles.heading}>お問い合わせ</h1>
      <Steps current="input" />
      <NoticeSlot code="contact_info" />
      <form noValidate onSubmit={onSubmit} aria-label="お問い合わせフォーム" className={styles.form}>
        <FormAlert message={formError} />
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>お問い合わせ内容</legend>
          <FormField label="お問い合わせ種別" required error={errors.topic_id?.message}>
            {(c) => (
              <select {...c} {...register('topic_id')} className={controlClass.select}>
                <option value="">選択してください</option>
                {topics.map((topic) => (
                  <option key={topic.id} value={topic.id}>
                    {topic.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text('order_number', 'ご注文番号', { hint: 'ご注文についてのお問い合わせの場合にご記入ください。' })}
          <FormField
            label="お問い合わせ内容"
            required
            hint={`${BODY_MAX.toLocaleString('ja-JP')}文字以内（現在${[...body].length.toLocaleString('ja-JP')}文字）`}
            error={errors.body?.message}
          >
            {(c) => (
              <textarea
                {...c}
                {...register('body')}
                className={controlClass.textarea}
                rows={8}
                placeholder={BODY_PLACEHOLDER}
              />
            )}
          </FormField>
          <AttachmentPicker files={files} onChange={setFiles} dir="inquiries" onBusyChange={setUploading} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>お客様情報</legend>
          {text('name', 'お名前', { required: true, autoComplete: 'name' })}
          {text('name_kana', 'フリガナ', { hint: '全角カタカナ' })}
          {text('email', 'メールアドレス', {
            required: true,
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
          })}
          {text('phone', '電話番号', { hint: phoneHint, type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {text('company', '会社名', { autoComplete: 'organization' })}
          {text('department', '部署名')}
          {text('job', '役職', { autoComplete: 'organization-title' })}
          {text('fax', 'FAX番号', { hint: phoneHint, type: 'tel', inputMode: 'tel' })}
        </fieldset>

        {withAddress ? (
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>カタログのお届け先</legend>
            <p className={styles.lead}>カタログ請求の場合は、お届け先のご住所をご入力ください。</p>
            <AddressFieldset form={form} corporate={corporate} legend="カタログのお届け先住所" />
          </fieldset>
        ) : null}

        <div className={styles.actions}>
          <SubmitButton pending={isSubmitting || uploading} pendingLabel={uploading ? 'アップロード中…' : '確認中…'}>
            確認画面へ
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

export { ContactPage as Component };
