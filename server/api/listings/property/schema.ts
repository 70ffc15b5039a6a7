// Query of `get_property` (spec §7) plus the sort of the list page.
import { z } from "zod";
import { roundCoordinate } from "../../contract/coordinates";
import { limitOffset } from "../../contract/pagination";
import { propertyKindFilter } from "../../contract/property-kinds";

const id = z.coerce
  .number({ error: (issue) => (issue.code === "invalid_type" ? "must be a number" : undefined) })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(2 ** 31 - 1, "is too large");
const flag = z
  .enum(["0", "1", "true", "false"], { error: "must be 0 or 1" })
  .optional()
  .transform((v) => v === "1" || v === "true");
const place = z.string().trim().max(120, "at most 120 characters").optional();
const money = z.coerce
  .number({ error: "Price must be a number" })
  .min(0, "Price must be 0 or more")
  .max(1e12);

const asList = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(","));
const idList = z.preprocess(asList, z.array(id).max(20, "at most 20 values").optional());

/** `w,s,e,n` in degrees, as map libraries report their visible bounds (west > east crosses the antimeridian). */
export const bbox = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, "bbox must be west,south,east,north")
  .transform((v) => {
    const [w, s, e, n] = v.split(",").map(Number) as [number, number, number, number];
    return { w, s, e, n };
  })
  .refine(
    (b) =>
      Math.abs(b.w) <= 180 &&
      Math.abs(b.e) <= 180 &&
      Math.abs(b.s) <= 90 &&
      Math.abs(b.n) <= 90 &&
      b.s <= b.n,
    "bbox is outside the map",
  );

/** `pmin_<id>=2` / `pmax_<id>=5` / `peq_<id>=Furnished` in a URL become `id:op:value` entries. */
export const PARAMETER_FILTER = /^p(min|max|eq)_(\d{1,9})$/;
const parameterFilters = z.preprocess(
  asList,
  z
    .array(
      z.string().regex(/^\d{1,9}:(min|max|eq):.{1,100}$/, "parameter filter must be id:min|max|eq:value"),
    )
    .max(10, "at most 10 parameter filters")
    .transform((list) =>
      list.map((f) => {
        const [pid, op, ...rest] = f.split(":");
        return { id: Number(pid), op: op as "min" | "max" | "eq", value: rest.join(":") };
      }),
    )
    .refine(
      (list) => list.every((f) => f.op === "eq" || Number.isFinite(Number(f.value))),
      "min and max parameter filters need a number",
    )
    .optional(),
);

/** Gathers the URL-friendly parameter filters into `parameter_filters` before validation. */
export function prepareParameterFilters(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const filters: string[] = [...((asList(raw.parameter_filters) as string[] | undefined) ?? [])];
  for (const [k, v] of Object.entries(raw)) {
    const m = PARAMETER_FILTER.exec(k);
    if (m) for (const value of [v].flat()) filters.push(`${m[2]}:${m[1]}:${String(value)}`);
    else if (k !== "parameter_filters") out[k] = v;
  }
  if (filters.length) out.parameter_filters = filters;
  return out;
}

export const PROPERTY_SORTS = ["newest", "price_asc", "price_desc", "most_viewed", "nearest"] as const;
export const RENT_DURATIONS = ["daily", "monthly", "quarterly", "yearly"] as const;
export const POSTED_SINCE = ["yesterday", "last_week", "last_month", "last_3_months"] as const;

export const getPropertySchema = z
  .object({
    ...limitOffset(12, 100),
    id: id.optional(),
    slug_id: z.string().trim().max(200, "at most 200 characters").optional(),
    category_id: id.optional(),
    category_slug_id: z.string().trim().max(200, "at most 200 characters").optional(),
    city: place,
    state: place,
    country: place,
    // The mobile contract sends 0 for sell and 1 for rent; words work too; both kinds filter nothing.
    property_type: propertyKindFilter(),
    rentduration: z
      .enum(RENT_DURATIONS, { error: "rentduration must be daily, monthly, quarterly or yearly" })
      .optional(),
    min_price: money.optional(),
    max_price: money.optional(),
    // 0 = last week and 1 = yesterday in the mobile contract.
    posted_since: z
      .enum([...POSTED_SINCE, "0", "1"], { error: "posted_since is invalid" })
      .optional()
      .transform((v) => (v === "0" ? "last_week" : v === "1" ? "yesterday" : v)),
    search: z.string().trim().max(200, "Search text is too long (at most 200 characters)").optional(),
    userid: id.optional(),
    current_user: id.optional(),
    promoted: flag,
    users_promoted: flag,
    top_rated: flag,
    most_liked: flag,
    get_simiilar: flag,
    sort: z.enum(PROPERTY_SORTS, { error: "sort is invalid" }).optional(),
    /** Listings near every one of these facilities. */
    facility_ids: idList,
    /** With facility_ids: at most this many km away. */
    max_distance: z.coerce
      .number({ error: "max_distance must be a number" })
      .positive("max_distance must be more than 0")
      .max(100, "max_distance must be at most 100")
      .optional(),
    parameter_filters: parameterFilters,
    bbox: bbox.optional(),
    /** Where the person is (or a saved place): distances on the cards, "nearest first", "within N km". */
    near_lat: z.coerce
      .number({ error: "near_lat must be a number" })
      .min(-90, "near_lat must be between -90 and 90")
      .max(90, "near_lat must be between -90 and 90")
      .transform(roundCoordinate)
      .optional(),
    near_lng: z.coerce
      .number({ error: "near_lng must be a number" })
      .min(-180, "near_lng must be between -180 and 180")
      .max(180, "near_lng must be between -180 and 180")
      .transform(roundCoordinate)
      .optional(),
    within_km: z.coerce
      .number({ error: "within_km must be a number" })
      .positive("within_km must be more than 0")
      .max(500, "within_km must be at most 500")
      .optional(),
    /** Only listings posted by the marketplace's own team. */
    is_admin: flag,
    /** Only listings with a published virtual tour. */
    with_tour: flag,
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ["max_price"],
    message: "Maximum price must be at least the minimum price",
  })
  .refine((q) => (q.near_lat === undefined) === (q.near_lng === undefined), {
    path: ["near_lng"],
    message: "near_lat and near_lng go together",
  })
  .refine((q) => q.near_lat !== undefined || (q.sort !== "nearest" && q.within_km === undefined), {
    path: ["near_lat"],
    message: "Nearest first and within a distance need a position (near_lat, near_lng)",
  })
  .refine((q) => !q.get_simiilar || q.id !== undefined || q.slug_id !== undefined, {
    path: ["get_simiilar"],
    message: "get_simiilar needs id or slug_id",
  });

export type GetPropertyQuery = z.output<typeof getPropertySchema>;
