import type { Popup } from '../../api/types';
import { Paragraphs } from '../../ui/paragraphs';
import { SmartLink } from '../../ui/smart-link';
import styles from './popup.module.css';

/** Picture, text and link of a popup, shared by the dialog and the /popup page. */
export function PopupBody({ popup, onFollow }: { popup: Popup; onFollow?: () => void }) {
  const image = popup.image?.startsWith('/') && !popup.image.startsWith('//') ? popup.image : null;
  return (
    <>
      {image ? <img src={image} alt="" width={1200} height={400} className={styles.image} /> : null}
      <Paragraphs text={popup.body} className={styles.text} />
      {popup.link ? (
        <p className={styles.action} onClickCapture={onFollow}>
          <SmartLink to={popup.link} className={styles.button}>
            詳しく見る
          </SmartLink>
        </p>
      ) : null}
    </>
  );
}
