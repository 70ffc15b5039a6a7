import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

type Listing = { id: number; city: string; state: string; country: string };

describe("place names in the visitor's language", () => {
  it("listings show their city, state and country in Arabic to Arabic callers", async () => {
    const en = (await t.call("get_property", { query: { city: "Dubai", limit: "5" } })).body
      .data as Listing[];
    expect(en.length).toBeGreaterThan(0);
    expect(en[0]!.city).toBe("Dubai");
    const ar = (await t.call("get_property", { query: { city: "Dubai", limit: "5" }, lang: "ar" })).body
      .data as Listing[];
    expect(ar.map((p) => p.id)).toEqual(en.map((p) => p.id));
    expect(ar[0]!.city).toBe("دبي");
    expect(ar[0]!.country).toBe("الإمارات العربية المتحدة");
  });

  it("a city typed in Arabic finds the same listings as in English", async () => {
    const en = await t.call("get_property", { query: { city: "Dubai", limit: "100" } });
    const ar = await t.call("get_property", { query: { city: "دبي", limit: "100" } });
    expect(ar.status).toBe(200);
    expect(ar.body.total).toBe(en.body.total);
    expect(ar.body.total).toBeGreaterThan(0);
  });

  it("get-cities-data names cities in the caller's language with the same counts", async () => {
    const en = (await t.call("get-cities-data", {})).body.data as { city: string; count: number }[];
    const ar = (await t.call("get-cities-data", { lang: "ar" })).body.data as {
      city: string;
      count: number;
    }[];
    expect(ar.map((c) => c.count)).toEqual(en.map((c) => c.count));
    const dubai = en.findIndex((c) => c.city === "Dubai");
    expect(dubai).toBeGreaterThanOrEqual(0);
    expect(ar[dubai]!.city).toBe("دبي");
  });

  it("agents show their city in Arabic to Arabic callers", async () => {
    const en = (await t.call("agent-list", { query: { limit: "50" } })).body.data as {
      id: number;
      city: string;
    }[];
    const ar = (await t.call("agent-list", { query: { limit: "50" }, lang: "ar" })).body.data as {
      id: number;
      city: string;
    }[];
    const i = en.findIndex((a) => a.city === "Dubai");
    expect(i).toBeGreaterThanOrEqual(0);
    expect(ar[i]!.city).toBe("دبي");
  });
});

describe("place names on projects and developers", () => {
  it("projects and developers show their city in Arabic to Arabic callers; an Arabic city filters", async () => {
    const en = (await t.call("get-projects", { query: { limit: "50" } })).body.data as {
      id: number;
      city: string;
    }[];
    const ar = (await t.call("get-projects", { query: { limit: "50" }, lang: "ar" })).body.data as {
      id: number;
      city: string;
    }[];
    const i = en.findIndex((p) => p.city === "Dubai");
    expect(i).toBeGreaterThanOrEqual(0);
    expect(ar[i]!.city).toBe("دبي");
    const byArabic = await t.call("get-projects", { query: { city: "دبي", limit: "50" } });
    expect(byArabic.body.total).toBe(en.filter((p) => p.city === "Dubai").length);
  });
});
