import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { lookupPostalCode, usePrefectures } from '../../api/postal-queries';
import { useSettings } from '../../api/site-queries';
import { setFlash } from '../../lib/flash';
import { GENDER_CHOICES, NEWSLETTER_CHOICES } from '../../lib/member-labels';
import { PROFILE_FIELD_NAMES, profileFieldsOf, toProfileInput, type ProfileFields } from '../../lib/profile-form';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session';
import { normalizePostal } from '../../lib/validators';
import { applyMutationErrors } from '../../lib/form-errors';
import { FormAlert, FormField, RadioGroup, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { meUserQuery, useMeUser, useUpdateProfile } from './account-queries';
import { POSTAL_NOT_FOUND, profileSchema } from './account-schema';
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
  const prefectures = usePrefectures();
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [postalStatus, setPostalStatus] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    setValue,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ProfileFields>({
    resolver: zodResolver(profileSchema(corporate)),
    defaultValues: profileFieldsOf(user, corporate),
  });
  const prefecture = watch('prefecture');

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

  const fillAddress = async () => {
    setPostalStatus(null);
    clearErrors('postal_code');
    const code = normalizePostal(getValues('postal_code'));
    if (code === null) {
      setError('postal_code', { type: 'lookup', message: POSTAL_NOT_FOUND.format }, { shouldFocus: true });
      return;
    }
    setLookingUp(true);
    const address = await lookupPostalCode(code);
    setLookingUp(false);
    if (!address) {
      setPostalStatus(POSTAL_NOT_FOUND.missing);
      return;
    }
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('prefecture', address.prefecture, options);
    setValue('city', `${address.city}${address.town}`, options);
    if (address.street) setValue('address1', address.street, options);
    setPostalStatus(`${address.prefecture}${address.city}${address.town}${address.street} を入力しました。`);
    setFocus('address1');
  };

  const prefectureNames = prefectures.data?.map((p) => p.name) ?? [];
  if (prefecture && !prefectureNames.includes(prefecture)) prefectureNames.unshift(prefecture);

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
          <FormField
            label="郵便番号"
            required
            error={errors.postal_code?.message}
            hint={corporate ? '半角数字7桁（例：1234567）' : '例：123-4567'}
            after={
              <button
                type="button"
                className={styles.postalButton}
                onClick={() => void fillAddress()}
                disabled={lookingUp}
              >
                {lookingUp ? '検索中…' : '住所を自動入力'}
              </button>
            }
          >
            {(control) => (
              <input
                {...control}
                {...register('postal_code')}
                type="text"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={8}
              />
            )}
          </FormField>
          <p role="status" className={styles.postalStatus}>
            {postalStatus}
          </p>
          <FormField label="都道府県" required error={errors.prefecture?.message}>
            {(control) =>
              prefectures.isError ? (
                <input {...control} {...register('prefecture')} type="text" autoComplete="address-level1" />
              ) : (
                <select
                  {...control}
                  {...register('prefecture')}
                  className={controlClass.select}
                  autoComplete="address-level1"
                >
                  <option value="">選択してください</option>
                  {prefectureNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )
            }
          </FormField>
          <FormField label="市区町村" required error={errors.city?.message}>
            {(control) => <input {...control} {...register('city')} type="text" autoComplete="address-level2" />}
          </FormField>
          <FormField label="番地" required error={errors.address1?.message}>
            {(control) => <input {...control} {...register('address1')} type="text" autoComplete="address-line1" />}
          </FormField>
          <FormField label="建物名・部屋番号" error={errors.address2?.message}>
            {(control) => <input {...control} {...register('address2')} type="text" autoComplete="address-line2" />}
          </FormField>
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
