import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

/** The password rule (lib/validators `password`, the Tsunagu rule on both shops) as a hint. */
export const PASSWORD_HINT = '8〜128文字。半角英字と数字を両方含めてください（記号は - _ . が使えます）。';

export interface NewPasswordFieldsProps {
  /** 「パスワード」 on registration, 「新しいパスワード」 where one is replaced. */
  label?: string;
  /**
   * The form's `register`: called while the fields render, so they keep their place in the
   * form's order (the first invalid field is the one focused).
   */
  register: (name: 'password' | 'password_confirmation') => UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}

/** A new password typed twice (registration, password change, password reset). */
export function NewPasswordFields({ label = '新しいパスワード', register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label={label} required error={errors.password} hint={PASSWORD_HINT}>
        {(control) => <input {...control} {...register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField label={`${label}（確認）`} required error={errors.confirmation}>
        {(control) => (
          <input {...control} {...register('password_confirmation')} type="password" autoComplete="new-password" />
        )}
      </FormField>
    </>
  );
}
