/**
 * 返品・返金 (docs/contracts/refunds.md): staff enter how many units of each line came back (or are
 * not sent), 計算する asks the server's proposal (POST …/refunds/preview), they may change the
 * amount and the points, choose 在庫に戻す / 戻さない and give the reason; 内容を確認する shows it all
 * once more and 返品・返金を確定する records it (POST …/refunds with the order's version). A card
 * is refunded at once; any other payment waits in 振込待ち for 振込完了にする.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { errorText } from '../api/admin-client';
import type { DeskOrder, ProposalLine, RefundProposal } from '../api/admin-types';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { table } from '../ui/table';
import { refundLinesQuery, usePreviewRefund, useRecordRefund } from './order-queries';
import { REASON_MAX, type ReportFailure, reasonRules } from './order-schema';
import {
  amountRules,
  bankAccountRules,
  lineName,
  linesError,
  pointsReturnedRules,
  pointsRevokedRules,
  proposalKey,
  pt,
  quantityRules,
  REFUND_FIELDS,
  type RefundDraft,
  type RefundLine,
  type RefundValues,
  readWhole,
  refundLines,
  restockRules,
  unitCount,
  yen,
} from './refund-schema';
import styles from './order-page.module.css';

interface RefundPanelProps {
  order: DeskOrder;
  onDone: (message: string) => void;
  report: ReportFailure;
}

/** The panel: the order's lines come from the proposal for no unit. */
export function RefundPanel({ order, onDone, report }: RefundPanelProps) {
  const start = useQuery(refundLinesQuery(order.order_no));
  return (
    <div className={styles.refundPanel}>
      {start.isPending ? <Loading /> : null}
      {start.isError ? <LoadFailed error={start.error} /> : null}
      {start.data ? <RefundForm order={order} lines={start.data.lines} onDone={onDone} report={report} /> : null}
    </div>
  );
}

interface Computed {
  key: string;
  proposal: RefundProposal;
}

function RefundForm({ order, lines, onDone, report }: RefundPanelProps & { lines: ProposalLine[] }) {
  const preview = usePreviewRefund(order.order_no);
  const record = useRecordRefund(order.order_no);
  const [alert, setAlert] = useState<string | null>(null);
  const [computed, setComputed] = useState<Computed | null>(null);
  const [confirming, setConfirming] = useState<RefundDraft | null>(null);
  const form = useForm<RefundValues>({
    defaultValues: {
      quantities: lines.map(() => '0'),
      include_fees: false,
      amount: '',
      points_returned: '0',
      points_revoked: '0',
      restock: '',
      reason: '',
      bank_account: '',
      notify: true,
    },
  });
  const { register, handleSubmit, trigger, getValues, setValue, clearErrors, setError, control } = form;
  const quantities = useWatch({ control, name: 'quantities' });
  const includeFees = useWatch({ control, name: 'include_fees' });
  const chosen = { lines: refundLines(lines, quantities), include_fees: includeFees };
  // The figures below hold only for the units they were computed for.
  const current = computed && computed.key === proposalKey(chosen) ? computed.proposal : null;

  async function calculate() {
    setAlert(null);
    if (!(await trigger(lines.map((_, index) => `quantities.${index}` as const)))) return;
    const values = getValues();
    const input = { lines: refundLines(lines, values.quantities), include_fees: values.include_fees };
    preview.mutate(input, {
      onSuccess: (proposal) => {
        setComputed({ key: proposalKey(input), proposal });
        setValue('amount', String(proposal.suggested_amount));
        setValue('points_returned', String(proposal.points_returned));
        setValue('points_revoked', String(proposal.points_revoked));
        clearErrors(['amount', 'points_returned', 'points_revoked', 'restock']);
      },
      onError: (error) => {
        setComputed(null);
        setAlert(linesError(error) ?? errorText(error));
      },
    });
  }

  return (
    <form
      noValidate
      className={styles.refundForm}
      aria-label="返品・返金"
      onSubmit={handleSubmit((values) => {
        setAlert(null);
        if (!current) return;
        const input = refundInput(values, chosen.lines, current);
        if (input.lines.length === 0 && input.amount === 0) {
          setAlert('返品する商品か返金額を入力してください');
          return;
        }
        setConfirming(input);
      })}
    >
      <FormAlert message={alert} />
      <p className={styles.formLead}>
        戻ってきた商品（または発送しない商品）の数を入れて「計算する」を押してください。返金だけのときは0のままにします。
      </p>
      <LinesTable lines={lines} form={form} />
      <label className={ui.choice}>
        <input type="checkbox" {...register('include_fees')} />
        送料・手数料も返金する
      </label>
      <div className={`${ui.actions} ${styles.refundStep}`}>
        <button
          type="button"
          className={current ? ui.secondary : ui.button}
          disabled={preview.isPending}
          onClick={() => void calculate()}
        >
          {preview.isPending ? '計算中…' : '計算する'}
        </button>
      </div>
      {computed && !current ? (
        <p className={styles.formLead} role="status">
          数量か送料・手数料の指定が変わりました。もう一度「計算する」を押してください。
        </p>
      ) : null}
      {current ? <ProposalFields proposal={current} units={unitCount(quantities)} form={form} /> : null}
      {current ? (
        <div className={ui.actions}>
          <button type="submit" className={ui.button} disabled={record.isPending}>
            内容を確認する
          </button>
        </div>
      ) : null}
      {confirming && current ? (
        <ConfirmDialog
          title="返品・返金の確認"
          confirmLabel="返品・返金を確定する"
          pending={record.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            record.mutate(confirming, {
              onSuccess: (next) => {
                setConfirming(null);
                onDone(doneMessage(next, confirming.notify));
              },
              onError: (error) => {
                setConfirming(null);
                const rest = report(error, setError, REFUND_FIELDS);
                setAlert(linesError(error) ?? rest);
              },
            })
          }
        >
          <RefundSummary input={confirming} lines={lines} proposal={current} />
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function refundInput(values: RefundValues, lines: RefundLine[], proposal: RefundProposal): RefundDraft {
  const manual = proposal.method.code === 'manual';
  return {
    lines,
    restock: lines.length > 0 && values.restock === 'yes',
    amount: readWhole(values.amount) ?? 0,
    points_returned: readWhole(values.points_returned) ?? 0,
    points_revoked: readWhole(values.points_revoked) ?? 0,
    reason: values.reason.trim(),
    bank_account: manual ? values.bank_account.trim() : '',
    notify: values.notify,
  };
}

/** What the page says once recorded: the newest refund, as the server answered it. */
function doneMessage(order: DeskOrder, notify: boolean): string {
  const refund = order.refunds[order.refunds.length - 1];
  if (!refund) return '返品・返金を記録しました。';
  const head = `返品・返金 #${refund.refund_no} を記録しました`;
  if (refund.state.code === 'failed') {
    return `${head}が、返金できませんでした（${refund.failure || '理由不明'}）。注文は要確認になりました。`;
  }
  const money = refund.amount > 0 ? `（${yen(refund.amount)}・${refund.method.label}）` : '（返金なし）';
  const transfer =
    refund.state.code === 'awaiting_transfer' ? 'お振込みのあと「振込完了にする」を押してください。' : '';
  return `${head}${money}。${notify ? 'お客様にメールでお知らせしました。' : ''}${transfer}`;
}

// ---- the lines and their units ------------------------------------------------------------------

function LinesTable({ lines, form }: { lines: ProposalLine[]; form: UseFormReturn<RefundValues> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <table className={`${table.table} ${styles.lines}`}>
      <caption className="visually-hidden">注文の商品と返品数</caption>
      <thead>
        <tr>
          <th scope="col">商品</th>
          <th scope="col">単価</th>
          <th scope="col">購入数</th>
          <th scope="col">返品済み</th>
          <th scope="col">返品数</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const message = errors.quantities?.[index]?.message;
          const inputId = `refund-${line.line_id}`;
          return (
            <tr key={line.line_id}>
              <td data-label="商品">{lineName(line)}</td>
              <td data-label="単価" className={table.numeric}>
                {yen(line.unit_price)}
              </td>
              <td data-label="購入数" className={table.numeric}>
                {line.ordered}
              </td>
              <td data-label="返品済み" className={table.numeric}>
                {line.returned}
              </td>
              <td data-label="返品数">
                {line.returnable > 0 ? (
                  <div>
                    <input
                      id={inputId}
                      className={`${ui.control} ${styles.moveInput}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.returnable}
                      step={1}
                      aria-label={`${lineName(line)} の返品数`}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${inputId}-error` : undefined}
                      {...register(`quantities.${index}`, quantityRules(line))}
                    />
                    {message ? (
                      <span id={`${inputId}-error`} className={styles.fieldError}>
                        {message}
                      </span>
                    ) : null}
                  </div>
                ) : (
                  <span className={styles.sub}>
                    {line.shipped ? 'すべて返品済み' : '未出荷（出荷後に返品できます）'}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

// ---- the proposal and what staff decide --------------------------------------------------------

interface ProposalFieldsProps {
  proposal: RefundProposal;
  /** Units coming back: 在庫 is asked only then. */
  units: number;
  form: UseFormReturn<RefundValues>;
}

function ProposalFields({ proposal, units, form }: ProposalFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  const figures: [string, string][] = [
    ['返金方法', proposal.method.label],
    ['商品代', yen(proposal.goods_amount)],
    ['クーポン値引き', yen(-proposal.coupon_share)],
    ['ポイント充当', yen(-proposal.points_share)],
    ['送料・手数料', yen(proposal.fees_amount)],
    ['返金できる上限', yen(proposal.refundable)],
  ];
  return (
    <div className={styles.refundStep}>
      <dl className={styles.amounts} aria-label="計算結果">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.formFields}>
        <Field
          label="返金額（円）"
          hint={`計算した額 ${yen(proposal.suggested_amount)}。0円なら返金しません。`}
          error={errors.amount?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('amount', amountRules(proposal.refundable))}
            />
          )}
        </Field>
        <Field
          label="返却するポイント"
          hint={`ご利用ポイントの残り ${pt(proposal.points_returnable)}`}
          error={errors.points_returned?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('points_returned', pointsReturnedRules(proposal.points_returnable))}
            />
          )}
        </Field>
        <Field
          label="取り消すポイント"
          hint={`付与ポイントの残り ${pt(proposal.points_revocable)}`}
          error={errors.points_revoked?.message}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              {...register('points_revoked', pointsRevokedRules(proposal.points_revocable))}
            />
          )}
        </Field>
      </div>
      {units > 0 ? (
        <fieldset className={ui.fieldset} aria-describedby={errors.restock ? 'refund-restock-error' : undefined}>
          <legend className={ui.legend}>在庫</legend>
          <div className={ui.choices}>
            <label className={ui.choice}>
              <input type="radio" value="yes" {...register('restock', restockRules)} />
              在庫に戻す
            </label>
            <label className={ui.choice}>
              <input type="radio" value="no" {...register('restock', restockRules)} />
              在庫に戻さない
            </label>
          </div>
          {errors.restock?.message ? (
            <p id="refund-restock-error" className={styles.fieldError}>
              {errors.restock.message}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <Field label="理由" hint={`${REASON_MAX}文字以内。`} error={errors.reason?.message}>
        {(control) => <textarea {...control} rows={3} {...register('reason', reasonRules('返品・返金の理由'))} />}
      </Field>
      {proposal.method.code === 'manual' ? (
        <Field
          label="振込先（お客様から伺った口座）"
          hint="銀行名・支店名・口座の種類・口座番号・口座名義。振込待ちの間、この注文に表示します。"
          error={errors.bank_account?.message}
        >
          {(control) => <textarea {...control} rows={2} {...register('bank_account', bankAccountRules)} />}
        </Field>
      ) : null}
      <label className={ui.choice}>
        <input type="checkbox" {...register('notify')} />
        お客様にメールを送る
      </label>
    </div>
  );
}

// ---- the confirmation ---------------------------------------------------------------------------

interface SummaryProps {
  input: RefundDraft;
  lines: ProposalLine[];
  proposal: RefundProposal;
}

function RefundSummary({ input, lines, proposal }: SummaryProps) {
  const returned = input.lines.map((chosen) => {
    const line = lines.find((l) => l.line_id === chosen.line_id);
    return { id: chosen.line_id, text: `${line ? lineName(line) : chosen.line_id} × ${chosen.quantity}点` };
  });
  const rows: [string, string][] = [
    ['返金方法', input.amount > 0 ? proposal.method.label : '返金なし'],
    ['返金額', yen(input.amount)],
    ['返却するポイント', pt(input.points_returned)],
    ['取り消すポイント', pt(input.points_revoked)],
  ];
  if (returned.length > 0) rows.unshift(['在庫', input.restock ? '在庫に戻す' : '在庫に戻さない']);
  if (proposal.method.code === 'manual' && input.amount > 0) rows.push(['振込先', input.bank_account || '（未入力）']);
  rows.push(['理由', input.reason], ['お客様へのメール', input.notify ? '送る' : '送らない']);
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>返品する商品</dt>
          <dd>
            {returned.length > 0 ? (
              <ul className={styles.refundLines}>
                {returned.map((line) => (
                  <li key={line.id}>{line.text}</li>
                ))}
              </ul>
            ) : (
              'なし（返金のみ）'
            )}
          </dd>
        </div>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={styles.noteBody}>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        {proposal.method.code === 'card' && input.amount > 0
          ? '確定するとすぐにクレジットカードへ返金します。'
          : proposal.method.code === 'manual' && input.amount > 0
            ? '確定すると振込待ちになります。お振込みのあと「振込完了にする」を押してください。'
            : ''}
        確定した返品・返金は取り消せません。
      </p>
    </>
  );
}
