/**
 * A screen waits for the pending load tasks (lib/load-tasks: 200 ms steps, at most 5 s, never on
 * the login page) before its own loader — and so before it fetches or renders — on each
 * navigation to it. app/router gives every screen this loader.
 */
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { waitForLoadTasks } from '../lib/load-tasks';

export function loadWaitLoader(inner?: LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs, handlerContext?: unknown) => {
    await waitForLoadTasks(new URL(args.request.url).pathname);
    return inner ? inner(args, handlerContext) : null;
  };
}
