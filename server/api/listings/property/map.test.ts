import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi } from "../../../../tests/support/testing";
import { cellSize, GRID, mapClusters, MAX_ITEMS } from "./map";
import { EXACT_COUNT_UP_TO } from "./contract";

let t: Awaited<ReturnType<typeof createTestApi>>;
let listings = 0;
let acrossTheLine = 0;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 300 });
  // A catalogue of 12 000 public listings: copies of the demo ones, a few kilometres apart.
  await t.db.execute(sql`
    insert into properties (slug_id, title, description, category_id, added_by, property_type, rentduration, price, city, state, country, address,
      latitude, longitude, request_status, status, property_status, created_at, updated_at)
    select p.slug_id || '-m' || g, p.title, p.description, p.category_id, p.added_by, p.property_type, p.rentduration, p.price, p.city, p.state, p.country, p.address,
      p.latitude + (random() - 0.5) * 0.1, p.longitude + (random() - 0.5) * 0.1, 'approved', 'active', 'available', p.created_at, now()
    from properties p cross join generate_series(1, 40) g
    where p.request_status = 'approved' and p.status = 'active'`);
  // A few hundred on both sides of the antimeridian (Fiji), for boxes that cross it.
  const moved = await t.db.execute(sql`
    update properties set latitude = -17 + (id % 7) * 0.1, longitude = case when id % 2 = 0 then 179.5 + (id % 5) * 0.1 else -179.9 + (id % 5) * 0.1 end
    where id in (select id from properties where slug_id ~ '-m(39|40)$' order by id limit 600) returning id`);
  acrossTheLine = moved.rows.length;
  await t.db.execute(sql`analyze properties`);
  listings = Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from properties where request_status = 'approved' and status = 'active'`,
      )
    ).rows[0]!.n,
  );
}, 120_000);
afterAll(() => t?.close());

type Marker = {
  id: number;
  slug_id: string;
  title: string;
  price: number;
  property_type: string;
  latitude: number;
  longitude: number;
  image: string | null;
  image_avif: string | null;
};
type Cluster = {
  id: string;
  count: number;
  latitude: number;
  longitude: number;
  bounds: [number, number, number, number];
};
type Answer = {
  status: number;
  body: {
    error: boolean;
    total: number;
    data: { clusters: Cluster[]; markers: Marker[]; clustered: boolean };
    errors?: Record<string, string[]>;
  };
};

const clusters = (query: Record<string, string>) => t.call("get-map-clusters", { query }) as Promise<Answer>;
const listTotal = async (query: Record<string, string>) =>
  (await t.call("get_property", { query: { ...query, limit: "1" } })).body.total as number;
const counted = (a: Answer) =>
  a.body.data.markers.length + a.body.data.clusters.reduce((n, c) => n + c.count, 0);

/** The box a 1280 × 800 pixel map shows around a point at a zoom (512-pixel tiles, Web Mercator). */
function viewport(lng: number, lat: number, zoom: number, width = 1280, height = 800): string {
  const world = 512 * 2 ** zoom;
  const y = (1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2;
  const latOf = (wy: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - 2 * Math.min(1, Math.max(0, wy))))) * 180) / Math.PI;
  const dx = ((width / 2) * 360) / world;
  const w = Math.max(-180, lng - dx);
  const e = Math.min(180, lng + dx);
  return [w, latOf(y + height / 2 / world), e, latOf(y - height / 2 / world)]
    .map((v) => v.toFixed(6))
    .join(",");
}

describe("get-map-clusters", () => {
  it("never answers with more than 500 markers and clusters, at any zoom", async () => {
    expect(listings).toBeGreaterThan(10_000);
    for (let zoom = 0; zoom <= 20; zoom++) {
      for (const [lng, lat] of [
        [55.27, 25.2],
        [46.7, 24.7],
        [0, 0],
      ] as const) {
        const r = await clusters({ bbox: viewport(lng, lat, zoom), zoom: String(zoom) });
        expect(r.status, `zoom ${zoom}`).toBe(200);
        const items = r.body.data.markers.length + r.body.data.clusters.length;
        expect(items, `zoom ${zoom} at ${lng},${lat}`).toBeLessThanOrEqual(MAX_ITEMS);
        expect(counted(r)).toBe(r.body.total);
      }
    }
    // The whole world at a zoom that does not match it still holds to the grid.
    const world = await clusters({ bbox: "-180,-85,180,85", zoom: "22" });
    expect(world.body.data.clustered).toBe(true);
    expect(world.body.data.markers.length + world.body.data.clusters.length).toBeLessThanOrEqual(GRID * GRID);
    expect(world.body.total).toBe(listings);
  });

  it("clusters add up to the list's total for the same filters and box", async () => {
    const dubai = "54.9,24.7,55.7,25.4";
    for (const filters of [
      {},
      { property_type: "sell" },
      { property_type: "rent", min_price: "50000" },
      { search: "villa" },
    ] as Record<string, string>[]) {
      const r = await clusters({ ...filters, bbox: dubai, zoom: "10" });
      expect(r.status).toBe(200);
      const total = await listTotal({ ...filters, bbox: dubai });
      expect(total).toBeGreaterThan(MAX_ITEMS);
      expect(r.body.data.clustered).toBe(true);
      expect(r.body.total).toBe(counted(r));
      // The list counts exactly up to EXACT_COUNT_UP_TO and estimates past it.
      if (total <= EXACT_COUNT_UP_TO) expect(counted(r)).toBe(total);
      else expect(Math.abs(counted(r) - total) / total).toBeLessThan(0.15);
      for (const c of r.body.data.clusters) {
        const [w, s, e, n] = c.bounds;
        expect(c.count).toBeGreaterThan(1);
        expect(c.longitude).toBeGreaterThanOrEqual(w);
        expect(c.longitude).toBeLessThanOrEqual(e);
        expect(c.latitude).toBeGreaterThanOrEqual(s);
        expect(c.latitude).toBeLessThanOrEqual(n);
        expect(w).toBeGreaterThanOrEqual(54.9);
        expect(n).toBeLessThanOrEqual(25.4);
      }
    }
  });

  it("words in a box: looked up listing by listing, or read through the words' index with the box's cells or its edges, the same map", async () => {
    const query = { bbox: { w: 54.9, s: 24.7, e: 55.7, n: 25.4 }, zoom: 10, search: "villa" } as never;
    const limits = { exactUpTo: 20_000, exactBoxUpTo: 30_000, sampleRows: 5_000 };
    const byListing = await mapClusters(t.db, query, t.storage, {
      ...limits,
      fewInBox: Number.MAX_SAFE_INTEGER,
      cells: false,
    });
    const byIndex = await mapClusters(t.db, query, t.storage, { ...limits, fewInBox: 0, cells: false });
    const byCells = await mapClusters(t.db, query, t.storage, {
      ...limits,
      fewInBox: Number.MAX_SAFE_INTEGER,
    });
    expect(byListing.total).toBeGreaterThan(MAX_ITEMS);
    // The same clusters (averages summed in another order may differ in their last digit) and the
    // same markers (a map has no order: each plan may read them in another).
    const rounded = (m: Awaited<ReturnType<typeof mapClusters>>) =>
      JSON.parse(
        JSON.stringify({ ...m, markers: [...m.markers].sort((a, b) => a.id - b.id) }, (_, v) =>
          typeof v === "number" ? Number(v.toFixed(9)) : v,
        ),
      );
    expect(rounded(byIndex)).toEqual(rounded(byListing));
    expect(rounded(byCells)).toEqual(rounded(byListing));
    // And one cluster's corner of it: single markers, the same every way.
    const [w, s, e, n] = byListing.clusters[0]!.bounds;
    const street = { bbox: { w, s, e, n }, zoom: 16, search: "villa" } as never;
    const few = await mapClusters(t.db, street, t.storage, {
      ...limits,
      fewInBox: Number.MAX_SAFE_INTEGER,
      cells: false,
    });
    expect(few.markers.length).toBeGreaterThan(0);
    expect(
      rounded(await mapClusters(t.db, street, t.storage, { ...limits, fewInBox: 0, cells: false })),
    ).toEqual(rounded(few));
    expect(rounded(await mapClusters(t.db, street, t.storage, { ...limits, fewInBox: 0 }))).toEqual(
      rounded(few),
    );
  });

  it("a region with more matches than it counts exactly is clustered from a sample, its counts scaled and marked as estimates", async () => {
    const region = { bbox: "34,12,60,32", zoom: 5 };
    const exact = await clusters({ bbox: region.bbox, zoom: "5" });
    expect(exact.body.data).not.toHaveProperty("estimated");
    // The same region with the exact count stopping at 2 000 (20 000 in the product) and a sample of about 3 000.
    const sampled = await mapClusters(
      t.db,
      { ...region, bbox: { w: 34, s: 12, e: 60, n: 32 } } as never,
      t.storage,
      { exactUpTo: 2_000, exactBoxUpTo: 30_000, sampleRows: 3_000, fewInBox: 5_000 },
    );
    expect("estimated" in sampled && sampled.estimated).toBe(true);
    expect(sampled.markers).toEqual([]);
    expect(sampled.clusters.length).toBeGreaterThan(3);
    // Within a tenth of the exact figures, in all and in the busiest cell.
    expect(Math.abs(sampled.total - exact.body.total) / exact.body.total).toBeLessThan(0.1);
    const busiest = (cs: Cluster[]) => cs.reduce((a, b) => (b.count > a.count ? b : a));
    const big = busiest(exact.body.data.clusters);
    const same = sampled.clusters.find((c) => c.id === big.id)!;
    expect(Math.abs(same.count - big.count) / big.count).toBeLessThan(0.15);
    // The same answer every time: the sample is fixed, so clusters do not flicker as the map pans.
    const again = await mapClusters(
      t.db,
      { ...region, bbox: { w: 34, s: 12, e: 60, n: 32 } } as never,
      t.storage,
      { exactUpTo: 2_000, exactBoxUpTo: 30_000, sampleRows: 3_000, fewInBox: 5_000 },
    );
    expect(again.clusters).toEqual(sampled.clusters);
  });

  it("returns every listing as a marker when the box holds 500 or fewer", async () => {
    const box = viewport(55.27, 25.2, 15);
    const r = await clusters({ bbox: box, zoom: "15" });
    const total = await listTotal({ bbox: box });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(MAX_ITEMS);
    expect(r.body.data.clustered).toBe(false);
    expect(r.body.data.clusters).toEqual([]);
    expect(r.body.data.markers).toHaveLength(total);
    const [w, s, e, n] = box.split(",").map(Number) as [number, number, number, number];
    for (const m of r.body.data.markers) {
      expect(m.longitude).toBeGreaterThanOrEqual(w);
      expect(m.longitude).toBeLessThanOrEqual(e);
      expect(m.latitude).toBeGreaterThanOrEqual(s);
      expect(m.latitude).toBeLessThanOrEqual(n);
      expect(typeof m.slug_id).toBe("string");
      expect(typeof m.title).toBe("string");
      expect(typeof m.price).toBe("number");
      expect(["sell", "rent"]).toContain(m.property_type);
    }
    // A demo listing's photo (the copies have none): its smallest variant, for a popup card.
    const demo = (
      await t.db.execute<{ id: number; latitude: number; longitude: number }>(sql`
      select p.id, p.latitude, p.longitude from properties p where p.request_status = 'approved' and p.status = 'active'
        and exists (select 1 from property_images i where i.property_id = p.id) order by p.id limit 1`)
    ).rows[0]!;
    const near = `${demo.longitude - 0.0001},${demo.latitude - 0.0001},${demo.longitude + 0.0001},${demo.latitude + 0.0001}`;
    const one = (await clusters({ bbox: near, zoom: "19" })).body.data.markers.find((m) => m.id === demo.id)!;
    expect(one.image).toMatch(/^\/uploads\/.+-\d+\.webp$/);
    expect(one.image_avif).toBe(one.image!.replace(/\.webp$/, ".avif"));
  });

  it("the filters apply to markers and clusters alike", async () => {
    const box = viewport(55.27, 25.2, 13);
    const rent = await clusters({ bbox: box, zoom: "13", property_type: "rent" });
    expect(rent.body.data.markers.length).toBeGreaterThan(0);
    const ids = rent.body.data.markers.map((m) => m.id);
    const listed = await t.call("get_property", {
      query: { bbox: box, property_type: "rent", limit: "100" },
    });
    expect(rent.body.data.markers.every((m) => m.property_type === "rent")).toBe(true);
    expect(counted(rent)).toBe(listed.body.total);
    for (const p of listed.body.data as { id: number }[])
      if (!rent.body.data.clustered) expect(ids).toContain(p.id);

    const cats = (await t.call("get_categories")).body.data as {
      id: number;
      parameter_types: { id: number; key: string }[];
    }[];
    const bedrooms = cats.flatMap((c) => c.parameter_types).find((p) => p.key === "bedrooms")!;
    const dubai = "54.9,24.7,55.7,25.4";
    for (const filters of [
      { category_id: String(cats[0]!.id) },
      { [`pmin_${bedrooms.id}`]: "3" },
      { max_price: "500000" },
    ] as Record<string, string>[]) {
      const r = await clusters({ ...filters, bbox: dubai, zoom: "11" });
      expect(r.status).toBe(200);
      expect(counted(r)).toBe(await listTotal({ ...filters, bbox: dubai }));
    }
    const none = await clusters({ bbox: dubai, zoom: "11", search: "zzqqxxnothing" });
    expect(none.body.total).toBe(0);
    expect(none.body.data.markers).toEqual([]);
  });

  it("a box across the antimeridian (west > east) covers both sides", async () => {
    const box = "179,-18,-179,-16";
    const r = await clusters({ bbox: box, zoom: "9" });
    expect(r.status).toBe(200);
    const total = await listTotal({ bbox: box });
    expect(acrossTheLine).toBeGreaterThan(MAX_ITEMS);
    expect(total).toBe(acrossTheLine);
    expect(r.body.data.clustered).toBe(true);
    expect(counted(r)).toBe(total);
    const lngs = r.body.data.clusters
      .map((c) => c.longitude)
      .concat(r.body.data.markers.map((m) => m.longitude));
    expect(lngs.some((x) => x > 0)).toBe(true);
    expect(lngs.some((x) => x < 0)).toBe(true);
    expect(lngs.every((x) => x >= 179 || x <= -179)).toBe(true);
    // A cluster may span the line: its west is then east of its east, like the box.
    for (const c of r.body.data.clusters)
      expect(Math.abs(c.bounds[0]) <= 180 && Math.abs(c.bounds[2]) <= 180).toBe(true);
  });

  it("grid cells stay within 20 × 20 over any box", () => {
    for (const [box, zoom] of [
      [{ w: -180, s: -85, e: 180, n: 85 }, 24],
      [{ w: 170, s: -30, e: -170, n: 30 }, 12],
      [{ w: 55, s: 25, e: 55.001, n: 25.001 }, 0],
      [{ w: 54.9, s: 24.7, e: 55.7, n: 25.4 }, 10],
    ] as const) {
      const { size } = cellSize(box, zoom);
      const x0 = (box.w + 180) / 360;
      const x1 = (box.e + 180) / 360 + (box.w > box.e ? 1 : 0);
      expect(Math.floor(x1 / size) - Math.floor(x0 / size) + 1).toBeLessThanOrEqual(GRID);
    }
  });

  it("refuses a missing or bad box and zoom with a message per field", async () => {
    const missing = await clusters({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors!).sort()).toEqual(["bbox", "zoom"]);
    expect(missing.body.errors!.bbox).toEqual(["bbox is required (west,south,east,north)"]);
    for (const bbox of ["1,2,3", "200,0,10,10", "0,50,10,40", "a,b,c,d"]) {
      const r = await clusters({ bbox, zoom: "5" });
      expect(r.status, bbox).toBe(400);
      expect(Object.keys(r.body.errors!)).toEqual(["bbox"]);
    }
    for (const zoom of ["-1", "25", "far"]) {
      const r = await clusters({ bbox: "54,24,56,26", zoom });
      expect(r.status, zoom).toBe(400);
      expect(r.body.errors).toEqual({ zoom: ["zoom must be a number from 0 to 24"] });
    }
    const type = await clusters({ bbox: "54,24,56,26", zoom: "5", property_type: "lease" });
    expect(Object.keys(type.body.errors!)).toEqual(["property_type"]);
    const prices = await clusters({ bbox: "54,24,56,26", zoom: "5", min_price: "9", max_price: "1" });
    expect(prices.body.errors).toEqual({ max_price: ["Maximum price must be at least the minimum price"] });
  });
});
