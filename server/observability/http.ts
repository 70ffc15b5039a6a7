// The front's outermost middleware (server/app.ts): gives each request its id, runs it in its
// context, and once it is answered writes its log line and its duration in the metrics.
import type { Context, Next } from "hono";
import { routePath } from "hono/route";
import { logger } from "./log";
import { observeRequest } from "./metrics";
import { REQUEST_ID_HEADER, requestIdFrom, runInRequest, type RequestContext } from "./request-context";

/** A path is logged whole up to this length: enough for any of ours, not a megabyte of a client's. */
const MAX_LOGGED_PATH = 512;

const isApiPath = (path: string) => /^\/(?:compat\/)?api(?:\/|$)/.test(path);

export async function observeRequests(c: Context, next: Next): Promise<void> {
  const started = performance.now();
  const context: RequestContext = { id: requestIdFrom(c.req.header(REQUEST_ID_HEADER)) };
  await runInRequest(context, next);
  c.res.headers.set(REQUEST_ID_HEADER, context.id);
  const duration = performance.now() - started;
  // An API call or a page names itself (nameRoute); otherwise the front's own route (/readyz, the
  // icons' pattern), unless that is a catch-all, which says nothing about what was asked.
  const own = routePath(c);
  const route = context.route ?? (own && !own.includes("*") ? own : undefined);
  const { method } = c.req;
  // Hono's path has no query string: what a person searched for or a link's code never gets here.
  const path = c.req.path.length > MAX_LOGGED_PATH ? `${c.req.path.slice(0, MAX_LOGGED_PATH)}…` : c.req.path;
  const status = c.res.status;
  observeRequest({ method, route, status, seconds: duration / 1000 });
  const length = c.res.headers.get("content-length");
  logger()[status >= 500 ? "error" : "info"](
    {
      request_id: context.id,
      method,
      path,
      route: route ?? path,
      status,
      duration_ms: Math.round(duration * 10) / 10,
      ...(length !== null && /^\d+$/.test(length) ? { bytes: Number(length) } : {}),
      api: isApiPath(c.req.path),
    },
    "request",
  );
}
