import { describe, expect, it } from "vitest";
import ar from "../../locales/ar/common.json";
import en from "../../locales/en/common.json";
import { createTranslator } from "./translate";
import { browserDictionary, dictionaryResponse, dictionaryUrl } from "./dictionary.server";
import { dictionaryAt } from "./dictionary";

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the browser's dictionary", () => {
  it.each([
    ["en", en],
    ["ar", ar],
  ] as const)("translates every key of %s as the full dictionary does", (locale, full) => {
    const whole = createTranslator(locale, full).t;
    const trimmed = createTranslator(locale, browserDictionary(full)).t;
    const keys = new Set(Object.keys(full).map((k) => k.replace(PLURAL, "")));
    for (const key of keys) {
      expect(trimmed(key)).toBe(whole(key));
      for (const count of [0, 1, 2, 3, 11, 100, 1.5])
        expect(trimmed(key, { count, n: 2 })).toBe(whole(key, { count, n: 2 }));
    }
  });

  it("leaves out English entries that only repeat their key, keeps plural forms", () => {
    const small = browserDictionary(en);
    expect(Object.keys(small).length).toBeLessThan(Object.keys(en).length / 4);
    expect(small["{{count}} properties found_one"]).toBe("1 property found");
    expect(small["{{count}} properties found_other"]).toBe("{{count}} properties found");
    expect(small["Find your next home"]).toBeUndefined();
  });
});

describe("/locales/<lang>.<hash>.json", () => {
  it("serves each language at an address that changes with its content, cached for a year", async () => {
    const url = dictionaryUrl("ar");
    expect(url).toMatch(/^\/locales\/ar\.[0-9a-f]{12}\.json$/);
    expect(dictionaryUrl("en")).not.toBe(url.replace("/ar.", "/en."));
    const res = dictionaryResponse(url.slice("/locales/".length));
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(browserDictionary(ar));
    // The server renders with the full dictionary under the same address.
    expect(dictionaryAt(url)).toBe(ar);
  });

  it("an old version's address gets today's words, not to keep; anything else is not found", async () => {
    const res = dictionaryResponse("en.000000000000.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    for (const file of [
      "xx.000000000000.json",
      "en.json",
      "../en.000000000000.json",
      "en.000000000000.json.map",
    ])
      expect(dictionaryResponse(file).status).toBe(404);
  });
});
