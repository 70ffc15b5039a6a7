// Makes a large catalogue for benchmarks, shaped like a real portal's rather than copies of the demo:
// every listing is written afresh by the demo catalogue's generator (titles and descriptions in
// English and Arabic, prices per place and kind, places across the demo countries, parameters,
// facilities), with a seed per batch, then given what a portal's text has and the demo's 360
// listings lack: a long tail of building names (a few very common, thousands seen a handful of
// times) and a reference code of its own. Owners are spread over many made-up agents, a few of
// them large; a small share is pending, rejected or switched off; dates run back two years.
// Usage: tsx scripts/generate-listings.ts --count 100000   (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../server/db/client.server";
import { seedDemo } from "../demo";
import { demoCatalog, mulberry32 } from "../demo/seed/catalog";
import { LocalDiskStorage } from "../server/media/storage.server";
import { quickPhoto } from "../tests/support/testing";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const target = Number(arg("count", "100000"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";
const BATCH = 5000;
const DAY = 86_400_000;

const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") },
);
const db = handle.db;
const started = Date.now();
const one = async (q: ReturnType<typeof sql>) => Number((await db.execute<{ n: number }>(q)).rows[0]!.n);
const count = () => one(sql`select count(*)::int as n from properties`);

if ((await count()) === 0) {
  await seedDemo(db, new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" }), {
    render: quickPhoto,
  });
}
const have = await count();
if (have >= target) {
  console.log(`Already ${have} listings.`);
  await handle.close();
  process.exit(0);
}

// ---- Reference data the demo seed made -------------------------------------------------------
const byName = async (q: ReturnType<typeof sql>) =>
  new Map((await db.execute<{ k: string; id: number }>(q)).rows.map((r) => [r.k, Number(r.id)]));
const categoryId = await byName(sql`select slug_id as k, id from categories`);
const parameterId = await byName(sql`select name as k, id from parameters`);
const facilityId = await byName(sql`select name as k, id from facilities`);
const catalog0 = demoCatalog(1, 0);
const paramKeyId = new Map(catalog0.parameters.map((p) => [p.key, parameterId.get(p.name.en)!]));
const facilityKeyId = new Map(catalog0.facilities.map((f) => [f.key, facilityId.get(f.name.en)!]));
const demoOwners = (
  await db.execute<{ id: number }>(
    sql`select id from users where firebase_id like 'demo-%' and not is_admin order by id`,
  )
).rows.map((r) => Number(r.id));
const demoMaxId = await one(
  sql`select max(id)::int as n from properties where slug_id !~ '-g[0-9]+x[0-9]+$'`,
);
type Photo = {
  key: string;
  width: number;
  height: number;
  widths: number[];
  thumbhash: string | null;
  dominant: string | null;
  avif: boolean;
};
const photoByKey = new Map<string, Photo>();
for (const r of (
  await db.execute<Photo>(
    sql`select distinct on (key) key, width, height, widths, thumbhash, dominant, avif from property_images where property_id <= ${demoMaxId} order by key`,
  )
).rows)
  photoByKey.set(r.key, r);
const photoPool = [...photoByKey.values()];

// ---- Many owners: made-up agents, created once ---------------------------------------------------
const agentsWanted = Math.max(50, Math.round(target / 40));
const agentsHave = await one(
  sql`select count(*)::int as n from users where firebase_id like 'bench-agent-%'`,
);
if (agentsHave < agentsWanted) {
  await db.execute(sql`insert into users (firebase_id, name, email, type, verification_status)
    select 'bench-agent-' || g, 'Agent ' || g, 'agent' || g || '@bench.souq.test', case when g % 9 = 0 then 'owner' else 'agent' end,
      (case when g % 3 = 0 then 'success' else 'initial' end)::verification_status
    from generate_series(${agentsHave + 1}::int, ${agentsWanted}::int) g`);
}
const agents = (
  await db.execute<{ id: number }>(
    sql`select id from users where firebase_id like 'bench-agent-%' order by id`,
  )
).rows.map((r) => Number(r.id));

// ---- The long tail of a portal's words -----------------------------------------------------------
const EN_A = [
  "Al",
  "Bay",
  "Mar",
  "Sun",
  "Zah",
  "Nakh",
  "Riv",
  "Oas",
  "Jum",
  "Qas",
  "Ward",
  "Yas",
  "Lul",
  "Dan",
  "Cres",
  "Pal",
  "Aur",
  "Kha",
  "Sid",
  "Mir",
  "Fal",
  "Ghaz",
  "Hes",
  "Nur",
  "Tal",
  "Vist",
  "Wav",
  "Zin",
  "Cor",
  "Emb",
];
const EN_B = [
  "a",
  "ia",
  "era",
  "ora",
  "an",
  "eel",
  "ira",
  "yat",
  "ood",
  "een",
  "aris",
  "ano",
  "ella",
  "ique",
  "amar",
  "ton",
  "vale",
  "mont",
];
const EN_C = [
  "Tower",
  "Residences",
  "Heights",
  "Gardens",
  "Court",
  "Plaza",
  "Villas",
  "Park",
  "Point",
  "House",
  "Terraces",
  "Lofts",
];
const AR_A = ["الن", "الر", "الف", "الس", "الم", "الش", "الب", "الو", "الز", "الق", "اله", "الج"];
const AR_B = ["خيل", "ياض", "جر", "ماء", "روج", "لال", "حر", "ردة", "هور", "صر", "دى", "بيل", "وسن", "يم"];
const AR_C = ["برج", "مساكن", "حدائق", "أبراج", "واحة", "ضاحية"];
/** A skewed pick: index 0 most often, the last rarely (a Zipf-like long tail). */
const skewed = (n: number, r: number) => Math.min(n - 1, Math.floor(n * r ** 3));
function building(r: () => number, lang: "en" | "ar", i: number): string {
  if (lang === "en") {
    const a = EN_A[skewed(EN_A.length, r())]!,
      b = EN_B[skewed(EN_B.length, r())]!,
      c = EN_C[i % EN_C.length]!;
    return `${a}${b} ${c}`;
  }
  const a = AR_A[skewed(AR_A.length, r())]!,
    b = AR_B[skewed(AR_B.length, r())]!,
    c = AR_C[i % AR_C.length]!;
  return `${c} ${a}${b}`;
}
function reference(r: () => number): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `${letters[Math.floor(r() * 24)]}${letters[Math.floor(r() * 24)]}-${Math.floor(10000 + r() * 89999)}`;
}
async function insertBatch(db: Database, batch: number, n: number) {
  const c = demoCatalog(7_000 + batch, n);
  const r = mulberry32(91_000 + batch);
  const now = Date.now();
  const cols = {
    slug: [] as string[],
    title: [] as string[],
    description: [] as string[],
    category: [] as number[],
    owner: [] as number[],
    type: [] as string[],
    duration: [] as (string | null)[],
    price: [] as number[],
    city: [] as string[],
    state: [] as string[],
    country: [] as string[],
    address: [] as string[],
    lat: [] as number[],
    lng: [] as number[],
    video: [] as (string | null)[],
    metaTitle: [] as string[],
    metaDescription: [] as string[],
    metaKeywords: [] as string[],
    titleImage: [] as string[],
    premium: [] as boolean[],
    request: [] as string[],
    status: [] as string[],
    propertyStatus: [] as string[],
    clicks: [] as number[],
    tour: [] as boolean[],
    created: [] as string[],
  };
  c.properties.forEach((p, i) => {
    const city = c.cities[p.cityIndex]!;
    const tail = r() < 0.6 ? building(r, p.lang, i) : null;
    const ref = reference(r);
    // Two years back, most of it recent: a portal's listings are renewed or expire.
    const days = r() < 0.2 ? p.postedDaysAgo + r() * 330 : p.postedDaysAgo;
    const created = new Date(now - days * DAY - Math.floor(r() * DAY));
    const state = r();
    cols.slug.push(`${p.slug}-g${batch}x${i}`);
    cols.title.push(tail && r() < 0.5 ? `${p.title} | ${tail}` : p.title);
    cols.description.push(
      `${p.description}${tail ? (p.lang === "en" ? ` Building: ${tail}.` : ` المبنى: ${tail}.`) : ""} ${p.lang === "en" ? "Ref" : "المرجع"} ${ref}`,
    );
    cols.category.push(categoryId.get(p.categoryKey)!);
    cols.owner.push(
      r() < 0.25 ? demoOwners[p.ownerIndex % demoOwners.length]! : agents[skewed(agents.length, r())]!,
    );
    cols.type.push(p.propertyType);
    cols.duration.push(p.rentduration);
    // Prices spread a little around the generator's, so that equal prices are rare as on a portal.
    cols.price.push(Math.round(p.price * (0.85 + r() * 0.3)));
    cols.city.push(city.city.en);
    cols.state.push(city.state.en);
    cols.country.push(city.country.en);
    cols.address.push(p.address);
    cols.lat.push(p.latitude + (r() - 0.5) * 0.01);
    cols.lng.push(p.longitude + (r() - 0.5) * 0.01);
    cols.video.push(p.videoLink);
    cols.metaTitle.push(p.metaTitle);
    cols.metaDescription.push(p.metaDescription);
    cols.metaKeywords.push(p.metaKeywords);
    cols.titleImage.push(`demo/${p.photos[0]}-${p.photoVariants[0]}`);
    cols.premium.push(p.isPremium);
    cols.request.push(state < 0.02 ? "pending" : state < 0.03 ? "rejected" : "approved");
    cols.status.push(state > 0.97 ? "inactive" : "active");
    cols.propertyStatus.push(p.propertyStatus);
    cols.clicks.push(p.views);
    // About one listing in a hundred has a virtual tour, as on the portals that offer them.
    cols.tour.push(r() < 0.01);
    cols.created.push(created.toISOString());
  });
  await db.transaction(async (tx) => {
    // The search table's triggers would refresh each listing three times (the listing, then its
    // parameters, then its facilities) and the foreign keys check what this script just read:
    // replica mode skips both, and one refresh at the end writes the batch's search rows.
    await tx.execute(sql`set local session_replication_role = replica`);
    const ids = (
      await tx.execute<{ id: number; slug_id: string }>(sql`
      insert into properties (slug_id, title, description, category_id, added_by, property_type, rentduration, price, city, state, country, address,
        latitude, longitude, video_link, meta_title, meta_description, meta_keywords, title_image, is_premium, request_status, status, property_status,
        total_click, has_tour, created_at, updated_at)
      select s, t, d, c, o, ty::property_type, du::rent_duration, pr, ci, st, co, ad, la, lo, v, mt, md, mk, ti, pm, rq::request_status, ss::listing_status,
        ps::property_status, cl, tr, cr, cr
      from unnest(${sql.param(cols.slug)}::text[], ${sql.param(cols.title)}::text[], ${sql.param(cols.description)}::text[], ${sql.param(cols.category)}::int[], ${sql.param(cols.owner)}::int[], ${sql.param(cols.type)}::text[],
        ${sql.param(cols.duration)}::text[], ${sql.param(cols.price)}::numeric[], ${sql.param(cols.city)}::text[], ${sql.param(cols.state)}::text[], ${sql.param(cols.country)}::text[], ${sql.param(cols.address)}::text[],
        ${sql.param(cols.lat)}::float8[], ${sql.param(cols.lng)}::float8[], ${sql.param(cols.video)}::text[], ${sql.param(cols.metaTitle)}::text[], ${sql.param(cols.metaDescription)}::text[], ${sql.param(cols.metaKeywords)}::text[],
        ${sql.param(cols.titleImage)}::text[], ${sql.param(cols.premium)}::bool[], ${sql.param(cols.request)}::text[], ${sql.param(cols.status)}::text[], ${sql.param(cols.propertyStatus)}::text[], ${sql.param(cols.clicks)}::int[],
        ${sql.param(cols.tour)}::bool[], ${sql.param(cols.created)}::timestamptz[]) as u(s, t, d, c, o, ty, du, pr, ci, st, co, ad, la, lo, v, mt, md, mk, ti, pm, rq, ss, ps, cl, tr, cr)
      returning id, slug_id`)
    ).rows;
    const idOf = new Map(ids.map((x) => [x.slug_id, Number(x.id)]));
    const img = { id: [] as number[], key: [] as string[], pos: [] as number[] };
    const prm = { id: [] as number[], param: [] as number[], value: [] as string[] };
    const fac = { id: [] as number[], facility: [] as number[], distance: [] as number[] };
    c.properties.forEach((p, i) => {
      const id = idOf.get(cols.slug[i]!)!;
      // The first three photos: the card shows one, the gallery a few (copies of the demo's files).
      p.photos.slice(0, 3).forEach((kind, position) => {
        const photo =
          photoByKey.get(`demo/${kind}-${p.photoVariants[position]}`) ??
          photoPool[Math.floor(r() * photoPool.length)]!;
        img.id.push(id);
        img.key.push(photo.key);
        img.pos.push(position);
      });
      for (const v of p.parameters) {
        prm.id.push(id);
        prm.param.push(paramKeyId.get(v.key)!);
        prm.value.push(v.value);
      }
      for (const f of p.facilities) {
        fac.id.push(id);
        fac.facility.push(facilityKeyId.get(f.key)!);
        fac.distance.push(f.distance);
      }
    });
    // The files' sizes and placeholders come from the demo's own rows of the same files.
    await tx.execute(sql`insert into property_images (property_id, key, position, width, height, widths, thumbhash, dominant, avif)
      select u.id, u.key, u.pos, f.width, f.height, f.widths, f.thumbhash, f.dominant, f.avif
      from unnest(${sql.param(img.id)}::int[], ${sql.param(img.key)}::text[], ${sql.param(img.pos)}::int[]) as u(id, key, pos)
      join (select distinct on (key) * from property_images where property_id <= ${demoMaxId}) f on f.key = u.key`);
    await tx.execute(sql`insert into assign_parameters (property_id, parameter_id, value)
      select * from unnest(${sql.param(prm.id)}::int[], ${sql.param(prm.param)}::int[], ${sql.param(prm.value)}::text[])`);
    await tx.execute(sql`insert into assign_facilities (property_id, facility_id, distance)
      select * from unnest(${sql.param(fac.id)}::int[], ${sql.param(fac.facility)}::int[], ${sql.param(fac.distance)}::float8[])`);
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`select listing_search_refresh(${sql.param(ids.map((x) => Number(x.id)))}::int[])`);
  });
}

const batches = await one(sql`select count(*)::int as n from properties where slug_id ~ '-g[0-9]+x[0-9]+$'`);
let batch = Math.floor(batches / BATCH) + 1;
for (let n = have; n < target; batch++) {
  const size = Math.min(BATCH, target - n);
  await insertBatch(db, batch, size);
  n += size;
  if (batch % 20 === 0) console.log(`${n} listings… (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
// As autovacuum would on a server: statistics, and the visibility map that lets counts read indexes only.
await db.execute(sql`vacuum analyze`);
console.log(`${await count()} listings (${((Date.now() - started) / 1000).toFixed(0)} s)`);
await handle.close();
