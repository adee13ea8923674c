import { useId, useState, type KeyboardEvent } from 'react';
import { isSilentError } from '../../lib/api-error';
import type { Banner } from '../../api/types';
import { showError } from '../../lib/toast';
import { downloadBanner } from './home-queries';
import { SmartLink } from '../../ui/smart-link';
import styles from './home-banners.module.css';

/**
 * The `top_main` banners as a carousel that never moves by itself: previous/next buttons, one
 * button per slide, and the arrow keys while focus is inside. Only the current slide is exposed
 * to assistive technology and the tab order.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const id = useId();
  if (banners.length === 0) return null;
  const count = banners.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    }
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="カルーセル"
      aria-label="おすすめ特集"
      onKeyDown={onKeyDown}
    >
      <div className={styles.viewport} id={`${id}-slides`} aria-live="polite">
        {banners.map((banner, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is role="group" (WAI-ARIA carousel pattern), not a form <fieldset>
          <div
            key={banner.id}
            role="group"
            aria-roledescription="スライド"
            aria-label={`${i + 1} / ${count}：${banner.title}`}
            className={styles.slide}
            hidden={i !== current}
          >
            <SmartLink to={banner.link} className={styles.slideLink}>
              <img
                src={banner.image}
                alt={banner.alt || banner.title}
                width={1200}
                height={400}
                className={styles.slideImage}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </SmartLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.step} aria-controls={`${id}-slides`} onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">前のスライド</span>
          </button>
          <ul className={styles.dots}>
            {banners.map((banner, i) => (
              <li key={banner.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-controls={`${id}-slides`}
                  aria-current={i === current ? 'true' : undefined}
                  aria-label={`スライド${i + 1}：${banner.title}`}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className={styles.step} aria-controls={`${id}-slides`} onClick={() => go(current + 1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">次のスライド</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The `sidebar` banners, stacked (desktop and tablet only). */
export function SidebarBanners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <aside className={styles.sidebar} aria-label="バナー">
      <ul className={styles.sidebarList}>
        {banners.map((banner) => (
          <li key={banner.id}>
            <SmartLink to={banner.link} className={styles.sidebarLink}>
              <img src={banner.image} alt={banner.alt || banner.title} width={600} height={500} loading="lazy" />
            </SmartLink>
          </li>
        ))}
      </ul>
    </aside>
  );
}

export const BANNER_DOWNLOAD_FAILED = 'バナーをダウンロードできませんでした。時間をおいて再度お試しください。';

function LinkBanner({ banner }: { banner: Banner }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadBanner(banner.id);
    } catch (error) {
      if (!isSilentError(error)) showError(BANNER_DOWNLOAD_FAILED);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className={styles.linkBanner}>
      <img src={banner.image} alt={banner.alt || banner.title} width={600} height={200} loading="lazy" />
      <button
        type="button"
        className={styles.downloadButton}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void download()}
      >
        {pending ? 'ダウンロード中…' : 'ダウンロード'}
        <span className="visually-hidden">（{banner.title}）</span>
      </button>
    </li>
  );
}

/**
 * The `footer` banners: pictures other sites may use to link to the shop, each with its
 * download (GET /v1/banners/{id}/download, saved under the server's file name).
 */
export function LinkBanners({ banners }: { banners: Banner[] }) {
  const headingId = useId();
  if (banners.length === 0) return null;
  return (
    <section className={styles.linkBanners} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.linkBannersTitle}>
        リンク用バナー
      </h2>
      <p className={styles.linkBannersLead}>当店へリンクしていただく際は、こちらのバナー画像をご利用ください。</p>
      <ul className={styles.linkBannerList}>
        {banners.map((banner) => (
          <LinkBanner key={banner.id} banner={banner} />
        ))}
      </ul>
    </section>
  );
}
