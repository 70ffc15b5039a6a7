// Bayut (bayut.com in the UAE, bayut.sa in Saudi Arabia).
//
// What is parsed, as learned from public scrapers' descriptions of the listing page: the page
// embeds its app state in an inline script, `window.state = {...};`, whose property.data is the
// listing, in the same shape as the site's search index:
//   externalID (the number in /property/details-<externalID>.html), title, title_l1 (Arabic),
//   description, description_l1, price, hidePrice, purpose "for-sale" | "for-rent",
//   rentFrequency "yearly" | "monthly" | "weekly" | "daily", category [{ level, name,
//   nameSingular, slug }], rooms (0 = studio), baths, area (square metres), plotArea,
//   location [{ level, name, name_l1, type }] (0 country, 1 the emirate in the UAE or the city in
//   Saudi Arabia, 2 community, 3+ sub-community and building; type, when given, is "neighbourhood",
//   "condo-building" …), geography { lat, lng } (also _geoloc), photos [{ id, url, orderIndex }] /
//   coverPhoto / photoIDs (images at images.bayut.com/thumbnails/<id>-<w>x<h>),
//   amenities (a flat list of names, or groups [{ text, amenities: [{ text }] }]),
//   referenceNumber, permitNumber, furnishingStatus, contactName / ownerAgent, agency { name }.
// The object is found by scanning for the end of the literal (strings and escapes respected), then
// parsed with JSON.parse. JSON-LD and Open Graph fill in when the state is missing. A robot check
// (a captcha page) has neither and reads as "no listing data".

import { assemble, pageHostUrl, pageLanguage, selfUrls } from "./common";
import { dig, isObj, readAssignedState, readNextData, type Obj } from "./embedded-state";
import { readPage } from "./html";
import { imageHosts, isListingUrlOf } from "./hosts";
import {
  emptyDraft,
  localized,
  parseCoordinates,
  parseCount,
  parseNumber,
  parsePrice,
  SQM_PER_SQFT,
  str,
  type Draft,
} from "./normalise";
import { addressFromLevels, levelKindOf, placesFromLevels } from "./place-levels";
import type { ParseResult } from "./types";

const SITE = "bayut" as const;

/** The listing object in the app state: property.data, or property itself when it is the listing. */
function listingOf(state: unknown): Obj | undefined {
  for (const candidate of [dig(state, "property", "data"), dig(state, "property")]) {
    if (
      isObj(candidate) &&
      (candidate.externalID !== undefined || candidate.purpose !== undefined) &&
      candidate.title !== undefined
    )
      return candidate;
  }
  return undefined;
}

function byLevel(list: unknown): Obj[] {
  if (!Array.isArray(list)) return [];
  return list
    .slice(0, 20)
    .filter(isObj)
    .sort((a, b) => (parseNumber(a.level) ?? 0) - (parseNumber(b.level) ?? 0));
}

function draftFromProperty(p: Obj, host: string, lang: "en" | "ar"): Draft {
  const d = emptyDraft();
  const saudi = host.endsWith(".sa");
  d.source_id = str(p.externalID ?? p.id, 64);
  if (d.source_id && /^\d+$/.test(d.source_id))
    d.urls.push(`https://${host}/property/details-${d.source_id}.html`);

  // The Arabic page shows the Arabic title (title_l1) when the agent gave one.
  const [titleFirst, titleSecond] = lang === "ar" ? [p.title_l1, p.title] : [p.title, p.title_l1];
  d.title = str(titleFirst, 1_000) ?? str(titleSecond, 1_000);
  const [descFirst, descSecond] =
    lang === "ar" ? [p.description_l1, p.description] : [p.description, p.description_l1];
  d.description =
    typeof descFirst === "string" && descFirst.trim()
      ? descFirst
      : typeof descSecond === "string"
        ? descSecond
        : undefined;

  d.price = parsePrice(p.price);
  if (p.hidePrice === true) {
    d.price = undefined;
    d.priceHidden = true;
  }
  d.currency = str(p.currency, 3) ?? (saudi ? "SAR" : "AED");
  const purpose = str(p.purpose, 20)?.toLowerCase();
  if (purpose === "for-sale") d.property_type = "sell";
  else if (purpose === "for-rent") {
    d.property_type = "rent";
    d.rentPeriod = str(p.rentFrequency, 20);
  }

  for (const c of byLevel(p.category).reverse()) {
    const s = str(c.nameSingular, 60) ?? str(c.name, 60) ?? str(c.slug, 60);
    if (s) d.categories.push(s);
  }
  d.bedrooms = parseCount(p.rooms);
  d.bathrooms = parseCount(p.baths);
  // Areas are stored in square metres. The UAE site shows them in square feet, converted from
  // exactly this number, so they are turned back into the whole square feet the owner sees there.
  const sqm = parseNumber(p.area);
  if (sqm !== undefined && sqm > 0)
    d.area = saudi
      ? { value: Math.round(sqm * 100) / 100, unit: "sqm" }
      : { value: Math.round(sqm / SQM_PER_SQFT), unit: "sqft" };
  const plot = parseNumber(p.plotArea);
  if (plot !== undefined && plot > 0)
    d.notes.push(
      `The plot area (${saudi ? `${Math.round(plot)} sqm` : `${Math.round(plot / SQM_PER_SQFT).toLocaleString("en")} sqft`}) is not carried over`,
    );

  // Amenities: a flat list of names, or groups of { text } items; the English text either way.
  const amen = Array.isArray(p.amenities) ? p.amenities.slice(0, 100) : [];
  for (const a of amen) {
    if (typeof a === "string") d.amenities.push(a);
    else if (isObj(a) && Array.isArray(a.amenities)) {
      for (const item of a.amenities.slice(0, 1_000)) {
        const name = isObj(item) ? str(item.text, 100) : str(item, 100);
        if (name) d.amenities.push(name);
      }
    } else if (isObj(a)) {
      const name = str(a.text, 100);
      if (name) d.amenities.push(name);
    }
  }

  const levels = byLevel(p.location);
  const country = str(levels.find((l) => parseNumber(l.level) === 0)?.name, 120);
  if (country) d.location.country = country;
  const placeLevels = levels
    .filter((l) => (parseNumber(l.level) ?? 0) >= 1)
    .map((l) => ({ name: str(l.name, 120) ?? "", kind: levelKindOf(l.type) }))
    .filter((l) => l.name !== "");
  const places = placesFromLevels(placeLevels, country ?? (saudi ? "Saudi Arabia" : "United Arab Emirates"));
  Object.assign(d.location, places);
  d.location.address = addressFromLevels(placeLevels, places);
  const geo = isObj(p.geography) ? p.geography : isObj(p._geoloc) ? p._geoloc : undefined;
  if (geo) {
    const c = parseCoordinates(geo.lat, geo.lng);
    if (c) Object.assign(d.location, c);
    else d.location.latitude = geo.lat as number;
  }

  // Photos in the site's order; each one's address from its id at the largest size the site serves
  // for the gallery (its own url field, when on the image host, is kept as given).
  const imageHost = saudi ? "images.bayut.sa" : "images.bayut.com";
  const photos = Array.isArray(p.photos) ? p.photos.slice(0, 1_000).filter(isObj) : [];
  photos.sort((a, b) => (parseNumber(a.orderIndex) ?? 0) - (parseNumber(b.orderIndex) ?? 0));
  const ids: unknown[] =
    photos.length > 0
      ? photos.map((ph) => ph.id)
      : Array.isArray(p.photoIDs)
        ? p.photoIDs.slice(0, 1_000)
        : [];
  if (ids.length === 0 && isObj(p.coverPhoto)) ids.push(p.coverPhoto.id);
  for (const id of ids) {
    const n = parseNumber(id);
    if (n !== undefined && Number.isInteger(n) && n > 0)
      d.photos.push(`https://${imageHost}/thumbnails/${n}-1066x800.jpeg`);
  }

  d.reference = str(p.referenceNumber, 80);
  const agent = str(p.contactName, 120) ?? localized(dig(p, "ownerAgent", "name"), "en", 120);
  const company = localized(dig(p, "agency", "name"), "en", 160);
  if (agent || company) d.agent = { name: agent, company };

  const furnishing = str(p.furnishingStatus, 30)?.toLowerCase();
  if (furnishing === "furnished")
    d.notes.push("The listing says it is furnished; furnishing is not carried over");
  else if (furnishing === "semi-furnished")
    d.notes.push("The listing says it is semi-furnished; furnishing is not carried over");
  const permit = str(p.permitNumber, 60);
  if (permit) d.notes.push(`The permit number ${permit} is not carried over`);
  return d;
}

export function parseBayut(html: string, pageUrl?: string): ParseResult {
  const doc = readPage(html);
  const hostUrl = pageHostUrl(SITE, doc, pageUrl);
  const host = hostUrl?.hostname.replace(/^(?!www\.)/, "www.") ?? "www.bayut.com";
  // The app state; should the site move to a Next.js shell, the same object under pageProps is
  // accepted too (it is recognised by its fields, not by where it sits).
  const next = readNextData(doc);
  const listing =
    listingOf(readAssignedState(doc, "window.state")) ??
    listingOf(dig(next, "props", "pageProps")) ??
    listingOf(dig(next, "props", "pageProps", "initialState"));
  const state = listing ? draftFromProperty(listing, host, pageLanguage(doc, hostUrl)) : undefined;
  return assemble(
    doc,
    html,
    { state, urls: selfUrls(doc, hostUrl?.href ?? `https://${host}/`) },
    {
      site: SITE,
      rules: { isListingUrl: (u) => isListingUrlOf(SITE, u), imageHosts: imageHosts(SITE) },
      pageUrl,
      hostUrl,
      idFromUrl: (u) => /details-(\d{3,12})\.html$/.exec(u.pathname)?.[1],
      urlFromId: (id) => (/^\d{3,12}$/.test(id) ? `https://${host}/property/details-${id}.html` : undefined),
    },
  );
}
