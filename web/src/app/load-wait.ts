/**
 * Every screen waits for the pending load tasks (lib/load-tasks: 200 ms steps, at most 5 s,
 * never on the login page) before its own loader — and so before it fetches or renders — on
 * each navigation to it. The wait goes first so a guard decides on the session the tasks left.
 */
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { waitForLoadTasks } from '../lib/load-tasks';

export function loadWaitLoader(inner?: LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs, handlerContext?: unknown) => {
    await waitForLoadTasks(new URL(args.request.url).pathname);
    return inner ? inner(args, handlerContext) : null;
  };
}

type LazyFn = () => Promise<Record<string, unknown>>;

function waitingLeaf(route: RouteObject): RouteObject {
  if (typeof route.loader === 'function') return { ...route, loader: loadWaitLoader(route.loader) } as RouteObject;
  const { lazy } = route;
  if (typeof lazy === 'function') {
    const load = lazy as unknown as LazyFn;
    const waitingLazy: LazyFn = async () => {
      const loaded = await load();
      return { ...loaded, loader: loadWaitLoader(loaded.loader as LoaderFunction | undefined) };
    };
    return { ...route, lazy: waitingLazy } as RouteObject;
  }
  return { ...route, loader: loadWaitLoader() } as RouteObject;
}

/** The route table with the load-task wait in front of every screen's loader. */
export function withLoadWait(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.children ? ({ ...route, children: withLoadWait(route.children) } as RouteObject) : waitingLeaf(route),
  );
}
