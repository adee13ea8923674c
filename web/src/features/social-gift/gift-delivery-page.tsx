/**
 * /social-gift/delivery: the date and time slot the recipient would like, from the lead time of
 * the address given (GET /v1/shipping-leadtime/input/{token}?postal=&pref=; 「指定なし」 is
 * always a choice). Where no date can be chosen (remote islands) the reason says why and nothing
 * is asked. POST /v1/social-gifts/check/delivery checks the choice; its 422 messages go under
 * the fields.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/form-errors';
import { ApiError } from '../../lib/api-error';
import { FormAlert, FormField, SubmitButton, buttonClass, controlClass } from '../../ui/form-field';
import { GIFT_PATHS, saveGiftDelivery, type GiftDeliveryChoice } from './gift-memory';
import { GiftFailureView, GiftFrame, GiftLoading, stepErrorsOf, useGiftStep } from './gift-parts';
import { checkGiftDelivery, giftFailure, giftLeadtimesQuery } from './gift-queries';
import type { GiftAddress, GiftLeadtime } from './gift-types';
import styles from './social-gift.module.css';

type DeliveryErrors = Partial<Record<'delivery_at' | 'delivery_timezone', string>>;

const firstOf = (errors: Record<string, string[]> | undefined, key: string): string | undefined =>
  errors?.[key]?.find((m) => m !== '');

/** A kept choice that the lead time still offers, else 指定なし. */
function initialChoice(kept: GiftDeliveryChoice | null, leadtime: GiftLeadtime | undefined) {
  const date = kept?.delivery_at && leadtime?.dates.some((d) => d.date === kept.delivery_at) ? kept.delivery_at : '';
  const slot =
    kept?.delivery_timezone && leadtime?.timezones.some((t) => t.key === kept.delivery_timezone)
      ? kept.delivery_timezone
      : '';
  return { date, slot };
}

function DeliveryForm({
  token,
  shipping,
  leadtime,
  kept,
}: {
  token: string;
  shipping: GiftAddress;
  leadtime: GiftLeadtime | undefined;
  kept: GiftDeliveryChoice | null;
}) {
  const navigate = useNavigate();
  const back = stepErrorsOf(useLocation().state);
  const initial = initialChoice(kept, leadtime);
  const [date, setDate] = useState(initial.date);
  const [slot, setSlot] = useState(initial.slot);
  const [errors, setErrors] = useState<DeliveryErrors>({
    delivery_at: firstOf(back, 'delivery_at'),
    delivery_timezone: firstOf(back, 'delivery_timezone'),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const noDate = Boolean(leadtime?.no_date_reason);
  const dates = noDate ? [] : (leadtime?.dates ?? []);
  const slots = noDate ? [] : (leadtime?.timezones ?? []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    setSending(true);
    const choice: GiftDeliveryChoice = {
      delivery_at: noDate || date === '' ? null : date,
      delivery_timezone: noDate || slot === '' ? null : slot,
      date_label: dates.find((d) => d.date === date)?.label ?? null,
      timezone_label: slots.find((t) => t.key === slot)?.label ?? null,
    };
    try {
      await checkGiftDelivery({
        token,
        postal_code: shipping.postal_code,
        prefecture: shipping.prefecture,
        delivery_at: choice.delivery_at,
        delivery_timezone: choice.delivery_timezone,
      });
      saveGiftDelivery(choice);
      navigate(GIFT_PATHS.confirm);
    } catch (error) {
      setSending(false);
      if (giftFailure(error)) {
        setFailure(error);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        const fields = {
          delivery_at: firstOf(error.errors, 'delivery_at'),
          delivery_timezone: firstOf(error.errors, 'delivery_timezone'),
        };
        setErrors(fields);
        if (!fields.delivery_at && !fields.delivery_timezone) setFormError(errorMessage(error));
        return;
      }
      setFormError(errorMessage(error));
    }
  };

  if (failure) return <GiftFailureView error={failure} token={token} />;

  const earliest = leadtime?.dates[0]?.label;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="お届け日時の指定">
      <FormAlert message={formError} />
      <div className={`${styles.section} ${styles.box}`}>
        {noDate ? (
          <p role="note">{leadtime?.no_date_reason}</p>
        ) : (
          <>
            <FormField
              label="お届け希望日"
              error={errors.delivery_at}
              hint={earliest ? `最短のお届け日は${earliest}です。` : undefined}
            >
              {(c) => (
                <select {...c} className={controlClass.select} value={date} onChange={(e) => setDate(e.target.value)}>
                  <option value="">指定なし</option>
                  {dates.map((d) => (
                    <option key={d.date} value={d.date}>
                      {d.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="お届け時間帯" error={errors.delivery_timezone}>
              {(c) => (
                <select {...c} className={controlClass.select} value={slot} onChange={(e) => setSlot(e.target.value)}>
                  <option value="">指定なし</option>
                  {slots.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
      </div>
      <div className={styles.actions}>
        <SubmitButton pending={sending}>入力内容の確認へ</SubmitButton>
        <Link to={GIFT_PATHS.shipping} className={buttonClass.secondary}>
          お届け先に戻る
        </Link>
      </div>
    </form>
  );
}

export function GiftDeliveryPage() {
  const { memory, redirect } = useGiftStep('delivery');
  const token = memory?.token ?? '';
  const shipping = memory?.shipping ?? null;
  const leadtimes = useQuery({
    ...giftLeadtimesQuery(token, shipping?.postal_code ?? '', shipping?.prefecture ?? ''),
    enabled: redirect === null && shipping !== null,
  });
  if (redirect || !shipping) return <Navigate to={redirect ?? GIFT_PATHS.shipping} replace />;
  if (leadtimes.isError && giftFailure(leadtimes.error)) {
    return <GiftFailureView error={leadtimes.error} token={token} />;
  }
  return (
    <GiftFrame title="お届け日時の指定" step="delivery">
      <p className={styles.muted}>
        お届け先：〒{shipping.postal_code.replace(/^(\d{3})(\d{4})$/, '$1-$2')} {shipping.prefecture}
        {shipping.city}
        {shipping.address1}
      </p>
      {leadtimes.isPending ? (
        <GiftLoading />
      ) : leadtimes.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(leadtimes.error) ?? 'お届け日を読み込めませんでした。時間をおいて再度お試しください。'}
        </p>
      ) : (
        <DeliveryForm token={token} shipping={shipping} leadtime={leadtimes.data[0]} kept={memory?.delivery ?? null} />
      )}
    </GiftFrame>
  );
}

export { GiftDeliveryPage as Component };
