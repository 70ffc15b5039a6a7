import { describe, expect, it } from "vitest";
import { jsonDepth, readAssignedState, safeJsonParse, scanObjectLiteral } from "./embedded-state";
import { decodeEntities, htmlToText, readPage } from "./html";
import {
  emptyDraft,
  finish,
  normaliseCategory,
  parseArea,
  parseCount,
  parseNumber,
  parsePrice,
  rentDurationOf,
} from "./normalise";

describe("scanning an assigned object literal", () => {
  it("ends at the matching brace, past braces and quotes inside strings", () => {
    const src = 'window.state = {"a":"};{","b":{"c":"\\"}"},"d":[1,{"e":"]"}]}; var x = {"f":1};';
    const start = src.indexOf("{");
    expect(scanObjectLiteral(src, start)).toBe('{"a":"};{","b":{"c":"\\"}"},"d":[1,{"e":"]"}]}');
  });

  it("reads bare undefined, NaN and Infinity as null, but not inside strings or names", () => {
    const src = '{"a":undefined,"b":NaN,"c":[Infinity],"d":"undefined","undefinedKey":1}';
    expect(JSON.parse(scanObjectLiteral(src, 0)!)).toEqual({
      a: null,
      b: null,
      c: [null],
      d: "undefined",
      undefinedKey: 1,
    });
  });

  it("gives nothing for an object that does not end, or is not JSON-like", () => {
    expect(scanObjectLiteral('{"a":{"b":1}', 0)).toBeUndefined();
    expect(scanObjectLiteral('{"a":"unterminated', 0)).toBeUndefined();
    expect(scanObjectLiteral("{'a':1}", 0)).toBeUndefined();
    expect(scanObjectLiteral('{"a":"line\nbreak"}', 0)).toBeUndefined();
    expect(scanObjectLiteral("x{}", 0)).toBeUndefined();
  });

  it("finds window.state only as an assignment of that very name", () => {
    const doc = readPage(
      '<script>if (window.state == null) {} var mywindow = {}; mywindow.state = {"wrong":1}; window.stateX = {"wrong":2};</script>' +
        '<script src="/x.js">window.state = {"wrong":3};</script>' +
        '<script type="application/json">window.state = {"wrong":4};</script>' +
        '<script>window.state={"right":true};</script>',
    );
    expect(readAssignedState(doc, "window.state")).toEqual({ right: true });
  });
});

describe("safe JSON", () => {
  it("drops dangerous keys and refuses deep or huge input", () => {
    const v = safeJsonParse(
      '{"__proto__":{"x":1},"constructor":2,"prototype":3,"ok":{"__proto__":4,"y":5}}',
    ) as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(["ok"]);
    expect(v.ok).toEqual({ y: 5 });
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(jsonDepth("[[[]]]")).toBe(3);
    expect(jsonDepth('["[[[[["]')).toBe(1);
    expect(safeJsonParse("[".repeat(300) + "]".repeat(300))).toBeUndefined();
    expect(safeJsonParse("{bad json}")).toBeUndefined();
    expect(safeJsonParse('"x"'.padEnd(20, " "), 10)).toBeUndefined();
  });
});

describe("reading a page", () => {
  it("collects scripts, meta, links, lang, title and the saved-from address", () => {
    const doc = readPage(
      '<!DOCTYPE html>\n<!-- saved from url=(0042)https://www.bayut.com/property/details-1.html -->\n<HTML LANG="AR"><head><TITLE>A &amp; B</TITLE>' +
        '<meta property=\'og:url\' content="https://x/?a=1&amp;b=2"><link rel="alternate canonical" href=https://c/d>' +
        '<script type="application/ld+json">{"a":"</scrip"}</script><style>.x{content:"<script>"}</style><textarea><script>no</script></textarea></head></html>',
    );
    expect(doc.lang).toBe("ar");
    expect(doc.title).toBe("A & B");
    expect(doc.savedFrom).toBe("https://www.bayut.com/property/details-1.html");
    expect(doc.metas[0]!.get("content")).toBe("https://x/?a=1&b=2");
    expect(doc.links[0]!.get("href")).toBe("https://c/d");
    expect(doc.scripts).toHaveLength(1);
    expect(doc.scripts[0]!.content).toBe('{"a":"</scrip"}');
  });
});

describe("text", () => {
  it("decodes entities, and only valid numeric ones", () => {
    expect(decodeEntities("&lt;b&gt; &amp;amp; &#1583;&#x625; &#0; &#xD800; &unknown; &constructor;")).toBe(
      "<b> &amp; دإ \ufffd \ufffd &unknown; &constructor;",
    );
  });

  it("turns description HTML into plain text with paragraphs", () => {
    expect(htmlToText("<p>One &amp; two</p><p>Three<br>four</p><ul><li>a</li><li>b</li></ul>")).toBe(
      "One & two\n\nThree\nfour\n\n• a\n• b",
    );
    expect(htmlToText("Price < 5 000 and > 4 000\r\n\r\n\r\n\r\nNext   line")).toBe(
      "Price < 5 000 and > 4 000\n\nNext line",
    );
    expect(htmlToText("<script>alert(1)</script>Text")).toBe("alert(1)Text");
  });
});

describe("numbers, kinds and periods", () => {
  it("parses prices and counts as the sites write them", () => {
    expect(parseNumber("1,250,000")).toBe(1_250_000);
    expect(parseNumber("AED 1,250,000")).toBe(1_250_000);
    expect(parseNumber("١٬٢٥٠٬٠٠٠")).toBe(1_250_000);
    expect(parseNumber("2.5")).toBe(2.5);
    expect(parseNumber("1,000 - 2,000")).toBeUndefined();
    expect(parseNumber("Infinity")).toBeUndefined();
    expect(parsePrice("0")).toBeUndefined();
    expect(parseCount("studio")).toBe(0);
    expect(parseCount("Studio")).toBe(0);
    expect(parseCount("7+")).toBe(7);
    expect(parseCount("2.5")).toBeUndefined();
    expect(parseCount(101)).toBeUndefined();
    expect(parseArea("1,284", "sqft")).toEqual({ value: 1284, unit: "sqft" });
    expect(parseArea(450, "MTK")).toEqual({ value: 450, unit: "sqm" });
    expect(parseArea(450, "acres")).toBeUndefined();
  });

  it("maps the sites' kinds of property onto ours", () => {
    const cases: [string[], string][] = [
      [["Apartment"], "apartment"],
      [["apartmentflat"], "apartment"],
      [["Villas"], "villa"],
      [["villahouse"], "villa"],
      [["Townhouse"], "townhouse"],
      [["Penthouse"], "penthouse"],
      [["Duplex"], "duplex"],
      [["Residential Plot"], "land"],
      [["Office Space"], "office"],
      [["Shop"], "shop"],
      [["Showroom"], "shop"],
      [["Warehouse"], "warehouse"],
      [["Whole Building"], "building"],
      [["Hotel Apartment"], "hotel-apartment"],
      [["hotel-apartments"], "hotel-apartment"],
      [["Residential", "Villa"], "villa"],
      [["Labour Camp"], "other"],
    ];
    for (const [words, cat] of cases) expect(normaliseCategory(words).category, words.join("/")).toBe(cat);
  });

  it("maps rent periods, weekly to nothing we can show", () => {
    expect(rentDurationOf("yearly")).toBe("yearly");
    expect(rentDurationOf("YEAR")).toBe("yearly");
    expect(rentDurationOf("Monthly")).toBe("monthly");
    expect(rentDurationOf("daily")).toBe("daily");
    expect(rentDurationOf("quarterly")).toBe("quarterly");
    expect(rentDurationOf("weekly")).toBe("weekly");
    expect(rentDurationOf("fortnightly")).toBeUndefined();
  });
});

describe("messages for a page that cannot make a listing", () => {
  const ctx = {
    site: "bayut" as const,
    rules: { isListingUrl: () => true, imageHosts: [] },
    pageUrl: "https://www.bayut.com/property/details-1234.html",
  };
  const message = (fill: (d: ReturnType<typeof emptyDraft>) => void) => {
    const d = emptyDraft();
    d.source_id = "1234";
    fill(d);
    const r = finish(d, ctx);
    return r.ok ? "ok" : `${r.missing.join(",")}: ${r.message}`;
  };

  it("names what is missing in plain English", () => {
    expect(message((d) => Object.assign(d, { title: "A", property_type: "sell" }))).toBe(
      "price: The listing on this page has no price",
    );
    expect(message((d) => Object.assign(d, { price: 5, property_type: "sell" }))).toBe(
      "title: The listing on this page has no title",
    );
    expect(message((d) => Object.assign(d, { title: "A", price: 5 }))).toBe(
      "property_type: The page does not say whether the listing is for sale or for rent",
    );
    expect(message((d) => Object.assign(d, { property_type: "rent" }))).toBe(
      "title,price: The listing on this page has no title or price",
    );
    expect(message(() => {})).toBe(
      "title,price,property_type: The listing on this page has no title or price, and does not say whether it is for sale or for rent",
    );
    expect(message((d) => Object.assign(d, { title: "A", property_type: "sell", priceHidden: true }))).toBe(
      "price: The listing on this page has no price (the site shows the price only on request)",
    );
  });
});
