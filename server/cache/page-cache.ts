// Whole pages for visitors who carry no cookie, kept in this process as a CDN would keep them
// (decision 036). A public page already tells a shared cache it may keep it for a minute
// (app/lib/cache.ts); here a page is kept for at most SHARED_READ_SECONDS and dropped, in every
// process, as soon as a table it was read from changes (server/cache). A page found here costs no
// rendering: a tenth of the rendered page's time.
import { dropSequence, pages, type KeptPage } from ".";

type Page = KeptPage;

/** A view to count when the page is served from here: set by a page that counts its views. */
export const VIEW_HEADER = "x-count-view";

/** A page larger than this is not kept (none of the product's is near it). */
const MAX_BYTES = 1_000_000;

/** Taken before rendering a page, handed to keepPage: a change heard meanwhile keeps it out. */
export const pageGeneration = dropSequence;

/**
 * The key of a request whose page may come from here: a GET (a document or a client navigation's
 * data) without a cookie or credentials, so nothing personal can be in it. Null otherwise.
 */
export function pageKey(request: Request, seconds: number): string | null {
  if (seconds <= 0 || request.method !== "GET") return null;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return null;
  return request.url;
}

/** The page kept under `key`, if it is fresh: what it was read from counts as read by this request. */
export function cachedPage(key: string): Page | null {
  return pages.get(key) ?? null;
}

/** A page for this response, with `nonce` wherever the kept one had its own (a fresh one per answer). */
export function pageResponse(page: Page, nonce: string | null): Response {
  const body = page.nonce && nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
  // A list of its own: an answer's headers change on the way out (its encoding, its request's id),
  // and the kept ones must not change with them (a Headers may keep writing to the list it was made
  // from, as one that records raw headers for a mocking library does).
  return new Response(body, { status: page.status, headers: [...page.headers] });
}

/**
 * Keeps a rendered response when a shared cache could: 200, marked public, not personal, setting no
 * cookie. Returns the response to send (its body read here when kept). `nonce` is the one the page
 * was rendered with, replaced by each later answer's own.
 */
export async function keepPage(
  key: string,
  res: Response,
  nonce: string | null,
  generation: number,
  tables: ReadonlySet<string>,
  ttlMs: number,
): Promise<Response> {
  const cacheControl = res.headers.get("cache-control") ?? "";
  const type = res.headers.get("content-type") ?? "";
  if (
    res.status !== 200 ||
    !/\bpublic\b/.test(cacheControl) ||
    /\b(private|no-store)\b/.test(cacheControl) ||
    res.headers.has("set-cookie") ||
    res.headers.get("x-personal") === "1" ||
    !(type.startsWith("text/html") || type.startsWith("text/x-script"))
  ) {
    return res;
  }
  const body = await res.text();
  const view = res.headers.get(VIEW_HEADER);
  const headers = [...res.headers.entries()].filter(([name]) => name !== VIEW_HEADER);
  if (body.length <= MAX_BYTES)
    pages.set(key, { status: res.status, headers, body, nonce, view }, tables, generation, ttlMs);
  // A list of its own: the kept list must not change with this answer's headers on the way out.
  return new Response(body, { status: res.status, statusText: res.statusText, headers: [...headers] });
}
