import { z } from "zod";
import { and, asc, eq, sql } from "drizzle-orm";
import { defineCall } from "../../call";
import { notFound } from "../../envelope";
import { firstInWindow } from "../../rate-limit";
import { properties } from "../../../db/schema";
import { getPropertySchema, prepareParameterFilters } from "./schema";
import { listProperties, personalListings } from "./service";
import { CitiesData, Properties, SitemapEntry, ViewCounted } from "./output";
import { localizePlaces } from "../../places";
import { recordView } from "../../feed/activity";

export const getProperty = defineCall({
  name: "get_property",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "properties",
  summary:
    "Listings: search, filters, featured, most viewed or liked, similar, one by id or slug. Parameter filters also read as pmin_<id>, pmax_<id> and peq_<id> query keys.",
  input: getPropertySchema,
  prepare: prepareParameterFilters,
  output: Properties,
  total: true,
  async handler(input, ctx) {
    // current_user only marks favourites of the caller themself, never of someone else.
    const viewerId =
      ctx.user && (input.current_user === undefined || input.current_user === ctx.user.id)
        ? ctx.user.id
        : null;
    const { rows, total } = await listProperties(ctx.db, input, {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId,
      admin: ctx.principal?.admin,
    });
    return { data: rows, total };
  },
  personalize: (data, input, ctx) => {
    // Someone else's favourites are never marked, and an admin's answer is read in full.
    if (input.current_user !== undefined && input.current_user !== ctx.user?.id) return Promise.resolve(null);
    if (!ctx.user) return Promise.resolve(ctx.principal?.admin ? null : data);
    const detail = (input.id !== undefined || input.slug_id !== undefined) && !input.get_simiilar;
    const origin =
      input.near_lat !== undefined && input.near_lng !== undefined
        ? { lat: input.near_lat, lng: input.near_lng }
        : null;
    return personalListings(
      ctx.db,
      data,
      { id: ctx.user.id, admin: ctx.principal?.admin === true },
      { lang: ctx.lang, storage: ctx.storage, withGallery: detail, origin },
    );
  },
});

/** `get-property-list` (spec §7): get_property's filters, with empty values dropped rather than refused. */
export const getPropertyList = defineCall({
  name: "get-property-list",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "properties",
  summary:
    "Listings with get_property's filters, where an empty value (as apps send an unset filter) means no filter; is_admin=1 keeps listings posted by the marketplace's own team, and each listing says is_admin.",
  input: getPropertySchema,
  prepare: (raw) =>
    prepareParameterFilters(Object.fromEntries(Object.entries(raw).filter(([, v]) => !isEmpty(v)))),
  output: Properties,
  total: true,
  async handler(input, ctx) {
    return getProperty.handler(input, ctx);
  },
  personalize: (data, input, ctx) => getProperty.personalize!(data, input, ctx),
});

/** What an app sends for a filter it has no value for. */
const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && ["", "null", "undefined"].includes(v.trim())) ||
  (Array.isArray(v) && v.every(isEmpty));

/** Every public listing's slug and last change, in pages, for sitemaps. */
export const getSitemapEntries = defineCall({
  name: "sitemap-entries",
  method: "GET",
  access: "public",
  tag: "properties",
  summary: "Slugs and last-modified times of every public listing (for sitemaps)",
  input: z.object({
    offset: z.coerce.number().int().min(0, "offset must be 0 or more").default(0),
    limit: z.coerce.number().int().min(1).max(50_000, "limit must be between 1 and 50000").default(10_000),
  }),
  output: z.array(SitemapEntry),
  total: true,
  async handler(input, { db }) {
    const visible = and(eq(properties.request_status, "approved"), eq(properties.status, "active"));
    const [rows, [count]] = await Promise.all([
      db
        .select({ slug_id: properties.slug_id, updated_at: properties.updated_at })
        .from(properties)
        .where(visible)
        .orderBy(asc(properties.id))
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(properties)
        .where(visible),
    ]);
    return {
      data: rows.map((r) => ({ slug_id: r.slug_id, updated_at: r.updated_at.toISOString() })),
      total: count?.n ?? 0,
    };
  },
});

/** Cities that have public listings, with how many, for the filter panel and city pickers. */
export const getCitiesData = defineCall({
  name: "get-cities-data",
  method: "GET",
  access: "public",
  shared: true,
  tag: "properties",
  summary: "Cities with public listings and their counts",
  input: z.object({
    country: z.string().trim().max(120).optional(),
    limit: z.coerce.number().int().min(1).max(500, "limit must be between 1 and 500").default(200),
  }),
  output: CitiesData,
  total: true,
  async handler(input, { db, lang }) {
    const visible = and(
      eq(properties.request_status, "approved"),
      eq(properties.status, "active"),
      input.country ? sql`lower(${properties.country}) = lower(${input.country})` : undefined,
    );
    const rows = await db
      .select({
        city: properties.city,
        state: properties.state,
        country: properties.country,
        count: sql<number>`count(*)::int`,
        // The middle of the city's listings: enough to find the nearest city to a visitor.
        latitude: sql<number | null>`round(avg(${properties.latitude})::numeric, 4)::float8`,
        longitude: sql<number | null>`round(avg(${properties.longitude})::numeric, 4)::float8`,
      })
      .from(properties)
      .where(visible)
      .groupBy(properties.city, properties.state, properties.country)
      .orderBy(sql`count(*) desc`, asc(properties.city))
      .limit(input.limit);
    return { data: await localizePlaces(db, lang, rows), total: rows.length };
  },
});

/** Counts a view of a listing, once per visitor and hour (`total_click`, shown as views). */
export const setPropertyTotalClick = defineCall({
  name: "set_property_total_click",
  method: "POST",
  access: "optional",
  tag: "properties",
  summary: "Count a view of a listing (once per visitor per hour)",
  input: z
    .object({
      property_id: z.coerce
        .number({ error: "property_id must be a number" })
        .int()
        .positive()
        .max(2 ** 31 - 1)
        .optional(),
      slug_id: z.string().trim().min(1).max(200).optional(),
    })
    .refine((v) => v.property_id !== undefined || v.slug_id !== undefined, {
      path: ["property_id"],
      message: "property_id or slug_id is required",
    }),
  output: ViewCounted,
  errorStatuses: [404],
  async handler(input, { db, clientIp, user }) {
    const target =
      input.property_id !== undefined
        ? eq(properties.id, input.property_id)
        : eq(properties.slug_id, input.slug_id!);
    const [row] = await db.select({ id: properties.id }).from(properties).where(target).limit(1);
    if (!row) throw notFound("Property not found");
    const counted = await firstInWindow(db, `view:${row.id}:${clientIp}`, 3600);
    if (counted)
      await db
        .update(properties)
        .set({ total_click: sql`${properties.total_click} + 1` })
        .where(eq(properties.id, row.id));
    // A signed-in person's feed learns from what they open (get_user_recommendation).
    if (user) await recordView(db, user.id, row.id);
    return { data: { counted }, message: counted ? "View counted" : "Already counted" };
  },
});

export { getMapClusters } from "./map";
