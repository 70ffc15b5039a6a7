// get_property latency on a large catalogue, over named shapes of search: every filter of the list,
// each sort order, English and Arabic words, a typo, a rare and a very common word, deep pages; and
// get-map-clusters from zoom 3 (the region) to 17 (a street), with and without filters. Prints
// p50/p95/max of each call over all samples (after a warm-up) and its five slowest shapes by median
// (--shapes: every shape). Then the owner's dashboard (decision 023: views, contact reveals and
// conversations per listing) of the busiest owner, with --leads made-up contact reveals and a third
// as many chat messages; --explain prints its plans. --only list|map measures that call alone.
// Usage: tsx scripts/bench-search.ts [--count 100000] [--runs 600] [--leads 300000] [--only list|map] [--shapes] [--explain]
//        (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { createApi } from "../server/api";
import { leadsByListing } from "../server/api/leads/service";
import { ownerDashboard } from "../server/api/listings/service";
import { AuthService } from "../server/auth/firebase.server";
import { openDatabase } from "../server/db/client.server";
import { LocalDiskStorage } from "../server/media/storage.server";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const count = arg("count", "100000");
const runs = Number(arg("runs", "600"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";

// Make sure the catalogue exists (the generator returns at once when it does).
const gen = spawnSync(
  process.execPath,
  ["--import", "tsx", "scripts/generate-listings.ts", "--count", count],
  { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } },
);
if (gen.status !== 0) process.exit(gen.status ?? 1);

const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") },
);
const api = createApi({
  db: handle.db,
  storage: new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" }),
  auth: new AuthService({ projectId: "demo-bench", apiKey: "x" }),
});

// ---- The shapes a visitor's search takes ------------------------------------------------------------
// Each shape is named so the slowest can be reported; ids come from the catalogue itself.
const db = handle.db;
const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute<{ v: T }>(q)).rows[0]!.v;
const idOf = async (q: ReturnType<typeof sql>) => Number(await one<number>(q));
const bedrooms = await idOf(sql`select id as v from parameters where name = 'Bedrooms'`);
const areaParam = await idOf(sql`select id as v from parameters where name = 'Area'`);
const furnished = await idOf(sql`select id as v from parameters where name = 'Furnishing'`);
const [pool, school] = [
  await idOf(sql`select id as v from facilities where name = 'Beach'`),
  await idOf(sql`select id as v from facilities where name = 'School'`),
];
const villaCategory = await one<string>(
  sql`select slug_id as v from categories where slug_id like '%villa%' order by id limit 1`,
);
const officeCategory = await idOf(
  sql`select id as v from categories where slug_id like '%office%' order by id limit 1`,
);
const bigAgent = await idOf(
  sql`select added_by as v from properties group by added_by order by count(*) desc limit 1`,
);
const someListing = await idOf(
  sql`select id as v from properties where request_status = 'approved' and status = 'active' order by id desc limit 1 offset 1000`,
);
const someSlug = await one<string>(
  sql`select slug_id as v from properties where request_status = 'approved' and status = 'active' order by id desc limit 1 offset 2000`,
);
// A rare word: a building name seen on a handful of listings (the catalogue's long tail).
const rareWord =
  (await one<
    string | null
  >(sql`select w as v from (select word as w, ndoc from ts_stat($$select search_vector from properties where id % 97 = 0$$)) s
  where ndoc between 1 and 2 and w ~ '^[a-z]{7,}$' order by w limit 1`)) ?? "zinique";

const boxes = {
  dubai: "55.05,24.95,55.35,25.25",
  abuDhabi: "54.3,24.35,54.6,24.6",
  riyadh: "46.55,24.6,46.85,24.85",
  cairo: "31.2,29.9,31.6,30.2",
  jeddah: "39.1,21.4,39.3,21.7",
  marina: "55.12,25.06,55.16,25.1",
};
const listShapes: Record<string, Record<string, string | number>> = {
  newest: {},
  "page 100 (offset 1188)": { offset: 1188 },
  "page 500 (offset 5988)": { offset: 5988 },
  "sort price_asc": { sort: "price_asc" },
  "sort price_desc": { sort: "price_desc" },
  "sort most_viewed": { sort: "most_viewed" },
  top_rated: { top_rated: 1 },
  most_liked: { most_liked: 1 },
  "sort nearest (Dubai)": { sort: "nearest", near_lat: 25.2, near_lng: 55.27 },
  "within 5 km (Riyadh)": { within_km: 5, near_lat: 24.71, near_lng: 46.67 },
  "category_id (office)": { category_id: officeCategory },
  "category_slug_id (villa)": { category_slug_id: villaCategory },
  "city Dubai": { city: "Dubai" },
  "city Muscat, rent": { city: "Muscat", property_type: "rent" },
  "state Eastern Province": { state: "Eastern Province" },
  "country Egypt, price_asc": { country: "Egypt", sort: "price_asc" },
  "country in Arabic (مصر)": { country: "مصر" },
  "posted_since yesterday": { posted_since: "yesterday" },
  "posted_since last_month + villa": { posted_since: "last_month", category_slug_id: villaCategory },
  "min/max price": { min_price: 500000, max_price: 2000000 },
  "max price 30 000, rent": { max_price: 30000, property_type: "rent" },
  "property_type sell": { property_type: "sell" },
  "rentduration daily": { property_type: "rent", rentduration: "daily" },
  "bedrooms ≥ 4": { [`pmin_${bedrooms}`]: 4 },
  "area ≤ 800": { [`pmax_${areaParam}`]: 800 },
  furnished: { [`peq_${furnished}`]: "Furnished" },
  "facility (beach)": { facility_ids: pool },
  "facilities (beach, school) within 2 km": { facility_ids: `${pool},${school}`, max_distance: 2 },
  with_tour: { with_tour: 1 },
  "with_tour, price_asc, page 3": { with_tour: 1, sort: "price_asc", offset: 24 },
  promoted: { promoted: 1 },
  "an agent's listings": { userid: bigAgent },
  "similar to a listing": { id: someListing, get_simiilar: 1 },
  "one listing by slug": { slug_id: someSlug },
  "text: apartment": { search: "apartment" },
  "text: villa, Dubai box": { search: "villa", bbox: boxes.dubai },
  "text: sea view": { search: "sea view" },
  "text: Arabic شقة": { search: "شقة" },
  "text: Arabic فيلا للبيع": { search: "فيلا للبيع" },
  "text: very common (in)": { search: "in" },
  [`text: rare (${rareWord})`]: { search: rareWord },
  "text: typo (apartmnet)": { search: "apartmnet" },
  "text: typo (marena)": { search: "marena" },
  "text: prefix (town)": { search: "town" },
  "text + box + bedrooms": { search: "apartment", bbox: boxes.dubai, [`pmin_${bedrooms}`]: 2 },
  "text + box + rent": { search: "apartment", bbox: boxes.riyadh, property_type: "rent" },
  "text + box + rent, price_desc": {
    search: "villa",
    bbox: boxes.jeddah,
    property_type: "rent",
    sort: "price_desc",
  },
  "text + city + price, deep page": { search: "apartment", city: "Cairo", min_price: 100000, offset: 1200 },
  "box Dubai": { bbox: boxes.dubai },
  "box Marina, newest": { bbox: boxes.marina },
  "box Abu Dhabi + bedrooms + sell": { bbox: boxes.abuDhabi, [`pmin_${bedrooms}`]: 3, property_type: "sell" },
  "box Cairo + price + furnished": {
    bbox: boxes.cairo,
    min_price: 1000000,
    [`peq_${furnished}`]: "Furnished",
  },
  "city + type + price + bedrooms": {
    city: "Riyadh",
    property_type: "sell",
    max_price: 3000000,
    [`pmin_${bedrooms}`]: 3,
  },
  "country + category + posted_since": {
    country: "United Arab Emirates",
    category_id: officeCategory,
    posted_since: "last_3_months",
  },
  "negative: villa in Marina box": { search: "villa", bbox: boxes.marina, [`pmin_${bedrooms}`]: 6 },
};

/** The box a 1280 × 800 pixel map shows around a point at a zoom (512-pixel tiles, Web Mercator). */
function viewport(lng: number, lat: number, zoom: number): string {
  const world = 512 * 2 ** zoom;
  const y = (1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2;
  const latOf = (wy: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) * 180) / Math.PI;
  const dx = (640 * 360) / world;
  return [Math.max(-180, lng - dx), latOf(y + 400 / world), Math.min(180, lng + dx), latOf(y - 400 / world)]
    .map((v) => v.toFixed(5))
    .join(",");
}
const centres = {
  Dubai: [55.27, 25.2],
  "Abu Dhabi": [54.38, 24.45],
  Riyadh: [46.7, 24.7],
  Cairo: [31.24, 30.04],
  Jeddah: [39.2, 21.5],
  Muscat: [58.4, 23.6],
} as const;
const mapFilters: Record<string, Record<string, string | number>> = {
  "": {},
  rent: { property_type: "rent" },
  price: { min_price: 500000, max_price: 5000000 },
  "text apartment": { search: "apartment" },
  "bedrooms ≥ 3": { [`pmin_${bedrooms}`]: 3 },
  "villa, sell": { category_slug_id: villaCategory, property_type: "sell" },
};
const mapShapes: Record<string, Record<string, string | number>> = {};
let k = 0;
for (let zoom = 3; zoom <= 17; zoom++) {
  for (const [place, [lng, lat]] of Object.entries(centres)) {
    const filterName = Object.keys(mapFilters)[k++ % Object.keys(mapFilters).length]!;
    if (zoom > 3 || place === "Dubai")
      mapShapes[`zoom ${zoom} ${place}${filterName ? ` + ${filterName}` : ""}`] = {
        bbox: viewport(lng, lat, zoom),
        zoom,
        ...mapFilters[filterName],
      };
  }
}
for (const [name, f] of Object.entries(mapFilters))
  if (name) mapShapes[`zoom 5 the Gulf + ${name}`] = { bbox: viewport(50, 25, 5), zoom: 5, ...f };

const time = async (qs: string, call: string) => {
  const t = performance.now();
  const res = await api.fetch(new Request(`http://bench/api/${call}?${qs}`));
  if (res.status !== 200) throw new Error(`${res.status} for ${call}?${qs}: ${await res.text()}`);
  await res.json();
  return performance.now() - t;
};

const pct = (sorted: number[], p: number) =>
  +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
/** Each shape a few times after a warm-up; p50/p95/max over every sample, and the slowest shapes by their median. */
const measure = async (
  shapes: Record<string, Record<string, string | number>>,
  call: string,
  extra: Record<string, string> = {},
) => {
  const entries = Object.entries(shapes).map(
    ([name, q]) =>
      [
        name,
        new URLSearchParams({
          ...extra,
          ...Object.fromEntries(Object.entries(q).map(([a, b]) => [a, String(b)])),
        }).toString(),
      ] as const,
  );
  for (const [, qs] of entries) await time(qs, call); // warm caches and plans
  const perShape = Math.max(3, Math.ceil(runs / entries.length));
  const all: number[] = [];
  const byShape: { shape: string; p50_ms: number; max_ms: number }[] = [];
  for (const [name, qs] of entries) {
    const samples: number[] = [];
    for (let i = 0; i < perShape; i++) samples.push(await time(qs, call));
    samples.sort((a, b) => a - b);
    all.push(...samples);
    byShape.push({ shape: name, p50_ms: pct(samples, 50), max_ms: pct(samples, 100) });
  }
  all.sort((a, b) => a - b);
  byShape.sort((a, b) => b.p50_ms - a.p50_ms);
  return {
    shapes: entries.length,
    samples: all.length,
    p50_ms: pct(all, 50),
    p95_ms: pct(all, 95),
    max_ms: pct(all, 100),
    slowest: byShape.slice(0, 5),
    all_shapes: byShape,
  };
};
const only = arg("only", "");
const list = only === "map" ? null : await measure(listShapes, "get_property", { limit: "12" });
const map = only === "list" ? null : await measure(mapShapes, "get-map-clusters");
const print = (label: string, r: NonNullable<typeof list>) => {
  console.error(
    `${label}: ${r.shapes} shapes, ${r.samples} samples: p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms, max ${r.max_ms} ms; slowest:`,
  );
  for (const s of r.slowest)
    console.error(`  ${s.p50_ms.toString().padStart(7)} ms (max ${s.max_ms})  ${s.shape}`);
};
if (list) print("get_property", list);
if (map) print("get-map-clusters", map);
if (process.argv.includes("--shapes"))
  for (const r of [list, map])
    for (const s of r?.all_shapes ?? [])
      console.error(`${s.p50_ms.toString().padStart(7)} ${s.max_ms.toString().padStart(7)}  ${s.shape}`);

if (only) {
  console.log(
    JSON.stringify({ database: handle.kind, listings: Number(count), list, map }, (key, v) =>
      key === "all_shapes" ? undefined : v,
    ),
  );
  await handle.close();
  process.exit(0);
}

// The owner's dashboard: made-up leads and conversations first (kept for the next run).
const leadTarget = Number(arg("leads", "300000"));
const haveLeads = Number(await one<number>(sql`select count(*)::int as v from contact_reveals`));
if (haveLeads < leadTarget) {
  const maxProperty = Number(await one<number>(sql`select max(id)::int as v from properties`));
  const maxUser = Number(await one<number>(sql`select max(id)::int as v from users`));
  for (let done = haveLeads; done < leadTarget; done += 50_000) {
    const n = Math.min(50_000, leadTarget - done);
    // Someone (not the owner) revealed one of a listing's details on one of the last 400 days.
    await db.execute(sql`
      insert into contact_reveals (owner_id, viewer_id, property_id, kind, day, created_at)
      select p.added_by, r.viewer, p.id, (array['phone','email','whatsapp'])[r.k]::contact_kind, (now() - r.back)::date, now() - r.back
      from (select (1 + floor(random() * ${maxProperty}))::int as pid, (1 + floor(random() * ${maxUser}))::int as viewer,
                   (1 + floor(random() * 3))::int as k, random() * interval '400 days' as back
            from generate_series(1, ${n})) r
      join properties p on p.id = r.pid
      where p.added_by <> r.viewer and exists (select 1 from users u where u.id = r.viewer)
      on conflict do nothing`);
    await db.execute(sql`
      insert into chat_messages (sender_id, receiver_id, property_id, message, created_at)
      select r.sender, p.added_by, p.id, 'Is it still available?', now() - r.back
      from (select (1 + floor(random() * ${maxProperty}))::int as pid, (1 + floor(random() * ${maxUser}))::int as sender, random() * interval '400 days' as back
            from generate_series(1, ${Math.floor(n / 3)})) r
      join properties p on p.id = r.pid
      where p.added_by <> r.sender and exists (select 1 from users u where u.id = r.sender)`);
  }
  // As autovacuum would on a server: statistics, and the visibility map that lets counts read indexes only.
  await db.execute(sql`vacuum analyze contact_reveals`);
  await db.execute(sql`vacuum analyze chat_messages`);
}
const busiest = Number(
  await one<number>(
    sql`select added_by as v from properties group by added_by order by count(*) desc limit 1`,
  ),
);
const owned = Number(
  await one<number>(sql`select count(*)::int as v from properties where added_by = ${busiest}`),
);
const leadsOfOwner = Number(
  await one<number>(sql`select count(*)::int as v from contact_reveals where owner_id = ${busiest}`),
);
const timeDashboard = async (offset: number) => {
  const t = performance.now();
  await Promise.all([ownerDashboard(db, busiest), leadsByListing(db, busiest, { offset, limit: 10 })]);
  return performance.now() - t;
};
const dashboardRuns = Math.max(20, Math.floor(runs / 5));
const offsets = [0, 10, 100, Math.max(0, owned - 10)];
for (const o of offsets) await timeDashboard(o);
const dashSamples: number[] = [];
for (let i = 0; i < dashboardRuns; i++) dashSamples.push(await timeDashboard(offsets[i % offsets.length]!));
dashSamples.sort((a, b) => a - b);
const at = (p: number) =>
  +dashSamples[Math.min(dashSamples.length - 1, Math.floor((p / 100) * dashSamples.length))]!.toFixed(1);
const dashboard = {
  owner_listings: owned,
  owner_leads: leadsOfOwner,
  leads: Number(await one<number>(sql`select count(*)::int as v from contact_reveals`)),
  p50_ms: at(50),
  p95_ms: at(95),
  max_ms: +dashSamples.at(-1)!.toFixed(1),
};

if (process.argv.includes("--explain")) {
  // The dashboard's per-listing queries for a page of the busiest owner's listings, as leadsByListing asks them.
  const pageSql = sql`select kind, id, slug_id, title, views from (
      (select 'property' as kind, id, slug_id, title, total_click as views, created_at from properties where added_by = ${busiest} order by created_at desc, id desc limit 10)
      union all (select 'project' as kind, id, slug_id, title, null::int as views, created_at from projects where added_by = ${busiest} order by created_at desc, id desc limit 10)) mine
    order by created_at desc, id desc, kind limit 10 offset 0`;
  const page = (await db.execute<{ kind: string; id: number }>(pageSql)).rows;
  const ids = page.filter((r) => r.kind === "property").map((r) => Number(r.id));
  const list = sql.raw(ids.join(",") || "0");
  const plans = {
    page: sql`explain (analyze, costs off, timing on) ${pageSql}`,
    reveals: sql`explain (analyze, costs off, timing on) select property_id, kind, count(*)::int from contact_reveals
      where property_id is not null and property_id in (${list}) group by property_id, kind`,
    conversations: sql`explain (analyze, costs off, timing on) select property_id, count(distinct case when sender_id = ${busiest} then receiver_id else sender_id end)::int
      from chat_messages where property_id in (${list}) group by property_id`,
    totals: sql`explain (analyze, costs off, timing on) select kind, (property_id is null and project_id is null) as profile, count(*)::int
      from contact_reveals where owner_id = ${busiest} group by 1, 2`,
  };
  for (const [name, q] of Object.entries(plans)) {
    const rows = (await db.execute<Record<string, string>>(q)).rows;
    console.error(`\n-- ${name}\n${rows.map((r) => Object.values(r)[0]).join("\n")}`);
  }
}

const { all_shapes: _a, ...listFigures } = list ?? ({} as Partial<NonNullable<typeof list>>);
const { all_shapes: _m, ...mapFigures } = map ?? ({} as Partial<NonNullable<typeof map>>);
const result = {
  database: handle.kind,
  listings: Number(count),
  runs,
  ...listFigures,
  map: mapFigures,
  dashboard,
};
console.log(JSON.stringify(result));
await handle.close();
