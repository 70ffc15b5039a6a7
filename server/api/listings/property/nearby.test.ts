import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

type Listing = { id: number; city: string; property_type: string };

describe("get_nearby_properties", () => {
  it("lists public listings of a city and type, leaving out the one being viewed", async () => {
    const all = await t.call("get_property", {
      query: { city: "Dubai", property_type: "sell", limit: "100" },
    });
    const area = all.body.data as Listing[];
    expect(area.length).toBeGreaterThan(2);
    const viewed = area[1]!;
    const r = await t.call("get_nearby_properties", {
      query: { city: "Dubai", type: "sell", exclude_id: String(viewed.id), limit: "4" },
    });
    expect(r.status).toBe(200);
    const near = r.body.data as Listing[];
    expect(near.length).toBe(Math.min(4, area.length - 1));
    expect(near.every((p) => p.city === "Dubai" && p.property_type === "sell")).toBe(true);
    expect(near.some((p) => p.id === viewed.id)).toBe(false);
    expect(r.body.total).toBe(all.body.total - 1);
  });

  it("answers in Arabic and accepts an Arabic city name", async () => {
    const r = await t.call("get_nearby_properties", { query: { city: "دبي" }, lang: "ar" });
    expect(r.status).toBe(200);
    expect((r.body.data as Listing[]).length).toBeGreaterThan(0);
    expect((r.body.data as Listing[]).every((p) => p.city === "دبي")).toBe(true);
  });

  it("refuses a request without a place, an unknown type or a silly limit, with field errors", async () => {
    const none = await t.call("get_nearby_properties", { query: {} });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("city or state is required");
    const type = await t.call("get_nearby_properties", { query: { city: "Dubai", type: "swap" } });
    expect(type.status).toBe(400);
    expect(JSON.stringify(type.body)).toContain("type must be sell or rent");
    const limit = await t.call("get_nearby_properties", { query: { city: "Dubai", limit: "5000" } });
    expect(limit.status).toBe(400);
    expect(JSON.stringify(limit.body)).toContain("limit must be between 1 and 50");
  });
});
