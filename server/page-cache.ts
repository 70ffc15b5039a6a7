// Whole pages for visitors who carry no cookie, kept in this process as a CDN would keep them
// (decision 036). A public page already tells a shared cache it may keep it for a minute
// (app/lib/cache.ts); here a page is kept for at most SHARED_READ_SECONDS and dropped, in every
// process, as soon as anything it is read from changes (the same notices as the shared reads of
// decision 034). A page found here costs no rendering: a tenth of the rendered page's time.
import { onForget } from "./memo.server";

type Page = {
  at: number;
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string | null;
  view: string | null;
};

const pages = new Map<string, Page>();
/** Past this many pages the oldest go first. */
const MAX_PAGES = 400;
/** A page larger than this is not kept (none of the product's is near it). */
const MAX_BYTES = 1_000_000;

/** A view to count when the page is served from here: set by a page that counts its views. */
export const VIEW_HEADER = "x-count-view";

let heard = false;
/** How many times the pages were dropped: a page rendered across a drop may hold what changed. */
let drops = 0;
/** Every page goes when any of the process's cached reads does: a page is made of them. */
function hear() {
  if (heard) return;
  heard = true;
  onForget(() => {
    drops++;
    pages.clear();
  });
}

/** Taken before rendering a page, handed to keepPage. */
export function pageGeneration(): number {
  hear();
  return drops;
}

/**
 * The key of a request whose page may come from here: a GET (a document or a client navigation's
 * data) without a cookie or credentials, so nothing personal can be in it. Null otherwise.
 */
export function pageKey(request: Request, seconds: number): string | null {
  if (seconds <= 0 || request.method !== "GET") return null;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return null;
  return request.url;
}

/** The page kept under `key`, if it is younger than `seconds`. */
export function cachedPage(key: string, seconds: number): Page | null {
  const page = pages.get(key);
  if (!page) return null;
  if (Date.now() - page.at >= seconds * 1000) {
    pages.delete(key);
    return null;
  }
  return page;
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
  const at = Date.now();
  const body = await res.text();
  const view = res.headers.get(VIEW_HEADER);
  const headers = [...res.headers.entries()].filter(([name]) => name !== VIEW_HEADER);
  if (body.length <= MAX_BYTES && generation === drops) {
    pages.delete(key);
    pages.set(key, { at, status: res.status, headers, body, nonce, view });
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
  return new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: [...headers],
  });
}
