// The marketplace API at /api: one Hono app, a route per call, the spec's envelope on every answer.
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import type { ApiContext, ApiDeps } from "./context";
import { ApiError, fieldErrors, type Envelope } from "./envelope";
import { requestLanguage } from "./i18n";
import { openApiDocument } from "./openapi";
import { mountDocs } from "./docs";
import { findByFirebaseId } from "./users/service";
import { GATES } from "./packages/gates";
import { mountWebhooks } from "./payments/webhooks";
import { mountVerificationFiles } from "./verification/calls";
import { mountPaymentReceipts } from "./admin/payments";
import { mountChat } from "./chat/http";
import { bearer } from "./raw";
import { DEMO_MODE_MESSAGE, isDemoAccount, isDemoMode } from "./listings/guards";

const LANGS = ["en", "ar"] as const;
/** Set by the HTTP front (server/app.ts) from the connection; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-souq-client-ip";

/** Query string or body → a plain object; empty values are dropped (spec: "empty values dropped"). */
async function readInput(c: Context, method: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v === "" || v === undefined) return;
    const key = k.endsWith("[]") ? k.slice(0, -2) : k;
    if (key in out || k.endsWith("[]")) out[key] = ([] as unknown[]).concat(out[key] ?? [], v);
    else out[key] = v;
  };
  if (method === "GET") {
    new URL(c.req.url).searchParams.forEach((v, k) => put(k, v));
    return out;
  }
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = await c.req.json().catch(() => {
      throw new ApiError(400, "Request body is not valid JSON");
    });
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "Request body must be a JSON object");
    return wellFormed(body) as Record<string, unknown>;
  }
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, "Request body is not a valid form");
    });
    form.forEach((v, k) => put(k, v));
  }
  return out;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON may spell half a surrogate pair (`"\ud800"`), which is no text: PostgreSQL's json refuses it
 * (a 500 wherever text lands in a jsonb column). It becomes U+FFFD, as it does in a form or a query.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\ufffd");
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, wellFormed(k) as string, { value: wellFormed(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function fieldsWithNul(input: Record<string, unknown>): string[] {
  const has = (v: unknown): boolean =>
    typeof v === "string" ? v.includes("\u0000") : Array.isArray(v) ? v.some(has) : v !== null && typeof v === "object" ? Object.values(v).some(has) : false;
  return Object.entries(input)
    .filter(([, v]) => has(v))
    .map(([k]) => k);
}

function reply(c: Context, status: number, body: Envelope<unknown>) {
  return c.json(body, status as 200);
}

export function createApi(deps: ApiDeps) {
  // Mounted under /api both over HTTP and for in-process dispatch, so paths are identical.
  const app = new Hono().basePath("/api");
  const list = Object.values(calls) as AnyCall[];

  app.get("/openapi.json", (c) => c.json(openApiDocument(list)));
  mountDocs(app, () => openApiDocument(list));
  mountWebhooks(app, deps);
  mountVerificationFiles(app, deps);
  mountPaymentReceipts(app, deps);
  mountChat(app, deps);

  for (const call of list) {
    app.on(call.method, `/${call.name}`, async (c) => {
      const token = bearer(c);
      // Mutations re-check that the session was not ended; reads trust the signature.
      // Admin calls always re-check, so a revoked admin (npm run admin:grant -- --revoke) stops at once.
      const principal = token ? await deps.auth.verify(token, call.method !== "GET" || call.access === "admin" || call.recheckSession === true) : null;
      if ((call.access === "user" || call.access === "admin") && !principal) throw new ApiError(401, "Unauthorized");
      // The claim is checked here, before input is read, so no admin call can forget it.
      if (call.access === "admin" && !principal!.admin) throw new ApiError(403, "Forbidden");
      // A public demo publishes the demo admin's password: in demo mode it may look, not change.
      // An admin made with admin:grant can still change everything (including switching demo mode off).
      if (call.access === "admin" && call.method !== "GET" && isDemoAccount(principal!.uid) && (await isDemoMode(deps.db))) {
        throw new ApiError(403, DEMO_MODE_MESSAGE);
      }
      const user = principal ? await findByFirebaseId(deps.db, principal.uid) : null;
      if (user && !user.is_active && call.method !== "GET" && !call.openToDeactivated) {
        throw new ApiError(403, GATES.deactivated.message);
      }
      const raw = (call.prepare ?? ((r) => r))(await readInput(c, call.method));
      const nul = fieldsWithNul(raw);
      if (nul.length) {
        // PostgreSQL text cannot hold U+0000; say so instead of failing in the database.
        const errors = Object.fromEntries(nul.map((k) => [k, ["Text must not contain NUL characters"]]));
        return reply(c, 400, { error: true, message: "Text must not contain NUL characters", data: null, errors });
      }
      const parsed = call.input.safeParse(raw);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        const first = Object.values(errors)[0]?.[0] ?? "Invalid input";
        return reply(c, 400, { error: true, message: first, data: null, errors });
      }
      const ctx: ApiContext = {
        ...deps,
        principal,
        user,
        lang: requestLanguage(c.req.header("accept-language") ?? null, LANGS),
        request: c.req.raw,
        clientIp: c.req.header(CLIENT_IP_HEADER) ?? "unknown",
      };
      const result = await call.handler(parsed.data, ctx);
      const body: Envelope<unknown> = { error: false, message: result.message ?? "Data fetched successfully", data: result.data };
      if (result.total !== undefined) body.total = result.total;
      return reply(c, result.status ?? 200, body);
    });
  }

  // A known call asked with another method: 405 and the method it takes, rather than "unknown".
  const methodOf = new Map(list.map((call) => [`/api/${call.name}`, call.method]));
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const method = methodOf.get(path);
    if (method && method !== c.req.method) {
      c.header("Allow", method === "GET" ? "GET, HEAD" : method);
      return reply(c, 405, { error: true, message: `${path.slice("/api/".length)} takes ${method} only`, data: null });
    }
    return reply(c, 404, { error: true, message: `Unknown API call ${path}`, data: null });
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return reply(c, err.status, { error: true, message: err.message, data: null, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err instanceof z.ZodError) return reply(c, 400, { error: true, message: "Invalid input", data: null, errors: fieldErrors(err) });
    console.error("API error", c.req.method, c.req.path, err);
    return reply(c, 500, { error: true, message: "Oops! Something went wrong. Please try again later", data: null });
  });
  return app;
}

export type Api = ReturnType<typeof createApi>;
