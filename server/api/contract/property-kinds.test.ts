// Both kinds of offer, however an app encodes the list, filter nothing on the typed API as on the
// apps' address (server/api/compat/contract.test.ts): a call that read "0,1" as one odd value
// refused the web app's "both".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/support/testing";
import { propertyKindsOf } from "./property-kinds";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("kinds of offer in a filter", () => {
  it("reads every encoding of a list", () => {
    for (const both of ["0,1", "1,0", "[0,1]", '["0","1"]', "sell,rent", ["0", "1"], [1, 0]])
      expect(propertyKindsOf(both)?.sort(), JSON.stringify(both)).toEqual(["rent", "sell"]);
    expect(propertyKindsOf("1")).toEqual(["rent"]);
    expect(propertyKindsOf("")).toEqual([]);
    expect(propertyKindsOf("0,7")).toBeNull();
  });

  it("filters nothing for both kinds on the typed API, and refuses what is not a kind", async () => {
    const total = async (query: Record<string, string>) => {
      const r = await t.call("get_property", { query: { limit: "1", ...query } });
      expect(r.status, JSON.stringify(query)).toBe(200);
      return r.body.total as number;
    };
    const all = await total({});
    const sell = await total({ property_type: "0" });
    const rent = await total({ property_type: "rent" });
    expect(sell).toBeGreaterThan(0);
    expect(rent).toBeGreaterThan(0);
    expect(sell + rent).toBe(all);
    for (const both of ["0,1", "[0,1]", '["0","1"]', "rent,sell"])
      expect(await total({ property_type: both })).toBe(all);
    const refused = await t.call("get_property", { query: { property_type: "0,7" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.property_type).toEqual(["property_type must be sell or rent"]);
    const nearby = await t.call("get_nearby_properties", { query: { type: "0,1", city: "Dubai" } });
    expect(nearby.status).toBe(200);
  });
});
