// The personal feed through the API: preferences saved, read and cleared (each person their own);
// a feed that puts preferences first, learns from what a person did, says why, pages with a total,
// and never shows their own listings, their favourites or what they dismissed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
type Card = {
  id: number;
  city: string;
  category: { id: number };
  price: number;
  property_type: string;
  customer: { id: number };
  why: { kind: string; text: string };
};
let villa: number;
let apartment: number;
beforeAll(async () => {
  t = await createTestApi();
  const ids = async (slug: string) =>
    Number(
      (await t.db.execute<{ id: number }>(sql`select id from categories where slug_id = ${slug}`)).rows[0]!
        .id,
    );
  villa = await ids("villa");
  apartment = await ids("apartment");
});
afterAll(() => t?.close());

const feed = async (token: string, query: Record<string, string> = {}, lang?: string) => {
  const r = await t.call("get_user_recommendation", { token, query, lang });
  expect(r.status).toBe(200);
  return r.body as { data: Card[]; total: number };
};

describe("personalised-fields", () => {
  it("GET before anything is set, POST in the apps' encoding, GET again, DELETE", async () => {
    const p = await signedUp(t, "Pref Setter");
    const empty = await t.call("personalised-fields", { token: p.token });
    expect(empty.body.data).toEqual({
      user_id: p.id,
      category_ids: [],
      outdoor_facilitiy_ids: [],
      price_range: [null, null],
      property_type: null,
      city: null,
      updated_at: null,
    });
    const [facility] = (
      await t.db.execute<{ id: number }>(sql`select id from facilities order by id limit 1`)
    ).rows;
    const saved = await t.call("personalised-fields", {
      token: p.token,
      body: {
        category_ids: `${villa},${apartment}`,
        outdoor_facilitiy_ids: String(facility!.id),
        price_range: "500000,3000000",
        property_type: "0",
        city: "Dubai",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Preferences saved");
    const got = (await t.call("personalised-fields", { token: p.token })).body.data;
    expect(got).toMatchObject({
      category_ids: [villa, apartment],
      outdoor_facilitiy_ids: [Number(facility!.id)],
      price_range: [500000, 3000000],
      property_type: "sell",
      city: "Dubai",
    });
    const cleared = await t.call("personalised-fields", { token: p.token, method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect((await t.call("personalised-fields", { token: p.token })).body.data.category_ids).toEqual([]);
  });

  it("errors on the field: unknown ids, a price range upside down, a type that is not one", async () => {
    const p = await signedUp(t, "Pref Mistaker");
    const unknown = await t.call("personalised-fields", { token: p.token, body: { category_ids: [999999] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.category_ids).toEqual(["No such category: 999999"]);
    const range = await t.call("personalised-fields", { token: p.token, body: { price_range: "900,100" } });
    expect(range.status).toBe(400);
    expect(range.body.errors.price_range).toEqual(["The highest price must be at least the lowest"]);
    const type = await t.call("personalised-fields", { token: p.token, body: { property_type: "lease" } });
    expect(type.body.errors.property_type).toEqual(["property_type must be sell or rent"]);
    // Nothing was written by the refusals.
    expect((await t.call("personalised-fields", { token: p.token })).body.data.updated_at).toBeNull();
  });

  it("is each person's own: visitors are refused, and one person's preferences never change another's", async () => {
    const a = await signedUp(t, "Pref Alice");
    const b = await signedUp(t, "Pref Bob");
    expect((await t.call("personalised-fields")).status).toBe(401);
    expect((await t.call("personalised-fields", { body: { city: "Dubai" } })).status).toBe(401);
    expect((await t.call("personalised-fields", { method: "DELETE" })).status).toBe(401);
    await t.call("personalised-fields", { token: a.token, body: { city: "Dubai" } });
    // There is no field naming whose preferences to change: a user_id is refused, not obeyed.
    const other = await t.call("personalised-fields", {
      token: b.token,
      body: { city: "Sharjah", user_id: a.id },
    });
    expect(other.status).toBe(400);
    await t.call("personalised-fields", { token: b.token, method: "DELETE" });
    expect((await t.call("personalised-fields", { token: a.token })).body.data.city).toBe("Dubai");
  });
});

describe("get_user_recommendation", () => {
  it("with preferences: matching listings first, each saying why, paged with the total; in Arabic too", async () => {
    const p = await signedUp(t, "Villa Seeker");
    await t.call("personalised-fields", {
      token: p.token,
      body: { category_ids: [villa], city: "Dubai", property_type: "sell", price_range: ",30000000" },
    });
    const strict = (
      await t.call("get_property", {
        query: {
          category_id: String(villa),
          city: "Dubai",
          property_type: "sell",
          max_price: "30000000",
          limit: "1",
        },
      })
    ).body.total as number;
    expect(strict).toBeGreaterThan(0);
    const first = await feed(p.token, { limit: "5" });
    // The matches come first; then, for more to see, listings near what was asked.
    expect(first.total).toBeGreaterThan(strict);
    expect(first.data).toHaveLength(5);
    for (const card of first.data.slice(0, Math.min(strict, 5))) {
      expect(card).toMatchObject({ category: { id: villa }, city: "Dubai", property_type: "sell" });
      expect(card.why).toEqual({ kind: "preferences", text: "Villas for sale in Dubai under AED 30M" });
    }
    const second = await feed(p.token, { limit: "5", offset: "5" });
    expect(second.total).toBe(first.total);
    expect(second.data.map((c) => c.id).some((id) => first.data.some((c) => c.id === id))).toBe(false);
    const ar = await feed(p.token, { limit: "1" }, "ar");
    expect(ar.data[0]!.why.text).toMatch(/^فيلا للبيع في دبي بأقل من/);
  });

  it("without preferences: learns from favourites and listings opened, else shows the most viewed", async () => {
    const fresh = await signedUp(t, "Fresh Face");
    const popular = await feed(fresh.token, { limit: "3" });
    expect(popular.data.length).toBe(3);
    expect(popular.data[0]!.why.kind).toMatch(/^popular/);

    const p = await signedUp(t, "Apartment Browser");
    const [liked] = (
      await t.db.execute<{ id: number; city: string }>(
        sql`select id, city from properties where category_id = ${apartment} and request_status = 'approved' and status = 'active' order by id limit 1`,
      )
    ).rows;
    await t.call("add_favourite", { token: p.token, body: { property_id: liked!.id, type: 1 } });
    await t.call("set_property_total_click", {
      token: p.token,
      body: { property_id: liked!.id },
      ip: "203.0.113.9",
    });
    const learnt = await feed(p.token, { limit: "4" });
    expect(learnt.data[0]).toMatchObject({ category: { id: apartment }, city: liked!.city });
    expect(learnt.data[0]!.why).toEqual({
      kind: "favourite",
      text: `Apartments in ${liked!.city}, like ones you saved`,
    });
    // The favourite itself is not recommended back.
    expect(learnt.data.map((c) => c.id)).not.toContain(Number(liked!.id));
  });

  it("never the person's own listings, and not what they dismissed (a form button: Not interested)", async () => {
    const p = await signedUp(t, "Owner Of Things");
    await t.call("personalised-fields", { token: p.token, body: { city: "Dubai" } });
    const before = await feed(p.token, { limit: "3" });
    const mine = before.data[0]!.id;
    await t.db.execute(sql`update properties set added_by = ${p.id} where id = ${mine}`);
    const dismissed = before.data[1]!.id;
    const no = await t.call("dismiss-recommendation", { token: p.token, body: { property_id: dismissed } });
    expect(no.body).toMatchObject({ error: false, data: { property_id: dismissed, dismissed: true } });
    const after = await feed(p.token, { limit: "50" });
    expect(after.data.map((c) => c.id)).not.toContain(mine);
    expect(after.data.map((c) => c.id)).not.toContain(dismissed);
    expect(after.data.every((c) => c.customer.id !== p.id)).toBe(true);
    // Taking it back brings it back.
    await t.call("dismiss-recommendation", { token: p.token, body: { property_id: dismissed, type: 0 } });
    expect((await feed(p.token, { limit: "50" })).data.map((c) => c.id)).toContain(dismissed);
    expect(
      (await t.call("dismiss-recommendation", { token: p.token, body: { property_id: 99999999 } })).status,
    ).toBe(404);
    expect((await t.call("get_user_recommendation")).status).toBe(401);
  });
});

describe("get-property-list", () => {
  it("drops empty values instead of refusing them, and says which listings the team posted", async () => {
    const r = await t.call("get-property-list", {
      query: { category_id: "", city: "", property_type: "", max_price: "null", limit: "3" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(3);
    expect(r.body.data[0]).toHaveProperty("is_admin", false);
    expect((await t.call("get_property", { query: { max_price: "null" } })).status).toBe(400);

    const admin = await signedUpAdmin(t, "Team Poster");
    // The row learns of the claim at the admin's first change (which reads the account afresh).
    await t.call("personalised-fields", { token: admin.token, body: {} });
    const [row] = (
      await t.db.execute<{ id: number }>(
        sql`select id from properties where request_status = 'approved' and status = 'active' order by id limit 1`,
      )
    ).rows;
    await t.db.execute(sql`update properties set added_by = ${admin.id} where id = ${row!.id}`);
    const team = await t.call("get-property-list", { query: { is_admin: "1", city: "" } });
    expect(team.body.data.map((c: { id: number }) => c.id)).toEqual([Number(row!.id)]);
    expect(team.body.data[0].is_admin).toBe(true);
  });
});

describe("nearest first and within a distance", () => {
  it("sorts by distance from the position given, says how far each is, and keeps to the radius", async () => {
    const here = { near_lat: "25.2048", near_lng: "55.2708" };
    const near = await t.call("get_property", { query: { ...here, sort: "nearest", limit: "10" } });
    expect(near.status).toBe(200);
    const distances = near.body.data.map((c: { distance_km: number }) => c.distance_km);
    expect(distances.every((d: number | null) => typeof d === "number")).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const within = await t.call("get_property", { query: { ...here, within_km: "5", limit: "100" } });
    expect(within.body.total).toBeGreaterThan(0);
    expect(within.body.data.every((c: { distance_km: number }) => c.distance_km <= 5)).toBe(true);
    const all = await t.call("get_property", { query: { limit: "1" } });
    expect(within.body.total).toBeLessThan(all.body.total);
    const bad = await t.call("get_property", { query: { sort: "nearest" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.near_lat).toEqual([
      "Nearest first and within a distance need a position (near_lat, near_lng)",
    ]);
  });
});
