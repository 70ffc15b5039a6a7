// The compatibility address for apps built on the eBroker contract (decision 025, docs/compat-apps.md):
// `/compat/api/<call>`. An app owner points their app's base URL at `https://<our host>/compat` and
// the app calls us as it called its old server. Every call runs one of ours (with its checks: who
// is asking, what they may change, validation); this layer only translates names, value codes and
// shapes. Failures answer HTTP 200 with `error: true` and the message, which is what those apps show.
import { Hono, type Context } from "hono";
import type { ApiDeps } from "../context";
import { calls, type CallName } from "../calls";
import type { AnyCall } from "../call";
import { ApiError } from "../envelope";
import { runCall, readInputOf } from "../run";
import {
  BODY_TOO_LARGE,
  LISTING_BODY_BYTES,
  limitBody,
  PUBLIC_BODY_BYTES,
  ranPastLimit,
} from "../body-limit";
import { CompatError, type Body, type Compat, type Fields } from "./context";
import { compatCalls } from "./calls";
import {
  isDatabaseUnavailable,
  noteUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "../../db/unavailable";
import { logger } from "../../observability/log";

export const COMPAT_BASE = "/compat/api";

/** What the apps send when they have no token: their web app sends "Bearer undefined". */
const NO_TOKEN = new Set(["", "undefined", "null", "false"]);

function tokenOf(request: Request): string | null {
  const h = request.headers.get("authorization") ?? "";
  const t = h.replace(/^Bearer\s+/i, "").trim();
  return NO_TOKEN.has(t) ? null : t;
}

function answer(c: Context, body: Body) {
  return c.json(body, 200);
}

/** Their apps read the language from Content-Language; ours from Accept-Language. */
function forwardHeaders(request: Request, token: string | null): Headers {
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  if (token) headers.set("authorization", `Bearer ${token}`);
  else headers.delete("authorization");
  const lang = request.headers.get("content-language");
  if (lang && !request.headers.get("accept-language")) headers.set("accept-language", lang);
  return headers;
}

export function createCompatApi(deps: ApiDeps) {
  const app = new Hono().basePath(COMPAT_BASE);

  app.all("/:name", async (c) => {
    const name = c.req.param("name");
    const def = Object.prototype.hasOwnProperty.call(compatCalls, name) ? compatCalls[name] : undefined;
    if (!def) return answer(c, { error: true, message: `Unknown API call ${name}`, data: null, code: 404 });
    const token = tokenOf(c.req.raw);
    // The old apps' calls take the body of any call: an upload's worth for a caller whose token
    // holds (checked before a byte of it is read), a public call's for anyone else.
    const signedIn =
      Boolean(token) &&
      Boolean(c.req.raw.body) &&
      (await deps.auth.verify(token!, true).catch(() => null)) !== null;
    const limit = signedIn ? LISTING_BODY_BYTES : PUBLIC_BODY_BYTES;
    const request = limitBody(c.req.raw, limit);
    if (request === "too large")
      return answer(c, { error: true, message: BODY_TOO_LARGE(limit), data: null, code: 413 });
    const url = new URL(request.url);
    const lang = (request.headers.get("content-language") ?? request.headers.get("accept-language") ?? "en")
      .toLowerCase()
      .startsWith("ar")
      ? "ar"
      : "en";
    // Like their server, a field may come in the query or the body, whatever the method.
    const query = await readInputOf(request, "GET");
    const body =
      request.method === "GET" || request.method === "HEAD"
        ? { fields: {}, names: [] }
        : await readInputOf(request, request.method).catch((err) => {
            if (ranPastLimit(request)) return null;
            throw err;
          });
    if (!body) return answer(c, { error: true, message: BODY_TOO_LARGE(limit), data: null, code: 413 });
    const fields: Fields = { ...query.fields, ...body.fields };
    const hostile = [...query.names, ...body.names].filter((n) => n === "__proto__" || n in Object.prototype);
    if (hostile.length)
      return answer(c, {
        error: true,
        message: `Unknown field: ${hostile.join(", ")}`,
        data: null,
        code: 400,
      });
    const ctx: Compat = {
      deps,
      request,
      fields,
      token,
      place: { origin: process.env.PUBLIC_ORIGIN ?? url.origin, lang },
      call(callName: CallName, input: Fields, options = {}) {
        const bearer = options.token === undefined ? token : options.token;
        const forwarded = new Request(request.url, {
          method: "GET",
          headers: forwardHeaders(request, bearer),
        });
        return runCall(
          deps,
          calls[callName] as AnyCall,
          forwarded,
          { fields: input, names: Object.keys(input) },
          { ignore: options.ignore },
        );
      },
    };
    return answer(c, await def.handle(ctx));
  });

  app.notFound((c) =>
    answer(c, {
      error: true,
      message: `Unknown API call ${new URL(c.req.url).pathname}`,
      data: null,
      code: 404,
    }),
  );
  app.onError((err, c) => {
    if (err instanceof CompatError)
      return answer(c, { error: true, message: err.message, data: null, ...err.extra });
    if (err instanceof ApiError)
      return answer(c, {
        error: true,
        message: err.message,
        data: null,
        code: err.status,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    // The database is away for a moment (decision 041): said in their shape, with code 503.
    if (isDatabaseUnavailable(err)) {
      noteUnavailable(`${c.req.method} ${c.req.path}`, err);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return answer(c, { error: true, message: UNAVAILABLE_MESSAGE, data: null, code: 503 });
    }
    logger().error({ err, method: c.req.method, path: c.req.path }, "Compatibility API error");
    return answer(c, {
      error: true,
      message: "Oops! Something went wrong. Please try again later",
      data: null,
      code: 500,
    });
  });
  return app;
}
