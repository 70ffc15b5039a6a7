// Which saved searches a listing matches, found from the listing's side through the anchors' GIN
// index (anchors.ts), every condition then checked in SQL against the one listing row. The matches
// are written as hits, once per search and listing (the hits' primary key): a listing going live
// again, or dropping its price after the search heard of it, writes nothing new.
import { and, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { filterConditions, type ListingFilters } from "../listings/property/service";
import { greatCircleKmSql } from "../coordinates";
import { listingKeys, type ListingForKeys } from "./anchors";
import type { ListingEventKind } from "./events";
import { searchFiltersOf } from "./service";

export type MatchedListing = {
  id: number;
  title: string;
  slug_id: string;
  price: number;
  city: string;
  added_by: number;
};

/** A search that heard of the listing for the first time. */
export type NewHit = {
  search_id: number;
  user_id: number;
  name: string;
  frequency: "instant" | "daily" | "weekly";
};

type ListingRow = ListingForKeys & MatchedListing;

/** The public listing with what its keys are made of, or null if it is not public (any more). */
export async function listingForMatch(db: Executor, propertyId: number): Promise<ListingRow | null> {
  const { rows } = await db.execute<ListingRow>(sql`
    select p.id, p.title, p.slug_id, p.price::float8 as price, p.city, p.state, p.country, p.category_id, p.property_type,
           p.latitude, p.longitude, p.added_by,
           array(select distinct left(lexeme, 3) from unnest(p.search_vector)) as prefixes
    from properties p
    where p.id = ${propertyId} and p.request_status = 'approved' and p.status = 'active'`);
  return rows[0] ?? null;
}

/**
 * The conditions of a saved search `s` on the listing `l`, in SQL: the scalar columns of the
 * search, its map box or circle, its words (the list's own prefix tsquery on the listing's
 * search_vector). The same tests as the list (filterConditions), row against row. Whether the
 * search's owner may be told (an account switched off) is asked only when something is sent.
 */
const CONDITIONS = sql`
      s.alerts_on
  and s.user_id <> l.added_by
  and (s.category_id is null or s.category_id = l.category_id)
  and (s.city is null or s.city = lower(l.city))
  and (s.state is null or s.state = lower(l.state))
  and (s.country is null or s.country = lower(l.country))
  and (s.property_type is null or s.property_type = l.property_type)
  and (s.rentduration is null or s.rentduration = l.rentduration)
  and (s.min_price is null or l.price >= s.min_price)
  and (s.max_price is null or l.price <= s.max_price)
  and (s.box_s is null or (l.latitude between s.box_s and s.box_n
       and case when s.box_w <= s.box_e then l.longitude between s.box_w and s.box_e else l.longitude >= s.box_w or l.longitude <= s.box_e end))
  and (s.near_km is null or (
       l.latitude between s.near_lat - s.near_km / 111.32 and s.near_lat + s.near_km / 111.32
       and l.longitude between s.near_lng - s.near_km / (111.32 * greatest(0.01, cos(radians(s.near_lat))))
                           and s.near_lng + s.near_km / (111.32 * greatest(0.01, cos(radians(s.near_lat))))
       and ${greatCircleKmSql(sql`l.latitude`, sql`l.longitude`, sql`s.near_lat`, sql`s.near_lng`)} <= s.near_km))
  and (s.tsquery is null or l.search_vector @@ to_tsquery('simple', s.tsquery))`;

/**
 * Matches one listing against every saved search and writes the new hits. `since`: only searches
 * saved before the event count (a search saved after the listing went live found it on its page).
 * Searches with parameter or facility filters are checked last with the list's own SQL.
 */
export async function matchListing(
  tx: Executor,
  propertyId: number,
  kind: ListingEventKind,
  since: Date = new Date(),
): Promise<{ listing: MatchedListing | null; hits: NewHit[] }> {
  const listing = await listingForMatch(tx, propertyId);
  if (!listing) return { listing: null, hits: [] };
  const keys = listingKeys(listing);
  const reason = kind === "price_drop" ? "price_drop" : "new";
  // One statement: the candidates through the GIN index, rechecked against the listing row; those
  // needing no more are written as hits at once, the others come back for the full check. The keys
  // reach the planner as a subquery's result, not a constant: estimating "shares one of 90 keys"
  // from the column's statistics, it would sometimes expect a large share of the table and read it
  // all (140 ms instead of 10 on 100 000 searches); unseen keys get a small default estimate and
  // the index, which is right for every listing.
  const { rows } = await tx.execute<
    NewHit & { needs_full_check: boolean; query: Record<string, unknown>; written: boolean }
  >(sql`
    with c as (
      select s.id, s.user_id, s.name, s.frequency, s.needs_full_check, s.query
      from saved_searches s
      join properties l on l.id = ${propertyId}
      where s.anchors && array(select unnest(${sql.param(keys)}::text[]))
        and s.created_at <= ${since.toISOString()}::timestamptz
        and ${CONDITIONS}
    ),
    written as (
      insert into saved_search_hits (search_id, property_id, reason)
      select c.id, ${propertyId}, ${reason} from c where not c.needs_full_check
      on conflict do nothing
      returning search_id
    )
    select c.id as search_id, c.user_id, c.name, c.frequency, false as needs_full_check, null::jsonb as query, true as written
      from written join c on c.id = written.search_id
    union all
    select c.id, c.user_id, c.name, c.frequency, true, c.query, false from c where c.needs_full_check`);
  const hits: NewHit[] = rows
    .filter((r) => r.written)
    .map(({ search_id, user_id, name, frequency }) => ({ search_id, user_id, name, frequency }));
  const toCheck = rows.filter((r) => !r.written);
  if (toCheck.length) {
    const passed = await fullCheck(tx, propertyId, toCheck);
    if (passed.length) {
      const { rows: written } = await tx.execute<{ search_id: number }>(sql`
        insert into saved_search_hits (search_id, property_id, reason)
        select unnest(${sql.param(passed.map((r) => r.search_id))}::int[]), ${propertyId}, ${reason}
        on conflict do nothing
        returning search_id`);
      const fresh = new Set(written.map((w) => Number(w.search_id)));
      for (const r of passed)
        if (fresh.has(r.search_id))
          hits.push({ search_id: r.search_id, user_id: r.user_id, name: r.name, frequency: r.frequency });
    }
  }
  return { listing, hits };
}

/** The filters the SQL above cannot test (other tables, the owner, advertisements). */
const EXTRA = [
  "parameter_filters",
  "facility_ids",
  "max_distance",
  "is_admin",
  "with_tour",
  "promoted",
  "users_promoted",
] as const;

/**
 * The searches whose own list conditions for parameters, facilities and the like find this listing
 * (every other condition was tested above). Many searches share those (three bedrooms or more):
 * each distinct set is tested once, all of them in one statement, with the list's own SQL.
 */
async function fullCheck<T extends { search_id: number; query: Record<string, unknown> }>(
  tx: Executor,
  propertyId: number,
  candidates: T[],
): Promise<T[]> {
  const extraOf = (c: T) => {
    const all = searchFiltersOf(c.query);
    return Object.fromEntries(
      EXTRA.filter((k) => all[k] !== undefined && all[k] !== false).map((k) => [k, all[k]]),
    ) as unknown as ListingFilters;
  };
  const bySignature = new Map<string, { filters: ListingFilters; searches: T[] }>();
  for (const c of candidates) {
    const filters = extraOf(c);
    const key = JSON.stringify(filters);
    const group = bySignature.get(key) ?? { filters, searches: [] };
    group.searches.push(c);
    bySignature.set(key, group);
  }
  const groups = [...bySignature.values()];
  const passed: T[] = [];
  for (let i = 0; i < groups.length; i += 50) {
    const chunk = groups.slice(i, i + 50);
    const tests = chunk.map(
      (g, j) =>
        sql`select ${i + j}::int as g where exists (select 1 from properties where properties.id = ${propertyId} and ${and(...filterConditions(g.filters))})`,
    );
    const { rows } = await tx.execute<{ g: number }>(sql.join(tests, sql` union all `));
    for (const r of rows) passed.push(...groups[Number(r.g)]!.searches);
  }
  return passed;
}
