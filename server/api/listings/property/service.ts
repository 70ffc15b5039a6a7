// Reading listings: the one query behind the list, the detail, featured and similar listings.
import { imageView } from "../../image-view";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { iconUrl } from "../../../media/icons";
import { categoryColumns, categoryRef, type CategoryJoin } from "../category-ref";
import { placeLabels, withEnglishPlaces } from "../../places";
import type { Executor } from "../../../db/client.server";
import {
  categories,
  listingSearch,
  parameters,
  properties,
  propertyDocuments,
  propertyImages,
  users,
} from "../../../db/schema";
import type { FileStorage } from "../../../media/storage.server";
import { localize } from "../../i18n";
import { parameterKey } from "../../categories/parameter-key";
import type { GetPropertyQuery } from "./schema";
import { EXACT_COUNT_UP_TO } from "./contract";
import {
  allOf,
  correctSpelling,
  frequentTags,
  listingQuery,
  placeConditions,
  placeKeys,
  postedSince,
  resolveCategory,
  roundEstimate,
  SAMPLE_SCALE,
  sampleHits,
  searchConditions,
  searchRows,
  textCondition,
  type SearchFilters as ListingFilters,
} from "./search";
import { missingFeatureGate, packageCheck } from "../../packages/quota";
import { contactFields } from "../../leads/contract";
import { greatCircleMeters } from "../../maps/travel";

const p = properties;

/** Listings the public may see: approved by the admin and switched on by the owner. */
const visible = and(eq(p.request_status, "approved"), eq(p.status, "active"))!;

// Qualified by hand: inside a subquery an unqualified "id" would bind to the subquery's table.
const promotedNow = sql<boolean>`exists (select 1 from advertisements a where a.property_id = "properties"."id" and a.status = 'approved' and a.end_date > now())`;
const likes = sql<number>`(select count(*)::int from favourites f where f.property_id = "properties"."id")`;

// What a card shows besides its row, read in the same statement as JSON: one round trip for a page of
// cards instead of one per table (a page makes several lists; each round trip costs both processes).
type CardImage = {
  key: string;
  widths: number[];
  width: number;
  height: number;
  thumbhash: string | null;
  dominant: string | null;
  avif: boolean;
};
type CardParameter = {
  value: string;
  id: number;
  name: string;
  type_of_parameter: (typeof parameters.$inferSelect)["type_of_parameter"];
  type_values: { value: string; translations: Record<string, string> }[];
  unit: string | null;
  image: string | null;
  translations: Record<string, Record<string, string>>;
};
type CardFacility = {
  distance: number;
  id: number;
  name: string;
  image: string | null;
  translations: Record<string, Record<string, string>>;
};
const titleImage = sql<CardImage | null>`(select json_build_object('key', i.key, 'widths', i.widths, 'width', i.width, 'height', i.height, 'thumbhash', i.thumbhash, 'dominant', i.dominant, 'avif', i.avif)
  from property_images i where i.property_id = "properties"."id" and i.position = 0 limit 1)`;
const cardParameters = sql<
  CardParameter[]
>`(select coalesce(json_agg(json_build_object('value', ap.value, 'id', pr.id, 'name', pr.name, 'type_of_parameter', pr.type_of_parameter,
  'type_values', pr.type_values, 'unit', pr.unit, 'image', pr.image, 'translations', pr.translations) order by pr.id), '[]')
  from assign_parameters ap join parameters pr on pr.id = ap.parameter_id where ap.property_id = "properties"."id")`;
const cardFacilities = sql<
  CardFacility[]
>`(select coalesce(json_agg(json_build_object('distance', af.distance, 'id', fa.id, 'name', fa.name, 'image', fa.image, 'translations', fa.translations)
  order by af.distance, fa.id), '[]') from assign_facilities af join facilities fa on fa.id = af.facility_id where af.property_id = "properties"."id")`;

export { prefixQuery } from "./search";

export interface ListOptions {
  lang: string;
  storage: FileStorage;
  /** The signed-in caller, to mark their favourites. */
  viewerId?: number | null;
  /** The caller is an admin: owners' phone and email are shown (decision 023). */
  admin?: boolean;
  /** Where the person is: each card says how far it is (`distance_km`). */
  origin?: { lat: number; lng: number } | null;
}

/** A listing with what every card shows: category, owner, promoted now, favourites. */
function selectRows(db: Executor) {
  return db
    .select({
      p,
      category: categoryColumns,
      owner: {
        id: users.id,
        name: users.name,
        profile: users.profile,
        type: users.type,
        mobile: users.mobile,
        email: users.email,
        verification_status: users.verification_status,
        is_admin: users.is_admin,
      },
      promoted: promotedNow,
      favourites_count: likes,
      title_image: titleImage,
      params: cardParameters,
      facs: cardFacilities,
    })
    .from(p)
    .innerJoin(categories, eq(categories.id, p.category_id))
    .innerJoin(users, eq(users.id, p.added_by))
    .$dynamic();
}

/** Cards of these listings, in this order, in one query (the caller decides which and in what order). */
export async function propertyCards(db: Executor, ids: number[], opts: ListOptions, withGallery = false) {
  if (!ids.length) return [];
  const shaped = await shapeListings(db, await selectRows(db).where(inArray(p.id, ids)), {
    ...opts,
    withGallery,
  });
  const byId = new Map(shaped.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Listing = Awaited<ReturnType<typeof shapeListings>>[number];

/**
 * Everyone's listings as one signed-in person sees them: their favourites marked, and the premium
 * gate that tells them how to open a premium listing. The few listings that differ in more than
 * that for them (their own, and premium ones they have a package for) are read again for them.
 * Null for an admin, who sees every owner's contact details: their answer is read in full.
 */
export async function personalListings<T extends Pick<Listing, "id" | "is_premium" | "customer">>(
  db: Executor,
  listings: readonly T[],
  viewer: { id: number; admin: boolean },
  opts: ListOptions & { withGallery?: boolean },
): Promise<T[] | null> {
  if (viewer.admin) return null;
  if (!listings.length) return [];
  const ids = listings.map((l) => l.id);
  const premium = listings.some((l) => l.is_premium)
    ? await packageCheck(db, viewer.id, "premium_properties")
    : null;
  const member = premium?.feature_available ?? false;
  const gate = premium && !member ? missingFeatureGate(premium, "premium_properties") : null;
  const theirs = listings
    .filter((l) => l.customer.id === viewer.id || (l.is_premium && member))
    .map((l) => l.id);
  const [favourites, reread] = await Promise.all([
    db.execute<{ property_id: number }>(
      sql`select property_id from favourites where user_id = ${viewer.id} and property_id = any(${sql.param(ids)}::int[])`,
    ),
    propertyCards(db, theirs, { ...opts, viewerId: viewer.id, admin: false }, opts.withGallery ?? false),
  ]);
  const favourite = new Set(favourites.rows.map((r) => Number(r.property_id)));
  const own = new Map(reread.map((l) => [l.id, l]));
  return listings.map((l) => {
    const mine = own.get(l.id);
    if (mine) return mine as unknown as T;
    const locked = (l as Partial<Listing>).premium_locked;
    return {
      ...l,
      is_favourite: favourite.has(l.id),
      ...(locked && gate ? { premium_gate: { message: gate.message, href: gate.href } } : {}),
    };
  });
}

/**
 * The ids of a page of search results, in order, and the total: listProperties without the cards,
 * for a page that shows several lists and makes the cards of all of them at once (propertyCards).
 */
export async function listingIds(
  db: Executor,
  query: GetPropertyQuery,
): Promise<{ ids: number[]; total: number }> {
  return searchListingIds(db, await withEnglishPlaces(db, query));
}

export async function listProperties(db: Executor, query: GetPropertyQuery, opts: ListOptions) {
  const q = await withEnglishPlaces(db, query);
  const detail = q.id !== undefined || q.slug_id !== undefined;
  const origin =
    q.near_lat !== undefined && q.near_lng !== undefined ? { lat: q.near_lat, lng: q.near_lng } : opts.origin;
  let ids: number[];
  let total: number;
  if (detail && !q.get_simiilar) {
    // One listing: straight from its row (its id or slug, public only, with the list's filters).
    const rows = await db
      .select({ id: p.id })
      .from(p)
      .where(and(q.id !== undefined ? eq(p.id, q.id) : eq(p.slug_id, q.slug_id!), ...filterConditions(q)))
      .limit(1);
    ids = rows.map((r) => r.id);
    total = ids.length;
  } else {
    ({ ids, total } = await searchListingIds(db, q));
  }
  const rows = ids.length ? await selectRows(db).where(inArray(p.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const shaped = await shapeListings(db, ordered, {
    ...opts,
    origin,
    withGallery: detail && !q.get_simiilar,
  });
  return { rows: shaped, total };
}

/**
 * The ids of a page of search results, in order, and the total (exact up to EXACT_COUNT_UP_TO,
 * then estimated). The sample (a hundredth of the listings, in memory) is counted first: when few
 * match there, every match is read at once through one index scan of words, tags and cells, sorted,
 * and counted exactly. When many do, the total is the sample's count scaled up and the page is
 * found along the order's index, or, when the filter goes against that order, by reading the
 * matches whole (decisions 032 and 035).
 */
async function searchListingIds(
  db: Executor,
  query: GetPropertyQuery,
): Promise<{ ids: number[]; total: number }> {
  const q = await resolveCategory(db, query);
  if (!q) return { ids: [], total: 0 };
  const S = listingSearch;
  const where = searchConditions({ ...q, text: Boolean(q.search), cells: true }, await frequentTags(db));
  // The box or circle as grid cells: for statements that find their rows through the GIN index.
  const cells = placeKeys(q);
  const columns = sql`id, created_at, price, total_click, likes, latitude, longitude`;
  const near =
    q.sort === "nearest" && q.near_lat !== undefined && q.near_lng !== undefined
      ? { lat: q.near_lat, lng: q.near_lng }
      : null;
  // The order asked for, then newest first; every order a visitor can ask has its index. Plain
  // column names: the same terms sort the table and the matches read whole.
  const order: SQL[] = [];
  if (q.top_rated || q.sort === "most_viewed") order.push(sql`total_click desc nulls last`);
  if (q.most_liked) order.push(sql`likes desc nulls last`);
  if (q.sort === "price_asc") order.push(sql`price asc`);
  if (q.sort === "price_desc") order.push(sql`price desc nulls last`);
  if (near) order.push(sql`ll_to_earth(latitude, longitude) <-> ll_to_earth(${near.lat}, ${near.lng})`);
  const newest = sql`created_at desc nulls last, id desc nulls last`;
  const window = sql`limit ${q.limit} offset ${q.offset}`;

  // Similar listings: same category and type as the given one, nearest in price, never itself.
  let similarTo: number | null = null;
  if (q.get_simiilar) {
    const [base] = await db
      .select({ id: p.id, category_id: p.category_id, price: p.price, property_type: p.property_type })
      .from(p)
      .where(q.id !== undefined ? eq(p.id, q.id) : eq(p.slug_id, q.slug_id!))
      .limit(1);
    if (!base) return { ids: [], total: 0 };
    where.push(
      sql`${S.tags} @> array[${`c:${base.category_id}`}, ${`t:${base.property_type}`}]::text[]`,
      sql`${S.id} <> ${base.id}`,
    );
    similarTo = base.price;
  }

  // Words: full text with prefixes ("marin" finds "Marina"), found through the index.
  let words: ReturnType<typeof textCondition> | null = null;
  if (q.search) {
    const tsq = await listingQuery(db, q.search);
    if (!tsq) return { ids: [], total: 0 };
    words = textCondition(tsq);
  }
  /** Every condition, the words' and the cells' included, for a statement that reads the matches through the index. */
  const matching = () => [...where, ...(cells ? [cells] : []), ...(words ? [words.match] : [])];
  const matchRows = () => (words ? words.rows : sql`${S}`);

  /**
   * Every match at once, sorted, and how many there are: one bitmap of the index, one visit per
   * match. Relevance decides only when no order was asked for. One row always, even past the last page.
   */
  const allMatches = async () => {
    const relevance = words !== null && order.length === 0 && (!q.sort || q.sort === "newest");
    const sorted = [...(relevance ? [sql`score desc`] : []), ...order, newest];
    const { rows } = await db.execute<{ n: number; ids: number[] }>(sql`
      with m as materialized (select ${columns}${relevance ? sql`, ${words!.rank} as score` : sql``} from ${matchRows()} where ${allOf(matching())})
      select (select count(*)::int from m) as n, array(select id from m order by ${sql.join(sorted, sql`, `)} ${window}) as ids`);
    return { n: Number(rows[0]?.n ?? 0), ids: (rows[0]?.ids ?? []).map(Number) };
  };

  let hits = await sampleHits(db, where, words);
  if (hits <= sampleLimits.few && similarTo === null) {
    const all = await allMatches();
    if (all.n > 0 || !q.search) return { ids: all.ids, total: all.n };
    // Nothing has the words: they are corrected against the catalogue's own ("marena" → marina).
    const corrected = await correctSpelling(db, q.search);
    const correctedQuery = corrected ? await listingQuery(db, corrected) : null;
    if (!correctedQuery) return { ids: [], total: 0 };
    words = textCondition(correctedQuery);
    hits = await sampleHits(db, where, words);
    if (hits <= sampleLimits.few) {
      const again = await allMatches();
      return { ids: again.ids, total: again.n };
    }
  }
  // Many match: the sample's count scaled up, never below what would have been counted exactly.
  // For similar listings (few, usually) the sample only decides how to read them.
  const estimated = Math.max(EXACT_COUNT_UP_TO + 1, roundEstimate(hits * SAMPLE_SCALE));

  if (near) where.push(sql`${S.latitude} is not null and ${S.longitude} is not null`);
  /** The conditions on listing_search, testing words row by row (textCondition's `check`): for walks. */
  const filter = allOf(words ? [...where, words.check] : where);
  /** Every match read, then sorted: materialized, so the planner cannot turn it back into an index walk. */
  const readWhole = (
    sorted: SQL[],
  ) => sql`with m as materialized (select ${columns} from ${matchRows()} where ${allOf(matching())})
      select id from m order by ${sql.join(sorted, sql`, `)} ${window}`;

  let page: SQL;
  let total = estimated;
  if (similarTo !== null) {
    // Nearest in price: the nearest above and the nearest below, each along the price index.
    const k = q.offset + q.limit;
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${matchRows()} where ${allOf(matching())} limit ${EXACT_COUNT_UP_TO + 1}) c`,
    );
    total = Number(rows[0]?.n ?? 0) > EXACT_COUNT_UP_TO ? estimated : Number(rows[0]?.n ?? 0);
    if (total === 0) return { ids: [], total };
    page = sql`select id from (
        (select id, price, created_at from ${S} where ${filter} and price >= ${similarTo} order by price asc, ${newest} limit ${k})
        union all
        (select id, price, created_at from ${S} where ${filter} and price < ${similarTo} order by price desc nulls last, ${newest} limit ${k})
      ) m order by abs(price - ${similarTo}), ${newest} ${window}`;
  } else if (near && order.length === 1) {
    // Nearest first is the distance alone: a KNN walk of the point index cannot hand rows on in a
    // second key's order, and positions of different listings are hardly ever equal.
    page = sql`select id from ${S} where ${filter} order by ${order[0]} ${window}`;
  } else {
    // Many matches: walk the order's index. Where the filter and the order go against each other
    // (rentals by highest price: the walk passes every sale first) the walk could read most of the
    // table, so it reads at most `budget` rows, a few times what an even spread of the matches
    // would need; if the page is not complete by then, the matches are read whole and sorted.
    // (The walk is tried even when an even spread would need a long one: a filter can also go
    // with the order, as "posted this month" does with newest first.)
    const sorted = [...order, newest];
    const need = q.offset + q.limit;
    const budget = Math.round(
      Math.min(walkBudget.max, Math.max(walkBudget.min, (4 * need * (await searchRows(db))) / total)),
    );
    // With words, each row a walk passes costs a look-up of its words, while reading the matches
    // whole costs one scan of the index: when they are no more than the walk would read, they
    // are read whole at once.
    if (words && total <= budget) {
      const { rows } = await db.execute<{ id: number }>(readWhole(sorted));
      return { ids: rows.map((r) => Number(r.id)), total };
    }
    const walked = await db.execute<{ id: number }>(sql`
      select id from (select ${columns}, (${filter}) as ok from ${S} order by ${sql.join(sorted, sql`, `)} limit ${budget}) w
      where ok is true order by ${sql.join(sorted, sql`, `)} limit ${need}`);
    if (walked.rows.length >= need || (await walkedAll(db, budget))) {
      return { ids: walked.rows.slice(q.offset).map((r) => Number(r.id)), total };
    }
    page = readWhole(sorted);
  }
  const { rows } = await db.execute<{ id: number }>(page);
  return { ids: rows.map((r) => Number(r.id)), total };
}

/**
 * At most this many matches in the sample (about 3 000 listings at a hundredth) and every match
 * is read and counted. Past it, fewer than EXACT_COUNT_UP_TO matches are all but impossible
 * (under one chance in a hundred even at 1 900), so the sample's estimate stands for the total.
 */
export const sampleLimits = { few: 30 };

/** Rows an index walk may read before the matches are read whole instead (see searchListingIds). */
export const walkBudget = { min: 2_000, max: 20_000 };

/** Whether a walk of `budget` rows read the whole table (so an incomplete page is the last one). */
async function walkedAll(db: Executor, budget: number): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${listingSearch} limit ${budget}) t`,
  );
  return Number(rows[0]?.n ?? 0) < budget;
}

/** The filters of the list (everything but text, identity and order); the map uses them too. */
export type { SearchFilters as ListingFilters } from "./search";

/** Public listings matching the filters, as WHERE conditions on "properties". */
export function filterConditions(q: ListingFilters, options: { withText?: boolean } = {}): SQL[] {
  const where: SQL[] = [visible];
  if (q.category_id !== undefined) where.push(eq(p.category_id, q.category_id));
  if (q.category_slug_id)
    where.push(sql`${p.category_id} = (select id from categories where slug_id = ${q.category_slug_id})`);
  if (q.city) where.push(sql`lower(${p.city}) = lower(${q.city})`);
  if (q.state) where.push(sql`lower(${p.state}) = lower(${q.state})`);
  if (q.country) where.push(sql`lower(${p.country}) = lower(${q.country})`);
  if (q.property_type) where.push(eq(p.property_type, q.property_type as "sell" | "rent"));
  if (q.rentduration) where.push(eq(p.rentduration, q.rentduration));
  if (q.min_price !== undefined) where.push(sql`${p.price} >= ${q.min_price}`);
  if (q.max_price !== undefined) where.push(sql`${p.price} <= ${q.max_price}`);
  if (q.posted_since) where.push(postedSince(sql`${p.created_at}`, q.posted_since));
  if (q.userid !== undefined) where.push(eq(p.added_by, q.userid));
  for (const fid of q.facility_ids ?? []) {
    const near = q.max_distance !== undefined ? sql` and af.distance <= ${q.max_distance}` : sql``;
    where.push(
      sql`exists (select 1 from assign_facilities af where af.property_id = "properties"."id" and af.facility_id = ${fid}${near})`,
    );
  }
  for (const f of q.parameter_filters ?? []) {
    // value_num: the value as a number where it is one (a generated, indexed column).
    const numeric = sql`ap.value_num`;
    const test =
      f.op === "min"
        ? sql`${numeric} >= ${Number(f.value)}`
        : f.op === "max"
          ? sql`${numeric} <= ${Number(f.value)}`
          : sql`(lower(ap.value) = lower(${f.value}) or ${f.value} = any(string_to_array(ap.value, ',')))`;
    where.push(
      sql`exists (select 1 from assign_parameters ap where ap.property_id = "properties"."id" and ap.parameter_id = ${f.id} and ${test})`,
    );
  }
  where.push(...placeConditions(sql`${p.latitude}`, sql`${p.longitude}`, q, options.withText));
  if (q.is_admin) where.push(sql`${p.added_by} in (select id from users where is_admin)`);
  if (q.with_tour) where.push(eq(p.has_tour, true));
  if (q.promoted || q.users_promoted) where.push(promotedNow);
  return where;
}

type Row = {
  p: typeof properties.$inferSelect;
  category: CategoryJoin;
  owner: {
    id: number;
    name: string;
    profile: string | null;
    type: string;
    mobile: string | null;
    email: string | null;
    verification_status: string;
    is_admin: boolean;
  };
  promoted: boolean;
  favourites_count: number;
  title_image: CardImage | null;
  params: CardParameter[];
  facs: CardFacility[];
};

/** How much of a premium listing everyone sees: its first photos and the start of its description. */
export const PREMIUM_TEASER_PHOTOS = 3;
const PREMIUM_TEASER_CHARS = 240;

/** The description cut at a word boundary near PREMIUM_TEASER_CHARS, marked as cut. */
function teaser(text: string): string {
  if (text.length <= PREMIUM_TEASER_CHARS) return text;
  const cut = text.slice(0, PREMIUM_TEASER_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > PREMIUM_TEASER_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

async function shapeListings(db: Executor, rows: Row[], opts: ListOptions & { withGallery: boolean }) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  const [label, gallery, docs, favs] = await Promise.all([
    placeLabels(
      db,
      opts.lang,
      rows.flatMap((r) => [r.p.city, r.p.state, r.p.country]),
    ),
    // Every photo only for a listing's own page; a card has its first from the row's query.
    opts.withGallery
      ? db
          .select()
          .from(propertyImages)
          .where(inArray(propertyImages.property_id, ids))
          .orderBy(asc(propertyImages.property_id), asc(propertyImages.position))
      : Promise.resolve([]),
    opts.withGallery
      ? db.select().from(propertyDocuments).where(inArray(propertyDocuments.property_id, ids))
      : Promise.resolve([]),
    opts.viewerId
      ? db.execute<{ property_id: number }>(
          sql`select property_id from favourites where user_id = ${opts.viewerId} and property_id = any(${sql.param(ids)}::int[])`,
        )
      : Promise.resolve({ rows: [] as { property_id: number }[] }),
  ]);
  const favSet = new Set(favs.rows.map((r) => Number(r.property_id)));
  const { lang, storage } = opts;
  // A live package with premium_properties opens every premium listing (spec §6: no count to use up).
  const premiumCheck =
    opts.viewerId && rows.some((r) => r.p.is_premium)
      ? await packageCheck(db, opts.viewerId, "premium_properties")
      : null;
  const premiumMember = premiumCheck?.feature_available ?? false;
  // What a signed-in visitor without it hears (spec §8), with the way to the packages.
  const premiumGate =
    premiumCheck && !premiumMember ? missingFeatureGate(premiumCheck, "premium_properties") : null;

  return rows.map(({ p: row, category, owner, promoted, favourites_count, title_image, params, facs }) => {
    const own = opts.withGallery
      ? gallery.filter((i) => i.property_id === row.id).map((i) => imageView(storage, i))
      : title_image
        ? [imageView(storage, title_image)]
        : [];
    // Premium listings show a teaser to everyone but their owner and premium members: the opening of the description,
    // the first photos, and no documents, 360° room, video or contact details.
    const locked = row.is_premium && opts.viewerId !== owner.id && !premiumMember;
    const docsOf = () =>
      docs
        .filter((d) => d.property_id === row.id)
        .map((d) => ({ id: d.id, name: d.name, url: storage.publicUrl(d.key) }));
    return {
      id: row.id,
      slug_id: row.slug_id,
      title: row.title,
      description: locked ? teaser(row.description) : row.description,
      price: row.price,
      property_type: row.property_type,
      rentduration: row.rentduration,
      category: categoryRef(category, lang),
      city: label(row.city),
      state: label(row.state),
      country: label(row.country),
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      title_image: own[0] ?? null,
      gallery: opts.withGallery ? (locked ? own.slice(0, PREMIUM_TEASER_PHOTOS) : own) : undefined,
      documents: opts.withGallery ? (locked ? [] : docsOf()) : undefined,
      three_d_image: row.three_d_image && !locked ? storage.publicUrl(row.three_d_image) : null,
      video_link: locked ? null : row.video_link,
      parameters: params.map(({ value, ...prm }) => ({
        id: prm.id,
        key: parameterKey(prm.name),
        name: localize(prm.translations, lang, "name", prm.name),
        type_of_parameter: prm.type_of_parameter,
        value: translateValue(prm, value, lang),
        unit: prm.unit,
        image: iconUrl(prm.image),
      })),
      facilities: facs.map(({ distance, ...f }) => ({
        id: f.id,
        name: localize(f.translations, lang, "name", f.name),
        image: iconUrl(f.image),
        distance,
      })),
      // Phone and email only for the owner and admins; everyone else asks reveal-contact (decision 023).
      customer: {
        id: owner.id,
        name: owner.name,
        profile: owner.profile,
        type: owner.type,
        ...contactFields(owner, locked ? null : { id: opts.viewerId, admin: opts.admin }),
        is_verified: owner.verification_status === "success",
      },
      is_premium: row.is_premium,
      /** Posted by the marketplace's own team (spec §6). */
      is_admin: owner.is_admin,
      has_tour: row.has_tour,
      distance_km:
        opts.origin && row.latitude !== null && row.longitude !== null
          ? Math.round(
              greatCircleMeters(
                { latitude: opts.origin.lat, longitude: opts.origin.lng },
                { latitude: row.latitude, longitude: row.longitude },
              ) / 100,
            ) / 10
          : null,
      premium_locked: locked,
      premium_gate: locked && premiumGate ? { message: premiumGate.message, href: premiumGate.href } : null,
      promoted,
      is_favourite: favSet.has(row.id),
      favourites_count,
      total_click: row.total_click,
      request_status: row.request_status,
      status: row.status,
      property_status: row.property_status,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      meta_keywords: row.meta_keywords,
      meta_image: row.meta_image ? storage.publicUrl(row.meta_image) : null,
      created_at: row.created_at.toISOString(),
    };
  });
}

/** Option values are stored in English; show the option's translation where one exists. */
function translateValue(
  prm: Pick<typeof parameters.$inferSelect, "type_values">,
  value: string,
  lang: string,
): string {
  if (!prm.type_values.length || lang === "en") return value;
  return value
    .split(",")
    .map((v) => {
      const opt = prm.type_values.find((o) => o.value === v.trim());
      return opt?.translations[lang] ?? v.trim();
    })
    .join(", ");
}

export type PropertyView = Awaited<ReturnType<typeof listProperties>>["rows"][number];
