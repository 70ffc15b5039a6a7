// Saved-search alerts at scale (decision 027): --searches saved searches of a realistic mix (most
// with a city or a map area, some with words, categories, prices, parameters, a few broad), then
// 1. matching: --listings listings going live, each matched and its hits and instant notifications
//    written (the worker's own function), timed one by one: p50/p95/max ms;
// 2. one digest run for every search (each given a few unsent hits), mail to a null mailer: seconds.
// --explain prints the plan of the matching query for a listing in the busiest city.
// Usage: tsx scripts/bench-alerts.ts [--count 100000] [--searches 100000] [--listings 200] [--explain]
//        (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.server";
import { savedSearches } from "../server/db/schema";
import { columnsOf } from "../server/api/saved-searches/anchors";
import { runDigests } from "../server/api/saved-searches/digest";
import { listingForMatch, matchListing } from "../server/api/saved-searches/match";
import { listingKeys } from "../server/api/saved-searches/anchors";
import { searchFiltersOf, type StoredQuery } from "../server/api/saved-searches/service";
import { tellInstant } from "../server/api/saved-searches/worker";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const count = arg("count", "100000");
const searchTarget = Number(arg("searches", "100000"));
const listingRuns = Number(arg("listings", "200"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";

const gen = spawnSync(
  process.execPath,
  ["--import", "tsx", "scripts/generate-listings.ts", "--count", count],
  { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } },
);
if (gen.status !== 0) process.exit(gen.status ?? 1);

const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") },
);
const db = handle.db;
const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  (await db.execute<T>(q)).rows;
const log = (m: string) => console.error(`[alerts] ${m}`);

// A seeded random generator (mulberry32): the same mix on every run.
let seed = 27;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;
const between = (a: number, b: number) => a + random() * (b - a);

// ---- The people and their saved searches -------------------------------------------------------

const BENCH_PEOPLE = 30_000;
const have = Number((await rows<{ n: number }>(sql`select count(*)::int as n from saved_searches`))[0]!.n);
if (have < searchTarget) {
  const started = Date.now();
  await db.execute(sql`
    insert into users (firebase_id, name, email)
    select 'bench-alerts-' || g, 'Bench Person ' || g, 'bench-alerts-' || g || '@bench.test' from generate_series(1, ${BENCH_PEOPLE}) g
    on conflict do nothing`);
  const people = (
    await rows<{ id: number }>(sql`select id from users where firebase_id like 'bench-alerts-%' order by id`)
  ).map((r) => Number(r.id));
  // People search for what is there: each search is shaped after a listing of the catalogue (its
  // place, deal, category and a price range around its price), so searches crowd where listings do.
  const listings = await rows<{
    city: string;
    state: string;
    country: string;
    lat: number;
    lng: number;
    type: string;
    category_id: number;
    price: number;
  }>(sql`
    select city, state, country, latitude as lat, longitude as lng, property_type as type, category_id, price::float8 as price
    from properties where request_status = 'approved' and status = 'active' and latitude is not null order by md5(id::text || 'bench') limit 5000`);
  const [bedrooms] = await rows<{ id: number }>(
    sql`select id from parameters where type_of_parameter = 'number' order by id limit 1`,
  );
  const words = [
    "villa",
    "apartment",
    "sea view",
    "pool",
    "marina",
    "penthouse",
    "garden",
    "townhouse",
    "studio",
    "duplex",
    "شقة",
    "فيلا",
    "مسبح",
    "office",
    "furnished",
    "balcony",
  ];
  const frequencies = ["instant", "daily", "daily", "daily", "weekly"] as const;

  // Nearly every search has a place (a city, or a neighbourhood drawn on the map), a deal, a kind
  // of property and a budget; some add words or bedrooms; a few are broad.
  const searchOf = () => {
    const f: Record<string, unknown> = {};
    const l = pick(listings);
    const where = random();
    if (where < 0.4) f.city = l.city;
    else if (where < 0.8) {
      // A map area: a neighbourhood mostly, sometimes a district.
      const half = chance(0.85) ? between(0.01, 0.05) : between(0.08, 0.2);
      const lat = l.lat + between(-half, half) / 2;
      const lng = l.lng + between(-half, half) / 2;
      f.bbox = [lng - half, lat - half * 0.8, lng + half, lat + half * 0.8]
        .map((v) => v.toFixed(4))
        .join(",");
    } else if (where < 0.86)
      Object.assign(f, {
        near_lat: +l.lat.toFixed(3),
        near_lng: +l.lng.toFixed(3),
        within_km: pick([2, 3, 5, 10]),
      });
    else if (where < 0.92) Object.assign(f, { search: pick(words), city: l.city });
    else if (where < 0.95) f.search = pick(words);
    else if (where < 0.98) {
      if (chance(0.5)) f.state = l.state;
      else f.country = l.country;
    }
    // else: no place (a deal, a kind, a budget anywhere)
    if (!f.search && chance(0.08)) f.search = pick(words);
    if (chance(0.95)) f.property_type = l.type;
    if (chance(0.8)) f.category_id = l.category_id;
    if (chance(0.85)) {
      if (chance(0.8)) f.min_price = Math.round(l.price * between(0.5, 0.85));
      if (chance(0.9)) f.max_price = Math.round(l.price * between(1.15, 1.6));
    }
    if (bedrooms && chance(0.2)) f.parameter_filters = [`${bedrooms.id}:min:${pick([1, 2, 3, 4])}`];
    return f;
  };

  let made = have;
  while (made < searchTarget) {
    const batch = [];
    for (let i = 0; i < Math.min(2000, searchTarget - made); i++) {
      const filters = searchOf() as StoredQuery["filters"];
      const columns = columnsOf(searchFiltersOf({ filters }));
      const query: StoredQuery = {
        filters,
        page: new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString(),
        lang: chance(0.3) ? "ar" : "en",
      };
      // Saved some weeks ago, last told a while back: all of them may hear of new listings.
      batch.push({
        user_id: pick(people),
        name: `Bench search ${made + i}`,
        query,
        frequency: pick(frequencies),
        ...columns,
        created_at: new Date(Date.now() - 30 * 86_400_000),
      });
    }
    await db.insert(savedSearches).values(batch);
    made += batch.length;
  }
  // As autovacuum would after a bulk insert: statistics, and the GIN index's pending list merged.
  await db.execute(sql`vacuum analyze saved_searches`);
  await db.execute(sql`analyze users`);
  log(`${made} saved searches (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
const searches = Number(
  (await rows<{ n: number }>(sql`select count(*)::int as n from saved_searches`))[0]!.n,
);
const anchorMix = await rows<{ kind: string; n: number }>(sql`
  select split_part(split_part(anchors[1], '|', 1), ':', 1) as kind, count(*)::int as n from saved_searches group by 1 order by 2 desc`);

// ---- 1. Matching listings that go live -----------------------------------------------------------

// Every run starts with no hits: each listing's matches are all written, as for a new listing.
// The last run's digest rewrote every search (last_sent_at): vacuumed, as autovacuum would have.
await db.execute(sql`delete from saved_search_hits`);
await db.execute(sql`vacuum analyze saved_search_hits`);
await db.execute(sql`vacuum analyze saved_searches`);
const sample = (
  await rows<{ id: number }>(sql`
  select id from properties where request_status = 'approved' and status = 'active' order by md5(id::text) limit ${listingRuns + 20}`)
).map((r) => Number(r.id));
// Each listing as the worker takes it, in one transaction: matched (the searches found, the hits
// written), then the people with instant alerts told. Timed apart: matching is the figure asked for.
const timeOne = async (id: number) =>
  db.transaction(async (tx) => {
    const t0 = performance.now();
    const { listing, hits } = await matchListing(tx, id, "live");
    const t1 = performance.now();
    if (listing) await tellInstant(tx, listing, hits, "live");
    return { match: t1 - t0, all: performance.now() - t0, hits: hits.length };
  });
for (const id of sample.slice(0, 20)) await timeOne(id); // warm caches and plans
const matchMs: number[] = [];
const allMs: number[] = [];
let hitsWritten = 0;
for (const id of sample.slice(20)) {
  const r = await timeOne(id);
  matchMs.push(r.match);
  allMs.push(r.all);
  hitsWritten += r.hits;
}
const stats = (samples: number[]) => {
  samples.sort((a, b) => a - b);
  const pct = (p: number) =>
    +samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!.toFixed(1);
  return { p50_ms: pct(50), p95_ms: pct(95), max_ms: +samples.at(-1)!.toFixed(1) };
};
const matching = {
  listings: matchMs.length,
  ...stats(matchMs),
  with_instant_notifications: stats(allMs),
  hits_per_listing: +(hitsWritten / matchMs.length).toFixed(1),
};
log(`matching: p50 ${matching.p50_ms} ms, p95 ${matching.p95_ms} ms, max ${matching.max_ms} ms`);

// How many searches the index hands over for a listing (before the recheck), on average.
const candidates: number[] = [];
for (const id of sample.slice(20, 70)) {
  const l = await listingForMatch(db, id);
  if (!l) continue;
  const [c] = await rows<{ n: number }>(
    sql`select count(*)::int as n from saved_searches where anchors && ${sql.param(listingKeys(l))}::text[]`,
  );
  candidates.push(Number(c!.n));
}
const averageCandidates = Math.round(candidates.reduce((a, b) => a + b, 0) / Math.max(1, candidates.length));

if (process.argv.includes("--explain")) {
  const [busiest] = await rows<{ id: number }>(sql`
    select id from properties where request_status = 'approved' and status = 'active'
      and city = (select city from properties group by city order by count(*) desc limit 1) limit 1`);
  const l = (await listingForMatch(db, Number(busiest!.id)))!;
  const plan = await rows<Record<string, string>>(sql`explain (analyze, buffers, costs off)
    select s.id from saved_searches s join properties l on l.id = ${l.id}
    where s.anchors && array(select unnest(${sql.param(listingKeys(l))}::text[])) and s.alerts_on
      and (s.city is null or s.city = lower(l.city)) and (s.property_type is null or s.property_type = l.property_type)
      and (s.min_price is null or l.price >= s.min_price) and (s.max_price is null or l.price <= s.max_price)
      and (s.tsquery is null or l.search_vector @@ to_tsquery('simple', s.tsquery))`);
  console.error(
    `\n-- matching (listing ${l.id} in ${l.city}, ${listingKeys(l).length} keys)\n${plan.map((r) => Object.values(r)[0]).join("\n")}\n`,
  );
}

// ---- 2. One digest run for all of them -----------------------------------------------------------

// Every search gets 1–4 unsent hits (listings it might have matched) and is due.
await db.execute(sql`delete from notifications where type like 'saved_search%'`);
await db.execute(sql`delete from saved_search_hits`);
const maxListing = Number((await rows<{ m: number }>(sql`select max(id)::int as m from properties`))[0]!.m);
await db.execute(sql`
  insert into saved_search_hits (search_id, property_id, reason)
  select s.id, p.id, 'new'
  from saved_searches s cross join lateral generate_series(1, 1 + (s.id % 4)) g
  join properties p on p.id = 1 + ((s.id::bigint * 7919 + g * 104729) % ${maxListing})::int
  on conflict do nothing`);
await db.execute(sql`update saved_searches set last_sent_at = now() - interval '8 days', alerts_on = true`);
await db.execute(sql`analyze saved_search_hits`);
const unsent = Number(
  (await rows<{ n: number }>(sql`select count(*)::int as n from saved_search_hits where sent_at is null`))[0]!
    .n,
);
let mails = 0;
const nullMailer = { send: async () => void mails++ };
const started = performance.now();
const report = await runDigests(db, { mailer: nullMailer, origin: "https://bench.test" });
const digest = {
  seconds: +((performance.now() - started) / 1000).toFixed(1),
  searches: report.searches,
  notifications: report.notifications,
  emails: mails,
  hits: unsent,
};
log(`digest: ${digest.seconds} s for ${digest.searches} searches, ${digest.emails} emails`);

console.log(
  JSON.stringify({
    database: handle.kind,
    listings: Number(count),
    searches,
    anchors: Object.fromEntries(anchorMix.map((a) => [a.kind, Number(a.n)])),
    candidates_per_listing: averageCandidates,
    matching,
    digest,
  }),
);
await handle.close();
