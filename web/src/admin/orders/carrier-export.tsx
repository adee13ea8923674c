/**
 * 配送業者CSV: the carrier's file (送り状データ) for the selected orders' shipments that can still
 * go (未出荷・出荷準備中); the files download, the 未出荷 ones become 出荷準備中, and what the
 * carrier's encoding could not carry and what was left out are listed on the page.
 */
import { useId, useState } from 'react';
import type { DeskOrderRow, DeskShipment, ExportAnswer } from '../api/admin-types';
import { errorText } from '../api/admin-client';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { table } from '../ui/table';
import { CARRIERS, type CarrierCode, carrierLabel } from './order-labels';
import { useExportShipments } from './order-queries';
import { saveFile } from '../ui/save-file';
import styles from './orders.module.css';

/** A shipment that can still go into a carrier's file (the server checks the rest). */
export function exportable(order: DeskOrderRow, shipment: DeskShipment): boolean {
  return order.lifecycle.code !== 'cancelled' && ['unshipped', 'preparing'].includes(shipment.state.code);
}

/** The codes of the orders' shipments that can still go, in the orders' order. */
export function exportableCodes(orders: Iterable<DeskOrderRow>): string[] {
  return [...orders].flatMap((order) => order.shipments.filter((s) => exportable(order, s)).map((s) => s.code));
}

export interface Exported {
  carrier: CarrierCode;
  answer: ExportAnswer;
}

interface ExportDialogProps {
  orders: readonly DeskOrderRow[];
  onExported: (exported: Exported) => void;
  onClose: () => void;
}

export function ExportDialog({ orders, onExported, onClose }: ExportDialogProps) {
  const exporting = useExportShipments();
  const [carrier, setCarrier] = useState<CarrierCode>('yamato_b2');
  const codes = exportableCodes(orders);
  return (
    <Dialog title="配送業者CSV" busy={exporting.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="送り状データの出力"
        onSubmit={(event) => {
          event.preventDefault();
          exporting.mutate(
            { carrier, shipment_codes: codes },
            {
              onSuccess: (answer) => {
                for (const file of answer.files) saveFile(file.name, file.content_base64);
                onExported({ carrier, answer });
              },
            },
          );
        }}
      >
        <FormAlert message={exporting.isError ? errorText(exporting.error) : null} />
        {codes.length > 0 ? (
          <>
            <p>{`選択した注文の未出荷・出荷準備中の出荷${codes.length}件の送り状データを出力します。未出荷の出荷は「出荷準備中」になります。`}</p>
            <Field label="配送業者">
              {(control) => (
                <select
                  {...control}
                  data-autofocus
                  value={carrier}
                  onChange={(event) => setCarrier(event.target.value as CarrierCode)}
                >
                  {CARRIERS.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        ) : (
          <p>選択した注文には、送り状データを出力できる出荷（未出荷・出荷準備中）がありません。</p>
        )}
        <DialogActions>
          {codes.length > 0 ? (
            <button type="submit" className={ui.button} disabled={exporting.isPending}>
              {exporting.isPending ? '出力中…' : '送り状データ出力'}
            </button>
          ) : null}
          <button type="button" className={ui.secondary} disabled={exporting.isPending} onClick={onClose}>
            {codes.length > 0 ? 'やめる' : '閉じる'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function ExportResult({ carrier, answer }: Exported) {
  const titleId = useId();
  return (
    <section className={styles.result} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.resultTitle}>
        送り状データの出力結果
      </h2>
      <p role="status">
        {answer.files.length > 0
          ? `${carrierLabel(carrier)}の送り状データを出力しました（${answer.exported.length}件）。出力した未出荷の出荷は「出荷準備中」になりました。`
          : '出力できる出荷がありませんでした。'}
      </p>
      {answer.files.length > 0 ? (
        <ul className={styles.files} aria-label="出力したファイル">
          {answer.files.map((file) => (
            <li key={file.name}>
              <button
                type="button"
                className={ui.link}
                onClick={() => saveFile(file.name, file.content_base64)}
              >{`${file.name} をもう一度ダウンロード`}</button>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.replaced.length > 0 ? (
        <table className={table.table}>
          <caption className={styles.caption}>送り状で置き換えた文字（ラベルには「置き換え後」が印字されます）</caption>
          <thead>
            <tr>
              <th scope="col">出荷番号</th>
              <th scope="col">項目</th>
              <th scope="col">元の内容</th>
              <th scope="col">置き換え後</th>
            </tr>
          </thead>
          <tbody>
            {answer.replaced.map((replacement, index) => (
              <tr key={`${replacement.shipment_code}-${replacement.field}-${index}`}>
                <td data-label="出荷番号" className={table.nowrap}>
                  {replacement.shipment_code}
                </td>
                <td data-label="項目">{replacement.field}</td>
                <td data-label="元の内容">{replacement.original}</td>
                <td data-label="置き換え後">{replacement.replaced_with || '（空欄）'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {answer.skipped.length > 0 ? (
        <>
          <h3 className={styles.resultSub}>出力しなかった出荷</h3>
          <ul className={styles.skipped} aria-label="出力しなかった出荷">
            {answer.skipped.map((skip) => (
              <li key={skip.shipment_code}>
                <strong>{skip.shipment_code}</strong>：{skip.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
