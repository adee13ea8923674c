import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { resolveContentPath, safeRedirect, type ContentRouteData } from './content-route';
import { LandingPageView } from './landing-page';
import { landingPageQuery, staticPageQuery } from './pages-queries';
import { StaticPageView } from './static-page';

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
  await queryClient.ensureQueryData(staticPageQuery(target.path));
  return { kind: 'static', path: target.path };
}

export function ContentPage() {
  const route = useLoaderData<ContentRouteData>();
  return route.kind === 'landing' ? <LandingPageView slug={route.slug} /> : <StaticPageView path={route.path} />;
}

export { ContentPage as Component };
