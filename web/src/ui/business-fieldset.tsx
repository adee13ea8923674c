/**
 * The corporate variant's company details — 設立年月, 資本金, 年商, 従業員数, 営業時間, 定休日,
 * 配送方法, 利用運送会社, 支払方法, 発注番号 — as registration and 会員情報の変更 ask them: one
 * set of labels, hints and messages. The rules are the form's own (domain/member/profile-form's
 * businessShape, the shared vectors); the two choice lists come from the shop's settings
 * (CORPORATE.DELIVERY_OPTIONS / PAYMENT_OPTIONS). 請求書払い（後払い, code 2) can be chosen
 * only by a company the shop approved; otherwise it is shown disabled with the reason.
 */
import { get, useFormState, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useSettings } from '../domain/site/site-queries';
import { controlClass, FormField } from './form-field';

/** The company detail inputs, under the names the forms and the API give them. */
export type BusinessFieldName =
  | 'establishment'
  | 'capital'
  | 'annual_sale'
  | 'employee_num'
  | 'business_hours'
  | 'business_holiday'
  | 'delivery'
  | 'delivery_company'
  | 'payment'
  | 'order_no';

const NAMES: readonly BusinessFieldName[] = [
  'establishment',
  'capital',
  'annual_sale',
  'employee_num',
  'business_hours',
  'business_holiday',
  'delivery',
  'delivery_company',
  'payment',
  'order_no',
];

/** The code of 請求書払い（後払い） among the payment options (spec 000 §3). */
export const INVOICE_PAYMENT_CODE = 2;
export const INVOICE_NOT_APPROVED_HINT = '請求書払い（後払い）は、当店の審査を通過した法人様のみお選びいただけます。';

interface Choice {
  value: number;
  label: string;
}

export interface BusinessFieldsetProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Whether the shop approved the company for 請求書払い. */
  invoiceApproved: boolean;
}

/** The company details of a react-hook-form form (the corporate variant only renders it). */
export function BusinessFieldset<T extends FieldValues>({ form, invoiceApproved }: BusinessFieldsetProps<T>) {
  const settings = useSettings() as unknown as Record<string, unknown>;
  const deliveries = (settings['CORPORATE.DELIVERY_OPTIONS'] as Choice[] | undefined) ?? [];
  const payments = (settings['CORPORATE.PAYMENT_OPTIONS'] as Choice[] | undefined) ?? [];
  const { register, control } = form;
  const { errors } = useFormState({ control, name: NAMES as unknown as Path<T>[] });
  const errorOf = (name: BusinessFieldName) => (get(errors, name) as FieldError | undefined)?.message;
  const field = (name: BusinessFieldName) => register(name as Path<T>);

  const text = (
    name: BusinessFieldName,
    label: string,
    hint?: string,
    inputMode?: 'numeric' | 'text',
    placeholder?: string,
  ) => (
    <FormField label={label} hint={hint} error={errorOf(name)}>
      {(control) => <input {...control} {...field(name)} type="text" inputMode={inputMode} placeholder={placeholder} />}
    </FormField>
  );

  const select = (name: BusinessFieldName, label: string, choices: Choice[], hint?: string) => (
    <FormField label={label} hint={hint} error={errorOf(name)}>
      {(control) => (
        <select {...control} {...field(name)} className={controlClass.select}>
          <option value="">選択してください</option>
          {choices.map((choice) => {
            const refused = name === 'payment' && choice.value === INVOICE_PAYMENT_CODE && !invoiceApproved;
            return (
              <option key={choice.value} value={String(choice.value)} disabled={refused}>
                {refused ? `${choice.label}（審査後にご利用いただけます）` : choice.label}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );

  return (
    <>
      {text('establishment', '設立年月', '半角で 年-月 の形式 例：2010-04', 'numeric', '2010-04')}
      {text('capital', '資本金（円）', '半角数字のみ（カンマなし） 例：10000000', 'numeric')}
      {text('annual_sale', '年商（円）', '半角数字のみ（カンマなし） 例：480000000', 'numeric')}
      {text('employee_num', '従業員数（人）', '半角数字のみ 例：35', 'numeric')}
      {text('business_hours', '営業時間', '例：9:00〜18:00（100文字以内）')}
      {text('business_holiday', '定休日', '例：土日祝（100文字以内）')}
      {select('delivery', '配送方法', deliveries, 'ご注文時に最初に選ばれる配送方法です。ご注文ごとに変更できます。')}
      {text('delivery_company', '利用運送会社', '例：ヤマト運輸（100文字以内）')}
      {select(
        'payment',
        '支払方法',
        payments,
        invoiceApproved
          ? 'ご注文時に最初に選ばれるお支払い方法です。'
          : `ご注文時に最初に選ばれるお支払い方法です。${INVOICE_NOT_APPROVED_HINT}`,
      )}
      {text('order_no', '発注番号', 'ご注文に記載する貴社の発注番号です（50文字以内）。')}
    </>
  );
}
