/**
 * An attachment of a message: images inline (the bytes fetched with the staff session and shown
 * through a blob URL), every file also downloadable under its original name.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../api/admin-client';
import type { UploadedFile } from '../api/admin-types';
import { ui } from '../ui/form';
import { fileQuery, formatSize, isImage } from './thread-queries';
import styles from './thread.module.css';

function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function InlineImage({ file }: { file: UploadedFile }) {
  const bytes = useQuery(fileQuery(file.key));
  const url = useObjectUrl(bytes.data);
  if (bytes.isError)
    return <p className={styles.fileError}>{`画像を表示できませんでした（${errorText(bytes.error)}）`}</p>;
  if (!url) return <p className={styles.fileLoading}>画像を読み込み中…</p>;
  return <img src={url} alt={file.name} className={styles.image} />;
}

function DownloadButton({ file }: { file: UploadedFile }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      const blob = await queryClient.fetchQuery(fileQuery(file.key));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the URL; it may go once the click has been handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={ui.link} onClick={() => void download()} disabled={busy}>
        {`${file.name} をダウンロード（${formatSize(file.size)}）`}
      </button>
      {problem ? (
        <span role="alert" className={styles.fileError}>
          {problem}
        </span>
      ) : null}
    </>
  );
}

export function Attachments({ files }: { files: readonly UploadedFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label="添付ファイル">
      {files.map((file) => (
        <li key={file.key} className={styles.file}>
          {isImage(file) ? <InlineImage file={file} /> : null}
          <DownloadButton file={file} />
        </li>
      ))}
    </ul>
  );
}
