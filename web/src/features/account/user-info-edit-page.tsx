import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useSettings } from '../../domain/site/site-queries';
import { setFlash } from '../../lib/flash';
import { GENDER_CHOICES, NEWSLETTER_CHOICES } from '../../domain/member/member-labels';
import {
  PROFILE_FIELD_NAMES,
  profileFieldsOf,
  toProfileInput,
  type ProfileFields,
} from '../../domain/member/profile-form';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { applyMutationErrors } from '../../lib/form-errors';
import { AddressFieldset } from '../../ui/address-fieldset';
import { BusinessFieldset } from '../../ui/business-fieldset';
import { FormAlert, FormField, RadioGroup, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { meUserQuery, useMeUser, useUpdateProfile } from './account-queries';
import { profileSchema } from './account-schema';
import { MypageFrame } from '../../ui/mypage-frame';
import { pendingEmailText } from './user-info-page';
import styles from './account.module.css';

export async function loader() {
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(meUserQuery());
  return null;
}

export const PROFILE_SAVED_MESSAGE = '会員情報を変更しました。';
const PHONE_HINT = '電話番号・携帯電話番号のどちらかをご入力ください。';

/** 会員情報の変更: every profile field but the login ID (shown) and the password (its own screen). */
export function UserInfoEditPage() {
  const user = useMeUser();
  const corporate = useSettings()['SITE.IS_CORPORATE'];
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileFields>({
    resolver: zodResolver(profileSchema(corporate)),
    defaultValues: profileFieldsOf(user, corporate),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      const answer = await update.mutateAsync(toProfileInput(fields, corporate));
      // A new e-mail waits for its link: the server's message says so.
      setFlash(answer.message ? `${PROFILE_SAVED_MESSAGE}${answer.message}` : PROFILE_SAVED_MESSAGE);
      navigate('/mypage/user_info');
    } catch (error) {
      setFormError(applyMutationErrors(error, setError, PROFILE_FIELD_NAMES));
    }
  });

  return (
    <MypageFrame title="会員情報の変更">
      <form noValidate onSubmit={onSubmit} aria-label="会員情報の変更" className={styles.form}>
        <FormAlert message={formError} />

        <section className={styles.section} aria-labelledby="profile-basic">
          <h2 id="profile-basic" className={styles.sectionTitle}>
            基本情報
          </h2>
          <FormField label="ログインID" required="none" hint="ログインIDはこの画面では変更できません">
            {(control) => (
              <input
                {...control}
                className={`${control.className} ${controlClass.readOnly}`}
                type="text"
                value={user.username}
                readOnly
              />
            )}
          </FormField>
          <FormField
            label="メールアドレス"
            required
            error={errors.email?.message}
            hint={user.pending_email ? pendingEmailText(user.pending_email) : undefined}
          >
            {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" />}
          </FormField>
          {corporate ? (
            <>
              <FormField label="会社名" required error={errors.corporation?.message}>
                {(control) => (
                  <input {...control} {...register('corporation')} type="text" autoComplete="organization" />
                )}
              </FormField>
              <FormField label="部署名" error={errors.department?.message}>
                {(control) => <input {...control} {...register('department')} type="text" />}
              </FormField>
            </>
          ) : null}
          <div className={controlClass.row}>
            <FormField label="姓" required error={errors.last_name?.message}>
              {(control) => <input {...control} {...register('last_name')} type="text" autoComplete="family-name" />}
            </FormField>
            <FormField label="名" required error={errors.first_name?.message}>
              {(control) => <input {...control} {...register('first_name')} type="text" autoComplete="given-name" />}
            </FormField>
          </div>
          <div className={controlClass.row}>
            <FormField label="セイ" required={!corporate} error={errors.last_name_kana?.message}>
              {(control) => <input {...control} {...register('last_name_kana')} type="text" />}
            </FormField>
            <FormField label="メイ" required={!corporate} error={errors.first_name_kana?.message}>
              {(control) => <input {...control} {...register('first_name_kana')} type="text" />}
            </FormField>
          </div>
          <RadioGroup
            legend="性別"
            error={errors.gender_ct?.message}
            choices={GENDER_CHOICES}
            register={register}
            name="gender_ct"
          />
          <FormField label="生年月日" error={errors.birthday?.message}>
            {(control) => <input {...control} {...register('birthday')} type="date" autoComplete="bday" />}
          </FormField>
        </section>

        <section className={styles.section} aria-labelledby="profile-address">
          <h2 id="profile-address" className={styles.sectionTitle}>
            住所・連絡先
          </h2>
          <AddressFieldset form={form} corporate={corporate} />
          <FormField
            label="電話番号"
            error={errors.phone_number?.message}
            hint={`${PHONE_HINT}${corporate ? '半角数字のみ（ハイフンなし）11桁以内' : '例：03-1234-5678'}`}
          >
            {(control) => <input {...control} {...register('phone_number')} type="tel" autoComplete="tel" />}
          </FormField>
          <FormField
            label="携帯電話番号"
            error={errors.cell_phone_number?.message}
            hint={`${PHONE_HINT}${corporate ? '半角数字のみ（ハイフンなし）11桁以内' : '例：090-1234-5678'}`}
          >
            {(control) => <input {...control} {...register('cell_phone_number')} type="tel" autoComplete="tel" />}
          </FormField>
          {corporate ? (
            <>
              <FormField label="業種" error={errors.business_type?.message}>
                {(control) => <input {...control} {...register('business_type')} type="text" />}
              </FormField>
              <FormField label="店舗名" error={errors.store_name?.message}>
                {(control) => <input {...control} {...register('store_name')} type="text" />}
              </FormField>
              <FormField label="URL" error={errors.url?.message}>
                {(control) => <input {...control} {...register('url')} type="url" autoComplete="url" />}
              </FormField>
            </>
          ) : null}
        </section>

        {corporate ? (
          <section className={styles.section} aria-labelledby="profile-business">
            <h2 id="profile-business" className={styles.sectionTitle}>
              会社情報・お取引条件
            </h2>
            <BusinessFieldset form={form} invoiceApproved={user.is_invoice_approved} />
          </section>
        ) : null}

        <section className={styles.section} aria-labelledby="profile-other">
          <h2 id="profile-other" className={styles.sectionTitle}>
            その他
          </h2>
          <RadioGroup
            legend="メールマガジン"
            required
            error={errors.is_receive_newsletter?.message}
            choices={NEWSLETTER_CHOICES}
            register={register}
            name="is_receive_newsletter"
          />
        </section>

        <div className={styles.actions}>
          <SubmitButton pending={update.isPending} pendingLabel="保存中…">
            変更を保存する
          </SubmitButton>
          <Link to="/mypage/user_info" className={buttonClass.secondary}>
            変更せずに戻る
          </Link>
        </div>
      </form>
    </MypageFrame>
  );
}

export { UserInfoEditPage as Component };
