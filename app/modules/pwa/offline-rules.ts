// What the site's service worker keeps and how it reads a page (decision 048), apart from the
// worker itself so that the rules can be tested in Node and the offline page can share the names.
// Nothing here may use the DOM or the worker's globals: it runs in both, and in tests.

/**
 * The caches, each name with its format's version: a worker that changes what it stores changes
 * the name, and the new worker deletes the caches of every other version when it takes over.
 */
export const CACHES = {
  /** The offline page in each language and the files it needs. */
  shell: "souq-offline-v1",
  /** Built files (/assets/…): their names change with their content, so a copy never goes stale. */
  assets: "souq-assets-v1",
  /** Listing pages as a visitor without an account sees them, the last LISTING_LIMIT opened. */
  listings: "souq-listings-v1",
  /** The main photo of each kept listing, and nothing else. */
  photos: "souq-listing-photos-v1",
} as const;
export const CACHE_PREFIX = "souq-";

export const LISTING_LIMIT = 20;
/** A copy older than this is dropped even when fewer than LISTING_LIMIT are kept: prices move. */
export const LISTING_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Built files kept for pages read offline; the oldest go first. */
export const ASSET_LIMIT = 200;
/** How often the offline page is fetched again, so a new name, colour or build reaches it. */
export const SHELL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the worker writes on a kept listing's copy for the offline page to list it. */
export const KEPT_HEADERS = {
  title: "x-offline-title",
  photos: "x-offline-photos",
  kept: "x-offline-kept",
} as const;

/** The offline page of each language, fetched when the worker installs. */
export const OFFLINE_PAGES = ["/offline", "/ar/offline"] as const;

/** A property's or a project's page, in either language (not its printable version). */
export function isListingPath(pathname: string): boolean {
  return /^\/(?:ar\/)?(?:properties-details|project-details)\/[^/]+$/.test(pathname);
}

/** The offline page in the language of the address the visitor asked for. */
export function offlinePagePath(pathname: string): (typeof OFFLINE_PAGES)[number] {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "/ar/offline" : "/offline";
}

/** Signing out (the header's form, with or without JavaScript): the worker forgets the listings. */
export function isSignOut(method: string, pathname: string): boolean {
  return method === "POST" && /^\/(?:ar\/)?logout(?:\.data)?$/.test(pathname);
}

interface AnswerLike {
  status: number;
  redirected: boolean;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * Only a page the server itself says anyone may keep: a plain 200 of our own origin, HTML, with a
 * Cache-Control that is public and neither private nor no-store. A page that knows who is looking
 * is `private, no-store` (app/lib/cache.ts), so it never qualifies; nor does an answer without
 * a Cache-Control at all.
 */
export function isPublicPage(res: AnswerLike): boolean {
  if (res.status !== 200 || res.redirected || res.type !== "basic") return false;
  if (!res.headers.get("content-type")?.startsWith("text/html")) return false;
  if (res.headers.get("x-personal")) return false;
  const cacheControl = (res.headers.get("cache-control") ?? "").toLowerCase();
  return /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of an HTML attribute or element as React writes it (named and numeric references). */
export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? decodeHtml(m[1]!) : null;
}

/**
 * The listing's title as its page shows it: the page's heading, else its Open Graph title (which
 * may be the owner's title for search engines), else its <title> (which adds the site's name).
 */
export function pageTitle(html: string): string | null {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const heading = h1
    ? decodeHtml(h1.replace(/<[^>]*>/g, ""))
        .replace(/\s+/g, " ")
        .trim()
    : "";
  if (heading) return heading;
  const og = /<meta\b[^>]*\sproperty="og:title"[^>]*>/i.exec(html)?.[0];
  const title = og ? attribute(og, "content") : null;
  if (title?.trim()) return title.trim();
  const plain = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  return plain ? decodeHtml(plain).trim() || null : null;
}

/**
 * Every address the browser may load the listing's main photo from: the one image the page asks
 * for first (`fetchpriority="high"`), its `src` and each `srcset` candidate, with the AVIF sources
 * of its <picture>. Which one the browser takes depends on the screen, so the worker keeps
 * whichever of these it sees the page load. Our own origin only: another origin's photo would be
 * an opaque answer whose size the browser cannot tell.
 */
export function mainPhotoAddresses(html: string, pageUrl: string): string[] {
  const img = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(html);
  if (!img) return [];
  let block = img[0];
  const picture = html.lastIndexOf("<picture", img.index);
  if (picture >= 0 && html.lastIndexOf("</picture>", img.index) < picture)
    block = html.slice(picture, img.index + img[0].length);
  const origin = new URL(pageUrl).origin;
  const found = new Set<string>();
  for (const tag of block.match(/<(?:img|source)\b[^>]*>/gi) ?? []) {
    const candidates = [attribute(tag, "src"), ...(attribute(tag, "srcset")?.split(",") ?? [])];
    for (const candidate of candidates) {
      const address = candidate?.trim().split(/\s+/)[0];
      if (!address) continue;
      try {
        const url = new URL(address, pageUrl);
        if (url.origin === origin) found.add(url.href);
      } catch {
        // not an address
      }
    }
  }
  return [...found];
}

/** The built files a page links to (its stylesheets, above all): what the offline page needs. */
export function builtFilesOf(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/["'(](\/assets\/[^"'()\s]+)/g)) found.add(new URL(m[1]!, pageUrl).href);
  return [...found];
}
