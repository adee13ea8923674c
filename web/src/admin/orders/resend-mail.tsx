/**
 * メールを再送: one of the order's mails sent to the customer again (ご注文確認, 入金確認,
 * 発送完了 of a shipment that has left, キャンセル) — only those the server lists in
 * `resend_mails`. The order comes back with the mail on its timeline.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { DeskOrder } from '../api/admin-types';
import { Field, FormAlert, ui } from '../ui/form';
import { useResendMail } from './order-queries';
import type { ReportFailure } from './order-schema';
import styles from './order-page.module.css';

/** The mail that tells of a shipment: it needs one that has left. */
const SHIPPED = 'shipped';

interface ResendMailProps {
  order: DeskOrder;
  onDone: (message: string) => void;
  report: ReportFailure;
}

interface MailValues {
  kind: string;
  shipment_code: string;
}

export function ResendMail({ order, onDone, report }: ResendMailProps) {
  const titleId = useId();
  if (order.resend_mails.length === 0) return null;
  return (
    <section className={styles.mails} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        メールを再送
      </h2>
      <ResendForm order={order} onDone={onDone} report={report} />
    </section>
  );
}

function ResendForm({ order, onDone, report }: ResendMailProps) {
  const resend = useResendMail(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const shipped = order.shipments.filter((shipment) => ['shipped', 'delivered'].includes(shipment.state.code));
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<MailValues>({
    defaultValues: { kind: order.resend_mails[0]?.code ?? '', shipment_code: shipped[0]?.code ?? '' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const needsShipment = kind === SHIPPED;

  return (
    <form
      noValidate
      aria-label="メールの再送"
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        const label = order.resend_mails.find((mail) => mail.code === values.kind)?.label ?? values.kind;
        resend.mutate(
          needsShipment ? { kind: values.kind, shipment_code: values.shipment_code } : { kind: values.kind },
          {
            onSuccess: () => onDone(`「${label}」のメールをお客様に再送しました。`),
            onError: (error) => setAlert(report(error, setError, ['kind', 'shipment_code'])),
          },
        );
      })}
    >
      <FormAlert message={alert} />
      <div className={styles.formFields}>
        <Field label="メールの種類" error={errors.kind?.message}>
          {(control) => (
            <select {...control} {...register('kind')}>
              {order.resend_mails.map((mail) => (
                <option key={mail.code} value={mail.code}>
                  {mail.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {needsShipment ? (
          <Field label="出荷" error={errors.shipment_code?.message}>
            {(control) => (
              <select
                {...control}
                {...register('shipment_code', {
                  validate: (value) => !needsShipment || value !== '' || '出荷を選んでください',
                })}
              >
                {shipped.length === 0 ? <option value="">出荷済みの出荷がありません</option> : null}
                {shipped.map((shipment) => (
                  <option key={shipment.code} value={shipment.code}>
                    {`${shipment.code}（${shipment.state.label}）`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>
      <div className={ui.actions}>
        <button type="submit" className={ui.secondary} disabled={resend.isPending}>
          {resend.isPending ? '送信中…' : 'メールを再送する'}
        </button>
      </div>
    </form>
  );
}
