// Saved searches of one person: saved, listed, renamed, re-timed, switched off, deleted. Only their
// owner sees or changes them; someone else's is "not found" (its existence is nobody else's business).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { categories, savedSearches } from "../../db/schema";
import { ApiError } from "../envelope";
import { withEnglishPlaces } from "../places";
import { getPropertySchema, type GetPropertyQuery } from "../listings/property/schema";
import { columnsOf } from "./anchors";
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  type AlertFrequency,
  type SaveSearchInput,
} from "./schema";
import { readUnsubscribeToken } from "./token";

export type FilterValue = string | number | (string | number)[];

/**
 * What `saved_searches.query` holds: the search in get_property's own fields (so the list's SQL can
 * check it again), the list page's query string for its link, and the language it was saved in
 * (alert emails are written in it).
 */
export type StoredQuery = {
  filters: Record<string, FilterValue>;
  page: string;
  lang: string;
};

const NOT_FOUND = () => new ApiError(404, SAVED_SEARCH_MESSAGES.notFound);

/** The searched-for part of the input, in get_property's input form (numbers, "w,s,e,n", "id:op:value"). */
function filtersOf(q: SaveSearchInput & { category_id?: number }): Record<string, FilterValue> {
  const f: Record<string, FilterValue> = {};
  if (q.category_id !== undefined) f.category_id = q.category_id;
  if (q.city) f.city = q.city;
  if (q.state) f.state = q.state;
  if (q.country) f.country = q.country;
  if (q.property_type) f.property_type = q.property_type;
  if (q.rentduration) f.rentduration = q.rentduration;
  if (q.min_price !== undefined) f.min_price = q.min_price;
  if (q.max_price !== undefined) f.max_price = q.max_price;
  if (q.search) f.search = q.search;
  if (q.facility_ids?.length) f.facility_ids = [...new Set(q.facility_ids)];
  if (q.facility_ids?.length && q.max_distance !== undefined) f.max_distance = q.max_distance;
  if (q.parameter_filters?.length)
    f.parameter_filters = q.parameter_filters.map((p) => `${p.id}:${p.op}:${p.value}`);
  if (q.bbox) f.bbox = [q.bbox.w, q.bbox.s, q.bbox.e, q.bbox.n].join(",");
  // A position alone only measures distances; with a radius it is a filter.
  if (q.within_km !== undefined && q.near_lat !== undefined && q.near_lng !== undefined)
    Object.assign(f, { near_lat: q.near_lat, near_lng: q.near_lng, within_km: q.within_km });
  if (q.is_admin) f.is_admin = "1";
  if (q.with_tour) f.with_tour = "1";
  if (q.promoted) f.promoted = "1";
  if (q.users_promoted) f.users_promoted = "1";
  return f;
}

/** Stored filters read back as the list reads them. */
export function searchFiltersOf(stored: Record<string, unknown>): GetPropertyQuery {
  const parsed = getPropertySchema.safeParse((stored as Partial<StoredQuery>).filters ?? {});
  // Written by filtersOf from a valid input: unreadable only if get_property's rules changed since;
  // such a search then matches nothing (no category has that id) rather than everything.
  if (!parsed.success) return getPropertySchema.parse({ category_id: 2 ** 31 - 1 });
  return parsed.data;
}

/** The list page's query string for a search: the one it was saved from, else its filters. */
function pageQueryOf(filters: Record<string, FilterValue>, given: string | undefined): string {
  const qs = new URLSearchParams();
  if (given !== undefined) {
    for (const [k, v] of new URLSearchParams(given.trim().replace(/^\?/, "")))
      if (!["page", "offset", "limit"].includes(k) && v !== "") qs.append(k, v);
  } else {
    for (const [k, v] of Object.entries(filters)) for (const item of [v].flat()) qs.append(k, String(item));
  }
  return qs.toString();
}

type Row = typeof savedSearches.$inferSelect & { new_matches: number };

function view(row: Row) {
  const q = row.query as Partial<StoredQuery>;
  return {
    id: row.id,
    name: row.name,
    query: q.filters ?? {},
    page_query: q.page ?? "",
    frequency: row.frequency,
    alerts_on: row.alerts_on,
    new_matches: row.new_matches,
    last_sent_at: row.last_sent_at,
    created_at: row.created_at,
  };
}
export type SavedSearchView = ReturnType<typeof view>;

const NEW_MATCHES = sql<number>`(select count(*)::int from saved_search_hits h where h.search_id = ${savedSearches.id} and h.created_at > now() - interval '7 days')`;

export async function savedSearchesOf(db: Executor, userId: number): Promise<SavedSearchView[]> {
  const rows = await db
    .select({ s: savedSearches, new_matches: NEW_MATCHES })
    .from(savedSearches)
    .where(eq(savedSearches.user_id, userId))
    .orderBy(desc(savedSearches.created_at), desc(savedSearches.id));
  return rows.map((r) => view({ ...r.s, new_matches: r.new_matches }));
}

export async function savedSearchOf(db: Executor, userId: number, id: number): Promise<SavedSearchView> {
  const [row] = await db
    .select({ s: savedSearches, new_matches: NEW_MATCHES })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)));
  if (!row) throw NOT_FOUND();
  return view({ ...row.s, new_matches: row.new_matches });
}

export async function saveSearch(
  db: Executor,
  userId: number,
  input: SaveSearchInput,
  lang: string,
): Promise<SavedSearchView> {
  // Stored as listings store them: places by their English name, a category by its id.
  const q = await withEnglishPlaces(db, input);
  let categoryId = q.category_id;
  if (categoryId === undefined && q.category_slug_id) {
    const [cat] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug_id, q.category_slug_id))
      .limit(1);
    if (!cat) throw new ApiError(400, "Category not found", { category_slug_id: ["Category not found"] });
    categoryId = cat.id;
  }
  const filters = filtersOf({ ...q, category_id: categoryId });
  const columns = columnsOf(searchFiltersOf({ filters }));
  const query: StoredQuery = { filters, page: pageQueryOf(filters, input.page_query), lang };
  return db.transaction(async (tx) => {
    // One person's saves one at a time, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}, 1802)`);
    // The same search under the same name is the one save sent twice (a form posted again without
    // JavaScript, a resend on a weak signal): answered with the search already saved (decision 046).
    const [same] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.user_id, userId),
          eq(savedSearches.name, input.name),
          sql`${savedSearches.query} = ${JSON.stringify(query)}::jsonb`,
        ),
      )
      .limit(1);
    if (same) return savedSearchOf(tx, userId, same.id);
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.user_id, userId));
    if ((n?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new ApiError(409, SAVED_SEARCH_MESSAGES.limit);
    const [row] = await tx
      .insert(savedSearches)
      .values({ user_id: userId, name: input.name, frequency: input.frequency, query, ...columns })
      .returning();
    return view({ ...row!, new_matches: 0 });
  });
}

export async function updateSearch(
  db: Executor,
  userId: number,
  id: number,
  changes: { name?: string; frequency?: AlertFrequency; alerts_on?: boolean },
) {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updated_at: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)))
    .returning({ id: savedSearches.id });
  if (!row) throw NOT_FOUND();
  return savedSearchOf(db, userId, id);
}

export async function deleteSearch(db: Executor, userId: number, id: number) {
  const found = await savedSearchOf(db, userId, id);
  // Its hits go with it (foreign key, on delete cascade).
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.user_id, userId)))
    .returning({ id: savedSearches.id });
  if (!gone.length) throw NOT_FOUND();
  return found;
}

/** The email's unsubscribe link: alerts off (or back on) for the searches it names, no sign-in needed. */
export async function setAlertsByToken(db: Executor, token: string, alertsOn: boolean) {
  const named = readUnsubscribeToken(token);
  if (!named) throw new ApiError(400, SAVED_SEARCH_MESSAGES.token, { token: [SAVED_SEARCH_MESSAGES.token] });
  const rows = await db
    .update(savedSearches)
    .set({ alerts_on: alertsOn, updated_at: new Date() })
    .where(and(inArray(savedSearches.id, named.searchIds), eq(savedSearches.user_id, named.userId)))
    .returning({ id: savedSearches.id, name: savedSearches.name });
  if (!rows.length) throw NOT_FOUND();
  return { alerts_on: alertsOn, searches: rows.sort((a, b) => a.id - b.id) };
}
