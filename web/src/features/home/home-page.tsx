import { useSettings, breakpointsOf, messagesQuery } from '../../api/site-queries';
import type { FreeArea } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { useScreenClass } from '../../lib/screen';
import { useSession } from '../../lib/session';
import { NoticeSlot } from '../../ui/notice-slot';
import { Paragraphs } from '../../ui/paragraphs';
import { BusinessCalendar } from './business-calendar';
import { BannerCarousel, LinkBanners, SidebarBanners } from './home-banners';
import { CollectionSection, HomeBlock, isBlockVisible } from './home-blocks';
import {
  COLLECTION_COUNT,
  HOME_BANNER_AREAS,
  HOME_COLLECTIONS,
  bannersQuery,
  collectionQuery,
  freeAreasQuery,
  homePageQuery,
  useBanners,
  useFreeAreas,
  useHomePage,
} from './home-queries';
import styles from './home.module.css';

export async function loader() {
  // Collections sit below the fold: started now, awaited by nobody.
  for (const alias of HOME_COLLECTIONS) void queryClient.prefetchQuery(collectionQuery(alias, COLLECTION_COUNT));
  // Banners, free areas and the caution notice above them come with the page (no layout
  // shift), but a failure only hides them.
  await Promise.all([
    queryClient.ensureQueryData(homePageQuery()),
    queryClient.ensureQueryData(messagesQuery()).catch(() => null),
    queryClient.ensureQueryData(bannersQuery(HOME_BANNER_AREAS)).catch(() => null),
    queryClient.ensureQueryData(freeAreasQuery()).catch(() => null),
  ]);
  return null;
}

function FreeAreaBlock({ area }: { area: FreeArea }) {
  const titleId = `free-area-${area.code}`;
  return (
    <section className={styles.block} aria-labelledby={area.title ? titleId : undefined}>
      {area.title ? (
        <h2 id={titleId} className={styles.blockTitle}>
          {area.title}
        </h2>
      ) : null}
      <Paragraphs text={area.body} className={styles.text} />
    </section>
  );
}

/**
 * The top page (`/`, and `/ec` for members): the main banners, the shop's page blocks in order,
 * the free areas and the business calendar, with the sidebar banners beside them on larger
 * screens. Blocks and free areas follow login state and device.
 */
export function HomePage() {
  const page = useHomePage();
  const settings = useSettings();
  const { isLogin } = useSession();
  const screen = useScreenClass(breakpointsOf(settings));
  const banners = useBanners(HOME_BANNER_AREAS).data ?? [];
  const freeAreas = useFreeAreas().data ?? [];
  const shopName = settings['SITE.NAME'];
  const viewer = { isLogin, screen };
  const blocks = page.blocks.filter((block) => isBlockVisible(block, viewer));
  const sidebar = screen === 'phone' ? [] : banners.filter((b) => b.area === 'sidebar');
  useDocumentTitle(null);

  return (
    <>
      <h1 className="visually-hidden">{page.title || shopName}</h1>
      <NoticeSlot code="caution" />
      <BannerCarousel banners={banners.filter((b) => b.area === 'top_main')} />
      <div className={sidebar.length > 0 ? styles.columns : undefined}>
        <div className={styles.mainColumn}>
          {blocks.map((block) => (
            <HomeBlock key={block.id} block={block} />
          ))}
          {HOME_COLLECTIONS.map((alias) => (
            <CollectionSection key={alias} alias={alias} />
          ))}
          {freeAreas
            .filter((area) => isBlockVisible(area, viewer))
            .map((area) => (
              <FreeAreaBlock key={area.code} area={area} />
            ))}
          <BusinessCalendar />
          <LinkBanners banners={banners.filter((b) => b.area === 'footer')} />
        </div>
        {sidebar.length > 0 ? <SidebarBanners banners={sidebar} /> : null}
      </div>
    </>
  );
}

export { HomePage as Component };
