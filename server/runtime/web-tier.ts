// A web tier in front of a separately deployed API (API_ORIGIN): it renders pages and passes the
// browser's own API calls (live chat, the map's reads, uploads from scripts) on to the API. It opens
// no database: everything it knows comes from the API over HTTP.
import { CLIENT_IP_HEADER } from "../api";

/** Headers that describe one connection, not the request (RFC 9110 §7.6.1), and our own internal one. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  CLIENT_IP_HEADER,
]);

export const API_UNAVAILABLE = "The service is briefly unavailable. Please try again in a moment";

/**
 * Passes the request on, body streamed as it arrives and answer streamed back (a live chat stream
 * stays open end to end). The visitor's address goes as X-Forwarded-For: the API trusts it when it
 * runs with TRUST_PROXY=1 behind this tier.
 */
export async function forwardToApi(request: Request, origin: string): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, origin);
  const headers = new Headers();
  for (const [name, value] of request.headers) if (!HOP_BY_HOP.has(name)) headers.set(name, value);
  const ip = request.headers.get(CLIENT_IP_HEADER);
  if (ip) headers.set("x-forwarded-for", ip);
  headers.set("x-forwarded-host", url.host);
  // Compressed answers would be inflated by fetch and passed on without their encoding.
  headers.set("accept-encoding", "identity");
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      signal: request.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch {
    return Response.json(
      { error: true, message: API_UNAVAILABLE, data: null },
      {
        status: 503,
        headers: { "retry-after": "5", "cache-control": "no-store" },
      },
    );
  }
  const out = new Headers(answer.headers);
  for (const name of ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"])
    out.delete(name);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out });
}

let lastCheck: { at: number; ok: Promise<boolean> } | null = null;

/** Whether the API answers ready; asked at most once a second, however often the balancer checks. */
export function apiReady(origin: string): Promise<boolean> {
  if (lastCheck && Date.now() - lastCheck.at < 1000) return lastCheck.ok;
  const ok = fetch(new URL("/readyz", origin), { signal: AbortSignal.timeout(2000) })
    .then((r) => r.ok)
    .catch(() => false);
  lastCheck = { at: Date.now(), ok };
  return ok;
}

const cspWindow = { start: 0, count: 0 };

/** Browsers' policy reports in a web tier: at most 600 an hour per process, whoever sends them. */
export function cspReportAllowed(now = Date.now()): boolean {
  if (now - cspWindow.start > 3_600_000) Object.assign(cspWindow, { start: now, count: 0 });
  return ++cspWindow.count <= 600;
}
