/**
 * Login-only and logout-only pages (spec 000 §6). A route (or a pathless group of routes) says
 * who may see it in its `handle`: `{ access: 'member' }` or `{ access: 'guest' }`; children
 * inherit it. `withGuards` gives every such screen a loader that decides before the screen loads
 * anything, on each navigation to it — never while the screen is shown, so a login form can log
 * the user in and choose where to go next without being bounced first.
 */
import { redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { settingsQuery } from '../domain/site/site-queries';
import type { FrontSettings } from '../api/types';
import { queryClient } from '../lib/query-client';
import { patchSession, sessionStore, type SessionState } from '../api/session';

export type Access = 'member' | 'guest';

export interface AccessHandle {
  access?: Access;
}

export const LOGIN_PAGE = '/login/';
export const MEMBER_HOME = '/ec/';
export const VERIFY_PAGE = '/verify';

type GuardSettings = Pick<FrontSettings, 'NO_MEMBER_USE' | 'AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'>;

type GuardSession = Pick<SessionState, 'isLogin' | 'isRefreshFailed' | 'isRegisteredMember'>;

/**
 * Where a user who may not see an `access` page goes instead, or null to let them in. Pure.
 * - member: a visitor goes to /login/ — unless member-only checks are off (NO_MEMBER_USE), or the
 *   refresh has just failed (the API client is already sending them to /login/?re=1);
 * - guest: a logged-in user goes to /ec/, or to /verify when the shop verifies e-mail at the
 *   first login and the user is not a registered member yet.
 */
export function guardTarget(access: Access, session: GuardSession, settings: GuardSettings): string | null {
  if (access === 'member') {
    if (settings.NO_MEMBER_USE || session.isLogin || session.isRefreshFailed) return null;
    return LOGIN_PAGE;
  }
  if (!session.isLogin) return null;
  if (settings['AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN'] && session.isRegisteredMember === false) return VERIFY_PAGE;
  return MEMBER_HOME;
}

/** The loader that applies `access` and then runs the screen's own loader, if any. */
export function guardLoader(access: Access, inner?: LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs, handlerContext?: unknown) => {
    const settings = await queryClient.ensureQueryData(settingsQuery());
    const target = guardTarget(access, sessionStore.get(), settings);
    if (target !== null) {
      if (target === LOGIN_PAGE) {
        const url = new URL(args.request.url);
        // Back to the page asked for once logged in.
        patchSession({ redirectUrl: `${url.pathname}${url.search}` });
      }
      throw redirect(target);
    }
    return inner ? inner(args, handlerContext) : null;
  };
}

type LazyFn = () => Promise<Record<string, unknown>>;

function guardLeaf(route: RouteObject, access: Access): RouteObject {
  const { lazy } = route;
  if (typeof lazy === 'function') {
    const load = lazy as unknown as LazyFn;
    const guardedLazy: LazyFn = async () => {
      const loaded = await load();
      return { ...loaded, loader: guardLoader(access, loaded.loader as LoaderFunction | undefined) };
    };
    return { ...route, lazy: guardedLazy } as RouteObject;
  }
  const inner = typeof route.loader === 'function' ? route.loader : undefined;
  return { ...route, loader: guardLoader(access, inner) } as RouteObject;
}

/** The route table with a guard on every screen whose `handle` (or an ancestor's) names an access. */
export function withGuards(routes: RouteObject[], inherited?: Access): RouteObject[] {
  return routes.map((route) => {
    const access = (route.handle as AccessHandle | undefined)?.access ?? inherited;
    if (route.children) return { ...route, children: withGuards(route.children, access) } as RouteObject;
    return access ? guardLeaf(route, access) : route;
  });
}

/** The access that applies to a chain of route matches (the deepest one naming it wins). */
export function accessOf(matches: { route: RouteObject }[]): Access | undefined {
  return matches.reduce<Access | undefined>(
    (found, m) => (m.route.handle as AccessHandle | undefined)?.access ?? found,
    undefined,
  );
}
