// The request handler of the whole product: health check, the API at /api, then the web app.
// Built by Vite into build/server/index.js; server.js serves static files in front of it.
import { Hono, type Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { CLIENT_IP_HEADER } from "./api";
import { secureHeaders } from "hono/secure-headers";
import { bodyLimit } from "hono/body-limit";
import { sql } from "drizzle-orm";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { getRuntime } from "./runtime.server";

const handleDocument = createRequestHandler(
  // Virtual module provided by the React Router Vite plugin.
  () => import("virtual:react-router/server-build"),
  process.env.NODE_ENV,
);

export const app = new Hono();

// nosniff, frame-ancestors via X-Frame-Options, a strict referrer policy and friends. The cross-origin
// embedder policy stays off: listing photos and videos may come from other origins later.
app.use(
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-site",
    referrerPolicy: "strict-origin-when-cross-origin",
    // HSTS only where the site is served over HTTPS (not the local demo on plain http).
    strictTransportSecurity: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1" ? "max-age=15552000; includeSubDomains" : false,
  }),
);

/**
 * The most one request may carry, checked while it arrives (before any form is parsed). Files have
 * their own caps (10 MB a photo or document); this stops a request that piles up many of them, or
 * one that is simply endless, from filling memory.
 */
export const MAX_REQUEST_MB = Number(process.env.MAX_REQUEST_MB) > 0 ? Number(process.env.MAX_REQUEST_MB) : 120;
export const TOO_LARGE_MESSAGE = `The upload is too large: at most ${MAX_REQUEST_MB} MB can be sent at once`;

app.use(
  bodyLimit({
    maxSize: MAX_REQUEST_MB * 1024 * 1024,
    onError: (c) =>
      c.req.path.startsWith("/api/") ? c.json({ error: true, message: TOO_LARGE_MESSAGE, data: null }, 413) : c.text(TOO_LARGE_MESSAGE, 413),
  }),
);

app.get("/healthz", async (c) => {
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: database.kind });
  } catch (e) {
    return c.json({ status: "error", message: (e as Error).message }, 503);
  }
});

/**
 * The request as the product sees it: the visitor's address in our own header, taken from the
 * connection (or, with TRUST_PROXY=1, from the proxy's X-Forwarded-For), whatever the client sent.
 */
function withClientIp(c: Context): Request {
  let ip = "unknown";
  try {
    ip = getConnInfo(c).remote.address ?? ip;
  } catch {
    // Not behind Node's HTTP server (tests call the handler directly).
  }
  if (process.env.TRUST_PROXY === "1") ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || ip;
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}

app.all("/api/*", async (c) => (await getRuntime()).api.fetch(withClientIp(c)));

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
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

app.all("*", async (c) => {
  if (isCrossSitePost(c.req.raw)) return c.text("Cross-site form posts are not accepted", 403);
  await getRuntime();
  return handleDocument(withClientIp(c), new RouterContextProvider());
});

/** Opens the database (and seeds the demo) before the first request arrives. */
export const ready = () => getRuntime().then(() => undefined);
