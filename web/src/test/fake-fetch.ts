/**
 * A scripted `fetch` for tests: routes by method + path to handlers, records every request.
 */
export type Handler = (request: Request) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof globalThis.fetch;
  calls: Request[];
  on(method: string, path: string, handler: Handler | Response | Record<string, unknown> | unknown[]): FakeFetch;
  callsTo(path: string): Request[];
}

export function json(body: unknown, init: ResponseInit & { headers?: Record<string, string> } = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
}

export function createFakeFetch(): FakeFetch {
  const routes: { method: string; path: string; handler: Handler }[] = [];
  const calls: Request[] = [];
  const fake: FakeFetch = {
    calls,
    fetch: async (input, init) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      calls.push(request.clone());
      const url = new URL(request.url);
      const route = [...routes]
        .reverse()
        .find((r) => r.method === request.method && (r.path === url.pathname || r.path === url.pathname + url.search));
      if (!route) return json({ message: `no fake for ${request.method} ${url.pathname}` }, { status: 404 });
      return route.handler(request);
    },
    on(method, path, handler) {
      const fn: Handler =
        typeof handler === 'function'
          ? (handler as Handler)
          : handler instanceof Response
            ? () => (handler as Response).clone()
            : () => json(handler);
      routes.push({ method, path, handler: fn });
      return fake;
    },
    callsTo(path) {
      return calls.filter((c) => new URL(c.url).pathname === path);
    },
  };
  return fake;
}
