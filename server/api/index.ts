// The marketplace API at /api: one Hono app, a route per call, the spec's envelope on every answer.
import { Hono, type Context } from "hono";
import type { ApiDeps } from "./context";
import { readInputOf, runCall } from "./run";
import { withUploadScope } from "./multipart";
import { BODY_TOO_LARGE, bodyLimitOf, boundedRequest, ranPastLimit } from "./body-limit";
import type { RawInput } from "./input";
import { z } from "zod";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import { ApiError, fieldErrors, type Envelope } from "./envelope";
import { openApiDocument } from "./openapi";
import { mountDocs } from "./docs";
import { mountWebhooks } from "./payments/webhooks";
import { mountVerificationFiles } from "./verification/calls";
import { mountPaymentReceipts } from "./admin/payments";
import { mountChat } from "./chat/http";
import { mountStaticMap } from "./maps/static-map";
import { mountTourVideo } from "./tours/video";
import { mountPublicUploads } from "./public-uploads/http";
import { COMPAT_BASE, createCompatApi } from "./compat";
import { pathOf, pathParams, routerPath, templateOf } from "./paths";
import { routePath } from "hono/route";
import { logger } from "../observability/log";
import { nameRoute } from "../observability/request-context";
import {
  isDatabaseUnavailable,
  noteUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "../db/unavailable";

function reply(c: Context, status: number, body: Envelope<unknown>) {
  return c.json(body, status as 200);
}

export {
  CLIENT_IP_HEADER,
  HEAD_REQUEST_HEADER,
  readInputOf,
  runCall,
  type Dispatched,
  type RunOptions,
} from "./run";

const SERVER_ERROR = "Oops! Something went wrong. Please try again later";

export function createApi(deps: ApiDeps) {
  // Mounted under /api both over HTTP and for in-process dispatch, so paths are identical.
  const app = new Hono().basePath("/api");
  const list = Object.values(calls) as AnyCall[];

  // The request's route in the log and metrics: a call's name (below), else the pattern that
  // answered (the chat stream, a receipt); a catch-all names nothing.
  app.use(async (c, next) => {
    await next();
    const pattern = routePath(c);
    if (!pattern.includes("*")) nameRoute(pattern);
  });

  app.get("/openapi.json", (c) => c.json(openApiDocument(list)));
  mountDocs(app, () => openApiDocument(list));
  mountWebhooks(app, deps);
  mountVerificationFiles(app, deps);
  mountPaymentReceipts(app, deps);
  mountChat(app, deps);
  mountStaticMap(app, deps);
  mountTourVideo(app, deps);
  mountPublicUploads(app, deps);

  for (const call of list) {
    const params = pathParams(pathOf(call));
    const limit = bodyLimitOf(call);
    app.on(call.method, `/${routerPath(pathOf(call))}`, async (c) => {
      nameRoute(call.name);
      const request = await boundedRequest(deps.auth, call, c.req.raw, limit);
      if (request instanceof Response) return request;
      const input = await readInputOf(request, call.method).catch((err) => {
        if (ranPastLimit(request)) throw new ApiError(413, BODY_TOO_LARGE(limit));
        throw err;
      });
      // An id in the path is a field like any other (validated by the call's schema); it wins over
      // a field of the same name in the query or body.
      for (const name of params) {
        if (!input.names.includes(name)) input.names.push(name);
        input.fields[name] = c.req.param(name);
      }
      const { status, body } = await runCall(deps, call, request, input);
      return reply(c, status, body);
    });
  }

  // A known address asked with another method: 405 and the methods it takes, rather than "unknown".
  const methodsAt = new Map<string, string[]>();
  for (const call of list) methodsAt.set(pathOf(call), [...(methodsAt.get(pathOf(call)) ?? []), call.method]);
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const template = path.startsWith("/api/")
      ? templateOf(path.slice("/api/".length), methodsAt.keys())
      : undefined;
    const methods = template ? methodsAt.get(template)! : [];
    if (methods.length && !methods.includes(c.req.method)) {
      c.header("Allow", methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])).join(", "));
      return reply(c, 405, {
        error: true,
        message: `${path.slice("/api/".length)} takes ${methods.join(" or ")} only`,
        data: null,
      });
    }
    return reply(c, 404, { error: true, message: `Unknown API call ${path}`, data: null });
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return reply(c, err.status, {
        error: true,
        message: err.message,
        data: null,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (err instanceof z.ZodError)
      return reply(c, 400, { error: true, message: "Invalid input", data: null, errors: fieldErrors(err) });
    // The database is away (a restart, a failover): not our bug, and over in a moment (decision 041).
    if (isDatabaseUnavailable(err)) {
      noteUnavailable(`${c.req.method} ${c.req.path}`, err);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return reply(c, 503, { error: true, message: UNAVAILABLE_MESSAGE, data: null });
    }
    logger().error({ err, method: c.req.method, path: c.req.path }, "API error");
    return reply(c, 500, { error: true, message: SERVER_ERROR, data: null });
  });
  // Apps built on the eBroker contract call /compat/api/<call> (decision 025).
  const compat = createCompatApi(deps);
  const root = new Hono();
  // The files a multipart body was read into last as long as the call that reads them.
  root.all(`${COMPAT_BASE}/*`, (c) => withUploadScope(async () => compat.fetch(c.req.raw)));
  root.all("*", (c) => withUploadScope(async () => app.fetch(c.req.raw)));

  /**
   * A call made in this process (the web app's loaders and actions): the same checks, validation
   * and handler as over HTTP, given the input as a value instead of a body to decode. The answer is
   * the envelope as a client would read it from the JSON.
   */
  async function dispatch(call: AnyCall, request: Request, input: RawInput): Promise<Envelope<unknown>> {
    try {
      const { body } = await runCall(deps, call, request, input);
      return JSON.parse(JSON.stringify(body)) as Envelope<unknown>;
    } catch (err) {
      // The web app's client turns this into a 503 page (app/lib/api.server.ts).
      if (isDatabaseUnavailable(err)) throw err;
      logger().error({ err, method: call.method, call: call.name }, "API error");
      return { error: true, message: SERVER_ERROR, data: null };
    }
  }
  return Object.assign(root, { dispatch });
}

export type Api = ReturnType<typeof createApi>;
