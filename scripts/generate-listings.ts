// Makes a large catalogue for benchmarks: copies the demo listings (with their photos, parameters
// and facilities) with jittered prices, places and dates until there are --count listings.
// Usage: tsx scripts/generate-listings.ts --count 100000   (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.server";
import { seedDemo } from "../server/db/seed";
import { LocalDiskStorage } from "../server/media/storage.server";
import { quickPhoto } from "../server/testing";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const target = Number(arg("count", "100000"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";
const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") });
const db = handle.db;
const started = Date.now();
const n = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from properties`)).rows[0]!.n);

if ((await n()) === 0) {
  await seedDemo(db, new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" }), { render: quickPhoto });
}
const have = await n();
if (have >= target) {
  console.log(`Already ${have} listings.`);
} else {
  const base = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from properties where slug_id !~ '-g[0-9]+$'`)).rows[0]!.n);
  // Copies in batches of ten rounds so PGlite's memory stays bounded.
  const ROUNDS = 10;
  for (let round = Math.ceil(have / base); (await n()) < target; round += ROUNDS) {
    const missing = target - (await n());
    const maxBefore = Number((await db.execute<{ m: number }>(sql`select coalesce(max(id), 0)::int as m from properties`)).rows[0]!.m);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into properties (slug_id, title, description, category_id, added_by, property_type, rentduration, price, city, state, country, address,
          latitude, longitude, video_link, meta_title, meta_description, meta_keywords, title_image, is_premium, request_status, status, property_status, total_click, has_tour, created_at, updated_at)
        select p.slug_id || '-g' || g, p.title, p.description, p.category_id, p.added_by, p.property_type, p.rentduration,
          round((p.price * (0.7 + random() * 0.6))::numeric, 0), p.city, p.state, p.country, p.address,
          p.latitude + (random() - 0.5) * 0.12, p.longitude + (random() - 0.5) * 0.12, p.video_link, p.meta_title, p.meta_description, p.meta_keywords,
          p.title_image, p.is_premium, 'approved', 'active', 'available', (random() * 2000)::int,
          -- About one listing in a hundred has a virtual tour, as on the portals that offer them.
          random() < 0.01,
          now() - random() * interval '400 days', now()
        from properties p cross join generate_series(${round}::int, ${round + ROUNDS - 1}::int) g
        where p.slug_id !~ '-g[0-9]+$' order by g, p.id limit ${Math.min(base * ROUNDS, missing)}`);
      // New rows are those above the old maximum id: a primary-key range, not a scan.
      const copy = sql`select c.id as new_id, o.id as old_id from properties c join properties o on o.slug_id = regexp_replace(c.slug_id, '-g[0-9]+$', '') where c.id > ${maxBefore}`;
      await tx.execute(sql`insert into property_images (property_id, key, position, width, height, widths, thumbhash, dominant, avif)
        select m.new_id, i.key, i.position, i.width, i.height, i.widths, i.thumbhash, i.dominant, i.avif from (${copy}) m join property_images i on i.property_id = m.old_id`);
      await tx.execute(sql`insert into assign_parameters (property_id, parameter_id, value)
        select m.new_id, a.parameter_id, a.value from (${copy}) m join assign_parameters a on a.property_id = m.old_id`);
      await tx.execute(sql`insert into assign_facilities (property_id, facility_id, distance)
        select m.new_id, f.facility_id, f.distance from (${copy}) m join assign_facilities f on f.property_id = m.old_id`);
    });
    if (round % 50 === 0) console.log(`${await n()} listings…`);
  }
  await db.execute(sql`analyze`);
  console.log(`${await n()} listings (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
await handle.close();
