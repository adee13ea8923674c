/**
 * The order's history, oldest first: what the customer and the shop's processes did, what each
 * member of staff changed (by name), the mails sent, and the staff's notes — with the form that
 * adds one (never shown to the customer).
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DeskOrder } from '../api/admin-types';
import { Badge } from '../ui/badge';
import { DateTime } from '../ui/date-time';
import { Field, FormAlert, ui } from '../ui/form';
import { useAddOrderNote } from './order-queries';
import { NOTE_MAX, type NoteValues, noteRules, type ReportFailure } from './order-schema';
import styles from './order-page.module.css';

interface OrderTimelineProps {
  order: DeskOrder;
  onDone: (message: string) => void;
  report: ReportFailure;
}

export function OrderTimeline({ order, onDone, report }: OrderTimelineProps) {
  const titleId = useId();
  return (
    <section className={styles.timeline} aria-labelledby={titleId}>
      <h2 id={titleId}>履歴</h2>
      <ol className={styles.events} aria-label="この注文の履歴（古い順）">
        {order.timeline.map((event, index) => (
          <li
            key={`${event.at}-${index}`}
            className={`${styles.event} ${event.kind.code === 'note' ? styles.noteEvent : ''}`}
          >
            <p className={styles.eventMeta}>
              <DateTime value={event.at} />
              <Badge tone={event.kind.code === 'mail' ? 'member' : 'plain'}>{event.kind.label}</Badge>
              <span>{event.staff_name || 'お客様・システム'}</span>
            </p>
            {event.detail ? <p className={styles.eventDetail}>{event.detail}</p> : null}
          </li>
        ))}
      </ol>
      {order.actions.note ? <NoteForm order={order} onDone={onDone} report={report} /> : null}
    </section>
  );
}

function NoteForm({ order, onDone, report }: OrderTimelineProps) {
  const add = useAddOrderNote(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<NoteValues>({ defaultValues: { body: '' } });
  return (
    <form
      noValidate
      className={styles.form}
      aria-label="メモの追加"
      onSubmit={handleSubmit(({ body }) => {
        setAlert(null);
        add.mutate(body.trim(), {
          onSuccess: () => {
            reset();
            onDone('メモを追加しました。');
          },
          onError: (error) => setAlert(report(error, setError, ['body'])),
        });
      })}
    >
      <FormAlert message={alert} />
      <Field
        label="メモ"
        hint={`${NOTE_MAX}文字以内。スタッフだけが見られます（お客様には表示されません）。`}
        error={errors.body?.message}
      >
        {(control) => <textarea {...control} rows={3} {...register('body', noteRules)} />}
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.secondary} disabled={add.isPending}>
          メモを追加
        </button>
      </div>
    </form>
  );
}
