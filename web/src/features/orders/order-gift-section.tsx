/**
 * An order's social gift as its buyer sees it (the member's order page and the guest receipt
 * page): to whom, its state and deadline, and once accepted only the prefecture and the date
 * (never the address); while it waits, 「ギフトURLを再発行」 and the new URL with the share panel.
 */
import { useId, useState } from 'react';
import { useSettings } from '../../domain/site/site-queries';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { buttonClass } from '../../ui/form-field';
import { GiftOrderFacts, GiftSharePanel } from '../../ui/gift-share';
import type { GiftLink, OrderGift } from '../../api/types';
import styles from './orders.module.css';

export const OLD_GIFT_URL_WARNING = '以前のURLは使えなくなります。';

/** The re-issue call of the page (member or guest): a mutation that answers the new link. */
export interface GiftReissue {
  isPending: boolean;
  mutateAsync: () => Promise<GiftLink>;
}

export function OrderGiftSection({ gift, reissue }: { gift: OrderGift | null | undefined; reissue: GiftReissue }) {
  const titleId = useId();
  const shopName = String(useSettings()['SITE.NAME'] ?? '');
  const [confirming, setConfirming] = useState(false);
  const [link, setLink] = useState<GiftLink | null>(null);
  if (!gift) return null;

  const confirm = async () => {
    try {
      setLink(await reissue.mutateAsync());
    } catch {
      // Said by the toast (e.g. the gift no longer waits); the order is asked again.
    }
    setConfirming(false);
  };

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        ソーシャルギフト
      </h2>
      <GiftOrderFacts gift={gift} />
      {gift.state === 'waiting' ? (
        <div className={styles.giftActions}>
          <p className={styles.muted}>お相手がURLを紛失した場合などは、URLを再発行できます。{OLD_GIFT_URL_WARNING}</p>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={reissue.isPending}
            aria-busy={reissue.isPending || undefined}
            onClick={() => setConfirming(true)}
          >
            ギフトURLを再発行
          </button>
        </div>
      ) : null}
      {link && gift.state === 'waiting' ? (
        <div className={styles.giftLink}>
          <GiftSharePanel link={link} shopName={shopName} title="新しいギフトのURL">
            <p role="alert" className={styles.warning}>
              {OLD_GIFT_URL_WARNING}新しいURLをお相手にお送りください。
            </p>
          </GiftSharePanel>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="ギフトURLの再発行"
          confirmLabel="再発行する"
          pending={reissue.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>新しいURLを発行します。{OLD_GIFT_URL_WARNING}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
