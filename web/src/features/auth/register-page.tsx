import { useMemo, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { lookupPostalCode, usePrefectures } from '../../domain/postal/postal-queries';
import { useSettings } from '../../domain/site/site-queries';
import { BOT_CHECK_PREPARING_MESSAGE, useBotCheck } from '../../domain/bot-check/bot-check';
import { useDocumentTitle } from '../../lib/document-title';
import { setFlash } from '../../lib/flash';
import { applyServerErrors } from '../../lib/form-errors';
import { GENDER_CHOICES, NEWSLETTER_CHOICES, SECURITY_QUESTIONS } from '../../domain/member/member-labels';
import { normalizePostal, postDisplay } from '../../lib/validators';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { controlClass, FormAlert, FormField, RadioGroup, SubmitButton } from '../../ui/form-field';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { BusinessFieldset } from '../../ui/business-fieldset';
import { acceptLoginResponse, VERIFY_PATH } from '../../domain/auth/login-complete';
import { REGISTER_COMPLETE_PATH } from './auth-flow';
import { registerMember } from './auth-queries';
import {
  REGISTER_DEFAULTS,
  REGISTER_FIELD_NAMES,
  registerSchema,
  toRegisterInput,
  type RegisterFields,
} from './register-schema';
import { SocialLogins } from './social-logins';
import styles from './auth.module.css';

type Form = UseFormReturn<RegisterFields>;

export const REGISTERED_LOG_IN_MESSAGE = '会員登録を受け付けました。ログインしてください。';

/** 郵便番号 with 住所を自動入力 (GET /v1/postal-code): fills 都道府県 and 市区町村, and 番地 when empty. */
function PostalCodeField({ form, corporate }: { form: Form; corporate: boolean }) {
  const [status, setStatus] = useState('');
  const [looking, setLooking] = useState(false);
  const last = useRef<string | null>(null);
  const { register, getValues, setValue, formState } = form;

  const fill = async (force: boolean) => {
    const code = normalizePostal(getValues('postal_code'));
    if (code === null) {
      if (force) setStatus('郵便番号を7桁で入力してから押してください。');
      return;
    }
    if (!force && code === last.current) return;
    last.current = code;
    setLooking(true);
    setStatus('住所を検索しています…');
    const address = await lookupPostalCode(code);
    setLooking(false);
    if (!address) {
      setStatus('該当する住所が見つかりませんでした。住所を入力してください。');
      return;
    }
    const options = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    setValue('prefecture', address.prefecture, options);
    setValue('city', address.city, options);
    if (getValues('address1').trim() === '') setValue('address1', `${address.town}${address.street}`, options);
    setStatus(`${address.prefecture}${address.city}${address.town}を入力しました。番地以降をご確認ください。`);
  };

  const postal = register('postal_code', {
    onChange: () => {
      if (normalizePostal(getValues('postal_code')) !== null) void fill(false);
    },
    onBlur: () => {
      // Full-width digits and dash-like characters become what the rule accepts.
      const typed = getValues('postal_code');
      const code = normalizePostal(typed);
      const shown = code === null ? typed : corporate ? code : postDisplay(code);
      if (shown !== typed) setValue('postal_code', shown, { shouldValidate: formState.isSubmitted });
    },
  });

  return (
    <FormField
      label="郵便番号"
      required
      hint={corporate ? '半角数字7桁（ハイフンなし）例：1234567' : '例：123-4567'}
      error={formState.errors.postal_code?.message}
      after={
        <>
          <button type="button" className={styles.inlineButton} disabled={looking} onClick={() => void fill(true)}>
            住所を自動入力
          </button>
          <p role="status" className={`${styles.status} ${styles.fullLine}`}>
            {status}
          </p>
        </>
      }
    >
      {(control) => (
        <input {...control} {...postal} type="text" inputMode="numeric" autoComplete="postal-code" maxLength={8} />
      )}
    </FormField>
  );
}

function PrefectureField({ form }: { form: Form }) {
  const { data: prefectures } = usePrefectures();
  const { register, formState } = form;
  return (
    <FormField label="都道府県" required error={formState.errors.prefecture?.message}>
      {(control) =>
        prefectures && prefectures.length > 0 ? (
          <select
            {...control}
            {...register('prefecture')}
            className={controlClass.select}
            autoComplete="address-level1"
          >
            <option value="">選択してください</option>
            {prefectures.map((p) => (
              <option key={p.code} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        ) : (
          <input {...control} {...register('prefecture')} type="text" autoComplete="address-level1" />
        )
      }
    </FormField>
  );
}

/**
 * /register: the member registration form. The shop's variant (SITE.IS_CORPORATE) chooses the
 * fields and rules. Afterwards: the mailed code on /verify (demo), or, logged in straight away,
 * the e-mail check on /verify where the shop asks for it (corporate), then /register/complete.
 */
export function RegisterPage() {
  const settings = useSettings();
  const corporate = settings['SITE.IS_CORPORATE'] === true;
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => registerSchema(corporate), [corporate]);
  const form = useForm<RegisterFields>({ resolver: zodResolver(schema), defaultValues: REGISTER_DEFAULTS });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  useDocumentTitle('新規会員登録');
  const botCheck = useBotCheck('signup');
  const question = watch('question_ct');

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      const { login } = await registerMember(toRegisterInput(fields, corporate), await botCheck.take());
      if (!login) {
        // Registered without a session: the member logs in (and verifies) from the login page.
        setFlash(REGISTERED_LOG_IN_MESSAGE);
        navigate('/login', { replace: true });
        return;
      }
      const step = acceptLoginResponse(login, settings, { after: REGISTER_COMPLETE_PATH, from: 'register' });
      navigate(step.kind === 'code' ? `${VERIFY_PATH}?from=register` : step.to, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, REGISTER_FIELD_NAMES));
    }
  });

  const textField = (
    name: keyof RegisterFields,
    label: string,
    options: {
      required?: boolean;
      hint?: string;
      type?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'tel' | 'email' | 'url';
    } = {},
  ) => (
    <FormField label={label} required={options.required} hint={options.hint} error={errors[name]?.message}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
        />
      )}
    </FormField>
  );

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <Breadcrumbs items={[{ label: 'ホーム', to: '/' }, { label: '新規会員登録' }]} />
      <h1 className={styles.heading}>新規会員登録</h1>
      <p className={styles.lead}>
        すでに会員の方は<Link to="/login">ログイン</Link>してください。
      </p>
      <SocialLogins title="外部サービスのアカウントで登録・ログイン" level={2} />
      <form noValidate onSubmit={onSubmit} aria-label="会員登録" className={styles.panel}>
        <FormAlert message={formError} />

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>ログイン情報</legend>
          {textField('email', 'メールアドレス', {
            required: true,
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
          })}
          {textField('username', 'ユーザー名', {
            hint: '未入力の場合はメールアドレスがユーザー名になります。4〜64文字の半角英数字と @ . _ - が使えます。',
            autoComplete: 'username',
          })}
          <NewPasswordFields
            label="パスワード"
            register={register}
            errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          />
        </fieldset>

        {corporate ? (
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>会社情報</legend>
            {textField('corporation', '会社名', { required: true, autoComplete: 'organization' })}
            {textField('department', '部署名')}
            {textField('business_type', '業種')}
            {textField('store_name', '店舗名')}
            {textField('url', 'ホームページURL', { type: 'url', inputMode: 'url', autoComplete: 'url' })}
            <BusinessFieldset form={form} invoiceApproved={false} />
          </fieldset>
        ) : null}

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>お客様情報</legend>
          <div className={`${controlClass.row} ${styles.pair}`}>
            {textField('last_name', 'お名前（姓）', {
              required: true,
              autoComplete: 'family-name',
              hint: corporate ? '全角' : undefined,
            })}
            {textField('first_name', 'お名前（名）', {
              required: true,
              autoComplete: 'given-name',
              hint: corporate ? '全角' : undefined,
            })}
          </div>
          <div className={`${controlClass.row} ${styles.pair}`}>
            {textField('last_name_kana', 'フリガナ（セイ）', { required: !corporate, hint: '全角カタカナ' })}
            {textField('first_name_kana', 'フリガナ（メイ）', { required: !corporate, hint: '全角カタカナ' })}
          </div>
          <RadioGroup
            legend="性別"
            error={errors.gender_ct?.message}
            choices={GENDER_CHOICES}
            register={register}
            name="gender_ct"
          />
          {textField('birthday', '生年月日', { type: 'date', autoComplete: 'bday' })}
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>ご住所・ご連絡先</legend>
          <PostalCodeField form={form} corporate={corporate} />
          <PrefectureField form={form} />
          {textField('city', '市区町村', { required: true, autoComplete: 'address-level2' })}
          {textField('address1', '町名・番地', { required: true, autoComplete: 'address-line1' })}
          {textField('address2', '建物名・部屋番号', { autoComplete: 'address-line2' })}
          {textField('phone_number', '電話番号', {
            hint: corporate
              ? '半角数字（ハイフンなし）11桁以内。電話番号か携帯電話番号のいずれかは必須です。'
              : '例：03-1234-5678。電話番号か携帯電話番号のいずれかは必須です。',
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
          })}
          {textField('cell_phone_number', '携帯電話番号', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>秘密の質問</legend>
          <p className={styles.lead}>パスワードを再設定するときに、本人確認のためにお尋ねします。</p>
          <FormField label="質問" error={errors.question_ct?.message}>
            {(control) => (
              <select {...control} {...register('question_ct')} className={controlClass.select}>
                <option value="">設定しない</option>
                {Object.entries(SECURITY_QUESTIONS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {question !== '' ? textField('answer', '質問の答え', { required: true, autoComplete: 'off' }) : null}
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>メールマガジン</legend>
          <RadioGroup
            legend="お得な情報をメールで受け取る"
            error={errors.is_receive_newsletter?.message}
            choices={NEWSLETTER_CHOICES}
            register={register}
            name="is_receive_newsletter"
          />
        </fieldset>

        <SubmitButton
          pending={isSubmitting}
          pendingLabel={botCheck.waiting ? BOT_CHECK_PREPARING_MESSAGE : '登録しています…'}
        >
          会員登録する
        </SubmitButton>
      </form>
    </div>
  );
}

export { RegisterPage as Component };
