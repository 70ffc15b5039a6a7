// The site's pages without a connection (decision 048), inside the one service worker:
// - navigations go to the network first; when it fails, a listing opened before comes from its
//   kept copy, anything else gets the offline page of its language;
// - a listing page, once loaded, is kept as a visitor without an account sees it (the last 20,
//   none older than 30 days), with its main photo as the page loaded it;
// - built files (/assets/…, named by their content) come from a copy once kept;
// - everything else (the API, posts, other origins, signed-in pages) is left to the browser,
//   never stored.
import {
  ASSET_LIMIT,
  builtFilesOf,
  CACHE_PREFIX,
  CACHES,
  isListingPath,
  isPublicPage,
  isSignOut,
  KEPT_HEADERS,
  LISTING_LIMIT,
  LISTING_MAX_AGE_MS,
  mainPhotoAddresses,
  OFFLINE_PAGES,
  offlinePagePath,
  pageTitle,
  SHELL_MAX_AGE_MS,
} from "./offline-rules";
import type { FetchEventLike, WorkerScope } from "./worker-scope";

interface KeptListing {
  title: string;
  photos: string[];
}

const ANY_VARY = { ignoreVary: true } as const;

/** Listing pages being stored, by address: a photo the page asks for meanwhile waits for their list. */
const storing = new Map<string, Promise<KeptListing | null>>();
/** When this worker last looked at the offline page's age (it runs many times a day). */
let shellLookedAt = 0;

export function offlineSupport(worker: WorkerScope) {
  const origin = worker.location.origin;
  // The offline page is fetched now, but a failure (the server restarting) does not stop push or
  // the rest: the next navigation that works tries again.
  worker.addEventListener("install", (event) => event.waitUntil(refreshShell(origin).catch(() => undefined)));
  worker.addEventListener("activate", (event) =>
    event.waitUntil(
      Promise.all([
        dropOtherVersions(),
        // The page's request starts while the worker wakes up, instead of after.
        worker.registration.navigationPreload?.enable().catch(() => undefined),
      ]),
    ),
  );
  worker.addEventListener("fetch", (event) => onFetch(event, origin));
}

function onFetch(event: FetchEventLike, origin: string) {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== origin) return;
  if (request.method !== "GET") {
    // A shared device: the next person does not find what the last one read.
    if (isSignOut(request.method, url.pathname)) event.waitUntil(forgetListings());
    return;
  }
  if (request.mode === "navigate") return event.respondWith(navigate(event, url, origin));
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/compat/api/")) return;
  if (url.pathname.startsWith("/assets/")) return event.respondWith(builtFile(event));
  const page = request.destination === "image" && url.pathname.startsWith("/uploads/") && listingOf(request);
  if (page) return event.respondWith(photo(event, page));
}

async function navigate(event: FetchEventLike, url: URL, origin: string): Promise<Response> {
  let res: Response;
  try {
    res = (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await keptCopy(url)) ?? (await offlinePage(url, origin));
  }
  // A listing's plain address only: a query may change what the page shows (a revealed number).
  if (isListingPath(url.pathname) && !url.search && res.status === 200)
    event.waitUntil(keepListing(url, isPublicPage(res) ? res.clone() : null));
  event.waitUntil(refreshShellIfOld(origin).catch(() => undefined));
  return res;
}

/** The kept copy of a listing asked for offline, if there is one young enough. */
async function keptCopy(url: URL): Promise<Response | undefined> {
  if (!isListingPath(url.pathname)) return undefined;
  const pages = await caches.open(CACHES.listings);
  const copy = await pages.match(url.origin + url.pathname, { ...ANY_VARY, ignoreSearch: true });
  return copy && isYoung(copy) ? copy : undefined;
}

const isYoung = (copy: Response) =>
  Date.now() - Number(copy.headers.get(KEPT_HEADERS.kept)) < LISTING_MAX_AGE_MS;

/** Written here only when even the offline page never arrived (the worker installed offline). */
const BARE_OFFLINE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline</title><h1>You are offline</h1><p>Check your connection, then reload this page.</p><p lang="ar" dir="rtl">أنت غير متصل بالإنترنت. تحقّق من اتصالك ثم أعد تحميل الصفحة.</p></html>`;

async function offlinePage(url: URL, origin: string): Promise<Response> {
  const shell = await caches.open(CACHES.shell);
  const page =
    (await shell.match(origin + offlinePagePath(url.pathname), ANY_VARY)) ??
    (await shell.match(origin + OFFLINE_PAGES[0], ANY_VARY));
  return (
    page ??
    new Response(BARE_OFFLINE_PAGE, {
      status: 503,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'",
      },
    })
  );
}

/**
 * Keeps the listing's page. A page rendered for a signed-in person is private (it greets them by
 * name): it is not read at all, and the page is asked for again as a visitor without cookies.
 */
function keepListing(url: URL, publicCopy: Response | null): Promise<KeptListing | null> {
  const address = url.origin + url.pathname;
  const job = (async () => {
    let res = publicCopy;
    if (!res) {
      const anonymous = await fetch(address, { credentials: "omit", headers: { accept: "text/html" } });
      if (!isPublicPage(anonymous)) return null;
      res = anonymous;
    }
    const html = await res.text();
    const kept: KeptListing = {
      title: pageTitle(html) ?? address,
      photos: mainPhotoAddresses(html, address),
    };
    const headers = new Headers(res.headers);
    headers.set(KEPT_HEADERS.title, encodeURIComponent(kept.title));
    headers.set(KEPT_HEADERS.photos, kept.photos.map(encodeURIComponent).join(" "));
    headers.set(KEPT_HEADERS.kept, String(Date.now()));
    const pages = await caches.open(CACHES.listings);
    // Deleted first, so that the copy goes to the end of the cache's order: the newest.
    await pages.delete(address, ANY_VARY);
    await pages.put(address, new Response(html, { status: 200, headers }));
    await trimListings();
    return kept;
  })().catch(() => null);
  storing.set(address, job);
  void job.then(() => {
    if (storing.get(address) === job) storing.delete(address);
  });
  return job;
}

function photosOf(copy: Response): string[] {
  return (copy.headers.get(KEPT_HEADERS.photos) ?? "").split(" ").filter(Boolean).map(decodeURIComponent);
}

/** The newest LISTING_LIMIT copies younger than LISTING_MAX_AGE_MS stay, and only their photos. */
async function trimListings() {
  const pages = await caches.open(CACHES.listings);
  const keys = await pages.keys();
  const needed = new Set<string>();
  for (const [i, request] of keys.entries()) {
    const copy = await pages.match(request, ANY_VARY);
    if (copy && i >= keys.length - LISTING_LIMIT && isYoung(copy))
      photosOf(copy).forEach((p) => needed.add(p));
    else await pages.delete(request, ANY_VARY);
  }
  const photos = await caches.open(CACHES.photos);
  for (const request of await photos.keys()) if (!needed.has(request.url)) await photos.delete(request);
}

async function forgetListings() {
  await Promise.all([caches.delete(CACHES.listings), caches.delete(CACHES.photos)]);
}

/** The listing page (its address without a query) that asked for this image, if a listing did. */
function listingOf(request: Request): string | null {
  try {
    const page = new URL(request.referrer);
    return isListingPath(page.pathname) ? page.origin + page.pathname : null;
  } catch {
    return null;
  }
}

/**
 * An image a listing page asks for: from its kept copy if it is one, else from the network; the
 * listing's main photo, in whichever size the browser chose, is kept with the listing.
 */
async function photo(event: FetchEventLike, page: string): Promise<Response> {
  const photos = await caches.open(CACHES.photos);
  const kept = await photos.match(event.request.url, ANY_VARY);
  if (kept) return kept;
  const res = await fetch(event.request);
  if (res.status === 200 && res.type === "basic") {
    const copy = res.clone();
    event.waitUntil(
      (async () => {
        const listing = await (storing.get(page) ?? keptListing(page));
        if (listing?.photos.includes(event.request.url)) await photos.put(event.request.url, copy);
      })().catch(() => undefined),
    );
  }
  return res;
}

async function keptListing(page: string): Promise<KeptListing | null> {
  const copy = await (await caches.open(CACHES.listings)).match(page, ANY_VARY);
  return copy ? { title: "", photos: photosOf(copy) } : null;
}

/** Built files never change under their name: a kept one is used as it is. */
async function builtFile(event: FetchEventLike): Promise<Response> {
  const kept = await caches.match(event.request, ANY_VARY);
  if (kept) return kept;
  const res = await fetch(event.request);
  if (res.status === 200 && res.type === "basic") {
    const copy = res.clone();
    event.waitUntil(
      (async () => {
        const files = await caches.open(CACHES.assets);
        await files.put(event.request, copy);
        const keys = await files.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT))) await files.delete(old);
      })().catch(() => undefined),
    );
  }
  return res;
}

/**
 * The offline page in both languages and the files it links to, fetched as a visitor without an
 * account (it must not greet anyone by name). Kept only once every part arrived; then the files
 * the new page no longer uses are dropped.
 */
async function refreshShell(origin: string) {
  const pages = await Promise.all(
    OFFLINE_PAGES.map(async (path) => {
      const res = await fetch(origin + path, { credentials: "omit", cache: "no-store" });
      if (!isPublicPage(res)) throw new Error(`${path} answered ${res.status}`);
      return { address: origin + path, res, html: await res.clone().text() };
    }),
  );
  const files = [
    ...new Set([...pages.flatMap((p) => builtFilesOf(p.html, p.address)), `${origin}/favicon.svg`]),
  ];
  const fetched = await Promise.all(
    files.map(async (address) => {
      const res = await fetch(address, { credentials: "omit" });
      if (!res.ok) throw new Error(`${address} answered ${res.status}`);
      return { address, res };
    }),
  );
  const shell = await caches.open(CACHES.shell);
  await Promise.all([...pages, ...fetched].map(({ address, res }) => shell.put(address, res)));
  const wanted = new Set([...pages.map((p) => p.address), ...files]);
  for (const request of await shell.keys()) if (!wanted.has(request.url)) await shell.delete(request);
}

/** At most once an hour per running worker: is the offline page older than a day? Then again. */
async function refreshShellIfOld(origin: string) {
  if (Date.now() - shellLookedAt < 60 * 60 * 1000) return;
  shellLookedAt = Date.now();
  const page = await (await caches.open(CACHES.shell)).match(origin + OFFLINE_PAGES[0], ANY_VARY);
  const fetchedAt = Date.parse(page?.headers.get("date") ?? "");
  if (!(Date.now() - fetchedAt < SHELL_MAX_AGE_MS)) await refreshShell(origin);
}

/** Caches of another version of this worker (their names say which) go when this one takes over. */
async function dropOtherVersions() {
  const current = new Set<string>(Object.values(CACHES));
  for (const name of await caches.keys())
    if (name.startsWith(CACHE_PREFIX) && !current.has(name)) await caches.delete(name);
}
