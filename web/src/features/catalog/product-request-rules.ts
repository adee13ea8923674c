/**
 * The browser's checks on a 入荷リクエスト, with the server's limits and wording. The e-mail check
 * here is only a rough shape (something@something); the server has the final word on the
 * address, and its message is shown under the field.
 */
export interface RequestFields {
  name: string;
  email: string;
  body: string;
}

export type RequestErrors = Partial<Record<keyof RequestFields, string>>;

export const REQUEST_LIMITS: Record<keyof RequestFields, { label: string; max: number }> = {
  name: { label: 'お名前', max: 50 },
  email: { label: 'メールアドレス', max: 255 },
  body: { label: '内容', max: 2000 },
};

export const EMAIL_FORMAT_MESSAGE = 'メールアドレスの形式で入力してください。';

/** Errors by field; an empty object when the request may be sent. Pure. */
export function checkProductRequest(fields: RequestFields): RequestErrors {
  const errors: RequestErrors = {};
  for (const name of Object.keys(REQUEST_LIMITS) as (keyof RequestFields)[]) {
    const { label, max } = REQUEST_LIMITS[name];
    const value = fields[name].trim();
    if (value === '') errors[name] = `${label}を入力してください。`;
    else if ([...value].length > max) errors[name] = `${label}は${max}文字以内で入力してください。`;
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+$/.test(fields.email.trim())) errors.email = EMAIL_FORMAT_MESSAGE;
  return errors;
}
