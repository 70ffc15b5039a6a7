// The anchors only have to be necessary: every listing a search matches must share a key with it.
// Checked on random searches and listings against a plain statement of the search's conditions.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cellsOf, columnsOf, listingKeys, MAX_CELLS, priceBand, type SearchFilters } from "./anchors";

const CITIES = [
  { city: "Dubai", state: "Dubai", country: "United Arab Emirates", lat: 25.2, lng: 55.27 },
  { city: "Abu Dhabi", state: "Abu Dhabi", country: "United Arab Emirates", lat: 24.45, lng: 54.38 },
  { city: "Cairo", state: "Cairo Governorate", country: "Egypt", lat: 30.04, lng: 31.24 },
];
const WORDS = ["villa", "vista", "marina", "pool", "فيلا", "فيلات", "مسبح", "studio", "sea"];

const listing = fc.record({
  place: fc.constantFrom(...CITIES),
  dLat: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  dLng: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  category_id: fc.integer({ min: 1, max: 4 }),
  property_type: fc.constantFrom("sell" as const, "rent" as const),
  price: fc.integer({ min: 0, max: 20_000_000 }),
  words: fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
});

const search = fc.record(
  {
    place: fc.constantFrom(...CITIES),
    useCity: fc.boolean(),
    useState: fc.boolean(),
    useCountry: fc.boolean(),
    box: fc.option(
      fc.record({
        dx: fc.double({ min: 0.001, max: 3, noNaN: true }),
        dy: fc.double({ min: 0.001, max: 3, noNaN: true }),
      }),
      { nil: undefined },
    ),
    within: fc.option(fc.double({ min: 0.5, max: 200, noNaN: true }), { nil: undefined }),
    category_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    property_type: fc.option(fc.constantFrom("sell" as const, "rent" as const), { nil: undefined }),
    min_price: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
    max_price: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: undefined }),
    word: fc.option(fc.constantFrom("vil", "villa", "فيل", "مسب", "sea", "ma", "pool"), { nil: undefined }),
  },
  { requiredKeys: ["place"] },
);

type L = typeof listing extends fc.Arbitrary<infer T> ? T : never;
type S = typeof search extends fc.Arbitrary<infer T> ? T : never;

function filtersOf(s: S): SearchFilters {
  const f: SearchFilters = {} as SearchFilters;
  if (s.useCity) f.city = s.place.city;
  if (s.useState) f.state = s.place.state;
  if (s.useCountry) f.country = s.place.country;
  if (s.box)
    f.bbox = {
      w: s.place.lng - s.box.dx,
      s: s.place.lat - s.box.dy,
      e: s.place.lng + s.box.dx,
      n: s.place.lat + s.box.dy,
    };
  if (s.within !== undefined)
    Object.assign(f, { near_lat: s.place.lat, near_lng: s.place.lng, within_km: s.within });
  if (s.category_id !== undefined) f.category_id = s.category_id;
  if (s.property_type) f.property_type = s.property_type;
  if (s.min_price !== undefined) f.min_price = s.min_price;
  if (s.max_price !== undefined) f.max_price = s.max_price;
  if (s.word) f.search = s.word;
  return f;
}

/** The search's conditions, plainly (as the SQL recheck states them). */
function matches(f: SearchFilters, l: L, lat: number, lng: number): boolean {
  if (f.city && f.city.toLowerCase() !== l.place.city.toLowerCase()) return false;
  if (f.state && f.state.toLowerCase() !== l.place.state.toLowerCase()) return false;
  if (f.country && f.country.toLowerCase() !== l.place.country.toLowerCase()) return false;
  if (f.category_id !== undefined && f.category_id !== l.category_id) return false;
  if (f.property_type && f.property_type !== l.property_type) return false;
  if (f.min_price !== undefined && l.price < f.min_price) return false;
  if (f.max_price !== undefined && l.price > f.max_price) return false;
  if (f.bbox && !(lat >= f.bbox.s && lat <= f.bbox.n && lng >= f.bbox.w && lng <= f.bbox.e)) return false;
  if (f.within_km !== undefined) {
    const dLat = f.within_km / 111.32;
    const dLng = f.within_km / (111.32 * Math.max(0.01, Math.cos((f.near_lat! * Math.PI) / 180)));
    if (Math.abs(lat - f.near_lat!) > dLat || Math.abs(lng - f.near_lng!) > dLng) return false;
  }
  if (f.search && !l.words.some((w) => w.startsWith(f.search!.toLowerCase()))) return false;
  return true;
}

describe("anchors", () => {
  it("every listing a search matches shares a key with it", () => {
    fc.assert(
      fc.property(listing, search, (l, s) => {
        const f = filtersOf(s);
        const lat = l.place.lat + l.dLat;
        const lng = l.place.lng + l.dLng;
        fc.pre(matches(f, l, lat, lng));
        const { anchors } = columnsOf(f);
        const keys = new Set(
          listingKeys({
            price: l.price,
            city: l.place.city,
            state: l.place.state,
            country: l.place.country,
            category_id: l.category_id,
            property_type: l.property_type,
            latitude: lat,
            longitude: lng,
            prefixes: l.words.map((w) => Array.from(w).slice(0, 3).join("")),
          }),
        );
        expect(
          anchors.some((a) => keys.has(a)),
          `${JSON.stringify(anchors)} vs listing`,
        ).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("anchors on the most selective condition it has, narrowed by deal, category and price band", () => {
    expect(
      columnsOf({
        city: "Dubai",
        property_type: "sell",
        category_id: 3,
        min_price: 1_000_000,
        max_price: 2_000_000,
      } as SearchFilters).anchors,
    ).toEqual(["city:dubai|t:sell|c:3|p:20", "city:dubai|t:sell|c:3|p:21"]);
    // Open-ended or very wide price ranges do not narrow.
    expect(columnsOf({ city: "Dubai", max_price: 2_000_000 } as SearchFilters).anchors).toEqual([
      "city:dubai",
    ]);
    expect(columnsOf({ bbox: { w: 55.1, s: 25.05, e: 55.2, n: 25.12 } } as SearchFilters).anchors).toEqual([
      "cell:50:110",
    ]);
    expect(columnsOf({ search: "sea villa", property_type: "rent" } as SearchFilters).anchors).toEqual([
      "w:vil",
    ]);
    expect(columnsOf({ search: "فيلا" } as SearchFilters).anchors).toEqual(["w:فيل"]);
    expect(columnsOf({ search: "ab", state: "Dubai" } as SearchFilters).anchors).toEqual(["state:dubai"]);
    expect(columnsOf({ category_id: 4, country: "Egypt" } as SearchFilters).anchors).toEqual(["cat:4"]);
    expect(columnsOf({} as SearchFilters)).toMatchObject({
      anchors: ["any"],
      needs_full_check: false,
      tsquery: null,
    });
    expect(
      columnsOf({ parameter_filters: [{ id: 1, op: "min", value: "3" }] } as SearchFilters).needs_full_check,
    ).toBe(true);
  });

  it("map cells: a box across the antimeridian, and none for a box too large to narrow", () => {
    expect(cellsOf({ w: 179.6, s: 10.1, e: -179.6, n: 10.2 })).toEqual([
      "cell:20:359",
      "cell:20:360",
      "cell:20:-360",
    ]);
    expect(cellsOf({ w: 0, s: 0, e: 10, n: 10 })).toBeNull();
    expect(cellsOf({ w: 0, s: 0, e: 3.9, n: 1.9 })!.length).toBeLessThanOrEqual(MAX_CELLS);
    expect([priceBand(0), priceBand(1), priceBand(1023), priceBand(1024)]).toEqual([0, 1, 10, 11]);
  });
});
