// Searching the public listings at a portal's size: conditions on the narrow, trigger-kept
// listing_search table (schema.ts), a sample in memory that tells how many match, counts that are
// exact for a few and estimated for many, pages found by the plan that suits how many listings
// match, and misspelt words corrected against the listings' own words. Decisions 032 and 035 have
// the design and its figures.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { listingSample, listingSearch, listingText } from "../../../db/schema";
import { greatCircleKmSql } from "../../coordinates";
import type { GetPropertyQuery } from "./schema";

const L = listingSearch;
const SINCE_DAYS = { yesterday: 1, last_week: 7, last_month: 30, last_3_months: 90 } as const;

/** "Posted since" as a condition on a creation time column. */
export function postedSince(createdAt: SQL, since: string): SQL {
  const days = SINCE_DAYS[since as keyof typeof SINCE_DAYS];
  return sql`${createdAt} >= now() - make_interval(days => ${days})`;
}

/**
 * A map box and a circle around a point as conditions on a latitude and a longitude column (of
 * listing_search or of properties). With words (`text`) the box's longitude test is wrapped in
 * IS TRUE: listings cluster in cities, so latitude and longitude are far from independent and the
 * planner, multiplying their selectivities, expects a box over a city to hold ~20× fewer rows than
 * it does; with text search that mistake makes it read every listing in the box instead of
 * intersecting the box with the text index (60 ms instead of 8 ms on 100 000 listings). In IS TRUE
 * the longitude test gets a neutral estimate, which brings the box's close to the truth; it is
 * still checked, on rows the latitude index found.
 */
export function placeConditions(
  lat: SQL,
  lng: SQL,
  q: Pick<SearchFilters, "bbox" | "within_km" | "near_lat" | "near_lng">,
  text: boolean | "cells" = false,
): SQL[] {
  const where: SQL[] = [];
  // Where the place was found through its cells (searchConditions), every test here is checked on
  // the rows those found: IS TRUE keeps the latitude index out of it.
  const checked = (cond: SQL) => sql`(${cond}) is true`;
  if (q.bbox) {
    const { w, s, e, n } = q.bbox;
    const inLat = sql`${lat} between ${s} and ${n}`;
    where.push(text === "cells" ? checked(inLat) : inLat);
    // A box across the antimeridian has west > east.
    const inLng = w <= e ? sql`${lng} between ${w} and ${e}` : sql`(${lng} >= ${w} or ${lng} <= ${e})`;
    where.push(text ? checked(inLng) : inLng);
  }
  if (q.within_km !== undefined && q.near_lat !== undefined && q.near_lng !== undefined) {
    // The box around the circle finds candidates through the latitude index; the circle decides.
    const c = circleBox(q.near_lat, q.near_lng, q.within_km);
    const inLat = sql`${lat} between ${c.s} and ${c.n}`;
    where.push(text === "cells" ? checked(inLat) : inLat);
    where.push(sql`${lng} between ${c.w} and ${c.e}`);
    where.push(sql`${greatCircleKmSql(lat, lng, q.near_lat, q.near_lng)} <= ${q.within_km}`);
  }
  return where;
}

/** The box around a circle of `km` around a point. */
function circleBox(lat: number, lng: number, km: number) {
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { w: lng - dLng, s: lat - dLat, e: lng + dLng, n: lat + dLat };
}

/**
 * The grids of search_keys (migration 0033), finest first: each listing carries the cell it lies in
 * at each size (degrees), so that a place is a few keys of the same GIN index as its words and
 * tags, and one index scan intersects them all (a latitude band of the btree is a bitmap of every
 * listing at those latitudes across the region: 66 000 for Jeddah's, where the box holds a few).
 */
const CELL_LEVELS = [
  { key: "g4", size: 0.03125 },
  { key: "g3", size: 0.125 },
  { key: "g2", size: 0.5 },
  { key: "g1", size: 2 },
] as const;
/** A box is asked as at most this many cells; a larger one (a region) by its latitudes and longitudes. */
const MAX_CELLS = 24;

/**
 * The cells that cover a box at the finest grid where they are no more than MAX_CELLS, spelt as
 * search_keys spells them; null for a box too large for any grid or across the antimeridian.
 */
export function boxCells(box: { w: number; s: number; e: number; n: number }): string[] | null {
  if (box.w > box.e) return null;
  for (const { key, size } of CELL_LEVELS) {
    const [x0, x1, y0, y1] = [box.w, box.e, box.s, box.n].map((v) => Math.floor(v / size)) as [
      number,
      number,
      number,
      number,
    ];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) continue;
    const cells: string[] = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(`${key}:${x}:${y}`);
    return cells;
  }
  return null;
}

/** The grid cells of a search's box or circle (boxCells), or null. */
function placeCells(q: Pick<SearchFilters, "bbox" | "within_km" | "near_lat" | "near_lng">): string[] | null {
  if (q.bbox) return boxCells(q.bbox);
  if (q.within_km !== undefined && q.near_lat !== undefined && q.near_lng !== undefined)
    return boxCells(circleBox(q.near_lat, q.near_lng, q.within_km));
  return null;
}

/**
 * A search's box or circle as the grid cells that cover it, a condition for the GIN index of
 * listing_search and listing_text (with searchConditions' `cells`, which leaves the exact edges to
 * the rows found). Only for a statement that finds its rows through that index: tested row by row
 * it would cost a call of search_keys per row.
 */
export function placeKeys(
  q: Pick<SearchFilters, "bbox" | "within_km" | "near_lat" | "near_lng">,
): SQL | null {
  const cells = placeCells(q);
  return cells
    ? sql`search_keys(${L.id}, ${L.latitude}, ${L.longitude}) && ${`{${cells.join(",")}}`}::text[]`
    : null;
}

/** The filters search applies (everything but text, identity and order); the map uses them too. */
export type SearchFilters = Pick<
  GetPropertyQuery,
  | "category_id"
  | "category_slug_id"
  | "city"
  | "state"
  | "country"
  | "property_type"
  | "rentduration"
  | "min_price"
  | "max_price"
  | "posted_since"
  | "userid"
  | "facility_ids"
  | "max_distance"
  | "parameter_filters"
  | "bbox"
  | "promoted"
  | "users_promoted"
  | "near_lat"
  | "near_lng"
  | "within_km"
  | "is_admin"
  | "with_tour"
>;

/** Words of a search box → a prefix tsquery ("dub mar" → dub:* & mar:*), letters and digits only. */
export function searchWords(search: string): string[] {
  return search
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

export function prefixQuery(search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** A prefix that starts at most this many known words is asked as those words. */
const EXPAND_UP_TO = 16;

/**
 * The search's tsquery for listing_search, each word's prefix spelt out as the known words it
 * starts ("apartment" → apartment | apartments): the text index looks words up far faster than it
 * scans a prefix (50 ms against 125 ms for a word on 15 % of a million listings). Words the table
 * of words does not keep (under three characters, no letter) and prefixes of many words stay
 * prefixes, as do words it does not know at all.
 */
export async function listingQuery(db: Executor, search: string): Promise<string | null> {
  const words = searchWords(search);
  if (!words.length) return null;
  const parts = await Promise.all(
    words.map(async (word) => {
      if (word.length < 3 || !/\p{L}/u.test(word)) return `${word}:*`;
      const { rows } = await db.execute<{ word: string }>(
        sql`select word from search_words where word like ${`${word.replace(/[\\%_]/g, "\\$&")}%`} limit ${EXPAND_UP_TO + 1}`,
      );
      if (rows.length === 0 || rows.length > EXPAND_UP_TO) return `${word}:*`;
      // Quoted lexemes: a word is letters and digits only, but the quotes keep it literal.
      return `(${rows.map((r) => `'${r.word.replace(/'/g, "''")}'`).join(" | ")})`;
    }),
  );
  return parts.join(" & ");
}

/**
 * The filters as conditions on listing_search. Exact matches are tags, all asked in one `@>` so
 * that one GIN scan intersects them; ranges are columns. A category slug must be resolved to its
 * id first (resolveCategory): a sub-select would hide the value from the planner's statistics.
 */
export function searchConditions(
  q: SearchFilters & { text?: boolean; cells?: boolean },
  frequent: ReadonlySet<string> = new Set(),
): SQL[] {
  const where: SQL[] = [];
  const tags: SQL[] = [];
  const common: SQL[] = [];
  // Each tag with its spelling here, to tell the common ones (frequentTags) from the rest.
  // With words every tag is a key of the same index scan as the words (decision 035), where even a
  // common one only skips ahead.
  const tag = (value: SQL, spelt: string) => (frequent.has(spelt) && !q.text ? common : tags).push(value);
  if (q.category_id !== undefined) tag(sql`${`c:${q.category_id}`}`, `c:${q.category_id}`);
  // lower() of a constant is folded before planning, so the tag's frequency is still estimated.
  if (q.city) tag(sql`'ci:' || lower(${q.city})`, `ci:${q.city.toLowerCase()}`);
  if (q.state) tag(sql`'st:' || lower(${q.state})`, `st:${q.state.toLowerCase()}`);
  if (q.country) tag(sql`'co:' || lower(${q.country})`, `co:${q.country.toLowerCase()}`);
  if (q.property_type) tag(sql`${`t:${q.property_type}`}`, `t:${q.property_type}`);
  if (q.rentduration) tag(sql`${`rd:${q.rentduration}`}`, `rd:${q.rentduration}`);
  if (q.with_tour) tag(sql`'tour'`, "tour");
  for (const fid of q.facility_ids ?? []) {
    tag(sql`${`f:${fid}`}`, `f:${fid}`);
    if (q.max_distance !== undefined)
      where.push(sql`(${L.near} ->> ${String(fid)})::float8 <= ${q.max_distance}`);
  }
  for (const f of q.parameter_filters ?? []) {
    if (f.op === "eq")
      tag(
        sql`${`p:${f.id}=`} || lower(btrim(${f.value}))`,
        `p:${f.id}=${String(f.value).trim().toLowerCase()}`,
      );
    else
      where.push(
        sql`(${L.nums} ->> ${String(f.id)})::numeric ${f.op === "min" ? sql`>=` : sql`<=`} ${Number(f.value)}`,
      );
  }
  if (tags.length) where.push(sql`${L.tags} @> array[${sql.join(tags, sql`, `)}]::text[]`);
  // A tag most listings share (sale, a big country) narrows little, and its GIN posting list takes
  // longer to read than the rows the other conditions leave: it is checked on those rows instead
  // (IS TRUE keeps the index out of it, not the estimate).
  if (common.length) where.push(sql`(${L.tags} @> array[${sql.join(common, sql`, `)}]::text[]) is true`);
  if (q.min_price !== undefined) where.push(sql`${L.price} >= ${q.min_price}`);
  if (q.max_price !== undefined) where.push(sql`${L.price} <= ${q.max_price}`);
  if (q.posted_since) where.push(postedSince(sql`${L.created_at}`, q.posted_since));
  if (q.userid !== undefined) where.push(sql`${L.added_by} = ${q.userid}`);
  // Where the place is also asked as its cells (placeKeys), its edges are checked on the rows found.
  where.push(
    ...placeConditions(
      sql`${L.latitude}`,
      sql`${L.longitude}`,
      q,
      q.cells && placeCells(q) ? "cells" : q.text,
    ),
  );
  if (q.is_admin) where.push(sql`${L.added_by} in (select id from users where is_admin)`);
  if (q.promoted || q.users_promoted) {
    where.push(
      sql`exists (select 1 from advertisements a where a.property_id = ${L.id} and a.status = 'approved' and a.end_date > now())`,
    );
  }
  return where;
}

/** A tag on more than this share of the listings is checked on rows, not read from the index. */
const FREQUENT_TAG = 0.15;
let frequent: { tags: ReadonlySet<string>; at: number } | null = null;

/**
 * The tags on more than FREQUENT_TAG of the listings, from the planner's own statistics of the
 * table (kept by ANALYZE), read at most every ten minutes.
 */
export async function frequentTags(db: Executor): Promise<ReadonlySet<string>> {
  if (frequent && Date.now() - frequent.at < 600_000) return frequent.tags;
  const { rows } = await db.execute<{ elems: string[] | null; freqs: number[] | null }>(sql`
    select most_common_elems::text::text[] as elems, most_common_elem_freqs::float8[] as freqs
    from pg_stats where schemaname = current_schema() and tablename = 'listing_search' and attname = 'tags'`);
  const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
  const tags = new Set((elems ?? []).filter((_, i) => Number(freqs?.[i] ?? 0) > FREQUENT_TAG));
  frequent = { tags, at: Date.now() };
  return tags;
}

/** A category slug as its id (null: no such category, so nothing matches). */
export async function resolveCategory<Q extends SearchFilters>(db: Executor, q: Q): Promise<Q | null> {
  if (!q.category_slug_id) return q;
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from categories where slug_id = ${q.category_slug_id} limit 1`,
  );
  if (!rows[0]) return null;
  if (q.category_id !== undefined && q.category_id !== Number(rows[0].id)) return null;
  return { ...q, category_id: Number(rows[0].id), category_slug_id: undefined };
}

/**
 * Words as conditions (decision 034). A search with words reads listing_text, the same rows as
 * listing_search with the words, under listing_search's name (`rows`), so every condition written
 * for listing_search applies as it is and `match` and `rank` read the row's own words: one scan of
 * its GIN index of words, tags and grid cells then finds the rows that have them all (decision
 * 035); the sample (listing_sample) is read the same way. `check`
 * is for a statement on listing_search itself that tests row after row (a walk along an order's
 * index, a map's sample): it looks up that one row's words by id.
 */
export function textCondition(tsquery: string): { rows: SQL; match: SQL; check: SQL; rank: SQL } {
  const words = sql`to_tsquery('simple', ${tsquery})`;
  return {
    rows: sql`${listingText} as ${L}`,
    match: sql`${L}.search_vector @@ ${words}`,
    check: sql`(select t.search_vector @@ ${words} from ${listingText} t where t.id = ${L.id}) is true`,
    rank: sql`ts_rank(${L}.search_vector, ${words})`,
  };
}

/** Conditions joined by AND; none is true. */
export const allOf = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

/** How many rows match, counting no further than `cap`: a broad search stops at once. */
export async function countUpTo(
  db: Executor,
  where: SQL[],
  cap: number,
  from: SQL = sql`${L}`,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${from} where ${allOf(where)} limit ${cap}) c`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** listing_sample holds the listings whose id ends in 00: a hundredth of them. */
export const SAMPLE_SCALE = 100;

/**
 * How many listings of the sample (listing_sample, under listing_search's name so that every
 * condition applies as written) match the conditions and the words. A few milliseconds: its 1 % of
 * the listings stay in the server's memory, where a count over the whole catalogue reads every match.
 */
export async function sampleHits(
  db: Executor,
  where: SQL[],
  words: ReturnType<typeof textCondition> | null,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${listingSample} as ${L} where ${allOf(words ? [...where, words.match] : where)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

let tableSize: { rows: number; at: number } | null = null;

/** The planner's own row count of listing_search (kept by ANALYZE), read at most once a minute. */
export async function searchRows(db: Executor): Promise<number> {
  if (tableSize && Date.now() - tableSize.at < 60_000) return tableSize.rows;
  const { rows } = await db.execute<{ n: number }>(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'listing_search'::regclass`,
  );
  tableSize = { rows: Number(rows[0]?.n ?? 0), at: Date.now() };
  return tableSize.rows;
}

/** Two significant digits: an estimate should not look more precise than it is (330,000). */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** pg_trgm's own default for "similar": below it a guess would more often be wrong than right. */
const MIN_SIMILARITY = 0.3;

/**
 * A search's words as the catalogue spells them: each word that starts no word of any listing is
 * replaced by the most similar one that does (trigrams; the more common on a tie). Null when
 * nothing could be corrected.
 */
export async function correctSpelling(db: Executor, search: string): Promise<string | null> {
  const words = searchWords(search);
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    // Numbers and very short words are kept as typed: too little to guess from.
    if (word.length < 3 || !/\p{L}/u.test(word)) {
      out.push(word);
      continue;
    }
    const { rows: prefix } = await db.execute(
      sql`select 1 from search_words where word like ${`${word}%`} limit 1`,
    );
    if (prefix.length) {
      out.push(word);
      continue;
    }
    // Candidates start with the same letter and are about as long (a prefix range of the btree:
    // a trigram index over the words is avoided as the embedded database's misreads it), then the
    // most similar by trigrams wins, the more common on a tie.
    const { rows } = await db.execute<{ word: string; sim: number; ndoc: number }>(sql`
      select word, similarity(word, ${word})::float8 as sim, ndoc from search_words
      where word like ${`${word.slice(0, 1)}%`} and length(word) between ${word.length - 2} and ${word.length + 2}
      order by sim desc, ndoc desc, word limit 1`);
    const best = rows.map((r) => ({ word: r.word, sim: Number(r.sim) })).find((r) => r.sim >= MIN_SIMILARITY);
    if (!best) return null;
    changed = true;
    out.push(best.word);
  }
  return changed ? out.join(" ") : null;
}
