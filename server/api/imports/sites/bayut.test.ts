import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectSite, imageHosts, parseListingPage, type ScrapedListing } from "./index";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

function listingOf(html: string, pageUrl?: string): ScrapedListing {
  const r = parseListingPage("bayut", html, pageUrl);
  if (!r.ok) throw new Error(`expected a listing, got: ${r.message}`);
  return r.listing;
}

describe("Bayut listing pages", () => {
  it("reads a sale listing from window.state", () => {
    const l = listingOf(fixture("bayut-sale.html"));
    expect(l.site).toBe("bayut");
    expect(l.source_id).toBe("9184406");
    expect(l.source_url).toBe("https://www.bayut.com/property/details-9184406.html");
    expect(l.title).toBe("Corner Plot | Upgraded Kitchen | Close to the Park");
    expect(l.price).toBe(4_850_000);
    expect(l.currency).toBe("AED");
    expect(l.property_type).toBe("sell");
    expect(l.rentduration).toBeUndefined();
    expect(l.category).toBe("villa");
    expect(l.bedrooms).toBe(4);
    expect(l.bathrooms).toBe(5);
    // Stored in square metres, shown on the UAE site in square feet: the owner's 3,544 sqft.
    expect(l.area).toEqual({ value: 3544, unit: "sqft" });
    expect(l.location).toMatchObject({
      city: "Dubai",
      state: "Dubai",
      community: "Arabian Ranches 3",
      country: "United Arab Emirates",
      address: "Sidra Grove, Arabian Ranches 3, Dubai",
      latitude: 25.0427218,
      longitude: 55.2819343,
    });
    expect(l.amenities).toEqual(
      expect.arrayContaining(["Maids Room", "Private Garden", "CCTV Security", "Kids Play Area"]),
    );
    expect(l.amenities).toHaveLength(12);
    expect(l.reference).toBe("SGR-V-0931");
    expect(l.agent).toEqual({ name: "Omar Siddiqui", company: "Palmstone Properties" });
    // Twelve photos in the site's order (one of them is ordered last), as gallery-size images.
    expect(l.photos).toHaveLength(12);
    expect(l.photos[0]).toBe("https://images.bayut.com/thumbnails/812440173-1066x800.jpeg");
    expect(l.photos[11]).toBe("https://images.bayut.com/thumbnails/812440181-1066x800.jpeg");
    // The description holds "};" and braces: the state's end was found by scanning, not guessing.
    expect(l.description).toContain("the price is firm {no commission split}; keys are with the agent};");
    expect(l.description.split("\n\n")).toHaveLength(3);
    expect(l.notes).toEqual([
      "The plot area (5,210 sqft) is not carried over",
      "The permit number 71462093855 is not carried over",
    ]);
  });

  it("reads a monthly rent, with an HTML description as plain text", () => {
    const l = listingOf(fixture("bayut-rent.html"));
    expect(l.source_id).toBe("9307711");
    expect(l.title).toBe("Fully Furnished 1BR | Bills Included | Pool View");
    expect(l.price).toBe(8_500);
    expect(l.property_type).toBe("rent");
    expect(l.rentduration).toBe("monthly");
    expect(l.category).toBe("apartment");
    expect(l.bedrooms).toBe(1);
    expect(l.area).toEqual({ value: 768, unit: "sqft" });
    expect(l.location).toMatchObject({ city: "Dubai", community: "Jumeirah Village Circle (JVC)" });
    expect(l.location.address).toBe(
      "Cedar Lane Residences, JVC District 14, Jumeirah Village Circle (JVC), Dubai",
    );
    expect(l.photos).toHaveLength(7);
    expect(new URL(l.photos[0]!).hostname).toBe("images.bayut.com");
    expect(l.description).toBe(
      "Move straight in: a furnished one-bedroom apartment in Cedar Lane Residences with a view over the pool deck.\n\n" +
        "Monthly rent includes DEWA, internet and chiller. Minimum stay three months.\n\n" +
        "• Fully equipped kitchen\n• Washing machine\n• One parking space",
    );
    expect(l.notes).toContain("The listing says it is furnished; furnishing is not carried over");
  });

  it("keeps the Arabic title and description of an Arabic page on the Saudi site", () => {
    const l = listingOf(fixture("bayut-arabic.html"));
    expect(l.source_url).toBe("https://www.bayut.sa/property/details-4120583.html");
    expect(l.title).toBe("شقة عائلية بمدخل خاص قريبة من الخدمات");
    expect(l.description.startsWith("شقة عائلية في الدور الأرضي")).toBe(true);
    expect(l.description.split("\n\n")).toHaveLength(3);
    expect(l.price).toBe(55_000);
    expect(l.currency).toBe("SAR");
    expect(l.property_type).toBe("rent");
    expect(l.rentduration).toBe("yearly");
    expect(l.bedrooms).toBe(3);
    expect(l.area).toEqual({ value: 160, unit: "sqm" });
    expect(l.location).toMatchObject({
      city: "Riyadh",
      community: "Al Narjis",
      country: "Saudi Arabia",
      latitude: 24.8467102,
    });
    expect(l.location.state).toBeUndefined();
    expect(l.amenities).toEqual(["Private Entrance", "Kitchen Installed", "Parking Spaces"]);
    expect(l.photos).toHaveLength(4);
    expect(new URL(l.photos[0]!).hostname).toBe("images.bayut.sa");
  });

  it("the English page of the same listing keeps the English title", () => {
    const page = fixture("bayut-arabic.html").replace(
      '<html lang="ar" dir="rtl">',
      '<html lang="en" dir="ltr">',
    );
    expect(listingOf(page).title).toBe("Family apartment with private entrance near services");
  });

  it("a captcha page is a check for robots", () => {
    const r = parseListingPage("bayut", fixture("bayut-captcha.html"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(/check for robots/);
    expect(r.message).toMatch(/no listing data/);
    expect(r.missing).toEqual(["title", "price", "property_type"]);
  });

  it("without its app state the page's JSON-LD has no price, and the message says so", () => {
    const page = fixture("bayut-sale.html").replace(/<script>window\.state = [\s\S]*?<\/script>/, "");
    const r = parseListingPage("bayut", page);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toContain("price");
    expect(r.message).toMatch(/^The listing on this page has no price/);
  });

  it("a weekly rent is not carried over as a duration, and a hidden price is missing", () => {
    const weekly = listingOf(
      fixture("bayut-rent.html").replace('"rentFrequency":"monthly"', '"rentFrequency":"weekly"'),
    );
    expect(weekly.rentduration).toBeUndefined();
    expect(weekly.notes.join(" ")).toMatch(/per week/);
    const hidden = parseListingPage(
      "bayut",
      fixture("bayut-rent.html").replace('"hidePrice":false', '"hidePrice":true'),
    );
    expect(hidden.ok).toBe(false);
    if (!hidden.ok) expect(hidden.message).toMatch(/price only on request/);
  });

  it("reads state written without spaces and with bare undefined values", () => {
    const page = fixture("bayut-rent.html")
      .replace("window.state = ", "window.state=")
      .replace('"permitNumber":null', '"permitNumber":undefined');
    expect(listingOf(page).price).toBe(8_500);
  });

  it("reads the same listing object from a Next.js shell, should the site move to one", () => {
    const state = /<script>window\.state = ([\s\S]*?);<\/script>/.exec(fixture("bayut-rent.html"))![1]!;
    const data = (JSON.parse(state) as { property: unknown }).property;
    const page = `<html><head><link rel="canonical" href="https://www.bayut.com/property/details-9307711.html"></head><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { property: data } } })}</script></body></html>`;
    const l = listingOf(page);
    expect(l.price).toBe(8_500);
    expect(l.rentduration).toBe("monthly");
  });

  it("every photo is on the site's own image hosts", () => {
    for (const name of ["bayut-sale.html", "bayut-rent.html", "bayut-arabic.html"]) {
      for (const p of listingOf(fixture(name)).photos)
        expect(imageHosts("bayut")).toContain(new URL(p).hostname);
    }
  });

  it("recognises its saved pages, the captcha page included", () => {
    for (const name of ["bayut-sale.html", "bayut-rent.html", "bayut-arabic.html", "bayut-captcha.html"])
      expect(detectSite(fixture(name))).toBe("bayut");
    // Without canonical, og:url or the saved-from note, the app state still tells.
    const bare = fixture("bayut-rent.html")
      .replace(/<link rel="canonical"[^>]*>/, "")
      .replace(/<meta property="og:url"[^>]*>/, "")
      .replace(/<meta property="og:site_name"[^>]*>/, "");
    expect(detectSite(bare)).toBe("bayut");
  });
});
