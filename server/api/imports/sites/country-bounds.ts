// Whether a listing's map point lies in the listing's country, and whether it would if its latitude
// and longitude were the other way round (Dubizzle's app state and JSON-LD have been seen giving
// them swapped: a "latitude" of 55 and a "longitude" of 25 for Dubai).
//
// The test is a bounding box per country, not its borders. A point in the sea off the coast, or in
// a neighbour whose land lies inside the box, counts as inside: Saudi Arabia's box holds all of
// Kuwait, Bahrain and Qatar, and Dubai. That is enough for what the check is for, telling a swapped
// or far-off point from a good one, and needs no border data or geometry library.
//
// The boxes are those of Natural Earth's 1:50m Admin 0 countries (public domain,
// naturalearthdata.com), as [west, south, east, north] in degrees, rounded outwards to 0.001°.
// That scale smooths coasts and drops small islands (Bahrain's box leaves out Muharraq's east shore
// and the Amwaj Islands), so every box is widened by MARGIN_DEGREES; the test beside this file
// checks that every city the country-state-city data set has for these countries lies inside its
// widened box, and that none of them would pass swapped.
//
// Only the countries the sites list in and their neighbours are here. A swapped point is caught
// when the box and its mirror image across the line latitude = longitude do not overlap, which
// holds for all of them but Egypt: most Egyptian points swapped still land in Egypt (Cairo's lands
// near Alexandria), so there a swapped point is kept as given. Nothing short of a street map could
// tell those apart.

export type CountryCode = "AE" | "BH" | "EG" | "JO" | "KW" | "OM" | "QA" | "SA";

type Box = readonly [west: number, south: number, east: number, north: number];

const COUNTRY_BOXES: Record<CountryCode, Box> = {
  AE: [51.568, 22.621, 56.388, 26.069],
  BH: [50.452, 25.806, 50.618, 26.247],
  EG: [24.703, 21.994, 36.872, 31.655],
  JO: [34.95, 29.19, 39.293, 33.373],
  KW: [46.531, 28.533, 48.443, 30.098],
  OM: [51.977, 16.648, 59.838, 26.357],
  QA: [50.754, 24.564, 51.609, 26.154],
  SA: [34.616, 16.371, 55.642, 32.125],
};

/**
 * About 11 km: enough for what the 1:50m coastlines leave out around the cities, small enough that
 * Bahrain's and Qatar's boxes stay clear of each other's capitals.
 */
export const MARGIN_DEGREES = 0.1;

// The ways the sites and their JSON-LD name these countries: ISO codes, English names, short forms.
const COUNTRY_ALIASES: Record<CountryCode, readonly string[]> = {
  AE: ["ae", "are", "uae", "united arab emirates", "emirates"],
  BH: ["bh", "bhr", "bahrain", "kingdom of bahrain"],
  EG: ["eg", "egy", "egypt"],
  JO: ["jo", "jor", "jordan"],
  KW: ["kw", "kwt", "kuwait"],
  OM: ["om", "omn", "oman"],
  QA: ["qa", "qat", "qatar"],
  SA: ["sa", "sau", "ksa", "saudi arabia", "kingdom of saudi arabia"],
};

const CODE_BY_ALIAS = new Map<string, CountryCode>(
  (Object.entries(COUNTRY_ALIASES) as [CountryCode, readonly string[]][]).flatMap(([code, names]) =>
    names.map((n) => [n, code] as const),
  ),
);

/** The code of one of the countries above from a code or an English name; undefined for any other. */
export function countryCode(country: string | undefined): CountryCode | undefined {
  if (!country) return undefined;
  return CODE_BY_ALIAS.get(country.trim().toLowerCase().replace(/\s+/g, " "));
}

function insideBox(box: Box, latitude: number, longitude: number): boolean {
  const [west, south, east, north] = box;
  return (
    latitude >= south - MARGIN_DEGREES &&
    latitude <= north + MARGIN_DEGREES &&
    longitude >= west - MARGIN_DEGREES &&
    longitude <= east + MARGIN_DEGREES
  );
}

export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * What to make of a point given for a listing in `country`:
 * - "inside": it lies in the country (kept as given);
 * - "swapped": it does not, but with latitude and longitude exchanged it does;
 * - "outside": it lies in the country neither way;
 * - "unknown": the country is not one we have bounds for, so nothing can be said.
 */
export function pointInCountry(
  point: Point,
  country: string | undefined,
): "inside" | "swapped" | "outside" | "unknown" {
  const code = countryCode(country);
  if (!code) return "unknown";
  const box = COUNTRY_BOXES[code];
  if (insideBox(box, point.latitude, point.longitude)) return "inside";
  if (insideBox(box, point.longitude, point.latitude)) return "swapped";
  return "outside";
}

/** The boxes as listed, for the test that checks them against another data set. */
export function countryBox(code: CountryCode): Box {
  return COUNTRY_BOXES[code];
}
