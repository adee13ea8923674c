import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { hasFieldErrors } from '../../lib/form-errors';
import { parsePageParam } from '../../lib/page-param';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../api/session';
import { showToast } from '../../lib/toast';
import { buttonClass, controlClass } from '../../ui/form-field';
import { NoticeSlot } from '../../ui/notice-slot';
import { Pagination } from '../../ui/pagination';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import {
  OWN_ADDRESS,
  addressBookQuery,
  useAddressBook,
  useDeleteAddress,
  useDeleteAllAddresses,
  useExportAddresses,
  useImportAddresses,
  useSetDefaultAddress,
  type ExportEncoding,
  type UserAddress,
} from './address-queries';
import { MypageFrame } from '../../ui/mypage-frame';
import styles from './address.module.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get('page'));
  if (sessionStore.get().isLogin) await queryClient.ensureQueryData(addressBookQuery(page));
  return null;
}

export const MESSAGES = {
  deleted: 'お届け先を削除しました。',
  deletedAll: (count: number) => `${count}件のお届け先を削除しました。`,
  defaultSet: '既定のお届け先を変更しました。',
  senderSet: '既定の送り主を変更しました。',
  imported: (count: number) => `${count}件のお届け先を取り込みました。`,
  noFile: 'CSVファイルを選択してください',
} as const;

const IMPORT_COLUMNS =
  'お届け先名(姓), お届け先名(名), フリガナ(姓), フリガナ(名), 郵便番号, 都道府県, 市区町村, 番地, 建物名, 電話番号, 携帯電話番号';

type Pending = { kind: 'one'; entry: UserAddress } | { kind: 'all' } | null;

/** `rows.12.city` → 12 (file-level messages first). */
function rowOf(key: string): number {
  const row = /^rows\.(\d+)\./.exec(key)?.[1];
  return row === undefined ? 0 : Number(row);
}

/** An import's 422: every message of the file and its rows, in file order. */
export function importProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || !hasFieldErrors(error)) return [];
  return Object.entries(error.errors)
    .sort(([a], [b]) => rowOf(a) - rowOf(b))
    .flatMap(([, messages]) => messages);
}

function EntryMarks({ entry }: { entry: UserAddress }) {
  const own = entry.division_ct === OWN_ADDRESS;
  if (!own && !entry.is_default && !entry.is_sender_default) return null;
  return (
    <ul className={styles.marks} aria-label="設定">
      {entry.is_default ? (
        <li className={`${styles.mark} ${styles.markDefault}`}>
          <span aria-hidden="true">★</span>既定のお届け先
        </li>
      ) : null}
      {entry.is_sender_default ? <li className={`${styles.mark} ${styles.markSender}`}>既定の送り主</li> : null}
      {own ? <li className={styles.mark}>ご本人の住所</li> : null}
    </ul>
  );
}

interface EntryProps {
  entry: UserAddress;
  busy: boolean;
  onDefault: (entry: UserAddress) => void;
  onSender: (entry: UserAddress) => void;
  onDelete: (entry: UserAddress) => void;
}

function AddressEntry({ entry, busy, onDefault, onSender, onDelete }: EntryProps) {
  const nameId = useId();
  const own = entry.division_ct === OWN_ADDRESS;
  const who = <span className="visually-hidden">（{entry.shipping_name} 様）</span>;
  return (
    <article
      aria-labelledby={nameId}
      className={entry.is_default ? `${styles.entry} ${styles.entryDefault}` : styles.entry}
    >
      <div className={styles.entryHead}>
        <h2 id={nameId} className={styles.entryName}>
          {entry.shipping_name} 様
        </h2>
        <EntryMarks entry={entry} />
      </div>
      <dl className={styles.entryDetails}>
        {entry.shipping_kana ? (
          <div>
            <dt>フリガナ</dt>
            <dd>{entry.shipping_kana}</dd>
          </div>
        ) : null}
        <div>
          <dt>住所</dt>
          <dd>{entry.full_address}</dd>
        </div>
        {entry.phone_number ? (
          <div>
            <dt>電話番号</dt>
            <dd>{entry.phone_number}</dd>
          </div>
        ) : null}
        {entry.cell_phone_number ? (
          <div>
            <dt>携帯電話番号</dt>
            <dd>{entry.cell_phone_number}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.entryActions}>
        <Link to={`/mypage/address/${encodeURIComponent(entry.id)}/edit`} className={styles.action}>
          編集{who}
        </Link>
        {entry.is_default ? null : (
          <button type="button" className={styles.action} disabled={busy} onClick={() => onDefault(entry)}>
            既定のお届け先にする{who}
          </button>
        )}
        {entry.is_sender_default ? null : (
          <button type="button" className={styles.action} disabled={busy} onClick={() => onSender(entry)}>
            既定の送り主にする{who}
          </button>
        )}
        {own ? null : (
          <button
            type="button"
            className={`${styles.action} ${styles.actionDanger}`}
            disabled={busy}
            onClick={() => onDelete(entry)}
          >
            削除{who}
          </button>
        )}
      </div>
    </article>
  );
}

function ImportForm() {
  const importer = useImportAddresses();
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const hintId = useId();
  const problemsId = useId();
  const [problems, setProblems] = useState<string[]>([]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setProblems([MESSAGES.noFile]);
      fileRef.current?.focus();
      return;
    }
    setProblems([]);
    try {
      const count = await importer.mutateAsync(file);
      showToast(MESSAGES.imported(count), 'success');
      if (fileRef.current) fileRef.current.value = '';
    } catch (error) {
      // Other failures (the limit, a file too large) are toasted by the query client.
      setProblems(importProblems(error));
      fileRef.current?.focus();
    }
  };

  const invalid = problems.length > 0;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${fileId}-title`}
      className={styles.tool}
    >
      <h3 id={`${fileId}-title`} className={styles.toolTitle}>
        CSVから取り込む
      </h3>
      <label htmlFor={fileId} className={styles.toolLabel}>
        CSVファイル
      </label>
      <p id={hintId} className={styles.toolHint}>
        1行目に列名（{IMPORT_COLUMNS}）を書いたCSVファイル（Shift_JIS または
        UTF-8、1MBまで）。エラーが1行でもあると、どの行も取り込まれません。
      </p>
      <input
        ref={fileRef}
        id={fileId}
        type="file"
        name="file"
        accept=".csv,text/csv"
        className={styles.file}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${problemsId} ${hintId}` : hintId}
      />
      {invalid ? (
        <div id={problemsId} role="alert" className={styles.problems}>
          <p className={styles.problemsTitle}>取り込めませんでした。次の点をご確認ください。</p>
          <ul>
            {problems.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={importer.isPending}
        aria-busy={importer.isPending || undefined}
      >
        {importer.isPending ? '取り込み中…' : '取り込む'}
      </button>
    </form>
  );
}

function ExportForm() {
  const exporter = useExportAddresses();
  const [encoding, setEncoding] = useState<ExportEncoding>('sjis');
  const titleId = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        exporter.mutate(encoding);
      }}
      aria-labelledby={titleId}
      className={styles.tool}
    >
      <h3 id={titleId} className={styles.toolTitle}>
        CSVに書き出す
      </h3>
      <fieldset className={styles.encoding}>
        <legend className={styles.toolLabel}>文字コード</legend>
        <div className={controlClass.choices}>
          <label className={controlClass.choice}>
            <input
              type="radio"
              name="encoding"
              value="sjis"
              checked={encoding === 'sjis'}
              onChange={() => setEncoding('sjis')}
            />
            Shift_JIS（Excel向け）
          </label>
          <label className={controlClass.choice}>
            <input
              type="radio"
              name="encoding"
              value="utf8"
              checked={encoding === 'utf8'}
              onChange={() => setEncoding('utf8')}
            />
            UTF-8
          </label>
        </div>
      </fieldset>
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={exporter.isPending}
        aria-busy={exporter.isPending || undefined}
      >
        {exporter.isPending ? 'エクスポート中…' : 'CSVをエクスポート'}
      </button>
    </form>
  );
}

/** アドレス帳: the member's delivery addresses, their default marks, and the CSV tools. */
export function AddressListPage() {
  const [params] = useSearchParams();
  const { items, pagination, limit } = useAddressBook(parsePageParam(params.get('page')));
  const setDefault = useSetDefaultAddress('default');
  const setSender = useSetDefaultAddress('sender');
  const remove = useDeleteAddress();
  const removeAll = useDeleteAllAddresses();
  const [pending, setPending] = useState<Pending>(null);
  const busy = setDefault.isPending || setSender.isPending || remove.isPending || removeAll.isPending;
  const full = pagination.total >= limit;
  // The own address always stays: "delete all" has something to do only beyond it.
  const others = Math.max(0, pagination.total - 1);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        await remove.mutateAsync(pending.entry.id);
        showToast(MESSAGES.deleted, 'success');
      } else {
        showToast(MESSAGES.deletedAll(await removeAll.mutateAsync()), 'success');
      }
    } catch {
      // Toasted by the query client.
    }
    setPending(null);
  };

  return (
    <MypageFrame title="アドレス帳">
      <NoticeSlot code="address" />
      <div className={styles.toolbar}>
        <p className={styles.count}>
          登録件数 <strong>{pagination.total}</strong> 件／上限 {limit} 件
        </p>
        {full ? (
          <p className={styles.fullNote}>上限まで登録済みです。新しく登録するには不要なお届け先を削除してください。</p>
        ) : (
          <Link to="/mypage/address/add" className={styles.addLink}>
            新しいお届け先を登録する
          </Link>
        )}
      </div>

      {items.length === 0 ? (
        <p className={styles.empty}>このページにお届け先はありません。</p>
      ) : (
        <ul className={styles.list} aria-label="登録済みのお届け先">
          {items.map((entry) => (
            <li key={entry.id}>
              <AddressEntry
                entry={entry}
                busy={busy}
                onDefault={(e) =>
                  setDefault.mutate(e.id, { onSuccess: () => showToast(MESSAGES.defaultSet, 'success') })
                }
                onSender={(e) => setSender.mutate(e.id, { onSuccess: () => showToast(MESSAGES.senderSet, 'success') })}
                onDelete={(e) => setPending({ kind: 'one', entry: e })}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination pagination={pagination} label="アドレス帳のページ送り" />

      <section aria-labelledby="address-tools" className={styles.tools}>
        <h2 id="address-tools" className={styles.toolsTitle}>
          まとめて管理
        </h2>
        <div className={styles.toolGrid}>
          <ImportForm />
          <ExportForm />
          <div className={styles.tool}>
            <h3 className={styles.toolTitle}>すべて削除</h3>
            <p className={styles.toolHint}>ご本人の住所以外のお届け先をすべて削除します。</p>
            <button
              type="button"
              className={buttonClass.danger}
              disabled={busy || others === 0}
              onClick={() => setPending({ kind: 'all' })}
            >
              お届け先をすべて削除
            </button>
          </div>
        </div>
      </section>

      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'one' ? 'お届け先の削除' : 'お届け先をすべて削除'}
          confirmLabel="削除する"
          pending={remove.isPending || removeAll.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'one' ? (
            <>
              <p>次のお届け先を削除します。よろしいですか？</p>
              <p className={styles.dialogEntry}>
                {pending.entry.shipping_name} 様
                <br />
                {pending.entry.full_address}
              </p>
            </>
          ) : (
            <p>
              ご本人の住所以外のお届け先（{others}件）をすべて削除します。元に戻すことはできません。よろしいですか？
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </MypageFrame>
  );
}

export { AddressListPage as Component };
