/**
 * The address of a form — 郵便番号 with 住所を自動入力, 都道府県, 市区町村, 番地, 建物名・部屋番号 —
 * as the address book, 会員情報の変更 and the checkout ask it: one set of labels, hints,
 * autofill and messages. The rules stay the form's own (domain/member/profile-form through its zod
 * schema); this only renders the inputs and fills them from GET /v1/postal-code.
 */
import { useState } from 'react';
import {
  get,
  useFormState,
  useWatch,
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { lookupPostalCode, usePrefectures } from '../domain/postal/postal-queries';
import { MESSAGES, normalizePostal } from '../lib/validators';
import styles from './address-fieldset.module.css';
import { controlClass, FormField } from './form-field';

/** The address inputs, under the names the forms and the API give them. */
export type AddressFieldName = 'postal_code' | 'prefecture' | 'city' | 'address1' | 'address2';
const ADDRESS_FIELDS: readonly AddressFieldName[] = ['postal_code', 'prefecture', 'city', 'address1', 'address2'];

/** What 住所を自動入力 says when it cannot fill the address. */
export const POSTAL_LOOKUP_MESSAGES = {
  format: MESSAGES.post,
  missing: '該当する住所が見つかりませんでした。住所を直接入力してください。',
};

export interface AddressFieldsetProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Corporate shops take the postal code as seven digits without a hyphen; the hint says so. */
  corporate: boolean;
  /** Where the address sits in the form's values: `orderer` for `orderer.postal_code` …; none at the top. */
  prefix?: string;
  /** The group's name for screen readers (the fieldset has no visible legend). */
  legend?: string;
}

/** The address inputs of a react-hook-form form, with the postal-code autofill. */
export function AddressFieldset<T extends FieldValues>({
  form,
  corporate,
  prefix,
  legend = '住所',
}: AddressFieldsetProps<T>) {
  const { register, control, getValues, setValue, setError, clearErrors, setFocus } = form;
  const name = (field: AddressFieldName) => (prefix ? `${prefix}.${field}` : field) as Path<T>;
  const { errors } = useFormState({ control, name: ADDRESS_FIELDS.map(name) });
  const errorOf = (field: AddressFieldName) => (get(errors, name(field)) as FieldError | undefined)?.message;
  const prefectures = usePrefectures();
  const prefecture = useWatch({ control, name: name('prefecture') }) as string | undefined;
  const [status, setStatus] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);

  const fill = async () => {
    setStatus(null);
    clearErrors(name('postal_code'));
    const code = normalizePostal(String(getValues(name('postal_code')) ?? ''));
    if (code === null) {
      setError(name('postal_code'), { type: 'lookup', message: POSTAL_LOOKUP_MESSAGES.format }, { shouldFocus: true });
      return;
    }
    setLookingUp(true);
    const address = await lookupPostalCode(code);
    setLookingUp(false);
    if (!address) {
      setStatus(POSTAL_LOOKUP_MESSAGES.missing);
      return;
    }
    const options = { shouldDirty: true, shouldValidate: true } as const;
    const put = (field: AddressFieldName, value: string) =>
      setValue(name(field), value as PathValue<T, Path<T>>, options);
    put('prefecture', address.prefecture);
    put('city', `${address.city}${address.town}`);
    if (address.street) put('address1', address.street);
    setStatus(`${address.prefecture}${address.city}${address.town}${address.street} を入力しました。`);
    setFocus(name('address1'));
  };

  // A stored prefecture the list does not hold (or a list still loading) stays choosable.
  const prefectureNames = prefectures.data?.map((p) => p.name) ?? [];
  if (prefecture && !prefectureNames.includes(prefecture)) prefectureNames.unshift(prefecture);

  return (
    <fieldset className={styles.fieldset}>
      <legend className="visually-hidden">{legend}</legend>
      <FormField
        label="郵便番号"
        required
        error={errorOf('postal_code')}
        hint={corporate ? '半角数字7桁（例：1234567）' : '例：123-4567'}
        after={
          <button type="button" className={styles.postalButton} onClick={() => void fill()} disabled={lookingUp}>
            {lookingUp ? '検索中…' : '住所を自動入力'}
          </button>
        }
      >
        {(c) => (
          <input
            {...c}
            {...register(name('postal_code'))}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
          />
        )}
      </FormField>
      <p role="status" className={styles.postalStatus}>
        {status}
      </p>
      <FormField label="都道府県" required error={errorOf('prefecture')}>
        {(c) =>
          prefectures.isError ? (
            <input {...c} {...register(name('prefecture'))} type="text" autoComplete="address-level1" />
          ) : (
            <select
              {...c}
              {...register(name('prefecture'))}
              className={controlClass.select}
              autoComplete="address-level1"
            >
              <option value="">選択してください</option>
              {prefectureNames.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )
        }
      </FormField>
      <FormField label="市区町村" required error={errorOf('city')}>
        {(c) => <input {...c} {...register(name('city'))} type="text" autoComplete="address-level2" />}
      </FormField>
      <FormField label="番地" required error={errorOf('address1')}>
        {(c) => <input {...c} {...register(name('address1'))} type="text" autoComplete="address-line1" />}
      </FormField>
      <FormField label="建物名・部屋番号" error={errorOf('address2')}>
        {(c) => <input {...c} {...register(name('address2'))} type="text" autoComplete="address-line2" />}
      </FormField>
    </fieldset>
  );
}
