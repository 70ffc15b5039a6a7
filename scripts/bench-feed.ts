// get_user_recommendation on a large catalogue: people with preferences of every kind (none, a city,
// categories and a price range, type and facilities), with and without history (favourites,
// listings opened, messages), first pages and deeper ones. Prints p50/p95/max as JSON.
// Usage: tsx scripts/bench-feed.ts [--count 100000] [--runs 200]   (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.server";
import { LocalDiskStorage } from "../server/media/storage.server";
import { recommendationsFor } from "../server/api/feed/recommend";
import { savePreferences } from "../server/api/feed/preferences";
import { recordView } from "../server/api/feed/activity";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const count = arg("count", "100000");
const runs = Number(arg("runs", "200"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";

const gen = spawnSync(
  process.execPath,
  ["--import", "tsx", "scripts/generate-listings.ts", "--count", count],
  { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DATA_DIR: dataDir } },
);
if (gen.status !== 0) process.exit(gen.status ?? 1);

const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") },
);
const db = handle.db;
const storage = new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" });
const rows = async <T>(q: ReturnType<typeof sql>) =>
  (await db.execute<Record<string, unknown>>(q)).rows as T[];

// Bench people (kept for the next run): 40, each a different kind of taste.
const PEOPLE = 40;
await db.execute(sql`
  insert into users (firebase_id, name, email, city)
  select 'bench-feed-' || g, 'Bench Feed ' || g, 'bench-feed-' || g || '@bench.test', (array['Dubai', 'Abu Dhabi', 'Riyadh', null])[1 + g % 4]
  from generate_series(1, ${PEOPLE}) g
  on conflict do nothing`);
const people = await rows<{ id: number }>(
  sql`select id from users where firebase_id like 'bench-feed-%' order by id`,
);
const categories = await rows<{ id: number }>(sql`select id from categories order by id`);
const facilities = await rows<{ id: number }>(sql`select id from facilities order by id`);
const cities = ["Dubai", "Abu Dhabi", "Riyadh", "Cairo", "Jeddah", "Sharjah"];
const prepared = Number(
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from personalised_fields where user_id in (select id from users where firebase_id like 'bench-feed-%')`,
    )
  )[0]!.n,
);
if (prepared === 0) {
  for (const [i, p] of people.entries()) {
    const id = Number(p.id);
    const kind = i % 4;
    if (kind === 1)
      await savePreferences(db, id, {
        category_ids: [],
        outdoor_facilitiy_ids: [],
        price_range: [null, null],
        city: cities[i % cities.length],
        property_type: undefined,
      });
    if (kind === 2)
      await savePreferences(db, id, {
        category_ids: [
          Number(categories[i % categories.length]!.id),
          Number(categories[(i + 1) % categories.length]!.id),
        ],
        outdoor_facilitiy_ids: [],
        price_range: [300_000, 3_000_000],
        city: cities[i % cities.length],
        property_type: "sell",
      });
    if (kind === 3)
      await savePreferences(db, id, {
        category_ids: [Number(categories[i % categories.length]!.id)],
        outdoor_facilitiy_ids: [Number(facilities[i % facilities.length]!.id)],
        price_range: [null, 150_000],
        city: undefined,
        property_type: "rent",
      });
    // Half of them have a history: a few favourites and a dozen listings opened.
    if (i % 2 === 0) {
      const seen = await rows<{ id: number }>(
        sql`select id from properties where request_status = 'approved' and status = 'active' and lower(city) = lower(${cities[(i + 2) % cities.length]}) order by id desc limit 12 offset ${i * 3}`,
      );
      for (const s of seen) await recordView(db, id, Number(s.id));
      for (const s of seen.slice(0, 3))
        await db.execute(
          sql`insert into favourites (user_id, property_id) values (${id}, ${Number(s.id)}) on conflict do nothing`,
        );
    }
  }
}

const opts = { lang: "en", storage, viewerId: null };
const time = async (userId: number, offset: number) => {
  const t = performance.now();
  await recommendationsFor(db, userId, { offset, limit: 12 }, { ...opts, viewerId: userId });
  return performance.now() - t;
};
for (const p of people) await time(Number(p.id), 0); // warm caches and plans
const samples: number[] = [];
for (let i = 0; i < runs; i++)
  samples.push(await time(Number(people[i % people.length]!.id), i % 5 === 4 ? 36 : 0));
samples.sort((a, b) => a - b);
const pct = (p: number) =>
  +samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!.toFixed(1);

console.log(
  JSON.stringify({
    database: handle.kind,
    listings: Number(count),
    people: people.length,
    runs,
    p50_ms: pct(50),
    p95_ms: pct(95),
    max_ms: +samples.at(-1)!.toFixed(1),
  }),
);
await handle.close();
