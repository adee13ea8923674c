/**
 * A section's upload: a CSV chosen (or dropped on the frame) is sent at once for a dry run, which
 * changes nothing; a file the server would refuse for its size is refused here first. The products
 * section also takes a ZIP of the CSV and the photos its 画像 column names by file name.
 */
import { useState } from 'react';
import { Field, FormAlert } from '../ui/form';
import { fileProblem, importErrorText, useStartImport } from './csv-queries';
import { type ImportKind, KIND_LABELS } from './csv-types';
import styles from './csv.module.css';

const HINTS: Record<ImportKind, string> = {
  products:
    'CSV（UTF-8またはShift_JIS）か、CSVと画像をまとめたZIP。50MBまで。画像列には、ZIPに入れた画像のファイル名、画像のURL（https://…）、書き出したときの画像のURLを「|」で区切って書けます。選ぶ（またはここにドロップする）と内容の確認を始めます。確認だけでは何も変わりません。',
  inventory:
    'UTF-8またはShift_JIS、50MBまで。選ぶ（またはここにドロップする）と内容の確認を始めます。確認だけでは何も変わりません。',
};

const ACCEPTS: Record<ImportKind, string> = {
  products: '.csv,.txt,.zip,text/csv,application/zip',
  inventory: '.csv,.txt,text/csv',
};

export function Upload({ kind, onStarted }: { kind: ImportKind; onStarted: (id: string) => void }) {
  const upload = useStartImport();
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const send = (file: File) => {
    const refused = fileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate({ kind, file }, { onSuccess: (job) => onStarted(job.id) });
  };

  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>取り込み</h3>
      <FormAlert message={upload.isError ? importErrorText(upload.error) : null} />
      {/* Dropping is a shortcut; the file input is the control (keyboard and screen readers). */}
      <fieldset
        className={`${styles.drop} ${over ? styles.dropOver : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (file && !upload.isPending) send(file);
        }}
      >
        <legend className="visually-hidden">{`${KIND_LABELS[kind]}を取り込む`}</legend>
        <Field label={`${KIND_LABELS[kind]}ファイル`} hint={HINTS[kind]} error={problem ?? undefined}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ACCEPTS[kind]}
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                // The same file may be chosen again after it is fixed.
                event.target.value = '';
                if (file) send(file);
              }}
            />
          )}
        </Field>
        {upload.isPending ? (
          <p role="status" className={styles.hint}>
            アップロード中…
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
