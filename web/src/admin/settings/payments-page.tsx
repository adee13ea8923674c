/**
 * 支払方法設定 (/admin/settings/payments, docs/contracts/settings-payments.md): the shop's payment
 * methods in the order the checkout lists them. Above the list, when some totals can be paid by
 * no enabled method (the server's `gaps`), a warning box says which, one line each. Then the
 * methods, a table on desktop and one card per method on a phone (the shared table's stylesheet):
 * 名称 (to the method's editor), 状態 (有効 / 無効, and the server's `unready_reason` when the
 * checkout cannot offer the method: no card gateway, or 銀行振込 without an account, which links to
 * 振込先口座を設定する), 会員のみ, 手数料 and 利用できる金額 in words, and 上へ / 下へ, which
 * send the whole new order with the order shown: saved, the list shows the server's answer and
 * says so; reordered elsewhere first (409), the shared StaleNotice offers 最新の内容を読み込む.
 * Only for staff holding `shop_settings` (オーナー and 店長).
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorText, fieldError } from '../api/admin-client';
import { FormAlert, StatusNotice, ui } from '../ui/form';
import { LoadFailed, Loading } from '../ui/query-state';
import { StaleNotice, useStaleReload } from '../ui/stale-notice';
import { table } from '../ui/table';
import { isSettingsStale } from './carriage-queries';
import { paymentsQuery, refreshPayments, useSavePaymentOrder } from './payments-queries';
import { BANK_ACCOUNT_PATH } from './bank-account-types';
import {
  feeSummary,
  isBankTransfer,
  movedOrder,
  rangeSummary,
  SET_BANK_ACCOUNT_TEXT,
  unreadyReason,
} from './payments-schema';
import { type PaymentGap, type PaymentMethodSettings, paymentEditorPath } from './payments-types';
import { SettingsScreen } from './settings-form-frame';
import styles from './settings.module.css';

export const ORDER_SAVED_TEXT = '表示順を保存しました。';

export function PaymentsPage() {
  return (
    <SettingsScreen title="支払方法設定" forbidden="支払方法の設定は店舗オーナーまたは店長のみ行えます。">
      <PaymentsDesk />
    </SettingsScreen>
  );
}

type Direction = 'up' | 'down';

function PaymentsDesk() {
  const settings = useQuery(paymentsQuery());
  const order = useSavePaymentOrder();
  const [notice, setNotice] = useState<string | null>(null);
  // 最新の内容を読み込む that could not read: said here, the stale notice stays.
  const [alert, setAlert] = useState<string | null>(null);
  // Read afresh, the query has the methods: the list shows them by itself.
  const { reload, reloaded } = useStaleReload({
    refresh: refreshPayments,
    show: () => {},
    clearMessages: () => {
      order.reset();
      setNotice(null);
      setAlert(null);
    },
    setNotice,
    setAlert,
  });
  const ids = useId();
  // After a move the row sits elsewhere: the focus follows its button (or the other one, at an end).
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  const buttonId = (id: string, direction: Direction) => `${ids}-${id}-${direction}`;

  useEffect(() => {
    if (!refocus) return;
    const other: Direction = refocus.direction === 'up' ? 'down' : 'up';
    const button = [refocus.direction, other]
      .map((direction) => document.getElementById(buttonId(refocus.id, direction)))
      .find((element): element is HTMLButtonElement => element instanceof HTMLButtonElement && !element.disabled);
    button?.focus();
    setRefocus(null);
  });

  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadFailed error={settings.error} />;
  const { data: methods, gaps } = settings.data;

  const move = (index: number, direction: Direction) => {
    const method = methods[index];
    if (!method) return;
    const was = methods.map(({ id }) => id);
    setNotice(null);
    setAlert(null);
    order.mutate(
      { ids: movedOrder(was, index, direction === 'up' ? -1 : 1), was },
      {
        onSuccess: () => {
          setNotice(ORDER_SAVED_TEXT);
          setRefocus({ id: method.id, direction });
        },
      },
    );
  };

  const failure = order.error;
  const stale = failure !== null && isSettingsStale(failure);
  const refused = failure && !stale ? (fieldError(failure, 'ids') ?? errorText(failure)) : null;
  return (
    <>
      <p className={styles.lead}>
        ご注文手続きでは、有効なお支払い方法をこの順に表示します。名称を選ぶと、手数料や利用できる金額を編集できます。
      </p>
      {gaps.length > 0 ? <Gaps gaps={gaps} /> : null}
      <StatusNotice message={notice} />
      {stale ? <StaleNotice message={errorText(failure)} reload={reload} onReloaded={reloaded} /> : null}
      <FormAlert message={alert ?? refused} />

      {methods.length === 0 ? (
        <p className={table.empty}>支払方法がありません。</p>
      ) : (
        <table className={`${table.table} ${styles.payments}`}>
          <caption className="visually-hidden">支払方法の一覧（ご注文手続きの表示順）</caption>
          <thead>
            <tr>
              <th scope="col">名称</th>
              <th scope="col">状態</th>
              <th scope="col">会員のみ</th>
              <th scope="col">手数料</th>
              <th scope="col">利用できる金額</th>
              <th scope="col">表示順</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method, index) => (
              <MethodRow
                key={method.id}
                method={method}
                first={index === 0}
                last={index === methods.length - 1}
                busy={order.isPending}
                buttonId={(direction) => buttonId(method.id, direction)}
                onMove={(direction) => move(index, direction)}
              />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The totals no enabled method takes: a warning box, one line per range (not an alert: it is the page's state). */
function Gaps({ gaps }: { gaps: readonly PaymentGap[] }) {
  return (
    <section aria-label="支払方法の注意" className={styles.gaps}>
      <ul>
        {gaps.map((gap) => (
          <li key={`${gap.from}-${gap.to ?? ''}-${gap.members_too}`}>{gap.message}</li>
        ))}
      </ul>
    </section>
  );
}

interface MethodRowProps {
  method: PaymentMethodSettings;
  first: boolean;
  last: boolean;
  busy: boolean;
  buttonId: (direction: Direction) => string;
  onMove: (direction: Direction) => void;
}

function MethodRow({ method, first, last, busy, buttonId, onMove }: MethodRowProps) {
  const reason = unreadyReason(method);
  return (
    <tr>
      <td data-label="名称">
        <Link to={paymentEditorPath(method.id)} className={styles.methodName}>
          {method.name}
        </Link>
      </td>
      <td data-label="状態">
        <span className={styles.methodState}>
          <span>{method.is_enabled ? '有効' : '無効'}</span>
          {reason === null ? null : <span className={styles.methodNote}>{reason}</span>}
          {reason !== null && isBankTransfer(method) ? (
            <Link to={BANK_ACCOUNT_PATH} className={styles.methodLink}>
              {SET_BANK_ACCOUNT_TEXT}
            </Link>
          ) : null}
        </span>
      </td>
      <td data-label="会員のみ">{method.member_only ? 'はい' : 'いいえ'}</td>
      <td data-label="手数料">{feeSummary(method.fee_tiers)}</td>
      <td data-label="利用できる金額">{rangeSummary(method.min_total, method.max_total)}</td>
      <td data-label="表示順">
        <span className={styles.moves}>
          <button
            type="button"
            id={buttonId('up')}
            className={ui.secondary}
            aria-label={`${method.name}を上へ`}
            disabled={first || busy}
            onClick={() => onMove('up')}
          >
            上へ
          </button>
          <button
            type="button"
            id={buttonId('down')}
            className={ui.secondary}
            aria-label={`${method.name}を下へ`}
            disabled={last || busy}
            onClick={() => onMove('down')}
          >
            下へ
          </button>
        </span>
      </td>
    </tr>
  );
}
