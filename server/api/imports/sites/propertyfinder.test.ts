import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectSite, imageHosts, parseListingPage, type ScrapedListing } from "./index";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

function listingOf(html: string, pageUrl?: string): ScrapedListing {
  const r = parseListingPage("propertyfinder", html, pageUrl);
  if (!r.ok) throw new Error(`expected a listing, got: ${r.message}`);
  return r.listing;
}

describe("Property Finder listing pages", () => {
  it("reads a sale listing from the page's Next.js data", () => {
    const l = listingOf(fixture("propertyfinder-sale.html"));
    expect(l.site).toBe("propertyfinder");
    expect(l.source_id).toBe("11872435");
    expect(l.source_url).toBe(
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html",
    );
    expect(l.title).toBe("Full Marina View | High Floor | Vacant on Transfer");
    expect(l.price).toBe(2_350_000);
    expect(l.currency).toBe("AED");
    expect(l.property_type).toBe("sell");
    expect(l.rentduration).toBeUndefined();
    expect(l.category).toBe("apartment");
    expect(l.bedrooms).toBe(2);
    expect(l.bathrooms).toBe(3);
    expect(l.area).toEqual({ value: 1284, unit: "sqft" });
    expect(l.location).toMatchObject({
      city: "Dubai",
      community: "Dubai Marina",
      country: "United Arab Emirates",
      address: "Al Sahil Heights, Dubai Marina, Dubai",
    });
    expect(l.location.latitude).toBeCloseTo(25.0789131, 6);
    expect(l.location.longitude).toBeCloseTo(55.1405327, 6);
    expect(l.amenities).toContain("Shared Pool");
    expect(l.amenities).toContain("Children's Play Area");
    expect(l.reference).toBe("HLR-S-20417");
    expect(l.agent).toEqual({ name: "Layla Haddad", company: "Harbour Line Real Estate" });
    // Nine images on the page, one of them twice: eight photos, full size.
    expect(l.photos).toHaveLength(8);
    expect(new URL(l.photos[0]!).hostname).toBe("static.shared.propertyfinder.ae");
    expect(l.photos[0]).toContain("/1312x894.jpg");
    expect(l.description.split("\n\n")).toHaveLength(4);
    expect(l.description).toContain("- Balcony running the width of the living room");
    expect(l.notes).toContain("The permit number 7146021834 is not carried over");
  });

  it("reads a yearly rent on the Saudi site in square metres and riyals", () => {
    const l = listingOf(fixture("propertyfinder-rent.html"));
    expect(l.source_url).toBe(
      "https://www.propertyfinder.sa/en/plp/rent/villa-for-rent-riyadh-al-malqa-3894512.html",
    );
    expect(l.title).toBe("Modern Villa with Private Pool | Near King Salman Road");
    expect(l.price).toBe(180_000);
    expect(l.currency).toBe("SAR");
    expect(l.property_type).toBe("rent");
    expect(l.rentduration).toBe("yearly");
    expect(l.category).toBe("villa");
    expect(l.bedrooms).toBe(5);
    expect(l.bathrooms).toBe(6);
    expect(l.area).toEqual({ value: 450, unit: "sqm" });
    expect(l.location).toMatchObject({
      city: "Riyadh",
      country: "Saudi Arabia",
      latitude: 24.8121453,
      longitude: 46.6113278,
    });
    expect(l.photos).toHaveLength(5);
    expect(new URL(l.photos[0]!).hostname).toBe("static.shared.propertyfinder.sa");
    // The description came as HTML: paragraphs kept, tags gone.
    expect(l.description).not.toMatch(/<[a-z/]/i);
    expect(l.description).toContain("\n\nGround floor: majlis");
    expect(l.description).toContain("pantry.\nFirst floor");
  });

  it("monthly and daily rents carry over; a weekly rent does not, and says so", () => {
    const page = fixture("propertyfinder-rent.html");
    expect(listingOf(page.replace('"period":"yearly"', '"period":"monthly"')).rentduration).toBe("monthly");
    expect(listingOf(page.replace('"period":"yearly"', '"period":"daily"')).rentduration).toBe("daily");
    const weekly = listingOf(page.replace('"period":"yearly"', '"period":"weekly"'));
    expect(weekly.property_type).toBe("rent");
    expect(weekly.rentduration).toBeUndefined();
    expect(weekly.notes.join(" ")).toMatch(/per week/);
  });

  it("a hidden price is a missing price, with a message that says so", () => {
    const r = parseListingPage(
      "propertyfinder",
      fixture("propertyfinder-sale.html").replace('"is_hidden":false', '"is_hidden":true'),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toEqual(["price"]);
    expect(r.message).toBe(
      "The listing on this page has no price (the site shows the price only on request)",
    );
  });

  it("falls back to JSON-LD when the app state is gone", () => {
    const page = fixture("propertyfinder-sale.html").replace(
      /<script id="__NEXT_DATA__"[\s\S]*?<\/script>/,
      "",
    );
    const l = listingOf(page);
    expect(l.source_id).toBe("11872435");
    expect(l.title).toBe("Full Marina View | High Floor | Vacant on Transfer");
    expect(l.price).toBe(2_350_000);
    expect(l.currency).toBe("AED");
    expect(l.property_type).toBe("sell");
    expect(l.category).toBe("apartment");
    expect(l.bedrooms).toBe(2);
    expect(l.area).toEqual({ value: 1284, unit: "sqft" });
    expect(l.location.latitude).toBeCloseTo(25.0789, 3);
    expect(l.location.country).toBe("United Arab Emirates");
    expect(l.photos.length).toBeGreaterThanOrEqual(3);
  });

  it("JSON-LD rent: the unit of the price specification gives the period", () => {
    const page = fixture("propertyfinder-rent.html").replace(
      /<script id="__NEXT_DATA__"[\s\S]*?<\/script>/,
      "",
    );
    const l = listingOf(page);
    expect(l.property_type).toBe("rent");
    expect(l.rentduration).toBe("yearly");
    expect(l.price).toBe(180_000);
    expect(l.currency).toBe("SAR");
    expect(l.area).toEqual({ value: 450, unit: "sqm" });
    expect(l.category).toBe("villa");
  });

  it("places a Dubai listing by the site's levels: the emirate is both state and city", () => {
    expect(listingOf(fixture("propertyfinder-sale.html")).location).toMatchObject({
      state: "Dubai",
      city: "Dubai",
      community: "Dubai Marina",
    });
  });

  it("a Riyadh listing starts at the city: no state is made up", () => {
    const l = listingOf(fixture("propertyfinder-rent.html"));
    expect(l.location).toMatchObject({ city: "Riyadh", community: "North Riyadh" });
    expect(l.location.state).toBeUndefined();
  });

  it("a Bahrain listing (governorate › city › community) keeps the governorate as its state", () => {
    const l = listingOf(fixture("propertyfinder-bahrain.html"));
    expect(l.source_url).toBe(
      "https://www.propertyfinder.bh/en/plp/rent/apartment-for-rent-capital-governorate-manama-juffair-5120334.html",
    );
    expect(l.currency).toBe("BHD");
    expect(l.rentduration).toBe("monthly");
    expect(l.location).toEqual({
      state: "Capital Governorate",
      city: "Manama",
      community: "Juffair",
      country: "Bahrain",
      address: "Juffair, Manama, Capital Governorate",
      latitude: 26.2137,
      longitude: 50.6039,
    });
    expect(l.notes.join(" ")).not.toMatch(/map position|wrong way round/);
  });

  it("reads the same levels from the path name when the location tree is missing", () => {
    const page = fixture("propertyfinder-bahrain.html").replace(/,"location_tree":\[[^\]]*\]/, "");
    expect(page).not.toContain("location_tree");
    expect(listingOf(page).location).toMatchObject({
      state: "Capital Governorate",
      city: "Manama",
      community: "Juffair",
    });
  });

  it("reads the same levels from the JSON-LD address when the app state is gone", () => {
    const page = fixture("propertyfinder-bahrain.html").replace(
      /<script id="__NEXT_DATA__"[\s\S]*?<\/script>/,
      "",
    );
    expect(listingOf(page).location).toMatchObject({
      state: "Capital Governorate",
      city: "Manama",
      country: "Bahrain",
      latitude: 26.2137,
      longitude: 50.6039,
    });
  });

  it("a search results page has no listing data", () => {
    const r = parseListingPage("propertyfinder", fixture("propertyfinder-search.html"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe("This page has no listing data (it may be a search page or a check for robots)");
    expect(r.missing).toEqual(["title", "price", "property_type"]);
  });

  it("takes the address it was fetched from when the page names none", () => {
    const page = fixture("propertyfinder-sale.html")
      .replace(/<link rel="canonical"[^>]*>/, "")
      .replace(/<meta property="og:url"[^>]*>/, "")
      .replace(/"share_url":"[^"]*",/, "")
      .replace(/"details_path":"[^"]*",/, "")
      .replace(/"@id":"[^"]*","url":"[^"]*",/, "");
    const url =
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html?utm_source=share#gallery";
    const l = listingOf(page, url);
    expect(l.source_url).toBe(
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html",
    );
    const r = parseListingPage("propertyfinder", page);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.missing).toEqual(["source_url"]);
    // A page saved from the browser carries the address it was saved from.
    const saved = page.replace(
      "<!DOCTYPE html>",
      `<!DOCTYPE html>\n<!-- saved from url=(0${url.length})${url} -->\n`,
    );
    expect(listingOf(saved).source_url).toBe(
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html",
    );
  });

  it("a studio reads as 0 bedrooms", () => {
    expect(
      listingOf(fixture("propertyfinder-sale.html").replace('"bedrooms":"2"', '"bedrooms":"studio"'))
        .bedrooms,
    ).toBe(0);
  });

  it("every photo is on the site's own image hosts", () => {
    for (const name of ["propertyfinder-sale.html", "propertyfinder-rent.html"]) {
      for (const p of listingOf(fixture(name)).photos) {
        expect(p.startsWith("https://")).toBe(true);
        expect(imageHosts("propertyfinder")).toContain(new URL(p).hostname);
      }
    }
  });

  it("recognises its saved pages", () => {
    for (const name of [
      "propertyfinder-sale.html",
      "propertyfinder-rent.html",
      "propertyfinder-search.html",
      "propertyfinder-bahrain.html",
    ])
      expect(detectSite(fixture(name))).toBe("propertyfinder");
  });
});
