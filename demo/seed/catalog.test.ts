import { describe, it, expect } from "vitest";
import { demoCatalog, type DemoCatalog } from "./catalog";

const ARABIC = /[\u0600-\u06FF]/;
const RENT_DURATIONS = ["daily", "monthly", "quarterly", "yearly"] as const;

describe("demoCatalog", () => {
  const catalog: DemoCatalog = demoCatalog();
  const { properties, categories, cities, users, parameters, facilities } = catalog;

  it("is deterministic for the same seed and count", () => {
    expect(demoCatalog()).toEqual(catalog);
    expect(demoCatalog(7, 50)).toEqual(demoCatalog(7, 50));
    expect(demoCatalog(7, 50).properties).not.toEqual(demoCatalog(8, 50).properties);
  });

  it("honours the requested property count", () => {
    expect(demoCatalog(1, 12).properties).toHaveLength(12);
    expect(demoCatalog(1, 0).properties).toHaveLength(0);
  });

  it("has at least 300 properties by default", () => {
    expect(properties.length).toBeGreaterThanOrEqual(300);
  });

  it("covers at least 3 countries including the UAE with at least 3 UAE cities", () => {
    const usedCities = new Set(properties.map((p) => p.cityIndex));
    const countries = new Set([...usedCities].map((i) => cities[i]?.countryCode));
    expect(countries.size).toBeGreaterThanOrEqual(3);
    expect(countries.has("AE")).toBe(true);
    const uaeCities = [...usedCities].filter((i) => cities[i]?.countryCode === "AE");
    expect(uaeCities.length).toBeGreaterThanOrEqual(3);
    const uaeShare =
      properties.filter((p) => cities[p.cityIndex]?.countryCode === "AE").length / properties.length;
    expect(uaeShare).toBeGreaterThan(0.45);
    expect(uaeShare).toBeLessThan(0.65);
  });

  it("has both property types and all four rent durations", () => {
    const types = new Set(properties.map((p) => p.propertyType));
    expect(types).toEqual(new Set(["sell", "rent"]));
    const durations = new Set(properties.filter((p) => p.propertyType === "rent").map((p) => p.rentduration));
    for (const d of RENT_DURATIONS) expect(durations.has(d)).toBe(true);
    for (const p of properties) {
      if (p.propertyType === "sell") expect(p.rentduration).toBeNull();
      else expect(p.rentduration).not.toBeNull();
    }
  });

  it("uses every category", () => {
    const used = new Set(properties.map((p) => p.categoryKey));
    for (const c of categories) expect(used.has(c.key)).toBe(true);
    for (const c of categories) expect(c.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("has Arabic and English titles", () => {
    const arabic = properties.filter((p) => ARABIC.test(p.title));
    const english = properties.filter((p) => !ARABIC.test(p.title));
    expect(arabic.length).toBeGreaterThan(0);
    expect(english.length).toBeGreaterThan(0);
    for (const p of properties) {
      expect(ARABIC.test(p.title)).toBe(p.lang === "ar");
      expect(ARABIC.test(p.description)).toBe(p.lang === "ar");
    }
  });

  it("has unique, URL-safe slugs", () => {
    const slugs = properties.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9-]+$/);
  });

  it("only uses parameter keys that belong to the property category", () => {
    const byKey = new Map(categories.map((c) => [c.key, new Set(c.parameterKeys)]));
    const paramByKey = new Map(parameters.map((p) => [p.key, p]));
    for (const p of properties) {
      const allowed = byKey.get(p.categoryKey);
      expect(allowed).toBeDefined();
      for (const { key, value } of p.parameters) {
        expect(allowed?.has(key)).toBe(true);
        const def = paramByKey.get(key);
        expect(def).toBeDefined();
        if (def?.type === "number") expect(value).toMatch(/^\d+$/);
        if (def?.type === "dropdown" || def?.type === "radio")
          expect(def.options?.map((o) => o.en)).toContain(value);
        if (def?.type === "checkbox")
          for (const v of value.split(",")) expect(def.options?.map((o) => o.en)).toContain(v);
      }
    }
  });

  it("keeps meta fields within limits", () => {
    for (const p of properties) {
      expect(p.metaTitle.length).toBeGreaterThan(0);
      expect(p.metaTitle.length).toBeLessThanOrEqual(60);
      expect(p.metaDescription.length).toBeGreaterThanOrEqual(50);
      expect(p.metaDescription.length).toBeLessThanOrEqual(160);
      expect(p.metaKeywords.split(",").length).toBeLessThanOrEqual(10);
    }
  });

  it("has at least 20 users with unique demo emails and valid owners", () => {
    expect(users.length).toBeGreaterThanOrEqual(20);
    const emails = users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const u of users) {
      expect(u.email).toMatch(/^[a-z0-9.]+@demo\.souq\.test$/);
      expect(u.mobile).toMatch(/^\+(9715|9665|201|9689)\d+$/);
      expect(cities[u.cityIndex]).toBeDefined();
    }
    for (const p of properties) {
      expect(Number.isInteger(p.ownerIndex)).toBe(true);
      expect(p.ownerIndex).toBeGreaterThanOrEqual(0);
      expect(p.ownerIndex).toBeLessThan(users.length);
    }
  });

  it("has 4–7 photos with matching variants", () => {
    for (const p of properties) {
      expect(p.photos.length).toBe(p.photoVariants.length);
      expect(p.photos.length).toBeGreaterThanOrEqual(4);
      expect(p.photos.length).toBeLessThanOrEqual(7);
      for (const v of p.photoVariants) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(11);
      }
    }
    for (let i = 1; i < properties.length; i++) {
      const a = properties[i - 1];
      const b = properties[i];
      if (a && b && a.photos[0] === b.photos[0]) expect(a.photoVariants[0]).not.toBe(b.photoVariants[0]);
    }
  });

  it("produces plausible prices, facilities and coordinates", () => {
    const facilityKeys = new Set(facilities.map((f) => f.key));
    for (const p of properties) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
      expect(p.facilities.length).toBeGreaterThanOrEqual(2);
      expect(p.facilities.length).toBeLessThanOrEqual(6);
      for (const f of p.facilities) {
        expect(facilityKeys.has(f.key)).toBe(true);
        expect(f.distance).toBeGreaterThanOrEqual(0.2);
        expect(f.distance).toBeLessThanOrEqual(15);
        expect(Math.round(f.distance * 10) / 10).toBe(f.distance);
      }
      const city = cities[p.cityIndex];
      expect(city).toBeDefined();
      if (city) {
        expect(Math.abs(p.latitude - city.latitude)).toBeLessThan(0.1);
        expect(Math.abs(p.longitude - city.longitude)).toBeLessThan(0.1);
      }
      expect(p.postedDaysAgo).toBeGreaterThanOrEqual(0);
      expect(p.postedDaysAgo).toBeLessThanOrEqual(400);
      if (p.videoLink !== null)
        expect(p.videoLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      if (p.propertyStatus === "sold") expect(p.propertyType).toBe("sell");
      if (p.propertyStatus === "rented") expect(p.propertyType).toBe("rent");
    }
  });

  it("stays consistent for other seeds and counts", () => {
    for (const [seed, count] of [
      [1, 10],
      [42, 25],
      [99, 120],
    ] as const) {
      const c = demoCatalog(seed, count);
      expect(c.properties).toHaveLength(count);
      expect(new Set(c.properties.map((p) => p.slug)).size).toBe(count);
      expect(new Set(c.properties.map((p) => p.categoryKey)).size).toBe(c.categories.length);
    }
  });
});
