// Property Finder (propertyfinder.ae and its sister sites .sa, .qa, .bh, .eg).
//
// What is parsed, as learned from public scrapers' descriptions of the listing page: the page is a
// Next.js app and carries the listing in <script id="__NEXT_DATA__" type="application/json"> at
// props.pageProps.propertyResult.property:
//   id, reference, title, description, property_type ("Apartment"), offering_type,
//   price { value, currency, period: "sell" | "yearly" | "monthly" | "weekly" | "daily", is_hidden },
//   size { value, unit: "sqft" | "sqm" }, bedrooms / bathrooms (strings; "studio"),
//   furnished, rera, location { full_name, path_name, coordinates { lat, lon } },
//   location_tree [{ name, level, type: CITY | COMMUNITY | SUBCOMMUNITY | TOWER }] (largest first;
//   the top node is the first level the site has in that country, an emirate, a governorate or a
//   city, and may be typed CITY whichever it is, so its name decides: see place-levels.ts),
//   amenities [{ code, name }] (or amenity_names), images { property: [{ thumbnail, small, medium,
//   full }] } (search cards use a flat images [{ small, medium }]), agent { name }, broker { name },
//   share_url / details_path.
// The page also has a JSON-LD RealEstateListing (offers.priceSpecification with unitText for rent)
// and Open Graph tags, used when the app state is missing. A search page has the same Next.js
// shell with pageProps.searchResult instead, and so reads as "no listing data".

import { assemble, countryOfHost, pageHostUrl, pageLanguage, selfUrls } from "./common";
import { dig, isObj, readNextData, type Obj } from "./embedded-state";
import { readPage } from "./html";
import { imageHosts, isListingUrlOf } from "./hosts";
import {
  absoluteUrl,
  emptyDraft,
  localized,
  parseArea,
  parseCoordinates,
  parseCount,
  parseNumber,
  parsePrice,
  str,
  type Draft,
} from "./normalise";
import { levelKindOf, placesFromLevels, type PlaceLevel } from "./place-levels";
import type { ParseResult } from "./types";

const SITE = "propertyfinder" as const;

function photoUrl(img: unknown): string | undefined {
  if (typeof img === "string") return img;
  if (!isObj(img)) return undefined;
  for (const key of ["full", "original", "large", "url", "medium", "small", "thumbnail"]) {
    const v = img[key];
    if (typeof v === "string" && v) return v;
  }
  return undefined;
}

function typeFromPath(path: string): "sell" | "rent" | undefined {
  if (/\/plp\/(?:commercial-)?buy\//i.test(path) || /-for-sale-/i.test(path)) return "sell";
  if (/\/plp\/(?:commercial-)?rent\//i.test(path) || /-for-rent-/i.test(path)) return "rent";
  return undefined;
}

/**
 * The listing's location levels, largest first: the location tree (each node with its level and
 * type) or, without it, the path name ("Capital Governorate, Manama, Juffair").
 */
function locationLevels(tree: unknown, pathName: unknown): PlaceLevel[] {
  const nodes = Array.isArray(tree) ? tree.slice(0, 20).filter(isObj) : [];
  const levels = nodes
    .map((n, i) => ({ node: n, order: parseNumber(n.level) ?? i }))
    .sort((a, b) => a.order - b.order)
    .map(({ node }) => ({ name: localized(node.name, "en", 120) ?? "", kind: levelKindOf(node.type) }))
    .filter((l) => l.name !== "");
  if (levels.length > 0) return levels;
  return (localized(pathName, "en", 300) ?? "")
    .split(",")
    .map((s) => ({ name: s.trim() }))
    .filter((l) => l.name !== "");
}

/** A draft from Property Finder's propertyResult.property, for a listing in `country` (when known). */
function draftFromProperty(p: Obj, base: string, lang: "en" | "ar", country?: string): Draft {
  const d = emptyDraft();
  d.source_id = str(p.id ?? p.listing_id, 64);
  for (const key of ["share_url", "details_path"]) {
    const u = absoluteUrl(p[key], base);
    if (u) d.urls.push(u.href);
  }
  d.title = localized(p.title, lang, 1_000);
  d.description =
    typeof p.description === "string"
      ? p.description
      : isObj(p.description)
        ? localized(p.description, lang, 100_000)
        : undefined;

  const price = isObj(p.price) ? p.price : undefined;
  d.price = parsePrice(price?.value ?? p.price);
  if (price?.is_hidden === true) {
    d.price = undefined;
    d.priceHidden = true;
  }
  d.currency = str(price?.currency, 3);
  const period = str(price?.period, 20)?.toLowerCase();
  if (period === "sell" || period === "sale" || period === "buy") d.property_type = "sell";
  else if (period) {
    d.property_type = "rent";
    d.rentPeriod = period;
  } else {
    const offering = str(p.offering_type, 60)?.toLowerCase() ?? "";
    if (/rent/.test(offering)) d.property_type = "rent";
    else if (/sale|buy/.test(offering)) d.property_type = "sell";
  }

  for (const c of [p.property_type, dig(p, "type"), dig(p, "category", "name")]) {
    const s = localized(c, "en", 60);
    if (s) d.categories.push(s);
  }
  d.bedrooms = parseCount(p.bedrooms);
  d.bathrooms = parseCount(p.bathrooms);
  const size = isObj(p.size) ? p.size : undefined;
  d.area = parseArea(size?.value, size?.unit);

  const amenityList = Array.isArray(p.amenities)
    ? p.amenities
    : Array.isArray(p.amenity_names)
      ? p.amenity_names
      : [];
  for (const a of amenityList.slice(0, 1_000)) {
    const name = isObj(a) ? localized(a.name, "en", 100) : str(a, 100);
    if (name) d.amenities.push(name);
  }

  const loc = isObj(p.location) ? p.location : {};
  d.location.address = localized(loc.full_name, lang, 300);
  Object.assign(d.location, placesFromLevels(locationLevels(p.location_tree, loc.path_name), country));
  const coords = isObj(loc.coordinates)
    ? parseCoordinates(loc.coordinates.lat, loc.coordinates.lon ?? loc.coordinates.lng)
    : undefined;
  if (coords) Object.assign(d.location, coords);
  else if (isObj(loc.coordinates)) {
    d.location.latitude = loc.coordinates.lat as number;
    d.location.longitude = (loc.coordinates.lon ?? loc.coordinates.lng) as number;
  }

  const images = p.images;
  const imageList = Array.isArray(images)
    ? images
    : isObj(images) && Array.isArray(images.property)
      ? images.property
      : [];
  for (const img of imageList.slice(0, 1_000)) {
    const u = photoUrl(img);
    if (u) d.photos.push(u);
  }

  d.reference = str(p.reference, 80);
  const agent = localized(dig(p, "agent", "name"), "en", 120);
  const company = localized(dig(p, "broker", "name"), "en", 160);
  if (agent || company) d.agent = { name: agent, company };

  const furnished = str(p.furnished, 20)?.toUpperCase();
  if (furnished === "YES") d.notes.push("The listing says it is furnished; furnishing is not carried over");
  else if (furnished === "PARTLY")
    d.notes.push("The listing says it is partly furnished; furnishing is not carried over");
  const permit = str(p.rera ?? dig(p, "permit", "number"), 60);
  if (permit) d.notes.push(`The permit number ${permit} is not carried over`);
  return d;
}

export function parsePropertyFinder(html: string, pageUrl?: string): ParseResult {
  const doc = readPage(html);
  const hostUrl = pageHostUrl(SITE, doc, pageUrl);
  const base = hostUrl ? `https://${hostUrl.hostname}/` : "https://www.propertyfinder.ae/";
  const property = dig(readNextData(doc), "props", "pageProps", "propertyResult", "property");
  const country = countryOfHost(hostUrl?.hostname)?.country;
  const state = isObj(property)
    ? draftFromProperty(property, base, pageLanguage(doc, hostUrl), country)
    : undefined;
  return assemble(
    doc,
    html,
    { state, urls: selfUrls(doc, base) },
    {
      site: SITE,
      rules: { isListingUrl: (u) => isListingUrlOf(SITE, u), imageHosts: imageHosts(SITE) },
      pageUrl,
      hostUrl,
      typeFromPath,
      idFromUrl: (u) => /-(\d{3,12})\.html$/.exec(u.pathname)?.[1],
    },
  );
}
