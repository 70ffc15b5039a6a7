// Which API answers a cache may keep. An answer that knows who asked (a signed-in caller's, an
// admin's) or hands out a secret (a sign-in's token, a code's check) says `private, no-store`, so no
// proxy, CDN or browser cache keeps it; only public reads asked without credentials keep their own
// caching. Decided at the front for both addresses (/api and the apps' /compat/api), whatever the
// call set, so a call added later is private until it is known to be public.
import type { AnyCall } from "./call";
import { calls } from "./calls";
import { pathOf } from "./paths";

export const PRIVATE_ANSWER = "private, no-store";

/** Reads anyone may make, the same for every caller without credentials; sign-in calls are never among them. */
const PUBLIC_READS = new Set(
  (Object.values(calls) as AnyCall[])
    .filter(
      (call) =>
        (call.access === "public" || call.access === "optional") &&
        call.method === "GET" &&
        call.tag !== "sign-in" &&
        !pathOf(call).includes("{"),
    )
    .map((call) => pathOf(call)),
);

/**
 * Whether the answer to this request must not be kept by any cache. The API reads bearer tokens
 * only (a cookie signs in pages, never a call), so a request without Authorization is anonymous.
 */
export function isPrivateAnswer(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  if (request.headers.has("authorization")) return true;
  const name = new URL(request.url).pathname.replace(/^\/(?:compat\/)?api\//, "");
  return !PUBLIC_READS.has(name);
}

/**
 * The answer, marked private when it must be. A handler that set its own policy for an anonymous
 * caller (the API's document, a map image, a file) knows its answer best and keeps it.
 */
export function withCachePolicy(request: Request, res: Response): Response {
  const own = res.headers.get("cache-control");
  if (own && !request.headers.has("authorization")) return res;
  if (!isPrivateAnswer(request) || (own && /\bno-store\b/.test(own) && /\bprivate\b/.test(own))) return res;
  const headers = new Headers(res.headers);
  headers.set(
    "cache-control",
    own?.includes("no-transform") ? `${PRIVATE_ANSWER}, no-transform` : PRIVATE_ANSWER,
  );
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
