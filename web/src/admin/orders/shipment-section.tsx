/**
 * One shipment of the order page: where it goes and when, のし and wrapping, its lines, its
 * tracking numbers (links to the carrier's page), and — for staff with `shipping` — the step to
 * the next state (出荷準備中, 出荷済み with carrier and numbers, 配達完了) or back one, with a reason,
 * and 出荷を分割 (some units to a new shipment) while it has not left.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DeskOrder, DeskShipment } from '../api/admin-types';
import { DateTime, formatDay } from '../ui/date-time';
import { Field, FormAlert, ui } from '../ui/form';
import { table } from '../ui/table';
import { Yen } from '../ui/yen';
import { ShipStateBadge } from './order-badges';
import { CARRIERS } from './order-labels';
import { useMoveShipment } from './order-queries';
import { SplitDialog } from './split-dialog';
import { canSplit } from './split-schema';
import {
  REASON_MAX,
  type ReasonValues,
  reasonRules,
  type ReportFailure,
  type ShipValues,
  shipRules,
  trackingNumbers,
} from './order-schema';
import styles from './order-page.module.css';

type ShipState = 'unshipped' | 'preparing' | 'shipped' | 'delivered';

/** One step back from each state, as the server allows it. */
const BACK: Partial<Record<ShipState, { to: ShipState; label: string }>> = {
  preparing: { to: 'unshipped', label: '未出荷' },
  shipped: { to: 'preparing', label: '出荷準備中' },
  delivered: { to: 'shipped', label: '出荷済み' },
};

type Panel = `ship:${string}` | `back:${string}`;

interface ShipmentSectionProps {
  order: DeskOrder;
  shipment: DeskShipment;
  index: number;
  panel: string | null;
  onToggle: (panel: Panel) => void;
  onDone: (message: string) => void;
  report: ReportFailure;
}

export function ShipmentSection({ order, shipment, index, panel, onToggle, onDone, report }: ShipmentSectionProps) {
  const titleId = useId();
  const move = useMoveShipment(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const [splitting, setSplitting] = useState(false);
  const splittable = canSplit(shipment, order.actions);
  const state = shipment.state.code as ShipState;
  const back = BACK[state];
  const code = shipment.code;
  const numbers = shipment.tracking.filter((number) => !number.removed_at);
  const replaced = shipment.tracking.filter((number) => number.removed_at);

  const step = (to: ShipState, message: string) => {
    setAlert(null);
    move.mutate(
      { code, to },
      { onSuccess: () => onDone(message), onError: (error) => setAlert(report(error, () => undefined, [])) },
    );
  };

  return (
    <section className={styles.shipment} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.shipmentTitle}>
        <span>
          出荷{order.shipments.length > 1 ? ` ${index + 1}` : ''}
          <span className={styles.shipmentCode}>{code}</span>
        </span>
        <ShipStateBadge shipment={shipment} />
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>お届け先</dt>
          <dd>
            {shipment.name ? `${shipment.name} 様` : '（お届け先未定）'}
            {shipment.full_address ? <span className={styles.sub}>{shipment.full_address}</span> : null}
            {shipment.phone_number ? <span className={styles.sub}>{shipment.phone_number}</span> : null}
          </dd>
        </div>
        <div>
          <dt>出荷予定日</dt>
          <dd>{shipment.planned_on ? formatDay(shipment.planned_on) : '未定'}</dd>
        </div>
        <div>
          <dt>お届け希望</dt>
          <dd>
            {shipment.delivery_date ? formatDay(shipment.delivery_date) : '日付指定なし'}・
            {shipment.delivery_timezone_label || '時間帯指定なし'}
          </dd>
        </div>
        {shipment.wrapping_label ? (
          <div>
            <dt>ラッピング</dt>
            <dd>{shipment.wrapping_label}</dd>
          </div>
        ) : null}
        {shipment.noshi_label ? (
          <div>
            <dt>のし</dt>
            <dd>
              {shipment.noshi_label}
              {shipment.noshi_name ? `（名入れ：${shipment.noshi_name}）` : ''}
            </dd>
          </div>
        ) : null}
        {shipment.carrier ? (
          <div>
            <dt>配送業者</dt>
            <dd>{shipment.carrier.label}</dd>
          </div>
        ) : null}
        {shipment.shipped_at ? (
          <div>
            <dt>出荷日時</dt>
            <dd>
              <DateTime value={shipment.shipped_at} />
            </dd>
          </div>
        ) : null}
        {shipment.delivered_at ? (
          <div>
            <dt>配達完了</dt>
            <dd>
              <DateTime value={shipment.delivered_at} />
            </dd>
          </div>
        ) : null}
        {shipment.shipped_mail_at ? (
          <div>
            <dt>発送完了メール</dt>
            <dd>
              <DateTime value={shipment.shipped_mail_at} /> 送信
            </dd>
          </div>
        ) : null}
      </dl>

      <div className={styles.tracking}>
        <h3 className={styles.subTitle}>送り状番号</h3>
        {numbers.length === 0 ? (
          <p className={styles.sub}>まだありません。</p>
        ) : (
          <ul className={styles.trackingList} aria-label={`${code}の送り状番号`}>
            {numbers.map((number) => (
              <li key={`${number.carrier}-${number.number}`}>
                {number.carrier_label ? `${number.carrier_label} ` : ''}
                {number.url ? (
                  <a href={number.url} target="_blank" rel="noreferrer">
                    {number.number}
                  </a>
                ) : (
                  number.number
                )}
              </li>
            ))}
          </ul>
        )}
        {replaced.length > 0 ? (
          <p className={styles.sub}>
            差し替え前：
            {replaced.map((number) => (
              <del key={`${number.number}-${number.added_at}`} className={styles.replaced}>
                {number.number}
              </del>
            ))}
          </p>
        ) : null}
      </div>

      <table className={`${table.table} ${styles.lines}`}>
        <caption className="visually-hidden">{`${code}の商品`}</caption>
        <thead>
          <tr>
            <th scope="col">商品コード</th>
            <th scope="col">商品名</th>
            <th scope="col">単価（税込）</th>
            <th scope="col">数量</th>
          </tr>
        </thead>
        <tbody>
          {shipment.lines.map((line) => (
            <tr key={line.id}>
              <td data-label="商品コード" className={table.nowrap}>
                {line.code}
              </td>
              <td data-label="商品名">
                <div>
                  {line.name}
                  {line.variation_name && line.variation_name !== line.name ? (
                    <span className={styles.sub}>{line.variation_name}</span>
                  ) : null}
                  {line.tax_rate !== 10 ? <span className={styles.sub}>軽減税率{line.tax_rate}%</span> : null}
                </div>
              </td>
              <td data-label="単価（税込）" className={table.numeric}>
                <Yen value={line.unit_price} />
              </td>
              <td data-label="数量" className={table.numeric}>
                {line.quantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {order.actions.ship || splittable ? (
        <div className={styles.shipActions}>
          <div className={ui.actions}>
            {order.actions.ship && state === 'unshipped' ? (
              <button
                type="button"
                className={ui.secondary}
                aria-label={`${code}を出荷準備中にする`}
                disabled={move.isPending}
                onClick={() => step('preparing', `${code}を出荷準備中にしました。`)}
              >
                出荷準備中にする
              </button>
            ) : null}
            {order.actions.ship && (state === 'unshipped' || state === 'preparing') ? (
              <button
                type="button"
                className={panel === `ship:${code}` ? ui.button : ui.secondary}
                aria-label={`${code}を出荷済みにする`}
                aria-expanded={panel === `ship:${code}`}
                onClick={() => onToggle(`ship:${code}`)}
              >
                出荷済みにする
              </button>
            ) : null}
            {order.actions.ship && state === 'shipped' ? (
              <button
                type="button"
                className={ui.secondary}
                aria-label={`${code}を配達完了にする`}
                disabled={move.isPending}
                onClick={() => step('delivered', `${code}を配達完了にしました。`)}
              >
                配達完了にする
              </button>
            ) : null}
            {order.actions.ship && back ? (
              <button
                type="button"
                className={ui.secondary}
                aria-label={`${code}を${back.label}に戻す`}
                aria-expanded={panel === `back:${code}`}
                onClick={() => onToggle(`back:${code}`)}
              >
                {`${back.label}に戻す`}
              </button>
            ) : null}
            {splittable ? (
              <button
                type="button"
                className={ui.secondary}
                aria-label={`${code}の出荷を分割`}
                aria-haspopup="dialog"
                onClick={() => setSplitting(true)}
              >
                出荷を分割
              </button>
            ) : null}
          </div>
          <FormAlert message={alert} />
          {panel === `ship:${code}` ? (
            <ShipForm order={order} shipment={shipment} onDone={onDone} report={report} />
          ) : null}
          {panel === `back:${code}` && back ? (
            <BackForm order={order} shipment={shipment} to={back} onDone={onDone} report={report} />
          ) : null}
          {splitting ? (
            <SplitDialog
              order={order}
              shipment={shipment}
              onClose={() => setSplitting(false)}
              onDone={(message) => {
                setSplitting(false);
                onDone(message);
              }}
              report={report}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

interface ShipFormProps {
  order: DeskOrder;
  shipment: DeskShipment;
  onDone: (message: string) => void;
  report: ReportFailure;
}

function ShipForm({ order, shipment, onDone, report }: ShipFormProps) {
  const move = useMoveShipment(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const current = shipment.tracking.filter((number) => !number.removed_at).map((number) => number.number);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShipValues>({
    defaultValues: { carrier: shipment.carrier?.code ?? 'yamato_b2', tracking_numbers: current.join(', ') },
  });
  const code = shipment.code;
  return (
    <form
      noValidate
      className={styles.form}
      aria-label={`${code}の出荷`}
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        const numbers = trackingNumbers(values.tracking_numbers);
        move.mutate(
          { code, to: 'shipped', carrier: values.carrier || undefined, tracking_numbers: numbers },
          {
            onSuccess: () => onDone(`${code}を出荷済みにしました。お客様に発送完了メールを送信しました。`),
            onError: (error) => setAlert(report(error, setError, ['carrier', 'tracking_numbers'])),
          },
        );
      })}
    >
      <FormAlert message={alert} />
      <div className={styles.formFields}>
        <Field label="配送業者" error={errors.carrier?.message}>
          {(control) => (
            <select {...control} {...register('carrier', shipRules.carrier)}>
              <option value="">選んでください</option>
              {CARRIERS.map((carrier) => (
                <option key={carrier.code} value={carrier.code}>
                  {carrier.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="送り状番号"
          hint="複数あるときはカンマか空白で区切ります。ハイフンはあってもなくてもかまいません。"
          error={errors.tracking_numbers?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('tracking_numbers', shipRules.tracking_numbers)}
            />
          )}
        </Field>
      </div>
      <p className={styles.formLead}>
        出荷済みにすると、お客様に発送完了メール（送り状番号と追跡リンク付き）が送られます。
      </p>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={move.isPending}>
          出荷済みにして通知する
        </button>
      </div>
    </form>
  );
}

interface BackFormProps extends ShipFormProps {
  to: { to: ShipState; label: string };
}

function BackForm({ order, shipment, to, onDone, report }: BackFormProps) {
  const move = useMoveShipment(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonValues>({ defaultValues: { reason: '' } });
  const code = shipment.code;
  return (
    <form
      noValidate
      className={styles.form}
      aria-label={`${code}を${to.label}に戻す`}
      onSubmit={handleSubmit(({ reason }) => {
        setAlert(null);
        move.mutate(
          { code, to: to.to, reason: reason.trim() },
          {
            onSuccess: () => onDone(`${code}を${to.label}に戻しました。`),
            onError: (error) => setAlert(report(error, setError, ['reason'])),
          },
        );
      })}
    >
      <FormAlert message={alert} />
      <Field label="戻す理由" hint={`${REASON_MAX}文字以内。履歴に残ります。`} error={errors.reason?.message}>
        {(control) => <textarea {...control} rows={2} {...register('reason', reasonRules('戻す理由'))} />}
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={move.isPending}>
          {`${to.label}に戻す`}
        </button>
      </div>
    </form>
  );
}
