// Map links people paste (spec §7 expand-shorturl): where a Google, Apple, OpenStreetMap, Bing, HERE
// or Waze link points. A long link carries its coordinates and is read without any network; a short
// one (maps.app.goo.gl/…) is followed through the guarded fetcher to the long one, and as a last
// resort the small page it ends on is read for them.
import { GuardedFetchError, guardedFetch } from "../../net/guarded-fetch";

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The map services whose links we follow, and only those: this is not a general URL fetcher. */
export const MAP_LINK_HOSTS = [
  "maps.app.goo.gl",
  "goo.gl",
  "g.co",
  "maps.google.com",
  "www.google.com",
  "google.com",
  "maps.apple.com",
  "www.openstreetmap.org",
  "openstreetmap.org",
  "osm.org",
  "bing.com",
  "www.bing.com",
  "here.com",
  "share.here.com",
  "wego.here.com",
  "waze.com",
  "www.waze.com",
  "ul.waze.com",
] as const;

/** A pasted link's body is read only for a position; a map page's first 256 KB hold it if anything does. */
export const MAP_LINK_MAX_BYTES = 256 * 1024;
export const MAP_LINK_TIMEOUT_MS = 5_000;

/** A coordinate as links write it: always with decimals, which keeps "flat 12, 5" from reading as a place. */
const NUMBER = String.raw`[-+]?\d{1,3}\.\d+`;
/** "25.19, 55.27", "loc:25.19,55.27", "Name@25.19,55.27" (what q=, ll= and friends hold). */
const PAIR = new RegExp(
  String.raw`^\s*(?:loc:\s*|ll\.|.*@)?(${NUMBER})\s*[,~ ]\s*(${NUMBER})(?:\s*[,(].*)?\s*$`,
  "s",
);

/** A pair of numbers that is a place on Earth. (0, 0), in the sea off Africa, is a missing value. */
export function validCoordinates(latitude: number, longitude: number): Coordinates | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null;
  return { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 };
}

function pair(text: string | null | undefined, order: "lat,lng" | "lng,lat" = "lat,lng"): Coordinates | null {
  if (!text) return null;
  const m = PAIR.exec(text);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return order === "lat,lng" ? validCoordinates(a, b) : validCoordinates(b, a);
}

/** Query parameters that hold "lat,lng" in one service or another, the most precise first. */
const PAIR_PARAMS = [
  "q",
  "query",
  "ll",
  "coordinate",
  "daddr",
  "destination",
  "center",
  "sll",
  "cbll",
  "viewpoint",
  "latlng",
  "to",
  "cp",
  "where",
];

/**
 * Where a map link points, read from the link alone (no network): Google's `!3d…!4d…` (the place)
 * before `@lat,lng` (the view's centre), `q=`/`query=`/`ll=`/`destination=`; OpenStreetMap's
 * `mlat`/`mlon` and `#map=zoom/lat/lng`; Apple's `ll=`/`q=`/`coordinate=`; Waze's `ll=` and
 * `to=ll.lat,lng`; Bing's `cp=lat~lng`; HERE's `/l/lat,lng` and `map=lat,lng,zoom`. A link that
 * carries another link (a consent page's `continue=`) is read too. Null when none is there.
 */
export function coordinatesFromMapUrl(raw: string): Coordinates | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const text = safeDecode(url.pathname) + safeDecode(url.hash);
  // Google's data blob: the place's own position, where @ is only the map's centre.
  const place = /!3d([-+]?\d{1,3}(?:\.\d+)?)!4d([-+]?\d{1,3}(?:\.\d+)?)/.exec(safeDecode(url.href));
  if (place) {
    const found = validCoordinates(Number(place[1]), Number(place[2]));
    if (found) return found;
  }
  const params = url.searchParams;
  const mlat = params.get("mlat") ?? params.get("lat");
  const mlon = params.get("mlon") ?? params.get("lon") ?? params.get("lng");
  if (mlat && mlon) {
    const found = validCoordinates(Number(mlat), Number(mlon));
    if (found) return found;
  }
  for (const name of PAIR_PARAMS) {
    const found = pair(params.get(name));
    if (found) return found;
  }
  // HERE WeGo: map=lat,lng,zoom,style.
  const here = pair(params.get("map"));
  if (here) return here;
  const at = new RegExp(String.raw`@(${NUMBER}),(${NUMBER})(?:,|z|$|/)`).exec(text);
  if (at) {
    const found = validCoordinates(Number(at[1]), Number(at[2]));
    if (found) return found;
  }
  // OpenStreetMap: #map=zoom/lat/lng.
  const osm = new RegExp(String.raw`map=\d{1,2}(?:\.\d+)?/(${NUMBER})/(${NUMBER})`).exec(text);
  if (osm) {
    const found = validCoordinates(Number(osm[1]), Number(osm[2]));
    if (found) return found;
  }
  // HERE share links: /l/lat,lng,Name.
  const hereShare = new RegExp(String.raw`/l/(${NUMBER}),(${NUMBER})`).exec(text);
  if (hereShare) {
    const found = validCoordinates(Number(hereShare[1]), Number(hereShare[2]));
    if (found) return found;
  }
  for (const name of ["continue", "link", "url", "u"]) {
    const inner = params.get(name);
    if (inner && /^https?:\/\//i.test(inner) && inner !== raw) {
      const found = coordinatesFromMapUrl(inner);
      if (found) return found;
    }
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A position in a map page's HTML, for a short link that ends on a page rather than a long link:
 * a canonical or og: link, Google's static-map preview (`center=lat%2Clng`), or `@lat,lng`.
 */
export function coordinatesFromPage(html: string): Coordinates | null {
  const text = html.replaceAll("&amp;", "&");
  for (const m of text.matchAll(/<(?:meta|link)\b[^>]*(?:content|href)\s*=\s*["']([^"']+)["']/gi)) {
    const value = m[1]!;
    if (/^https?:\/\//i.test(value)) {
      const found = coordinatesFromMapUrl(value);
      if (found) return found;
    }
    const centre = new RegExp(String.raw`(?:center|markers|ll)=(${NUMBER})(?:%2C|,)(${NUMBER})`, "i").exec(
      value,
    );
    if (centre) {
      const found = validCoordinates(Number(centre[1]), Number(centre[2]));
      if (found) return found;
    }
  }
  const at = new RegExp(String.raw`@(${NUMBER}),(${NUMBER}),\d+(?:\.\d+)?z`).exec(text);
  if (at) return validCoordinates(Number(at[1]), Number(at[2]));
  return null;
}

/** A pasted link as a URL we may follow, or null (not a link, not a map service we know). */
export function mapLinkUrl(raw: string): URL | null {
  const text = raw.trim();
  let url: URL;
  try {
    // People paste "maps.app.goo.gl/abc" without the scheme.
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (!(MAP_LINK_HOSTS as readonly string[]).includes(url.hostname.toLowerCase())) return null;
  return url;
}

export type ExpandFailure = "unreachable" | "no-position";

export class MapLinkError extends Error {
  constructor(
    readonly reason: ExpandFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ExpandedLink extends Coordinates {
  /** The link the position was read from: the last one followed. */
  url: string;
}

/**
 * Follows a map link (already checked by mapLinkUrl) to its position. A link that holds the position
 * is answered without asking anyone.
 */
export async function expandMapLink(url: URL): Promise<ExpandedLink> {
  const direct = coordinatesFromMapUrl(url.href);
  if (direct) return { url: url.href, ...direct };
  let res;
  try {
    res = await guardedFetch(url, {
      allowHosts: MAP_LINK_HOSTS,
      maxBytes: MAP_LINK_MAX_BYTES,
      timeoutMs: MAP_LINK_TIMEOUT_MS,
      headers: { accept: "text/html,*/*;q=0.5", "accept-language": "en" },
    });
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    // A redirect we will not follow (Google's consent page, another site) may still name the place
    // in the link itself; reading a link fetches nothing.
    const refused = error.reason === "host" && error.url ? coordinatesFromMapUrl(error.url) : null;
    if (refused) return { url: error.url!, ...refused };
    throw new MapLinkError("unreachable", unreachableMessage(error));
  }
  // The last hop first: a later link is the more precise one.
  for (const hop of [...res.chain].reverse()) {
    const found = coordinatesFromMapUrl(hop);
    if (found) return { url: res.url, ...found };
  }
  // One message per case (it is shown translated), not the far server's status.
  if (res.status >= 400)
    throw new MapLinkError(
      "unreachable",
      "The map service could not open this link: check it, or paste the full link",
    );
  const fromPage = coordinatesFromPage(res.body.toString("utf8"));
  if (fromPage) return { url: res.url, ...fromPage };
  throw new MapLinkError(
    "no-position",
    "This link does not say where the place is: open it, and copy the link of the place itself",
  );
}

function unreachableMessage(error: GuardedFetchError): string {
  switch (error.reason) {
    case "timeout":
      return "The map service took too long to answer: try again, or paste the full link";
    case "too-large":
    case "redirects":
      return "This link leads somewhere we cannot read a position from";
    case "host":
    case "scheme":
    case "address":
      return "This link leads away from the map service";
    default:
      return "The map service could not be reached: try again, or paste the full link";
  }
}
