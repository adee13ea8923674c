import { useSettings, breakpointsOf } from '../../api/site-queries';
import { useDocumentTitle } from '../../lib/document-title';
import { queryClient } from '../../lib/query-client';
import { useScreenClass } from '../../lib/screen';
import { useSession } from '../../lib/session';
import { NoticeSlot } from '../../ui/notice-slot';
import { HomeBlock, isBlockVisible } from './home-blocks';
import { homePageQuery, useHomePage } from './home-queries';

export async function loader() {
  await queryClient.ensureQueryData(homePageQuery());
  return null;
}

/** The top page (`/`, and `/ec` for members): the shop's page blocks in order. */
export function HomePage() {
  const page = useHomePage();
  const settings = useSettings();
  const { isLogin } = useSession();
  const screen = useScreenClass(breakpointsOf(settings));
  const shopName = settings['SITE.NAME'];
  useDocumentTitle(null);

  return (
    <>
      <h1 className="visually-hidden">{page.title || shopName}</h1>
      <NoticeSlot code="caution" />
      {page.blocks
        .filter((block) => isBlockVisible(block, { isLogin, screen }))
        .map((block) => (
          <HomeBlock key={block.id} block={block} />
        ))}
    </>
  );
}

export { HomePage as Component };
