// get_property latency on a large catalogue: text + filters + bounding box, the way the list and
// map ask; and get-map-clusters over map views from the whole region down to a street. Prints
// p50/p95/max of each over a fixed mix of queries (after a warm-up). Then the owner's dashboard
// (decision 023: views, contact reveals and conversations per listing) of the busiest owner, with
// --leads made-up contact reveals and a third as many chat messages; --explain prints its plans.
// Usage: tsx scripts/bench-search.ts [--count 100000] [--runs 300] [--leads 300000] [--explain]   (DATABASE_URL, or DATA_DIR for PGlite)
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
const runs = Number(arg("runs", "300"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";

// Make sure the catalogue exists (the generator returns at once when it does).
const gen = spawnSync(process.execPath, ["--import", "tsx", "scripts/generate-listings.ts", "--count", count], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } });
if (gen.status !== 0) process.exit(gen.status ?? 1);

const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") });
const api = createApi({
  db: handle.db,
  storage: new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" }),
  auth: new AuthService({ projectId: "demo-bench", apiKey: "x" }),
});

const boxes = ["55.05,24.95,55.35,25.25", "54.3,24.35,54.6,24.6", "46.55,24.6,46.85,24.85", "31.2,29.9,31.6,30.2", "39.1,21.4,39.3,21.7"];
const words = ["apartment", "villa", "marina", "pool", "sea view", "شقة", "فيلا", "townhouse", "office", "garden"];
const queries: string[] = [];
for (let i = 0; i < 40; i++) {
  const q = new URLSearchParams({ limit: "12" });
  if (i % 2 === 0) q.set("search", words[i % words.length]!);
  if (i % 3 !== 2) q.set("bbox", boxes[i % boxes.length]!);
  if (i % 4 === 0) q.set("property_type", i % 8 === 0 ? "rent" : "sell");
  if (i % 5 === 1) (q.set("min_price", "500000"), q.set("max_price", "5000000"));
  if (i % 6 === 3) q.set("sort", "price_asc");
  if (i % 7 === 2) q.set("pmin_1", "2");
  // Listings with a virtual tour (about 1 in 100): alone, and with a place or words.
  if (i % 9 === 4) q.set("with_tour", "1");
  queries.push(q.toString());
}
queries.push("limit=12&with_tour=1", "limit=12&with_tour=1&sort=price_asc", "limit=12&with_tour=1&offset=240");

const time = async (qs: string, call = "get_property") => {
  const t = performance.now();
  const res = await api.fetch(new Request(`http://bench/api/${call}?${qs}`));
  if (res.status !== 200) throw new Error(`${res.status} for ${qs}: ${await res.text()}`);
  await res.json();
  return performance.now() - t;
};
/** The box a 1280 × 800 pixel map shows around a point at a zoom (512-pixel tiles, Web Mercator). */
function viewport(lng: number, lat: number, zoom: number): string {
  const world = 512 * 2 ** zoom;
  const y = (1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2;
  const latOf = (wy: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) * 180) / Math.PI;
  const dx = (640 * 360) / world;
  return [Math.max(-180, lng - dx), latOf(y + 400 / world), Math.min(180, lng + dx), latOf(y - 400 / world)].map((v) => v.toFixed(5)).join(",");
}
const centres = [[55.27, 25.2], [54.38, 24.45], [46.7, 24.7], [31.24, 30.04], [39.2, 21.5]] as const;
const mapQueries: string[] = [];
for (let i = 0; i < 40; i++) {
  const [lng, lat] = centres[i % centres.length]!;
  const zoom = 5 + (i % 10); // the Gulf at once … a few streets
  const q = new URLSearchParams({ bbox: viewport(lng, lat, zoom), zoom: String(zoom) });
  if (i % 4 === 0) q.set("property_type", i % 8 === 0 ? "rent" : "sell");
  if (i % 5 === 1) (q.set("min_price", "500000"), q.set("max_price", "5000000"));
  if (i % 6 === 3) q.set("search", words[i % words.length]!);
  if (i % 7 === 2) q.set("pmin_1", "2");
  mapQueries.push(q.toString());
}

const measure = async (list: string[], call?: string) => {
  for (const q of list) await time(q, call); // warm caches and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await time(list[i % list.length]!, call));
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  return { p50_ms: +pct(50).toFixed(1), p95_ms: +pct(95).toFixed(1), max_ms: +samples.at(-1)!.toFixed(1) };
};
const list = await measure(queries);
const map = await measure(mapQueries, "get-map-clusters");

// The owner's dashboard: made-up leads and conversations first (kept for the next run).
const db = handle.db;
const leadTarget = Number(arg("leads", "300000"));
const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute<{ v: T }>(q)).rows[0]!.v;
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
const busiest = Number(await one<number>(sql`select added_by as v from properties group by added_by order by count(*) desc limit 1`));
const owned = Number(await one<number>(sql`select count(*)::int as v from properties where added_by = ${busiest}`));
const leadsOfOwner = Number(await one<number>(sql`select count(*)::int as v from contact_reveals where owner_id = ${busiest}`));
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
const at = (p: number) => +dashSamples[Math.min(dashSamples.length - 1, Math.floor((p / 100) * dashSamples.length))]!.toFixed(1);
const dashboard = { owner_listings: owned, owner_leads: leadsOfOwner, leads: Number(await one<number>(sql`select count(*)::int as v from contact_reveals`)), p50_ms: at(50), p95_ms: at(95), max_ms: +dashSamples.at(-1)!.toFixed(1) };

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

const result = { database: handle.kind, listings: Number(count), runs, ...list, map, dashboard };
console.log(JSON.stringify(result));
await handle.close();
