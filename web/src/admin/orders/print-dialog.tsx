/**
 * 帳票を印刷: 納品書, ピッキングリスト or 領収書 of the selected orders as one PDF, downloaded;
 * the orders the server left out are counted (「N件は対象外のため出力しませんでした」).
 */
import { useState } from 'react';
import type { DocumentKind } from '../api/admin-types';
import { todayInJapan } from '../ui/date-time';
import { Dialog, DialogActions } from '../ui/dialog';
import { FormAlert, ui } from '../ui/form';
import { usePrintDocuments } from './bulk-queries';
import { bulkErrorText, DOCUMENTS, documentFileName, printedText } from './bulk-text';
import { saveBlob } from '../ui/save-file';

interface PrintDialogProps {
  orderNos: readonly string[];
  onPrinted: (message: string) => void;
  onClose: () => void;
}

export function PrintDialog({ orderNos, onPrinted, onClose }: PrintDialogProps) {
  const print = usePrintDocuments();
  const [kind, setKind] = useState<DocumentKind>('packing_slip');
  return (
    <Dialog title="帳票を印刷" busy={print.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="印刷する帳票"
        onSubmit={(event) => {
          event.preventDefault();
          print.mutate(
            { kind, order_nos: [...orderNos] },
            {
              onSuccess: (printed) => {
                saveBlob(printed.name ?? documentFileName(kind, todayInJapan()), printed.file);
                onPrinted(printedText(kind, orderNos.length, printed.skipped));
              },
            },
          );
        }}
      >
        <FormAlert message={print.isError ? bulkErrorText(print.error) : null} />
        <p>{`選択した${orderNos.length}件の注文の帳票をPDFで出力します。`}</p>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>帳票の種類</legend>
          <div className={ui.choices}>
            {DOCUMENTS.map((document, index) => (
              <label key={document.kind} className={ui.choice}>
                <input
                  type="radio"
                  name="kind"
                  value={document.kind}
                  checked={kind === document.kind}
                  data-autofocus={index === 0 || undefined}
                  onChange={() => setKind(document.kind)}
                />
                {document.label}
              </label>
            ))}
          </div>
        </fieldset>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={print.isPending}>
            {print.isPending ? '出力中…' : 'PDFを出力'}
          </button>
          <button type="button" className={ui.secondary} disabled={print.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
