// Importing a listing from another portal: recognising the site of an address or of a saved page,
// and turning the listing page's structured data into a draft of our own listing. Pure functions:
// fetching pages and photos, and saving the draft, belong to the callers.

import { parseBayut } from "./bayut";
import { dig, isObj, readAssignedState, readNextData } from "./embedded-state";
import { canonicalHref, metaContent, readPage } from "./html";
import { siteOfHost } from "./hosts";
import { absoluteUrl } from "./normalise";
import { parseDubizzle } from "./dubizzle";
import { parsePropertyFinder } from "./propertyfinder";
import type { ImportSite, ParseResult } from "./types";

export type {
  ImportSite,
  ListingCategory,
  ParseResult,
  RentDuration,
  ScrapedListing,
  ScrapedLocation,
} from "./types";
export { IMPORT_SITES } from "./types";
export { imageHosts, listingHosts, listingUrlToFetch, siteOfUrl } from "./hosts";

import { SITE_NAMES } from "./contract";
export { SITE_NAMES };

const PARSERS: Record<ImportSite, (html: string, pageUrl?: string) => ParseResult> = {
  propertyfinder: parsePropertyFinder,
  bayut: parseBayut,
  dubizzle: parseDubizzle,
};

/**
 * The listing on a page of the given site. Never throws: a page that cannot make a listing gives
 * ok: false with the missing fields and an English message.
 */
export function parseListingPage(site: ImportSite, html: string, pageUrl?: string): ParseResult {
  const parse = Object.prototype.hasOwnProperty.call(PARSERS, site) ? PARSERS[site] : undefined;
  if (!parse) return { ok: false, missing: ["site"], message: "This site is not one we can import from" };
  if (typeof html !== "string" || html.trim() === "")
    return { ok: false, missing: ["title", "price", "property_type"], message: "The page is empty" };
  try {
    // A page that names another of the sites as its own is that site's page, whatever was asked.
    const named = detectSite(html);
    if (named && named !== site)
      return {
        ok: false,
        missing: ["site"],
        message: `This page is from ${SITE_NAMES[named]}, not ${SITE_NAMES[site]}`,
      };
    return parse(html, typeof pageUrl === "string" ? pageUrl : undefined);
  } catch {
    // The parsers are written not to throw; this is the last guard for an input nobody foresaw.
    return {
      ok: false,
      missing: ["title", "price", "property_type"],
      message: "This page could not be read",
    };
  }
}

/**
 * Which site an uploaded saved page comes from: its canonical link, og:url or the address the
 * browser noted when saving it; failing those, the shape of its app state; failing that, the
 * og:site_name. Null when nothing says.
 */
export function detectSite(html: string): ImportSite | null {
  try {
    const doc = readPage(html);
    for (const c of [canonicalHref(doc), metaContent(doc, "og:url"), doc.savedFrom]) {
      const u = absoluteUrl(c);
      const site = u ? siteOfHost(u.hostname) : null;
      if (site) return site;
    }
    const next = readNextData(doc);
    if (
      isObj(dig(next, "props", "pageProps", "propertyResult")) ||
      isObj(dig(next, "props", "pageProps", "searchResult"))
    )
      return "propertyfinder";
    const actions = dig(next, "props", "pageProps", "reduxWrapperActionsGIPP");
    if (
      Array.isArray(actions) &&
      actions.some((a) => isObj(a) && typeof a.type === "string" && a.type.startsWith("listings/"))
    )
      return "dubizzle";
    const state = readAssignedState(doc, "window.state");
    if (isObj(dig(state, "property")) || isObj(dig(state, "algolia"))) return "bayut";
    const name = metaContent(doc, "og:site_name")?.toLowerCase().replace(/\s+/g, "");
    if (name === "propertyfinder" || name?.startsWith("propertyfinder.")) return "propertyfinder";
    if (name === "bayut" || name?.startsWith("bayut.")) return "bayut";
    if (name === "dubizzle" || name?.startsWith("dubizzle")) return "dubizzle";
    return null;
  } catch {
    return null;
  }
}
