import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp, testDatabases } from "../../../../tests/support/testing";
import { sampleLimits, walkBudget } from "./service";
import { EXACT_COUNT_UP_TO } from "./contract";
import { roundEstimate } from "./search";
import { greatCircleKmSql } from "../../coordinates";

let t: Awaited<ReturnType<typeof createTestApi>>;

type Listing = { id: number; slug_id: string; title: string; price: number };
const list = async (query: Record<string, string>) => {
  const r = await t.call("get_property", { query });
  expect(r.status).toBe(200);
  return r.body as { total: number; data: Listing[] };
};
const searchRow = async (id: number) =>
  (
    await t.db.execute<{
      tags: string[];
      nums: Record<string, number>;
      near: Record<string, number>;
      likes: number;
      total_click: number;
    }>(sql`select tags, nums, near, likes, total_click from listing_search where id = ${id}`)
  ).rows[0];
const one = async (q: ReturnType<typeof sql>) => (await t.db.execute<{ v: number }>(q)).rows[0]!.v;

// The same searches on the embedded database and on PostgreSQL: their planners choose differently.
describe.each(testDatabases())("search ($name)", (database) => {
  beforeAll(async () => {
    t = await createTestApi({ database, propertyCount: 120 });
  }, 120_000);
  afterAll(() => t?.close());

  describe("the search table follows the listings", () => {
    it("holds exactly the public listings", async () => {
      const publicCount = Number(
        await one(
          sql`select count(*)::int as v from properties where request_status = 'approved' and status = 'active'`,
        ),
      );
      expect(Number(await one(sql`select count(*)::int as v from listing_search`))).toBe(publicCount);
      // Each one's words beside it.
      expect(
        Number(
          await one(sql`select count(*)::int as v from listing_text t join listing_search s using (id)`),
        ),
      ).toBe(publicCount);
      // And the hundredth of them that searches count first.
      const sampled = Number(
        await one(
          sql`select count(*)::int as v from properties where request_status = 'approved' and status = 'active' and id % 100 = 0`,
        ),
      );
      expect(
        Number(
          await one(sql`select count(*)::int as v from listing_sample s join listing_search using (id)`),
        ),
      ).toBe(sampled);
    });

    it("a box or a circle finds exactly the listings inside it, with words and filters too", async () => {
      // Boxes from a street to a region: each is asked as grid cells of a different size, or (the
      // largest) by its edges alone; the edges decide either way.
      const { latitude: lat, longitude: lng } = (
        await t.db.execute<{ latitude: number; longitude: number }>(
          sql`select latitude, longitude from listing_search where latitude is not null order by id limit 1`,
        )
      ).rows[0]!;
      for (const d of [0.01, 0.1, 0.6, 3, 20]) {
        const [w, s, e, n] = [lng - d, lat - d / 2, lng + d, lat + d / 2];
        const inside = sql`latitude between ${s} and ${n} and longitude between ${w} and ${e} and request_status = 'approved' and status = 'active'`;
        const expected = Number(await one(sql`select count(*)::int as v from properties where ${inside}`));
        expect((await list({ bbox: `${w},${s},${e},${n}`, limit: "1" })).total, `box ±${d}`).toBe(expected);
        const rent = Number(
          await one(
            sql`select count(*)::int as v from properties where ${inside} and property_type = 'rent' and search_vector @@ to_tsquery('simple', 'apartment:*')`,
          ),
        );
        expect(
          (
            await list({
              bbox: `${w},${s},${e},${n}`,
              property_type: "rent",
              search: "apartment",
              limit: "1",
            })
          ).total,
          `box ±${d} with words`,
        ).toBe(rent);
      }
      const circle = await list({
        near_lat: String(lat),
        near_lng: String(lng),
        within_km: "3",
        limit: "100",
      });
      const near = Number(
        await one(sql`select count(*)::int as v from properties where request_status = 'approved' and status = 'active'
        and ${greatCircleKmSql(sql`latitude`, sql`longitude`, lat, lng)} <= 3`),
      );
      expect(circle.total).toBe(near);
      expect(near).toBeGreaterThan(0);
    });

    it("a new title is found by its words at once, and its words are known for spelling", async () => {
      const { id } = (await list({ limit: "1" })).data[0]!;
      await t.db.execute(sql`update properties set title = 'Quixotic lighthouse loft' where id = ${id}`);
      expect((await list({ search: "quixotic lighthouse" })).data.map((l) => l.id)).toEqual([id]);
      expect(
        Number(await one(sql`select count(*)::int as v from search_words where word = 'quixotic'`)),
      ).toBe(1);
      // A typo of it is corrected to it.
      expect((await list({ search: "quixotik lighthouse" })).data.map((l) => l.id)).toEqual([id]);
    });

    it("a listing switched off leaves search, and comes back when switched on", async () => {
      const { id, slug_id } = (await list({ limit: "1" })).data[0]!;
      await t.db.execute(sql`update properties set status = 'inactive' where id = ${id}`);
      expect(await searchRow(id)).toBeUndefined();
      expect(
        (await list({ search: slug_id.split("-")[0]!, limit: "100" })).data.map((l) => l.id),
      ).not.toContain(id);
      await t.db.execute(sql`update properties set status = 'active' where id = ${id}`);
      expect(await searchRow(id)).toBeDefined();
    });

    it("a changed price, parameter or facility is searchable at once", async () => {
      const { id } = (await list({ limit: "1" })).data[0]!;
      const param = Number(await one(sql`select id as v from parameters where name = 'Bedrooms'`));
      const facility = Number(await one(sql`select id as v from facilities where name = 'Beach'`));
      await t.db.execute(
        sql`delete from assign_parameters where property_id = ${id} and parameter_id = ${param}`,
      );
      await t.db.execute(
        sql`insert into assign_parameters (property_id, parameter_id, value) values (${id}, ${param}, '9')`,
      );
      await t.db.execute(
        sql`delete from assign_facilities where property_id = ${id} and facility_id = ${facility}`,
      );
      await t.db.execute(
        sql`insert into assign_facilities (property_id, facility_id, distance) values (${id}, ${facility}, 0.3)`,
      );
      await t.db.execute(sql`update properties set price = 123456789 where id = ${id}`);
      const row = await searchRow(id);
      expect(row!.nums[String(param)]).toBe(9);
      expect(row!.near[String(facility)]).toBe(0.3);
      expect(row!.tags).toContain(`f:${facility}`);
      const found = await list({
        [`pmin_${param}`]: "9",
        facility_ids: String(facility),
        max_distance: "0.5",
        min_price: "123456789",
        limit: "5",
      });
      expect(found.data.map((l) => l.id)).toEqual([id]);
      expect(found.total).toBe(1);
    });

    it("favourites and views reach the sort orders", async () => {
      const { data } = await list({ limit: "2", sort: "price_asc" });
      const target = data[1]!;
      const person = await signedUp(t, "Liker");
      const r = await t.call("add_favourite", {
        token: person.token,
        body: { property_id: target.id, type: 1 },
      });
      expect(r.status).toBe(200);
      expect((await searchRow(target.id))!.likes).toBe(1);
      expect((await list({ most_liked: "1", limit: "1" })).data[0]!.id).toBe(target.id);
      await t.db.execute(sql`update properties set total_click = 999999 where id = ${target.id}`);
      expect((await searchRow(target.id))!.total_click).toBe(999999);
      expect((await list({ sort: "most_viewed", limit: "1" })).data[0]!.id).toBe(target.id);
    });
  });

  describe("words", () => {
    it("a misspelt word finds what the right one finds", async () => {
      const right = await list({ search: "apartment", limit: "12" });
      expect(right.total).toBeGreaterThan(0);
      const typo = await list({ search: "apartmnet", limit: "12" });
      expect(typo.total).toBe(right.total);
      expect(typo.data.map((l) => l.id)).toEqual(right.data.map((l) => l.id));
    });

    it("Arabic words are found as typed", async () => {
      const r = await list({ search: "شقة", limit: "5" });
      expect(r.total).toBeGreaterThan(0);
    });

    it("words nothing resembles find nothing", async () => {
      expect((await list({ search: "qqqxxzzv", limit: "5" })).total).toBe(0);
    });
  });

  describe("a large result", () => {
    const few = sampleLimits.few;
    beforeAll(async () => {
      // Enough public listings that a broad search passes the exact count.
      await t.db.execute(sql`
        insert into properties (slug_id, title, description, category_id, added_by, property_type, rentduration, price, city, state, country, address,
          latitude, longitude, request_status, status, property_status, created_at, updated_at)
        select p.slug_id || '-big' || g, p.title, p.description, p.category_id, p.added_by, p.property_type, p.rentduration, p.price + g, p.city, p.state, p.country,
          p.address, p.latitude, p.longitude, 'approved', 'active', 'available', p.created_at - make_interval(mins => g), now()
        from properties p cross join generate_series(1, 30) g where p.request_status = 'approved' and p.status = 'active'`);
      await t.db.execute(sql`analyze listing_search`);
      // About 30 of these are in the sample (a hundredth): a few more than this makes them "many".
      sampleLimits.few = 10;
    }, 120_000);
    afterAll(() => {
      sampleLimits.few = few;
    });

    it("is estimated, rounded, near the truth", async () => {
      const exact = Number(await one(sql`select count(*)::int as v from listing_search`));
      expect(exact).toBeGreaterThan(EXACT_COUNT_UP_TO);
      const { total } = await list({ limit: "12" });
      expect(total).toBe(roundEstimate(total));
      expect(total).toBeGreaterThan(EXACT_COUNT_UP_TO);
      expect(Math.abs(total - exact) / exact).toBeLessThan(0.25);
      // Stable from one page to the next.
      expect((await list({ limit: "12", offset: "24" })).total).toBe(total);
    });

    it("pages neither skip nor repeat a listing, in every order", async () => {
      const inOrder = {
        newest: sql`created_at desc, id desc`,
        price_asc: sql`price asc, created_at desc, id desc`,
        price_desc: sql`price desc, created_at desc, id desc`,
      } as const;
      for (const [sort, order] of Object.entries(inOrder)) {
        const expected = (
          await t.db.execute<{ id: number }>(sql`select id from listing_search order by ${order} limit 300`)
        ).rows.map((r) => Number(r.id));
        const seen: number[] = [];
        for (let offset = 0; offset < 300; offset += 100)
          seen.push(...(await list({ sort, limit: "100", offset: String(offset) })).data.map((l) => l.id));
        expect(seen, sort).toEqual(expected);
      }
    });

    it("a filter that goes against the order (the cheaper matches, dearest first) still gets its exact page", async () => {
      const prices = (
        await t.db.execute<{ price: string }>(sql`select price from listing_search order by price`)
      ).rows.map((r) => Number(r.price));
      // Below the 70th percentile: more matches than are counted exactly, all of them after the dearest 30 %.
      const max = prices[Math.floor(prices.length * 0.7)]!;
      expect((await list({ max_price: String(max), limit: "1" })).total).toBeGreaterThan(EXACT_COUNT_UP_TO);
      const expected = (
        await t.db.execute<{ id: number }>(
          sql`select id from listing_search where price <= ${max} order by price desc, created_at desc, id desc limit 24`,
        )
      ).rows.map((r) => Number(r.id));
      const page = async () =>
        [
          ...(await list({ sort: "price_desc", max_price: String(max), limit: "12" })).data,
          ...(await list({ sort: "price_desc", max_price: String(max), limit: "12", offset: "12" })).data,
        ].map((l) => l.id);
      // The walk along the price index finds them (its budget reaches past the dearest listings)…
      expect(await page()).toEqual(expected);
      // …and with a budget too small for that, the matches are read whole and sorted: the same pages.
      const budget = { ...walkBudget };
      walkBudget.min = 100;
      try {
        expect(await page()).toEqual(expected);
      } finally {
        Object.assign(walkBudget, budget);
      }
    });

    it("a few matches are counted exactly", async () => {
      const { data } = await list({ limit: "1" });
      const r = await list({ search: data[0]!.title, limit: "12" });
      expect(r.total).toBeLessThanOrEqual(EXACT_COUNT_UP_TO);
      const exact = Number(
        await one(
          sql`select count(*)::int as v from listing_text where search_vector @@ to_tsquery('simple', ${data[0]!.title
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean)
            .slice(0, 8)
            .map((w) => `${w}:*`)
            .join(" & ")})`,
        ),
      );
      expect(r.total).toBe(exact);
    });
  });
});

describe("roundEstimate", () => {
  it("keeps two significant digits", () => {
    expect(roundEstimate(331_234)).toBe(330_000);
    expect(roundEstimate(2_051)).toBe(2_100);
    expect(roundEstimate(87)).toBe(87);
  });
});
