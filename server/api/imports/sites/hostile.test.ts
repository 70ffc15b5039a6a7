// Saved pages come from users: nothing in one may make the parsers throw, hang, or reach outside
// the listing (prototype keys, images on other hosts, scripts cut short by "</script>").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  detectSite,
  IMPORT_SITES,
  parseListingPage,
  siteOfUrl,
  type ImportSite,
  type ParseResult,
} from "./index";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

/** Runs every entry point on a page; returns the parse results (the call itself must not throw). */
function everything(html: string): ParseResult[] {
  detectSite(html);
  siteOfUrl(html);
  return IMPORT_SITES.map((site) => parseListingPage(site, html));
}

function nextDataPage(json: string): string {
  return `<!DOCTYPE html><html><head><title>x</title></head><body><script id="__NEXT_DATA__" type="application/json">${json}</script></body></html>`;
}

const pfProperty = (extra: Record<string, unknown>) =>
  JSON.stringify({
    props: {
      pageProps: {
        propertyResult: {
          property: {
            id: "11872435",
            title: "Plain title",
            price: { value: 1000000, currency: "AED", period: "sell" },
            share_url: "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-11872435.html",
            ...extra,
          },
        },
      },
    },
  });

describe("hostile pages", () => {
  it("a 5 MB page of noise, tags or an unterminated script reads as no listing, quickly", () => {
    const noise = "ab<c x='>{}\"\\=;/ <script>\n</scr".repeat(160_000).slice(0, 5_000_000);
    const pages = [
      noise,
      "<a ".repeat(1_700_000),
      "<".repeat(5_000_000),
      `<script>window.state = {"a":"${"x".repeat(5_000_000)}`,
      `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"propertyResult":{"property":{"title":"${"y".repeat(5_000_000)}`,
      `<!--${"z".repeat(5_000_000)}`,
      `<div title="${"q".repeat(5_000_000)}`,
      `<script>${"window.state = {".repeat(300_000)}</script>`,
    ];
    for (const page of pages) {
      const started = Date.now();
      for (const r of everything(page)) expect(r.ok).toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it("deeply nested JSON in the app state is refused without exhausting the stack", () => {
    const deepArray = "[".repeat(200_000) + "]".repeat(200_000);
    const deepObject = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    for (const page of [
      nextDataPage(deepArray),
      nextDataPage(deepObject),
      `<script>window.state = ${deepObject};</script>`,
    ]) {
      for (const r of everything(page)) expect(r.ok).toBe(false);
    }
  });

  it("__proto__, constructor and prototype keys pollute nothing and are not read", () => {
    const json = pfProperty({
      __proto__: { polluted: "yes", title: "from the prototype" },
      constructor: { prototype: { polluted: "yes" } },
      location: { __proto__: { city: "Nowhere" }, coordinates: { lat: 25.1, lon: 55.2 } },
    }).replace('"title":"Plain title",', "");
    const withProto = json.replace(
      '"id":"11872435"',
      '"__proto__":{"title":"from the prototype","polluted":"yes"},"id":"11872435"',
    );
    const r = parseListingPage("propertyfinder", nextDataPage(withProto));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false);
    // No title of its own: the prototype's title was not taken.
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.missing).toContain("title");

    const state = `<script>window.state = {"__proto__":{"polluted":"yes"},"property":{"data":{"__proto__":{"price":5},"externalID":"9184406","title":"A villa","purpose":"for-sale","constructor":{"name":"x"}}}};</script>`;
    const b = parseListingPage(
      "bayut",
      `<html><head><link rel="canonical" href="https://www.bayut.com/property/details-9184406.html"></head><body>${state}</body></html>`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.missing).toEqual(["price"]);
  });

  it("a raw </script> inside the state ends the script as a browser would, and nothing throws", () => {
    const page = fixture("bayut-sale.html").replace(
      "Call to arrange a viewing.",
      '</script><script>window.state = {"property":{"data":{"title":"evil","externalID":"1","purpose":"for-sale","price":1}}};</script>',
    );
    const r = parseListingPage("bayut", page);
    // The real state is cut short (unreadable); the injected one is a separate script with its own
    // data. Either way the result is well formed and the evil price is not paired with the real id.
    if (r.ok) expect(r.listing.source_id).not.toBe("9184406");
    const idInString = `<script>var s = '<script id="__NEXT_DATA__" type="application/json">${pfProperty({}).replace(/'/g, "")}</script>';</script>`;
    expect(parseListingPage("propertyfinder", idInString).ok).toBe(false);
    const inComment = `<!-- <script id="__NEXT_DATA__" type="application/json">${pfProperty({})}</script> -->`;
    expect(parseListingPage("propertyfinder", inComment).ok).toBe(false);
  });

  it("values of the wrong kind or out of range are dropped, not trusted", () => {
    const r = parseListingPage(
      "propertyfinder",
      nextDataPage(
        pfProperty({
          bedrooms: { n: 3 },
          bathrooms: "-2",
          size: { value: "NaN", unit: "acres" },
          location: { full_name: 42, coordinates: { lat: 999, lon: "55" } },
          images: [
            { full: "javascript:alert(1)" },
            { full: "https://evil.example/a.jpg" },
            { full: "http://169.254.169.254/latest/meta-data" },
            { full: "https://static.shared.propertyfinder.ae/media/images/listing/A/1312x894.jpg" },
          ],
          amenities: [{ name: { toString: "x" } }, 7, null, "Balcony", "balcony"],
          description: 12345,
        }),
      ),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const l = r.listing;
    expect(l.bedrooms).toBeUndefined();
    expect(l.bathrooms).toBeUndefined();
    expect(l.area).toBeUndefined();
    expect(l.location.latitude).toBeUndefined();
    expect(l.location.longitude).toBeUndefined();
    expect(l.photos).toEqual(["https://static.shared.propertyfinder.ae/media/images/listing/A/1312x894.jpg"]);
    expect(l.amenities).toEqual(["7", "Balcony"]);
    expect(l.description).toBe("");
    expect(l.notes.join(" ")).toMatch(/map position/);
    expect(l.notes.join(" ")).toMatch(/not on the site's own image servers/);

    const prices: unknown[] = [-5, 0, "free", "1,000 - 2,000", 1e15, { value: 3 }, Infinity, null];
    for (const value of prices) {
      const p = parseListingPage(
        "propertyfinder",
        nextDataPage(pfProperty({ price: { value, currency: "AED", period: "sell" } })),
      );
      expect(p.ok).toBe(false);
      if (!p.ok) expect(p.missing).toEqual(["price"]);
    }
    const commas = parseListingPage(
      "propertyfinder",
      nextDataPage(pfProperty({ price: { value: "AED 1,250,000", currency: "aed", period: "sell" } })),
    );
    expect(commas.ok && commas.listing.price).toBe(1_250_000);
    expect(commas.ok && commas.listing.currency).toBe("AED");
  });

  it("long text is capped and many photos are cut to thirty, each with a note", () => {
    const images = Array.from({ length: 500 }, (_, i) => ({
      full: `https://static.shared.propertyfinder.ae/media/images/listing/A/${i}/1312x894.jpg`,
    }));
    const r = parseListingPage(
      "propertyfinder",
      nextDataPage(
        pfProperty({
          title: "T".repeat(5_000),
          description: "word ".repeat(20_000),
          images: { property: images },
        }),
      ),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.listing.title.length).toBe(255);
    expect(r.listing.description.length).toBeLessThanOrEqual(10_000);
    expect(r.listing.photos).toHaveLength(30);
    expect(r.listing.notes.join(" ")).toMatch(/title was longer/);
    expect(r.listing.notes.join(" ")).toMatch(/description was longer/);
    expect(r.listing.notes.join(" ")).toMatch(/500 photos; the first 30/);
  });

  it("inputs of the wrong type are answered, not thrown on", () => {
    for (const input of [undefined, null, 42, {}, [], Symbol.iterator]) {
      for (const site of IMPORT_SITES) {
        const r = parseListingPage(site, input as unknown as string);
        expect(r.ok).toBe(false);
      }
      expect(detectSite(input as unknown as string)).toBeNull();
    }
    const unknown = parseListingPage("zillow" as ImportSite, fixture("bayut-sale.html"));
    expect(unknown.ok).toBe(false);
    const proto = parseListingPage("__proto__" as ImportSite, fixture("bayut-sale.html"));
    expect(proto.ok).toBe(false);
    expect(parseListingPage("bayut", fixture("bayut-sale.html"), 12 as unknown as string).ok).toBe(true);
  });

  it("a page of one site parsed as another gives no listing", () => {
    const pairs: [ImportSite, string][] = [
      ["bayut", "propertyfinder-sale.html"],
      ["dubizzle", "bayut-sale.html"],
      ["propertyfinder", "dubizzle-rent.html"],
    ];
    for (const [site, name] of pairs) {
      const r = parseListingPage(site, fixture(name));
      expect(r.ok, `${site} on ${name}`).toBe(false);
      if (!r.ok) expect(r.missing).toEqual(["site"]);
    }
    const r = parseListingPage("bayut", fixture("propertyfinder-sale.html"));
    if (!r.ok) expect(r.message).toBe("This page is from Property Finder, not Bayut");
    // Even with nothing naming the site, another site's listing address is never taken as this one's.
    const unnamed = fixture("propertyfinder-sale.html")
      .replace(/<link rel="canonical"[^>]*>/, "")
      .replace(/<meta property="og:(url|site_name)"[^>]*>/g, "");
    expect(parseListingPage("bayut", unnamed).ok).toBe(false);
  });
});
