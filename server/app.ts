// The request handler of the whole product: health check, the API at /api, then the web app.
// Built by Vite into build/server/index.js; the front (server/http/front.ts) serves files before it.
import { Hono, type Context, type Next } from "hono";
import { ICON_BASE, iconSvg } from "./media/icons";
import { getConnInfo } from "@hono/node-server/conninfo";
import { behindTrustedProxy, clientAddress, trustedHops } from "./net/client-address";
import { CLIENT_IP_HEADER, HEAD_REQUEST_HEADER } from "./api";
import { sql } from "drizzle-orm";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { getAuth, getRuntime } from "./runtime/runtime.server";
import { apiReady, cspReportAllowed, forwardToApi } from "./runtime/web-tier";
import { withCachePolicy } from "./api/cache-policy";
import { readFormsToDisk, withUploadScope } from "./api/multipart";
import { env } from "./runtime/env.server";
import { nonceContext } from "~/lib/nonce";
import { DEFAULT_LOCALE, localeFromPath } from "~/lib/i18n";
import {
  commonSecurityHeaders,
  contentSecurityPolicy,
  CSP_REPORT_PATH,
  LOCKED_DOWN_CSP,
  UPLOADED_FILE_CSP,
  newNonce,
  servedOverHttps,
} from "./security/headers";
import { hit } from "./api/rate-limit";
import { BODY_TOO_LARGE, JSON_BODY_BYTES, limitBody, ranPastLimit } from "./api/body-limit";
import { api, countsAsView } from "~/lib/api.server";
import { getViewer } from "~/lib/session.server";
import { cachedPage, keepPage, pageGeneration, pageKey, pageResponse, VIEW_HEADER } from "./cache/page-cache";
import { currentTables, traced } from "./cache/track";
import { HTTPException } from "hono/http-exception";
import { observeRequests } from "./observability/http";
import { logger } from "./observability/log";
import { watchDatabase } from "./observability/metrics";
import { currentRequestId, nameRoute, REQUEST_ID_HEADER } from "./observability/request-context";
import { endLiveStreams } from "./api/chat/live";
import { provideRequestHooks } from "~/lib/request-reference";

// Virtual module provided by the React Router Vite plugin.
const loadBuild = () => import("virtual:react-router/server-build");

/**
 * The language is read from the address once, before routing (decision 056): each language other
 * than English is its own router under its own basename ("/ar"), so the route table holds one
 * branch per page rather than two (an optional ":lang?" segment doubles every branch, and the
 * table is matched several times per request).
 */
const routerBasename = (pathname: string): string | undefined => {
  // A client navigation asks "/ar.data" for the Arabic home page's data.
  const locale = localeFromPath(pathname.replace(/\.data$/, ""));
  return locale === DEFAULT_LOCALE ? undefined : `/${locale}`;
};

type Handler = ReturnType<typeof createRequestHandler>;
type Build = Awaited<ReturnType<typeof loadBuild>>;
const withBasename = (build: Build, basename: string | undefined): Build =>
  basename ? { ...build, basename } : build;

/**
 * React Router rebuilds its route tables and request handler from a build handed in as a function
 * on every request, so that development sees edited routes at once. A built server's routes never
 * change: there the build is loaded once and a handler made from it once per language (that
 * rebuilding was a tenth of a page's server time).
 */
const builtHandlers = new Map<string | undefined, Promise<Handler>>();
function handleDocument(request: Request, context: RouterContextProvider): Promise<Response> {
  const mode = process.env.NODE_ENV;
  const basename = routerBasename(new URL(request.url).pathname);
  if (mode === "development")
    return createRequestHandler(async () => withBasename(await loadBuild(), basename), mode)(
      request,
      context,
    );
  let handler = builtHandlers.get(basename);
  if (!handler) {
    handler = loadBuild().then(
      (build) => createRequestHandler(withBasename(build, basename), mode),
      (error) => {
        builtHandlers.delete(basename);
        throw error;
      },
    );
    builtHandlers.set(basename, handler);
  }
  return handler.then((handle) => handle(request, context));
}

export const app = new Hono();

// First, so that it sees every answer: a request's id, its log line and its metrics.
app.use(observeRequests);
// The error page shows the request's id; the root's middleware names a page's route.
provideRequestHooks({ id: currentRequestId, nameRoute });

// Hono's own answer, written to the log with the request's id rather than to the console.
app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  logger().error({ err: error }, "Unexpected error");
  return c.text("Internal Server Error", 500);
});

// nosniff, X-Frame-Options, a strict referrer policy, the Permissions-Policy and (over HTTPS) HSTS on
// every answer; pages get their own CSP below, everything else one under which nothing runs. The
// cross-origin embedder policy stays off: listing photos and videos may come from other origins.
app.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(commonSecurityHeaders({ https: servedOverHttps() })))
    c.res.headers.set(name, value);
  if (!c.res.headers.has("content-security-policy"))
    c.res.headers.set("Content-Security-Policy", LOCKED_DOWN_CSP);
  if (!c.res.headers.has("cross-origin-resource-policy"))
    c.res.headers.set("Cross-Origin-Resource-Policy", "same-site");
});

/**
 * Pages are read and forms posted; nothing else. TRACE, PUT, DELETE and the rest answer 405 with
 * what the address does take (the API answers its own 405s per call).
 */
const PAGE_METHODS = ["GET", "HEAD", "POST"];
app.use(async (c, next) => {
  if (
    c.req.path.startsWith("/api/") ||
    c.req.path.startsWith("/compat/api/") ||
    PAGE_METHODS.includes(c.req.method)
  )
    return next();
  if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: PAGE_METHODS.join(", ") });
  return c.text("Method Not Allowed", 405, { Allow: PAGE_METHODS.join(", ") });
});

/**
 * The most one request may carry, checked while it arrives (before any form is parsed). Files have
 * their own caps (10 MB a photo or document); this stops a request that piles up many of them, or
 * one that is simply endless, from filling memory.
 */
export const MAX_REQUEST_MB =
  Number(process.env.MAX_REQUEST_MB) > 0 ? Number(process.env.MAX_REQUEST_MB) : 120;
export const TOO_LARGE_MESSAGE = `The upload is too large: at most ${MAX_REQUEST_MB} MB can be sent at once`;

const tooLarge = (c: Context, message = TOO_LARGE_MESSAGE) =>
  // The connection is closed after the answer: the rest of the body is never read.
  c.req.path.startsWith("/api/") || c.req.path.startsWith("/compat/api/")
    ? c.json({ error: true, message, data: null }, 413, { Connection: "close" })
    : c.text(message, 413, { Connection: "close" });

/**
 * A tour's video (up to 200 MB) is the one body larger than the rest. Its upload reads the file
 * straight to disk with its own cap (server/media/video), so here a declared length is checked and
 * nothing is held: the general limit would gather a body without a length in memory.
 */
const VIDEO_UPLOAD = /^(?:\/api\/virtual-tours\/\d+\/upload-video|(?:\/ar)?\/user\/tours\/\d+(?:\/video)?)$/;
const VIDEO_REQUEST_BYTES = 210 * 1024 * 1024;

const isApi = (path: string) => path.startsWith("/api/") || path.startsWith("/compat/api/");
const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/**
 * Whether a page's post comes from a signed-in person: the session cookie's signature holds and the
 * identity provider accepts the session inside. A cookie's mere name proves nothing: anyone can
 * send `__session=x`, and the larger caps must not be theirs (decision 051).
 */
async function signedIn(request: Request): Promise<boolean> {
  return Boolean(await getViewer(request).catch(() => null));
}

app.use(async (c, next) => {
  const request = c.req.raw;
  if (!request.body) return next();
  // The API holds each call to its own limit (server/api/body-limit.ts) as the body arrives, reading
  // an upload only for a caller whose token holds; here only the general cap, counted as it streams.
  if (isApi(c.req.path)) {
    if (VIDEO_UPLOAD.test(c.req.path)) return checkVideoLength(c, next);
    const bounded = limitBody(request, MAX_REQUEST_MB * 1024 * 1024);
    if (bounded === "too large") return tooLarge(c);
    c.req.raw = bounded;
    return next();
  }
  // A page's form: 1 MB for everyone unless it is multipart (the only way files come) from someone
  // whose session holds. A form that is not multipart is parsed whole in memory by the platform, so
  // its cap is counted as it streams and a declared length over it is refused before it is read.
  const uploader = isMultipart(request) && (await signedIn(request));
  if (uploader && VIDEO_UPLOAD.test(c.req.path)) {
    // The editor page takes the video only at ?upload=video; its other forms keep the general limit.
    const editorPage = /^(?:\/ar)?\/user\/tours\/\d+$/.test(c.req.path);
    if (!editorPage || c.req.query("upload") === "video") return checkVideoLength(c, next);
  }
  const limit = uploader ? MAX_REQUEST_MB * 1024 * 1024 : JSON_BODY_BYTES;
  const message = uploader ? TOO_LARGE_MESSAGE : BODY_TOO_LARGE(limit);
  const bounded = limitBody(request, limit);
  if (bounded === "too large") return tooLarge(c, message);
  if (!uploader && bounded !== request) {
    // No declared length: the small form is read here, at most its cap, so one that runs past it is
    // refused before any page's work begins.
    const body = await bounded.arrayBuffer().catch(() => null);
    if (!body) return tooLarge(c, message);
    c.req.raw = new Request(request, { body });
    return next();
  }
  c.req.raw = bounded;
  await next();
  // An upload without a declared length that ran past its cap: the action saw an unreadable form.
  if (ranPastLimit(bounded)) c.res = tooLarge(c, message);
});

function checkVideoLength(c: Context, next: Next) {
  const declared = Number(c.req.header("content-length") ?? NaN);
  if (declared > VIDEO_REQUEST_BYTES)
    return Promise.resolve(
      c.json(
        {
          error: true,
          message: "Videos must be at most 200 MB",
          data: null,
          errors: { video: ["Videos must be at most 200 MB"] },
        },
        413,
        { Connection: "close" },
      ),
    );
  return next();
}

/** Icons of categories, details and facilities (server/media/icons.ts), cached for a year by name. */
app.get(`${ICON_BASE}/:file`, async (c) => {
  const file = c.req.param("file");
  const svg = file.endsWith(".svg") ? await iconSvg(file.slice(0, -4)) : null;
  if (!svg) return c.text("Not found", 404);
  return c.body(svg, 200, {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "x-content-type-options": "nosniff",
  });
});

/** Set when the process begins to stop (SIGTERM): it is no longer ready for new requests. */
let stopping = false;
export function setStopping(value: boolean) {
  stopping = value;
  endLiveStreams(value);
}

// Liveness: the process answers. A container is restarted only when this fails, never because
// its database blipped (a restart would not bring the database back).
app.get("/livez", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));

// Uploads in a bucket without an address of its own (decision 039); the front serves the disk's first.
app.on(["GET", "HEAD"], "/uploads/*", async (c) => {
  const res = await (await import("./media/serve-uploads")).serveUploads(c);
  res.headers.set("Content-Security-Policy", UPLOADED_FILE_CSP);
  return res;
});

// Readiness: the database answers and the process is not stopping. A load balancer sends no new
// requests while this fails; the process recovers by itself when the database returns.
app.get("/readyz", async (c) => {
  const headers = { "cache-control": "no-store" };
  if (stopping) return c.json({ status: "stopping" }, 503, headers);
  // A web tier is ready when its API is: it has no database of its own.
  const origin = env().API_ORIGIN;
  if (origin) {
    const ok = await apiReady(origin);
    return c.json({ status: ok ? "ok" : "unavailable" }, ok ? 200 : 503, headers);
  }
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select 1`);
    return c.json({ status: "ok" }, 200, headers);
  } catch {
    return c.json({ status: "unavailable" }, 503, headers);
  }
});

app.get("/healthz", async (c) => {
  const origin = env().API_ORIGIN;
  if (origin) {
    const ok = await apiReady(origin);
    return c.json({ status: ok ? "ok" : "error", api: "separate" }, ok ? 200 : 503, {
      "cache-control": "no-store",
    });
  }
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: database.kind }, 200, { "cache-control": "no-store" });
  } catch (error) {
    // Why is for the log, not for whoever asks: a database's error names hosts, users and versions.
    logger().warn({ err: error }, "Health check: the database did not answer");
    return c.json({ status: "error" }, 503, { "cache-control": "no-store" });
  }
});

/**
 * The request as the product sees it: the visitor's address in our own header, taken from the
 * connection or, behind the proxies TRUST_PROXY names, from X-Forwarded-For read from the right past
 * them (server/net/client-address.ts), whatever the client sent.
 */
function withClientIp(c: Context): Request {
  let connection: string | undefined;
  try {
    connection = getConnInfo(c).remote.address;
  } catch {
    // Not behind Node's HTTP server (tests call the handler directly).
  }
  const ip = clientAddress(connection, c.req.header("x-forwarded-for"));
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  headers.delete(HEAD_REQUEST_HEADER);
  // A separately deployed API (API_ORIGIN) logs the request under the same id.
  const id = currentRequestId();
  if (id) headers.set(REQUEST_ID_HEADER, id);
  return new Request(c.req.raw, { headers });
}

app.all("/api/*", async (c) => answerApi(withClientIp(c)));
// Apps built on the eBroker contract (decision 025): the same API, in their shapes.
app.all("/compat/api/*", async (c) => answerApi(withClientIp(c)));

/** The API in this process, or, in a web tier (API_ORIGIN), the separately deployed one. */
async function answerApi(request: Request): Promise<Response> {
  const origin = env().API_ORIGIN;
  if (origin) return withCachePolicy(request, await forwardToApi(request, origin));
  const { api } = await getRuntime();
  return withCachePolicy(request, await api.fetch(request));
}

/**
 * Browsers report what the policy blocked here, so a page that breaks under it shows up in the log.
 * Anyone can post, so reports are limited per visitor and only a short summary is written.
 */
app.post(CSP_REPORT_PATH, async (c) => {
  const request = withClientIp(c);
  try {
    if (env().API_ORIGIN) {
      // No database in a web tier: a smaller allowance per process stands in for the shared count.
      if (!cspReportAllowed()) return c.body(null, 204);
    } else {
      const { database } = await getRuntime();
      await hit(database.db, {
        key: `csp-report:${request.headers.get(CLIENT_IP_HEADER)}`,
        max: 60,
        windowSeconds: 3600,
      });
    }
    // From the request as read above (its body moved there: the original's is used).
    const body = (await request.json().catch(() => null)) as {
      "csp-report"?: Record<string, unknown>;
    } | null;
    const r = body?.["csp-report"];
    if (r)
      logger().warn(
        {
          directive: String(r["violated-directive"] ?? r["effective-directive"] ?? "?").slice(0, 80),
          // Addresses without their query: a page's may hold a code (a reset link's key).
          blocked: String(r["blocked-uri"] ?? "")
            .split("?")[0]!
            .slice(0, 200),
          page: String(r["document-uri"] ?? "")
            .split("?")[0]!
            .slice(0, 200),
        },
        "CSP violation",
      );
  } catch {
    // over the limit, or not a report: nothing to log
  }
  return c.body(null, 204);
});

/**
 * Forms post with the session cookie, so a post must come from our own pages: SameSite=Lax covers
 * most of it, and this check refuses cross-site posts outright (the API takes bearer tokens only).
 */
export function isCrossSitePost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  // A forwarded host is the proxy's word only behind a proxy we were told to trust; otherwise any
  // client could send one matching its own Origin.
  const forwarded = behindTrustedProxy() ? request.headers.get("x-forwarded-host") : null;
  const host = forwarded ?? request.headers.get("host") ?? new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

// A page's form with files is read to temporary files (as the API's are), removed after the answer.
readFormsToDisk();
app.all("*", (c) => withUploadScope(() => answerPage(c)));

async function answerPage(c: Context): Promise<Response> {
  if (isCrossSitePost(c.req.raw)) return c.text("Cross-site form posts are not accepted", 403);
  await ready();
  // A nonce per page: React Router's and React's inline scripts carry it (app/entry.server.tsx),
  // an injected script cannot.
  const nonce = newNonce();
  const asked = withClientIp(c);
  // HEAD is answered as GET without its body, so it carries exactly GET's headers (type, policy,
  // caching): the router's own HEAD answer had no type, and so got a file's policy rather than a page's.
  const head = asked.method === "HEAD";
  let request = asked;
  if (head) {
    const headers = new Headers(asked.headers);
    headers.set(HEAD_REQUEST_HEADER, "1");
    request = new Request(asked.url, { method: "GET", headers });
  }
  const res = await renderPage(request, nonce);
  if (!head) return res;
  await res.body?.cancel();
  return new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
}

async function renderPage(request: Request, nonce: string): Promise<Response> {
  // A public page for a visitor without cookies, from this process's page cache (decision 036).
  // Not with API_ORIGIN: the web tier then hears no database's notices of change.
  const seconds = env().API_ORIGIN ? 0 : env().SHARED_READ_SECONDS;
  const key = pageKey(request, seconds);
  const kept = key ? cachedPage(key) : null;
  if (kept) {
    // A listing served from here still counts a person's view (crawlers' are not counted).
    if (kept.view && countsAsView(request)) {
      api("set_property_total_click", { slug_id: kept.view }, { request }).catch(() => undefined);
    }
    return withPolicy(pageResponse(kept, nonce), nonce);
  }
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  if (!key) return withPolicy(await handleDocument(request, context), nonce);
  // What the page was read from, gathered as it renders: it is kept until one of those tables changes.
  const generation = pageGeneration();
  const { value: page } = await traced(async () => {
    const rendered = await handleDocument(request, context);
    return keepPage(key, rendered, nonce, generation, currentTables(), seconds * 1000);
  });
  return withPolicy(page, nonce);
}

/** A page's answer with its Content-Security-Policy (for its nonce), without the page cache's own header. */
function withPolicy(res: Response, nonce: string): Response {
  const html = res.headers.get("content-type")?.startsWith("text/html");
  if (!html && !res.headers.has(VIEW_HEADER)) return res;
  const headers = new Headers(res.headers);
  headers.delete(VIEW_HEADER);
  if (html)
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, env(), { https: servedOverHttps() }));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Opens the database (and seeds the demo) before the first request arrives; a web tier in front of
 * a separate API (API_ORIGIN) only gets its identity service ready.
 */
export const ready = async () => {
  // A TRUST_PROXY that cannot be read stops the start with what to set, not the first request.
  trustedHops();
  return env().API_ORIGIN
    ? getAuth().then(() => undefined)
    : getRuntime().then(({ database }) => watchDatabase(database));
};

// For server.js: what a connection meets first (files, compression), in front of this handler.
export { createFront } from "./http/front";
// For server.js: a cluster's primary prepares the database once; every process stops its own parts.
export { prepareDatabase, stopRuntime } from "./runtime/runtime.server";
// For server.js: a single process serves its own metrics on METRICS_PORT.
export { renderMetrics } from "./observability/metrics";
