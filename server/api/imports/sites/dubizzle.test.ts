import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FOREIGN_POINT_NOTE, SWAPPED_POINT_NOTE } from "./common";
import { detectSite, imageHosts, parseListingPage, type ScrapedListing } from "./index";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

function listingOf(html: string, pageUrl?: string): ScrapedListing {
  const r = parseListingPage("dubizzle", html, pageUrl);
  if (!r.ok) throw new Error(`expected a listing, got: ${r.message}`);
  return r.listing;
}

describe("Dubizzle property pages", () => {
  it("reads a sale listing from the detail action in the Next.js data", () => {
    const l = listingOf(fixture("dubizzle-sale.html"));
    expect(l.site).toBe("dubizzle");
    expect(l.source_id).toBe("8815204");
    expect(l.source_url).toBe(
      "https://dubai.dubizzle.com/property-for-sale/residential/apartmentflat/2025/3/18/sea-view-2br-high-floor-vacant-on-tra-2-581/",
    );
    expect(l.title).toBe("Sea View 2BR | High Floor | Vacant on Transfer");
    expect(l.price).toBe(2_650_000);
    expect(l.currency).toBe("AED");
    expect(l.property_type).toBe("sell");
    expect(l.category).toBe("apartment");
    expect(l.bedrooms).toBe(2);
    expect(l.bathrooms).toBe(3);
    expect(l.area).toEqual({ value: 1412, unit: "sqft" });
    expect(l.location).toMatchObject({
      city: "Dubai",
      community: "Dubai Harbour",
      country: "United Arab Emirates",
      address: "Coral Crest Tower 2, Emaar Beachfront, Dubai Harbour, Dubai",
      latitude: 25.0971204,
      longitude: 55.1395117,
    });
    expect(l.amenities).toEqual([
      "Balcony",
      "Shared Pool",
      "Shared Gym",
      "Private Beach Access",
      "Covered Parking",
      "Security",
    ]);
    expect(l.reference).toBe("CCR-2B-118");
    expect(l.agent).toEqual({ name: "Farah Nasser", company: "Coastline Homes Real Estate" });
    expect(l.photos).toHaveLength(9);
    expect(new URL(l.photos[0]!).hostname).toBe("dbz-images.dubizzle.com");
    expect(new URL(l.photos[0]!).searchParams.get("impolicy")).toBe("dpv");
    expect(l.description).toContain("\n\n* 1,412 sq.ft of built-up area\n");
  });

  it("reads a rent listing; the period the page does not state is taken as yearly, with a note", () => {
    const l = listingOf(fixture("dubizzle-rent.html"));
    expect(l.title).toBe("Spacious 4BR Villa with Maid's Room and Garden");
    expect(l.price).toBe(165_000);
    expect(l.property_type).toBe("rent");
    expect(l.rentduration).toBe("yearly");
    expect(l.notes.join(" ")).toMatch(/yearly .* is assumed/);
    expect(l.category).toBe("villa");
    expect(l.bedrooms).toBe(4);
    expect(l.area).toEqual({ value: 3150, unit: "sqft" });
    expect(l.location).toMatchObject({
      city: "Abu Dhabi",
      state: "Abu Dhabi",
      community: "Al Reef",
      latitude: 24.4497318,
      longitude: 54.6891206,
    });
    expect(l.amenities).toContain("Maids Room");
    expect(l.agent).toEqual({ name: "Rashid Al Mansoori" });
    expect(l.photos).toHaveLength(6);
  });

  it("a stated rent period wins over the assumption", () => {
    const row =
      '{"id":"rent_is_paid","label":{"en":"Rent is paid","ar":"دفع الإيجار"},"value":{"en":"Monthly","ar":"شهري"}}';
    const page = fixture("dubizzle-rent.html").replace('"property_info":[', `"property_info":[${row},`);
    const l = listingOf(page);
    expect(l.rentduration).toBe("monthly");
    expect(l.notes.join(" ")).not.toMatch(/assumed/);
  });

  it("places the listing in its emirate: Dubai is both state and city, Al Ain a city of Abu Dhabi", () => {
    expect(listingOf(fixture("dubizzle-sale.html")).location).toMatchObject({
      state: "Dubai",
      city: "Dubai",
      community: "Dubai Harbour",
    });
    const alAin = fixture("dubizzle-rent.html").replaceAll("abudhabi.dubizzle.com", "alain.dubizzle.com");
    expect(listingOf(alAin).location).toMatchObject({
      state: "Abu Dhabi",
      city: "Al Ain",
      address: "Arabian Village, Al Reef, Al Ain, Abu Dhabi",
    });
  });

  it("a point given with latitude and longitude swapped is swapped back, with a note", () => {
    const l = listingOf(fixture("dubizzle-swapped-point.html"));
    expect(l.location).toMatchObject({ city: "Dubai", latitude: 25.0971204, longitude: 55.1395117 });
    expect(l.notes).toContain(SWAPPED_POINT_NOTE);
    expect(l.notes).not.toContain(FOREIGN_POINT_NOTE);
  });

  it("the page's JSON-LD, swapped the same way, is swapped back too", () => {
    const page = fixture("dubizzle-swapped-point.html").replace(
      /<script id="__NEXT_DATA__"[\s\S]*?<\/script>/,
      "",
    );
    const l = listingOf(page);
    expect(l.location).toMatchObject({
      state: "Dubai",
      city: "Dubai",
      community: "Dubai Harbour",
      country: "United Arab Emirates",
      latitude: 25.0971204,
      longitude: 55.1395117,
    });
    expect(l.notes).toContain(SWAPPED_POINT_NOTE);
  });

  it("a point in the UAE neither as given nor swapped is left out, with a note", () => {
    const l = listingOf(fixture("dubizzle-foreign-point.html"));
    expect(l.location.latitude).toBeUndefined();
    expect(l.location.longitude).toBeUndefined();
    expect(l.location).toMatchObject({ city: "Dubai", country: "United Arab Emirates" });
    expect(l.notes).toContain(FOREIGN_POINT_NOTE);
    expect(l.notes).not.toContain(SWAPPED_POINT_NOTE);

    const ldOnly = listingOf(
      fixture("dubizzle-foreign-point.html").replace(/<script id="__NEXT_DATA__"[\s\S]*?<\/script>/, ""),
    );
    expect(ldOnly.location.latitude).toBeUndefined();
    expect(ldOnly.notes).toContain(FOREIGN_POINT_NOTE);
  });

  it("a foreign point in the app state gives way to a good one in the JSON-LD, without a note", () => {
    const page = fixture("dubizzle-foreign-point.html").replace(
      '"latitude":23.588,"longitude":58.3829',
      '"latitude":25.0971204,"longitude":55.1395117',
    );
    expect(page).toContain('"latitude":25.0971204');
    const l = listingOf(page);
    expect(l.location).toMatchObject({ latitude: 25.0971204, longitude: 55.1395117 });
    expect(l.notes).not.toContain(FOREIGN_POINT_NOTE);
  });

  it("the bot protection's page is a check for robots", () => {
    const r = parseListingPage("dubizzle", fixture("dubizzle-blocked.html"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/check for robots/);
  });

  it("a search page (listing results, no detail) has no listing data", () => {
    const page = fixture("dubizzle-sale.html").replace(
      "listings/detailPropertyRequest/fulfilled",
      "listings/fetchListingDataForQuery/fulfilled",
    );
    const r = parseListingPage("dubizzle", page);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.message).toBe("This page has no listing data (it may be a search page or a check for robots)");
  });

  it("every photo is on the site's own image hosts", () => {
    for (const name of ["dubizzle-sale.html", "dubizzle-rent.html"]) {
      for (const p of listingOf(fixture(name)).photos)
        expect(imageHosts("dubizzle")).toContain(new URL(p).hostname);
    }
  });

  it("recognises its saved pages, the blocked one included", () => {
    for (const name of [
      "dubizzle-sale.html",
      "dubizzle-rent.html",
      "dubizzle-blocked.html",
      "dubizzle-swapped-point.html",
      "dubizzle-foreign-point.html",
    ])
      expect(detectSite(fixture(name))).toBe("dubizzle");
  });
});
