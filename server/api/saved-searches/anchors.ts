// A saved search taken apart so that a new listing finds the searches it matches through an index
// instead of reading them all (decision 027).
//
// Each search keeps one or more *anchors*: keys naming its most selective condition — its city, else
// the map cells its area covers, else the first letters of its longest word, else its state, its
// category, its country, else "any" — narrowed by its deal type, category and price bands when it
// has them (`city:dubai|t:sell|c:3|p:21`; a word's anchor stays bare). A listing computes every key
// it could be found by (its city, its cell, the first letters of every word it is searched by…, with
// and without its type, category and price band), and the searches worth checking are those
// sharing a key with it: `anchors && keys` on a GIN index.
// A search has all its conditions rechecked afterwards, so an anchor only has to be *necessary*:
// every listing the search matches must carry one of the search's anchors.
import type { GetPropertyQuery } from "../listings/property/schema";
import { prefixQuery } from "../listings/property/service";

/** Map cells are half a degree (about 55 km) on a side. */
export const CELLS_PER_DEGREE = 2;
/** An area covering more cells than this anchors on something else (it is barely a filter then). */
export const MAX_CELLS = 32;
/** Words shorter than this are too common to anchor on. */
export const WORD_KEY_LENGTH = 3;
/** A price range anchors on its price bands (powers of two) only when it spans this many at most. */
export const MAX_PRICE_BANDS = 4;
/** Beyond this many anchors a search drops its price bands (a wide map area, say). */
export const MAX_ANCHORS = 64;

/** The filters a saved search keeps (get_property's, without paging, order and identity). */
export type SearchFilters = Pick<
  GetPropertyQuery,
  | "category_id"
  | "city"
  | "state"
  | "country"
  | "property_type"
  | "rentduration"
  | "min_price"
  | "max_price"
  | "search"
  | "facility_ids"
  | "max_distance"
  | "parameter_filters"
  | "bbox"
  | "near_lat"
  | "near_lng"
  | "within_km"
  | "is_admin"
  | "with_tour"
  | "promoted"
  | "users_promoted"
>;

export interface SearchColumns {
  anchors: string[];
  category_id: number | null;
  city: string | null;
  state: string | null;
  country: string | null;
  property_type: "sell" | "rent" | null;
  rentduration: "daily" | "monthly" | "quarterly" | "yearly" | null;
  min_price: number | null;
  max_price: number | null;
  box_w: number | null;
  box_s: number | null;
  box_e: number | null;
  box_n: number | null;
  near_lat: number | null;
  near_lng: number | null;
  near_km: number | null;
  tsquery: string | null;
  needs_full_check: boolean;
}

type Box = { w: number; s: number; e: number; n: number };

/** The largest amount a price column (numeric(14, 2)) holds. */
const PRICE_MAX = 999_999_999_999.99;

/**
 * A price bound in whole cents, as listing prices are stored: a minimum rounds up and a maximum
 * down (the same listings pass), and neither exceeds what the column holds.
 */
function cents(value: number | undefined, way: "up" | "down"): number | null {
  if (value === undefined) return null;
  const c = value * 100;
  const near = Math.round(c);
  const whole = Math.abs(c - near) < 1e-6 ? near : way === "up" ? Math.ceil(c) : Math.floor(c);
  return Math.min(PRICE_MAX, Math.max(0, whole / 100));
}

const lower = (v: string | undefined) => (v ? v.trim().toLowerCase() : null);
const cell = (lat: number, lng: number) =>
  `cell:${Math.floor(lat * CELLS_PER_DEGREE)}:${Math.floor(lng * CELLS_PER_DEGREE)}`;
/** The first letters of a word, counted in characters (an Arabic letter is one, not two). */
const head = (word: string) => Array.from(word.toLowerCase()).slice(0, WORD_KEY_LENGTH).join("");

/**
 * The box around "within `km` of a point", the same one the list searches in before it measures
 * the distance (server/api/listings/property/service.ts, filterConditions).
 */
export function circleBox(lat: number, lng: number, km: number): Box {
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return {
    w: Math.max(-180, lng - dLng),
    s: Math.max(-90, lat - dLat),
    e: Math.min(180, lng + dLng),
    n: Math.min(90, lat + dLat),
  };
}

/** The cells a box covers (west > east crosses the antimeridian), or null when it covers too many to anchor on. */
export function cellsOf(box: Box): string[] | null {
  const rows = Math.floor(box.n * CELLS_PER_DEGREE) - Math.floor(box.s * CELLS_PER_DEGREE) + 1;
  const lngSpans: [number, number][] =
    box.w <= box.e
      ? [[Math.floor(box.w * CELLS_PER_DEGREE), Math.floor(box.e * CELLS_PER_DEGREE)]]
      : [
          [Math.floor(box.w * CELLS_PER_DEGREE), 180 * CELLS_PER_DEGREE],
          [-180 * CELLS_PER_DEGREE, Math.floor(box.e * CELLS_PER_DEGREE)],
        ];
  const cols = lngSpans.reduce((n, [a, b]) => n + (b - a + 1), 0);
  if (rows * cols > MAX_CELLS) return null;
  const out: string[] = [];
  for (let y = Math.floor(box.s * CELLS_PER_DEGREE); y <= Math.floor(box.n * CELLS_PER_DEGREE); y++) {
    for (const [a, b] of lngSpans) for (let x = a; x <= b; x++) out.push(`cell:${y}:${x}`);
  }
  return out;
}

/** The words of a search as the list searches them (its prefix tsquery), longest first. */
function wordsOf(tsquery: string | null): string[] {
  if (!tsquery) return [];
  return tsquery
    .split(" & ")
    .map((w) => w.replace(/:\*$/, ""))
    .sort((a, b) => Array.from(b).length - Array.from(a).length);
}

/** The price band of a price: band b holds prices from 2^(b-1) up to (not including) 2^b; 0 is below 1. */
export const priceBand = (price: number) => (price < 1 ? 0 : Math.floor(Math.log2(price)) + 1);

/** The bands a price range covers, or null when it is open-ended or too wide to narrow anything. */
function bandsOf(min: number | null, max: number | null): number[] | null {
  if (max === null) return null;
  const lo = priceBand(min ?? 0);
  const hi = priceBand(max);
  if (hi - lo + 1 > MAX_PRICE_BANDS) return null;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/**
 * The search's deal type, category and price band, appended to its anchor to narrow it. Not to a
 * word's: a listing has dozens of words, and eight keys for each would swell every lookup.
 */
function qualify(base: string, type: string | null, category: number | null, band: number | null): string {
  if (base.startsWith("w:")) return base;
  let key = base;
  if (type) key += `|t:${type}`;
  if (category !== null && !base.startsWith("cat:")) key += `|c:${category}`;
  if (band !== null) key += `|p:${band}`;
  return key;
}

/**
 * A saved search as indexable columns. City, state and country must already be the stored
 * (English) names; `category_id` the category's id (a slug is resolved before).
 */
export function columnsOf(f: SearchFilters): SearchColumns {
  const city = lower(f.city);
  const state = lower(f.state);
  const country = lower(f.country);
  const type = (f.property_type as "sell" | "rent" | undefined) ?? null;
  const category = f.category_id ?? null;
  const circle =
    f.within_km !== undefined && f.near_lat !== undefined && f.near_lng !== undefined
      ? { lat: f.near_lat, lng: f.near_lng, km: f.within_km }
      : null;
  const box = f.bbox ?? null;
  const tsquery = f.search ? prefixQuery(f.search) : null;

  let bases: string[] | null = null;
  if (city) bases = [`city:${city}`];
  // The smaller area narrows more: the map box, or the box around the circle.
  if (!bases) {
    const areas = [
      box ? cellsOf(box) : null,
      circle ? cellsOf(circleBox(circle.lat, circle.lng, circle.km)) : null,
    ].filter((c): c is string[] => c !== null);
    if (areas.length) bases = areas.sort((a, b) => a.length - b.length)[0]!;
  }
  if (!bases) {
    const word = wordsOf(tsquery).find((w) => Array.from(w).length >= WORD_KEY_LENGTH);
    if (word) bases = [`w:${head(word)}`];
  }
  if (!bases && state) bases = [`state:${state}`];
  if (!bases && category !== null) bases = [`cat:${category}`];
  if (!bases && country) bases = [`country:${country}`];
  bases ??= ["any"];
  const min = cents(f.min_price, "up");
  const max = cents(f.max_price, "down");
  let bands: (number | null)[] = bandsOf(min, max) ?? [null];
  if (bases.length * bands.length > MAX_ANCHORS) bands = [null];

  return {
    anchors: bases.flatMap((b) =>
      b.startsWith("w:") ? [b] : bands.map((band) => qualify(b, type, category, band)),
    ),
    category_id: category,
    city,
    state,
    country,
    property_type: type,
    rentduration: f.rentduration ?? null,
    min_price: min,
    max_price: max,
    box_w: box?.w ?? null,
    box_s: box?.s ?? null,
    box_e: box?.e ?? null,
    box_n: box?.n ?? null,
    near_lat: circle?.lat ?? null,
    near_lng: circle?.lng ?? null,
    near_km: circle?.km ?? null,
    tsquery,
    // Conditions that live in other tables (facilities, parameters, the owner, advertisements):
    // checked with the list's own SQL, only for the few searches that survive the cheap tests.
    needs_full_check: Boolean(
      f.facility_ids?.length ||
      f.parameter_filters?.length ||
      f.is_admin ||
      f.with_tour ||
      f.promoted ||
      f.users_promoted,
    ),
  };
}

export type ListingForKeys = {
  price: number;
  city: string;
  state: string;
  country: string;
  category_id: number;
  property_type: "sell" | "rent";
  latitude: number | null;
  longitude: number | null;
  /** The first letters of every word the listing is found by (its search_vector's lexemes). */
  prefixes: string[];
};

/** Every key a search anchored on something this listing has could carry. */
export function listingKeys(l: ListingForKeys): string[] {
  const bases = [
    `city:${l.city.toLowerCase()}`,
    `state:${l.state.toLowerCase()}`,
    `country:${l.country.toLowerCase()}`,
    `cat:${l.category_id}`,
    "any",
  ];
  if (l.latitude !== null && l.longitude !== null) bases.push(cell(l.latitude, l.longitude));
  // A lexeme shorter than the key length is never a search's anchor (too short to anchor on).
  for (const p of new Set(l.prefixes.map(head)))
    if (Array.from(p).length >= WORD_KEY_LENGTH) bases.push(`w:${p}`);
  const keys = new Set<string>();
  const band = priceBand(l.price);
  for (const b of bases) {
    if (b.startsWith("w:")) {
      keys.add(b);
      continue;
    }
    for (const type of [null, l.property_type]) {
      for (const category of b.startsWith("cat:") ? [null] : [null, l.category_id]) {
        for (const p of [null, band]) keys.add(qualify(b, type, category, p));
      }
    }
  }
  return [...keys];
}
