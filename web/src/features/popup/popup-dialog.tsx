import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import type { Popup } from '../../api/types';
import { eventPopupStore } from '../../domain/popup/event-popup';
import { useStore } from '../../lib/store';
import { PopupBody } from './popup-content';
import { landingPath, pickPopup, rememberPopup, shouldShowPopup } from './popup-memory';
import { QUIET_PATHS, popupsQuery } from './popup-queries';
import styles from './popup.module.css';

/**
 * A modal `<dialog>`: the rest of the page is inert while it is open, focus moves into it and
 * returns afterwards, Escape and the close button close it, as does a click on the backdrop.
 */
function PopupDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal: there the dialog is merely open.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboards close it with Escape (onCancel); the backdrop click is for pointers
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
    >
      <div className={styles.panel}>
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">閉じる</span>
        </button>
        <h2 id={titleId} className={styles.title}>
          {popup.title}
        </h2>
        <PopupBody popup={popup} onFollow={onClose} />
      </div>
    </dialog>
  );
}

/**
 * Shows the shop's current popup once per visitor (see popup-memory), never over the page the
 * visit landed on: the list is fetched once per visit, from the second page on, and the choice is
 * made once per page load. A popup that an
 * ecommerce event answered with (domain/popup/event-popup) is shown at once under the same memory,
 * unless another popup is open.
 */
export function PopupHost() {
  const { pathname } = useLocation();
  const quiet = QUIET_PATHS.test(pathname) || pathname === landingPath();
  const { data } = useQuery({ ...popupsQuery(), enabled: !quiet });
  const [active, setActive] = useState<Popup | null>(null);
  const decided = useRef(false);
  const fromEvent = useStore(eventPopupStore);

  useEffect(() => {
    if (!fromEvent) return;
    eventPopupStore.set(null);
    if (active || !shouldShowPopup(fromEvent)) return;
    rememberPopup(fromEvent);
    setActive(fromEvent);
  }, [fromEvent, active]);

  useEffect(() => {
    if (decided.current || quiet || !data) return;
    decided.current = true;
    // An event's popup already open keeps the screen: the list's waits for the next page load.
    if (active) return;
    const popup = pickPopup(data);
    if (popup) {
      rememberPopup(popup);
      setActive(popup);
    }
  }, [data, quiet, active]);

  return active ? <PopupDialog popup={active} onClose={() => setActive(null)} /> : null;
}
