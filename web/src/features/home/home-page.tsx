import { useSettings, breakpointsOf, messagesQuery } from '../../domain/site/site-queries';
import type { FreeArea } from '../../api/types';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { useScreenClass } from '../../lib/screen';
import { useSession } from '../../api/session';
import { useThemeComponent } from '../../themes/registry';
import type { HomeLayoutProps } from '../../themes/types';
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

/** Simple's top page: the main banners, then the blocks, collections and information, with the sidebar beside them. */
export function SimpleHomeLayout({
  title,
  notice,
  mainBanners,
  blocks,
  collections,
  information,
  linkBanners,
  withSidebar,
}: HomeLayoutProps) {
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      {notice}
      {mainBanners}
      {withSidebar(
        <>
          {blocks}
          {collections}
          {information}
          {linkBanners}
        </>,
      )}
    </>
  );
}

/**
 * The top page (`/`, and `/ec` for members): the main banners, the shop's page blocks in order,
 * the free areas and the business calendar, with the sidebar banners beside them on larger
 * screens. Blocks and free areas follow login state and device. The theme's HomeLayout arranges them.
 */
export function HomePage() {
  const page = useHomePage();
  const settings = useSettings();
  const { isLogin } = useSession();
  const screen = useScreenClass(breakpointsOf(settings));
  const banners = useBanners(HOME_BANNER_AREAS).data ?? [];
  const freeAreas = useFreeAreas().data ?? [];
  const Layout = useThemeComponent('HomeLayout', SimpleHomeLayout);
  const shopName = settings['SITE.NAME'];
  const viewer = { isLogin, screen };
  const blocks = page.blocks.filter((block) => isBlockVisible(block, viewer));
  const sidebar = screen === 'phone' ? [] : banners.filter((b) => b.area === 'sidebar');
  const mainBanners = banners.filter((b) => b.area === 'top_main');
  const linkBanners = banners.filter((b) => b.area === 'footer');
  useDocumentTitle(null);

  return (
    <Layout
      shopName={shopName}
      title={page.title || shopName}
      notice={<NoticeSlot code="caution" />}
      mainBanners={mainBanners.length > 0 ? <BannerCarousel banners={mainBanners} /> : null}
      blocks={blocks.map((block) => <HomeBlock key={block.id} block={block} />)}
      collections={HOME_COLLECTIONS.map((alias) => <CollectionSection key={alias} alias={alias} />)}
      information={
        <>
          {freeAreas
            .filter((area) => isBlockVisible(area, viewer))
            .map((area) => (
              <FreeAreaBlock key={area.code} area={area} />
            ))}
          <BusinessCalendar />
        </>
      }
      linkBanners={linkBanners.length > 0 ? <LinkBanners banners={linkBanners} /> : null}
      withSidebar={(main) =>
        sidebar.length > 0 ? (
          <div className={styles.columns}>
            <div className={styles.mainColumn}>{main}</div>
            <SidebarBanners banners={sidebar} />
          </div>
        ) : (
          main
        )
      }
    />
  );
}

export { HomePage as Component };
