import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSettings } from '../../domain/site/site-queries';
import type { StaticPage } from '../../api/types';
import { queryClient } from '../../lib/query-client';
import { themeReplaces, useThemeComponent } from '../../themes/registry';
import { GUIDE_PATH, resolveContentPath, safeRedirect, type ContentRouteData } from './content-route';
import { LandingPageView } from './landing-page';
import { landingPageQuery, staticPageQuery } from './pages-queries';
import { SimpleGuidePage, StaticPageView } from './static-page';

/**
 * The catch-all route: a landing page (`/lp/<slug>`), else a static page by its path, else the
 * 404 page. A landing page's `x-redirect` is followed when it names a same-site path.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<ContentRouteData> {
  const { pathname } = new URL(request.url);
  const target = resolveContentPath(pathname);
  if (target.kind === 'none') throw data(null, { status: 404 });
  if (target.kind === 'landing') {
    const { page, redirectTo } = await queryClient.ensureQueryData(landingPageQuery(target.slug));
    const to = safeRedirect(redirectTo, pathname);
    if (to) throw redirect(to);
    return {
      kind: 'landing',
      slug: target.slug,
      showHeader: page.extend.is_show_header,
      showFooter: page.extend.is_show_footer,
    };
  }
  if (target.path === GUIDE_PATH) {
    // A theme's own guide stands without the shop's page (only a missing page is forgiven);
    // Simple's is the shop's page, so without one it is 404 as any other.
    const themed = themeReplaces('GuidePage');
    const page = await queryClient.ensureQueryData(staticPageQuery(target.path)).catch((error: unknown) => {
      if (themed && error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    return { kind: 'guide', page };
  }
  await queryClient.ensureQueryData(staticPageQuery(target.path));
  return { kind: 'static', path: target.path };
}

/** ご利用ガイド as the theme draws it (tenant → theme → Simple). */
function GuideView({ page }: { page: StaticPage | null }) {
  const Guide = useThemeComponent('GuidePage', SimpleGuidePage);
  return <Guide shopName={useSettings()['SITE.NAME']} page={page} />;
}

export function ContentPage() {
  const route = useLoaderData<ContentRouteData>();
  if (route.kind === 'landing') return <LandingPageView slug={route.slug} />;
  if (route.kind === 'guide') return <GuideView page={route.page} />;
  return <StaticPageView path={route.path} />;
}

export { ContentPage as Component };
