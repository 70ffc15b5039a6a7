import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countryBox, countryCode, MARGIN_DEGREES, pointInCountry, type CountryCode } from "./country-bounds";

const CODES: CountryCode[] = ["AE", "BH", "EG", "JO", "KW", "OM", "QA", "SA"];

// [name, country code, state code, latitude, longitude], as country-state-city ships them.
function citiesOfDataSet(): [string, string, string, string, string][] {
  const dir = path.dirname(createRequire(import.meta.url).resolve("country-state-city/package.json"));
  return JSON.parse(readFileSync(path.join(dir, "lib", "assets", "city.json"), "utf8"));
}

describe("a listing's point and its country", () => {
  it("keeps a point in Dubai and catches it swapped", () => {
    expect(pointInCountry({ latitude: 25.2048, longitude: 55.2708 }, "United Arab Emirates")).toBe("inside");
    expect(pointInCountry({ latitude: 55.27, longitude: 25.2 }, "United Arab Emirates")).toBe("swapped");
    expect(pointInCountry({ latitude: 55.27, longitude: 25.2 }, "AE")).toBe("swapped");
  });

  it("tells small neighbours apart: Manama is in Bahrain, not in Qatar; Doha the other way round", () => {
    const manama = { latitude: 26.2285, longitude: 50.586 };
    const doha = { latitude: 25.2854, longitude: 51.531 };
    expect(pointInCountry(manama, "Bahrain")).toBe("inside");
    expect(pointInCountry(manama, "Qatar")).toBe("outside");
    expect(pointInCountry(doha, "Qatar")).toBe("inside");
    expect(pointInCountry(doha, "Bahrain")).toBe("outside");
    expect(pointInCountry({ latitude: 50.586, longitude: 26.2285 }, "Bahrain")).toBe("swapped");
  });

  it("a point in a neighbouring country outside the box is outside either way round", () => {
    const muscat = { latitude: 23.588, longitude: 58.3829 };
    const riyadh = { latitude: 24.7136, longitude: 46.6753 };
    const cairo = { latitude: 30.0444, longitude: 31.2357 };
    expect(pointInCountry(muscat, "United Arab Emirates")).toBe("outside");
    expect(pointInCountry(riyadh, "United Arab Emirates")).toBe("outside");
    expect(pointInCountry(riyadh, "Kuwait")).toBe("outside");
    expect(pointInCountry(cairo, "Saudi Arabia")).toBe("outside");
    expect(pointInCountry(riyadh, "KSA")).toBe("inside");
    expect(pointInCountry(muscat, "Oman")).toBe("inside");
    expect(pointInCountry({ latitude: 29.3759, longitude: 47.9774 }, "Kuwait")).toBe("inside");
    expect(pointInCountry({ latitude: 31.9539, longitude: 35.9106 }, "Jordan")).toBe("inside");
  });

  it("is a box, not borders: a neighbour lying inside the box passes", () => {
    const kuwaitCity = { latitude: 29.3759, longitude: 47.9774 };
    const dubai = { latitude: 25.2048, longitude: 55.2708 };
    expect(pointInCountry(kuwaitCity, "Saudi Arabia")).toBe("inside");
    expect(pointInCountry(dubai, "Saudi Arabia")).toBe("inside");
    // Swapped, they are caught all the same.
    expect(pointInCountry({ latitude: 55.2708, longitude: 25.2048 }, "Saudi Arabia")).toBe("swapped");
  });

  it("in Egypt a swapped point often lands in Egypt too, and then stays as given", () => {
    // Cairo swapped is on the coast near Alexandria: no box (nor border) can tell.
    expect(pointInCountry({ latitude: 30.0444, longitude: 31.2357 }, "Egypt")).toBe("inside");
    expect(pointInCountry({ latitude: 31.2357, longitude: 30.0444 }, "Egypt")).toBe("inside");
  });

  it("says nothing of a country it has no bounds for", () => {
    expect(pointInCountry({ latitude: 48.85, longitude: 2.35 }, "France")).toBe("unknown");
    expect(pointInCountry({ latitude: 48.85, longitude: 2.35 }, undefined)).toBe("unknown");
  });

  it("knows the countries by code, short name and English name", () => {
    expect(countryCode("United Arab Emirates")).toBe("AE");
    expect(countryCode(" uae ")).toBe("AE");
    expect(countryCode("KSA")).toBe("SA");
    expect(countryCode("bhr")).toBe("BH");
    expect(countryCode("Atlantis")).toBeUndefined();
  });

  it("every city country-state-city has for these countries lies in its widened box", () => {
    const cities = citiesOfDataSet();
    for (const code of CODES) {
      const [west, south, east, north] = countryBox(code);
      const own = cities.filter((c) => c[1] === code);
      expect(own.length).toBeGreaterThan(0);
      const outside = own.filter((c) => {
        const lat = Number(c[3]);
        const lng = Number(c[4]);
        return (
          lat < south - MARGIN_DEGREES ||
          lat > north + MARGIN_DEGREES ||
          lng < west - MARGIN_DEGREES ||
          lng > east + MARGIN_DEGREES
        );
      });
      expect(outside.map((c) => `${code} ${c[0]}`)).toEqual([]);
      // And, but for Egypt, none of them would pass for the country swapped.
      if (code !== "EG")
        expect(
          own.filter(
            (c) => pointInCountry({ latitude: Number(c[4]), longitude: Number(c[3]) }, code) !== "swapped",
          ),
        ).toEqual([]);
    }
  });
});
