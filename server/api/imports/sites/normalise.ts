// Shared steps from "what a page said" (a Draft, filled from the richest source first) to a checked
// ScrapedListing: numbers parsed and range-checked, text cleaned and capped, categories and rent
// periods mapped, photos kept to the site's own image hosts, and a clear English message naming
// what is missing when the page cannot make a listing.

import { cleanText, decodeEntities, htmlToText } from "./html";
import type {
  ImportSite,
  ListingCategory,
  ParseResult,
  RentDuration,
  ScrapedListing,
  ScrapedLocation,
} from "./types";

export const MAX_TITLE = 255;
export const MAX_DESCRIPTION = 10_000;
export const MAX_PHOTOS = 30;
const MAX_AMENITIES = 100;
const MAX_AMENITY_CHARS = 100;
const MAX_NOTES = 20;

/** What one source (app state, JSON-LD, Open Graph) said about the listing; every field optional. */
export interface Draft {
  source_id?: string;
  /** Candidate canonical addresses, best first; the first one that is this site's listing page wins. */
  urls: string[];
  title?: string;
  description?: string;
  price?: number;
  /** The site marks the price hidden ("price on request"). */
  priceHidden?: boolean;
  currency?: string;
  property_type?: "sell" | "rent";
  /** The site's own word for the rent period (yearly, monthly, weekly, per day…). */
  rentPeriod?: string;
  /** The site's own words for the kind of property, most specific first. */
  categories: string[];
  bedrooms?: number;
  bathrooms?: number;
  area?: { value: number; unit: "sqft" | "sqm" };
  amenities: string[];
  location: ScrapedLocation;
  photos: string[];
  reference?: string;
  agent?: { name?: string; company?: string };
  notes: string[];
}

export function emptyDraft(): Draft {
  return { urls: [], categories: [], amenities: [], location: {}, photos: [], notes: [] };
}

/** Fills what `into` lacks from `from` (the richer source goes first). Lists fill only when empty. */
export function fillDraft(into: Draft, from: Draft | undefined): Draft {
  if (!from) return into;
  const scalars = [
    "source_id",
    "title",
    "description",
    "price",
    "currency",
    "property_type",
    "rentPeriod",
    "bedrooms",
    "bathrooms",
    "area",
    "reference",
  ] as const;
  for (const k of scalars) {
    if (into[k] === undefined && from[k] !== undefined)
      (into as unknown as Record<string, unknown>)[k] = from[k];
  }
  // A price the richer source hides ("price on request") is not taken from a poorer one.
  if (into.priceHidden) into.price = undefined;
  else if (into.price === undefined && from.priceHidden) into.priceHidden = true;
  into.urls.push(...from.urls);
  if (into.categories.length === 0) into.categories.push(...from.categories);
  if (into.amenities.length === 0) into.amenities.push(...from.amenities);
  if (into.photos.length === 0) into.photos.push(...from.photos);
  for (const k of ["address", "community", "city", "state", "country"] as const) {
    if (into.location[k] === undefined && from.location[k] !== undefined) into.location[k] = from.location[k];
  }
  // Coordinates go together: never one source's latitude with another's longitude.
  if (
    into.location.latitude === undefined &&
    into.location.longitude === undefined &&
    from.location.latitude !== undefined
  ) {
    into.location.latitude = from.location.latitude;
    into.location.longitude = from.location.longitude;
  }
  if (from.agent)
    into.agent = {
      name: into.agent?.name ?? from.agent.name,
      company: into.agent?.company ?? from.agent.company,
    };
  into.notes.push(...from.notes);
  return into;
}

// ---------------------------------------------------------------------------------------------
// Values

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A number from JSON or page text: 1200000, "1,200,000", "AED 1,200,000", "١٬٢٠٠٬٠٠٠", "2.5".
 * Undefined for anything else (ranges such as "1,000 - 2,000", words, NaN, Infinity).
 */
export function parseNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string" || v.length > 64) return undefined;
  let s = v.replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));
  s = s.replace(/[\u066b]/g, ".").replace(/[\u066c,\s\u00a0]/g, "");
  s = s.replace(/^[A-Za-z\u0600-\u06ff.$€£]+\.?/, "").replace(/[A-Za-z\u0600-\u06ff/.²]+$/, "");
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A price: positive and below a trillion; undefined otherwise. */
export function parsePrice(v: unknown): number | undefined {
  const n = parseNumber(v);
  return n !== undefined && n > 0 && n < 1e12 ? Math.round(n * 100) / 100 : undefined;
}

/** A room count: a whole number 0–100 ("studio" is 0); undefined otherwise. */
export function parseCount(v: unknown): number | undefined {
  if (typeof v === "string" && /^\s*studio\s*$/i.test(v)) return 0;
  if (typeof v === "string" && /^\s*\d{1,3}\s*\+\s*$/.test(v)) return parseCount(v.replace("+", ""));
  const n = parseNumber(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 100 ? n : undefined;
}

/** An area: positive, below 100 km², in the given unit; rounded to two decimals. */
export function parseArea(v: unknown, unit: unknown): { value: number; unit: "sqft" | "sqm" } | undefined {
  const n = parseNumber(v);
  const u = areaUnit(unit);
  if (n === undefined || u === undefined || !(n > 0) || n > 1e9) return undefined;
  return { value: Math.round(n * 100) / 100, unit: u };
}

export function areaUnit(v: unknown): "sqft" | "sqm" | undefined {
  if (typeof v !== "string") return undefined;
  const s = v.toLowerCase().replace(/[\s._-]/g, "");
  if (["sqft", "ft2", "ft²", "sqf", "squarefeet", "squarefoot", "ftk"].includes(s)) return "sqft";
  if (["sqm", "m2", "m²", "mtk", "squaremeters", "squaremetres", "squaremeter", "sqmt"].includes(s))
    return "sqm";
  return undefined;
}

export const SQM_PER_SQFT = 0.09290304;

/** A coordinate pair inside the valid ranges, not (0, 0); undefined otherwise. */
export function parseCoordinates(
  lat: unknown,
  lng: unknown,
): { latitude: number; longitude: number } | undefined {
  const a = parseNumber(lat);
  const b = parseNumber(lng);
  if (a === undefined || b === undefined) return undefined;
  if (a < -90 || a > 90 || b < -180 || b > 180 || (a === 0 && b === 0)) return undefined;
  return { latitude: Math.round(a * 1e7) / 1e7, longitude: Math.round(b * 1e7) / 1e7 };
}

/** A trimmed one-line string from a JSON value (strings and numbers), capped; undefined when empty. */
export function str(v: unknown, max = 500): string | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return undefined;
  const s = cleanText(decodeEntities(v.length > max * 4 ? v.slice(0, max * 4) : v));
  if (!s) return undefined;
  return s.length > max ? s.slice(0, max).trim() : s;
}

/** An English string from a value that may be a string or a per-language object ({ en, ar }). */
export function localized(v: unknown, lang: "en" | "ar" = "en", max = 500): string | undefined {
  if (typeof v === "string" || typeof v === "number") return str(v, max);
  if (typeof v === "object" && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const other = lang === "en" ? "ar" : "en";
    return str(o[lang], max) ?? str(o[other], max);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Kinds of property and rent periods

// The sites' words for a kind of property (singular, plural, slugs) mapped to ours. Compared after
// lower-casing and dropping everything but letters.
const CATEGORY_WORDS: [RegExp, ListingCategory][] = [
  [
    /^hotel(and)?(hotel)?apartments?$|^hotelapartments?$|^hotelhotelapartment$|^servicedapartments?$/,
    "hotel-apartment",
  ],
  [/^penthouses?$/, "penthouse"],
  [/^duplex(es)?$/, "duplex"],
  [/^townhouses?$|^townhomes?$/, "townhouse"],
  [
    /^(villas?|villahouse|villacompound|compound|bungalows?|houses?|singlefamilyresidence|residentialvilla|commercialvillas?)$/,
    "villa",
  ],
  [/^(apartments?|apartmentflat|flats?|studios?|residentialapartment|loftapartment|lofts?)$/, "apartment"],
  [
    /^(lands?|plots?|landplot|residentialplots?|residentialland|commercialplots?|commercialland|industrialland|mixeduseland|mixedusedland)$/,
    "land",
  ],
  [/^(offices?|officespace|businesscentre|businesscenter|coworkingspace|coworking)$/, "office"],
  [/^(shops?|retail|retailshop|showrooms?|restaurants?|retailspace)$/, "shop"],
  [/^(warehouses?|storage|factory|factories|industrial)$/, "warehouse"],
  [
    /^(buildings?|wholebuilding|residentialbuilding|commercialbuildings?|bulkunits?|residentialfloors?|wholefloor|fullfloor|commercialfloors?)$/,
    "building",
  ],
];

/** Our category for the site's words (tried in order); "other" when none is known. */
export function normaliseCategory(words: string[]): { category: ListingCategory; unknown?: string } {
  for (const w of words) {
    const key = w.toLowerCase().replace(/[^a-z]/g, "");
    if (!key) continue;
    for (const [re, cat] of CATEGORY_WORDS) if (re.test(key)) return { category: cat };
  }
  const first = words.map((w) => cleanText(w)).find((w) => w !== "");
  return { category: "other", unknown: first };
}

/** Our rent duration for the site's period word; "weekly" (and unknown words) have none. */
export function rentDurationOf(period: string | undefined): RentDuration | "weekly" | undefined {
  if (!period) return undefined;
  const p = period.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (["yearly", "year", "annually", "annual", "peryear", "yr", "ann", "p1y"].includes(p)) return "yearly";
  if (["monthly", "month", "permonth", "mon", "p1m"].includes(p)) return "monthly";
  if (["quarterly", "quarter", "perquarter", "p3m"].includes(p)) return "quarterly";
  if (["daily", "day", "perday", "nightly", "night", "pernight", "p1d"].includes(p)) return "daily";
  if (["weekly", "week", "perweek", "wee", "p1w"].includes(p)) return "weekly";
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Addresses

export interface UrlRules {
  /** This site's listing-page address test (host and path), as siteOfUrl applies it. */
  isListingUrl: (u: URL) => boolean;
  /** Hosts this site's photos may come from. */
  imageHosts: readonly string[];
}

/** An absolute URL from a page value ("//host/x" and "/x" resolved against `base`); undefined if not http(s). */
export function absoluteUrl(v: unknown, base?: string): URL | undefined {
  if (typeof v !== "string") return undefined;
  const s = v.trim();
  if (!s || s.length > 2_048) return undefined;
  try {
    const u = base ? new URL(s, base) : new URL(s);
    if (u.protocol !== "https:" && u.protocol !== "http:") return undefined;
    return u;
  } catch {
    return undefined;
  }
}

/** The canonical form of a listing address: https, no credentials, no query, no fragment. */
export function canonicalUrl(u: URL): string {
  return `https://${u.host}${u.pathname}`;
}

// ---------------------------------------------------------------------------------------------
// Finishing

const FIELD_WORDS: Record<string, string> = {
  title: "title",
  price: "price",
  source_id: "listing number",
  source_url: "listing address",
};

/** "The listing on this page has no title or price", "… has no price (the site shows …)", and so on. */
function missingMessage(missing: string[], priceHidden: boolean): string {
  const words = missing.filter((m) => m !== "property_type").map((m) => FIELD_WORDS[m] ?? m);
  const noType = missing.includes("property_type");
  if (words.length === 0) return "The page does not say whether the listing is for sale or for rent";
  const list =
    words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
  let message = `The listing on this page has no ${list}`;
  if (priceHidden && missing.includes("price")) message += " (the site shows the price only on request)";
  if (noType) message += ", and does not say whether it is for sale or for rent";
  return message;
}

// Country codes and short names the sites use, as the full English names we store.
const COUNTRY_NAMES: Record<string, string> = {
  ae: "United Arab Emirates",
  are: "United Arab Emirates",
  uae: "United Arab Emirates",
  sa: "Saudi Arabia",
  sau: "Saudi Arabia",
  ksa: "Saudi Arabia",
  qa: "Qatar",
  qat: "Qatar",
  bh: "Bahrain",
  bhr: "Bahrain",
  eg: "Egypt",
  egy: "Egypt",
};

export const NO_DATA_MESSAGE =
  "This page has no listing data (it may be a search page or a check for robots)";
export const BLOCKED_MESSAGE =
  "This page is a check for robots, not the listing (it has no listing data): open the listing in your browser, then save the page again and upload it";

export function noListing(blocked: boolean): ParseResult {
  return {
    ok: false,
    missing: ["title", "price", "property_type"],
    message: blocked ? BLOCKED_MESSAGE : NO_DATA_MESSAGE,
  };
}

export interface FinishContext {
  site: ImportSite;
  rules: UrlRules;
  /** Address the page was fetched from, if known. */
  pageUrl?: string;
  /** Currency to assume when the page names none (from the site's country). */
  defaultCurrency?: string;
  /** Rent period to assume when a rent listing names none (with a note saying so). */
  defaultRentPeriod?: { period: RentDuration; note: string };
  /** Builds the listing address from its id when the page gives none. */
  urlFromId?: (id: string) => string | undefined;
  /** The listing id an address carries, for pages whose data names no id (JSON-LD only). */
  idFromUrl?: (u: URL) => string | undefined;
}

/** Checks and cleans a draft into a listing, or says in plain English what is missing. */
export function finish(draft: Draft, ctx: FinishContext): ParseResult {
  const notes: string[] = [...draft.notes];
  const missing: string[] = [];

  let title = draft.title ? cleanText(decodeEntities(draft.title)) : "";
  if (title.length > MAX_TITLE) {
    title = title.slice(0, MAX_TITLE).trim();
    notes.push(`The title was longer than ${MAX_TITLE} characters and was shortened`);
  }
  if (!title) missing.push("title");

  const price = parsePrice(draft.price);
  if (price === undefined) missing.push("price");

  const propertyType = draft.property_type;
  if (!propertyType) missing.push("property_type");

  let sourceUrl: string | undefined;
  let sourceId = draft.source_id ? str(draft.source_id, 64) : undefined;
  for (const c of [...draft.urls, ctx.pageUrl]) {
    const u = absoluteUrl(c);
    if (u && u.protocol === "https:" && !u.username && !u.password && ctx.rules.isListingUrl(u)) {
      sourceUrl = canonicalUrl(u);
      sourceId ??= ctx.idFromUrl?.(u);
      break;
    }
  }
  if (!sourceUrl && sourceId && ctx.urlFromId) sourceUrl = ctx.urlFromId(sourceId);
  if (!sourceId) missing.push("source_id");
  if (!sourceUrl) missing.push("source_url");

  if (missing.length > 0)
    return { ok: false, missing, message: missingMessage(missing, draft.priceHidden === true) };

  let rentduration: RentDuration | undefined;
  if (propertyType === "rent") {
    const mapped = rentDurationOf(draft.rentPeriod);
    if (mapped === "weekly")
      notes.push(
        "The rent is shown per week, which we cannot show: choose how often rent is paid and set the price to match",
      );
    else if (mapped) rentduration = mapped;
    else if (draft.rentPeriod)
      notes.push(
        `The rent period "${cleanText(draft.rentPeriod).slice(0, 40)}" is not one we know: choose how often rent is paid`,
      );
    else if (ctx.defaultRentPeriod) {
      rentduration = ctx.defaultRentPeriod.period;
      notes.push(ctx.defaultRentPeriod.note);
    } else notes.push("The page does not say how often rent is paid: choose it");
  }

  let currency =
    typeof draft.currency === "string" && /^[A-Za-z]{3}$/.test(draft.currency.trim())
      ? draft.currency.trim().toUpperCase()
      : undefined;
  if (!currency) {
    currency = ctx.defaultCurrency ?? "AED";
    notes.push(`The page does not name the currency; ${currency} is assumed from the site`);
  }

  const { category, unknown } = normaliseCategory(draft.categories);
  if (category === "other" && unknown)
    notes.push(`The kind of property "${unknown.slice(0, 60)}" has no match here and was set to other`);
  else if (category === "other") notes.push("The page does not say what kind of property this is");

  let description = draft.description ? htmlToText(draft.description) : "";
  if (description.length > MAX_DESCRIPTION) {
    description = description.slice(0, MAX_DESCRIPTION).trim();
    notes.push(
      `The description was longer than ${MAX_DESCRIPTION.toLocaleString("en")} characters and was shortened`,
    );
  }

  const photos = keepPhotos(draft.photos, ctx.rules.imageHosts, notes);

  const amenities: string[] = [];
  const seen = new Set<string>();
  for (const a of draft.amenities) {
    const s = str(a, MAX_AMENITY_CHARS);
    if (!s || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    if (amenities.length < MAX_AMENITIES) amenities.push(s);
  }

  const location: ScrapedLocation = {};
  for (const k of ["address", "community", "city", "state", "country"] as const) {
    const v = str(draft.location[k], k === "address" ? 300 : 120);
    if (v) location[k] = v;
  }
  if (location.country) location.country = COUNTRY_NAMES[location.country.toLowerCase()] ?? location.country;
  const coords = parseCoordinates(draft.location.latitude, draft.location.longitude);
  if (coords) Object.assign(location, coords);
  else if (draft.location.latitude !== undefined || draft.location.longitude !== undefined)
    notes.push("The map position on the page was not valid and was left out");

  const listing: ScrapedListing = {
    site: ctx.site,
    source_id: sourceId!,
    source_url: sourceUrl!,
    title,
    description,
    price: price!,
    currency,
    property_type: propertyType!,
    category,
    amenities,
    location,
    photos,
    notes: [],
  };
  if (rentduration) listing.rentduration = rentduration;
  const bedrooms = parseCount(draft.bedrooms);
  if (bedrooms !== undefined) listing.bedrooms = bedrooms;
  const bathrooms = parseCount(draft.bathrooms);
  if (bathrooms !== undefined) listing.bathrooms = bathrooms;
  if (draft.area) {
    const area = parseArea(draft.area.value, draft.area.unit);
    if (area) listing.area = area;
  }
  const reference = str(draft.reference, 80);
  if (reference) listing.reference = reference;
  const agentName = str(draft.agent?.name, 120);
  const company = str(draft.agent?.company, 160);
  if (agentName || company)
    listing.agent = { ...(agentName ? { name: agentName } : {}), ...(company ? { company } : {}) };

  listing.notes = [...new Set(notes.map((n) => cleanText(n)).filter((n) => n !== ""))].slice(0, MAX_NOTES);
  return { ok: true, listing };
}

/** Photos on the site's own image hosts, https, de-duplicated (by address without query), at most 30. */
function keepPhotos(raw: string[], hosts: readonly string[], notes: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let foreign = 0;
  let total = 0;
  for (const r of raw) {
    const u = absoluteUrl(typeof r === "string" && r.startsWith("//") ? `https:${r}` : r);
    if (!u) continue;
    if (u.username || u.password || (u.port && u.port !== "443") || !hosts.includes(u.hostname)) {
      foreign++;
      continue;
    }
    u.protocol = "https:";
    const key = `${u.hostname}${u.pathname}`;
    if (seen.has(key)) continue;
    seen.add(key);
    total++;
    if (out.length < MAX_PHOTOS) out.push(u.href);
  }
  if (total > MAX_PHOTOS) notes.push(`The listing has ${total} photos; the first ${MAX_PHOTOS} were kept`);
  if (foreign > 0)
    notes.push(
      `${foreign} image${foreign === 1 ? " was" : "s were"} not on the site's own image servers and ${foreign === 1 ? "was" : "were"} left out`,
    );
  return out;
}
