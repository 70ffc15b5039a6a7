// Steps all three site parsers share: finding which of the site's hosts (hence country and
// currency) a page came from, telling a robot check from a listing page, merging the page's sources
// (app state first, then JSON-LD, then Open Graph) and handing the result to `finish`.

import { canonicalHref, metaContent, type PageDoc } from "./html";
import { siteOfHost, tldOf, COUNTRY_BY_TLD } from "./hosts";
import { draftFromJsonLd, draftFromOpenGraph, openGraphIsListing } from "./json-ld";
import {
  absoluteUrl,
  emptyDraft,
  fillDraft,
  finish,
  noListing,
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

/**
 * Latitude and longitude given the wrong way round (seen in the wild for the Gulf: a "latitude"
 * of 55 and a "longitude" of 25) are put right, with a note; anything else is left as it is.
 */
export function fixSwappedCoordinates(d: Draft): void {
  const lat = d.location.latitude;
  const lng = d.location.longitude;
  if (typeof lat !== "number" || typeof lng !== "number") return;
  if (lat >= 34 && lat <= 60 && lng >= 12 && lng < 34) {
    d.location.latitude = lng;
    d.location.longitude = lat;
    d.notes.push("The page gave latitude and longitude the wrong way round; they were swapped back");
  }
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
  ctx: FinishContext & { hostUrl?: URL; typeFromPath?: (path: string) => "sell" | "rent" | undefined },
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
  fixSwappedCoordinates(draft);
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
