// Steps all three site parsers share: finding which of the site's hosts (hence country and
// currency) a page came from, telling a robot check from a listing page, merging the page's sources
// (app state first, then JSON-LD, then Open Graph), checking the map point against the listing's
// country and handing the result to `finish`.

import { canonicalHref, metaContent, type PageDoc } from "./html";
import { siteOfHost, tldOf, COUNTRY_BY_TLD } from "./hosts";
import { pointInCountry, type Point } from "./country-bounds";
import { draftFromJsonLd, draftFromOpenGraph, openGraphIsListing } from "./json-ld";
import {
  absoluteUrl,
  emptyDraft,
  fillDraft,
  finish,
  noListing,
  parseCoordinates,
  parseNumber,
  type Draft,
  type FinishContext,
} from "./normalise";
import type { ImportSite, ParseResult } from "./types";

/** The page's own address on this site: canonical link, og:url, the fetch address, the saved-from comment. */
export function pageHostUrl(site: ImportSite, doc: PageDoc, pageUrl?: string): URL | undefined {
  for (const c of [canonicalHref(doc), metaContent(doc, "og:url"), pageUrl, doc.savedFrom]) {
    const u = absoluteUrl(c, pageUrl);
    if (u && siteOfHost(u.hostname) === site) return u;
  }
  return undefined;
}

/** Country and currency of a site host by its country domain (none for .com). */
export function countryOfHost(host: string | undefined): { country: string; currency: string } | undefined {
  return host ? COUNTRY_BY_TLD[tldOf(host)] : undefined;
}

// Marks of the interstitial pages the sites' bot protection answers with instead of the listing
// (Imperva's "Pardon Our Interruption", Cloudflare's "Just a moment…", captcha pages).
const BLOCKED_TITLE =
  /captcha|pardon our interruption|just a moment|attention required|access denied|are you a (?:human|robot)|verify you are (?:a )?human|request unsuccessful|security check/i;
const BLOCKED_MARKS = [
  "interstitial-inprogress",
  "_Incapsula_Resource",
  "cf-chl-",
  "challenge-platform",
  "px-captcha",
  "captchaChallenge",
  "g-recaptcha",
  "h-captcha",
];

export function looksBlocked(doc: PageDoc, html: unknown): boolean {
  if (doc.title && BLOCKED_TITLE.test(doc.title)) return true;
  if (typeof html !== "string") return false;
  const head = html.length > 300_000 ? html.slice(0, 300_000) : html;
  return (
    BLOCKED_MARKS.some((m) => head.includes(m)) &&
    !head.includes("__NEXT_DATA__") &&
    !head.includes("window.state")
  );
}

// Fixed sentences (no values in them), so the page showing the notes can translate them.
export const SWAPPED_POINT_NOTE =
  "The page gave latitude and longitude the wrong way round; they were swapped back";
export const FOREIGN_POINT_NOTE =
  "The map position on the page is not in the listing's country and was left out: place the pin on the map";

/** A source's map point as numbers, when it reads as a position one way round or the other. */
function pointOf(d: Draft | undefined): Point | undefined {
  const latitude = parseNumber(d?.location.latitude);
  const longitude = parseNumber(d?.location.longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  // Not a position either way round (a latitude of 999): left for `finish` to call not valid.
  if (!parseCoordinates(latitude, longitude) && !parseCoordinates(longitude, latitude)) return undefined;
  return { latitude, longitude };
}

/**
 * The map point to keep, checked against the listing's country: the first source's (app state,
 * then JSON-LD) that lies in it as given, or once latitude and longitude are swapped back (with a
 * note). When every source's point lies outside the country either way, none is kept, with a note.
 * Undefined when no source has a point, leaving the draft as it is.
 */
export function settlePoint(
  sources: (Draft | undefined)[],
  country: string | undefined,
): { point?: Point; note?: string } | undefined {
  let foreign = false;
  for (const source of sources) {
    const point = pointOf(source);
    if (!point) continue;
    const verdict = pointInCountry(point, country);
    // A country we have no bounds for cannot be checked: the richest source's point stands.
    if (verdict === "inside" || verdict === "unknown") return { point };
    if (verdict === "swapped")
      return { point: { latitude: point.longitude, longitude: point.latitude }, note: SWAPPED_POINT_NOTE };
    foreign = true;
  }
  return foreign ? { note: FOREIGN_POINT_NOTE } : undefined;
}

export interface SiteSources {
  /** What the page's app state said (undefined when it has none). */
  state?: Draft;
  /** Addresses to try first (canonical, og:url), already absolute. */
  urls?: string[];
}

/**
 * Merges app state, JSON-LD and Open Graph (in that order of trust), fills what only the page's
 * address can tell (sale or rent, country), and finishes. No structured source at all means the
 * page is not a listing page (or is a robot check).
 */
export function assemble(
  doc: PageDoc,
  html: unknown,
  sources: SiteSources,
  ctx: FinishContext & {
    hostUrl?: URL;
    typeFromPath?: (path: string) => "sell" | "rent" | undefined;
    /** The country of a site that lists in one country only, whatever its host. */
    defaultCountry?: string;
  },
): ParseResult {
  const ld = draftFromJsonLd(doc);
  const og = draftFromOpenGraph(doc);
  if (!sources.state && !ld && !openGraphIsListing(og)) return noListing(looksBlocked(doc, html));

  const draft = emptyDraft();
  draft.urls.push(...(sources.urls ?? []));
  fillDraft(draft, sources.state);
  // The country of the site's domain is surer than a JSON-LD addressCountry.
  const country = countryOfHost(ctx.hostUrl?.hostname);
  if (country) draft.location.country ??= country.country;
  fillDraft(draft, ld);
  fillDraft(draft, og);
  draft.location.country ??= ctx.defaultCountry;
  // Relative addresses from JSON-LD or Open Graph resolve against the page's own address.
  draft.urls = draft.urls.map((u) => absoluteUrl(u, ctx.hostUrl?.href)?.href).filter((u): u is string => !!u);

  if (!draft.property_type && ctx.typeFromPath) {
    for (const u of [...draft.urls, ctx.pageUrl]) {
      const parsed = absoluteUrl(u);
      const t =
        parsed && siteOfHost(parsed.hostname) === ctx.site ? ctx.typeFromPath(parsed.pathname) : undefined;
      if (t) {
        draft.property_type = t;
        break;
      }
    }
  }
  const settled = settlePoint([sources.state, ld], draft.location.country);
  if (settled) {
    draft.location.latitude = settled.point?.latitude;
    draft.location.longitude = settled.point?.longitude;
    if (settled.note) draft.notes.push(settled.note);
  }
  return finish(draft, { ...ctx, defaultCurrency: ctx.defaultCurrency ?? country?.currency });
}

/** The listing's address(es) the page states about itself (or the browser noted when saving it), absolute. */
export function selfUrls(doc: PageDoc, base?: string): string[] {
  const out: string[] = [];
  for (const c of [canonicalHref(doc), metaContent(doc, "og:url"), doc.savedFrom]) {
    const u = absoluteUrl(c, base);
    if (u) out.push(u.href);
  }
  return out;
}

/** "ar" when the page is the Arabic version (lang attribute or /ar/ path), else "en". */
export function pageLanguage(doc: PageDoc, hostUrl?: URL): "en" | "ar" {
  if (doc.lang?.startsWith("ar")) return "ar";
  if (hostUrl && /^\/ar(\/|$)/.test(hostUrl.pathname)) return "ar";
  return "en";
}
