import type { CallInput } from "~server/api/calls";
import { pageFromSearch } from "~/lib/constants";

/** Filters the list page keeps in its URL, named as get_property names them (bbox: the map's area). */
export const FILTER_KEYS = [
  "search",
  "category_id",
  "property_type",
  "rentduration",
  "min_price",
  "max_price",
  "city",
  "sort",
  "min_beds",
  "min_baths",
  "with_tour",
  "bbox",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Friendly URL names for parameter filters → the parameter they filter on (by its key). */
const PARAMETER_MINIMUMS = { min_beds: "bedrooms", min_baths: "bathrooms" } as const;

/**
 * URL query → get_property input. `page` (1-based) becomes offset; empty values are dropped;
 * `min_beds=3` becomes `pmin_<id of bedrooms>=3`; `facility` may repeat.
 */
export function listQueryFromSearch(
  search: URLSearchParams,
  pageSize: number,
  parameterIds: Record<string, number> = {},
) {
  const query: Record<string, string | number | string[]> = {};
  for (const key of FILTER_KEYS) {
    const v = search.get(key)?.trim();
    if (!v) continue;
    if (key in PARAMETER_MINIMUMS) {
      const id = parameterIds[PARAMETER_MINIMUMS[key as keyof typeof PARAMETER_MINIMUMS]];
      if (id) query[`pmin_${id}`] = v;
    } else query[key] = v;
  }
  const facilities = search.getAll("facility").filter(Boolean);
  if (facilities.length) query.facility_ids = facilities;
  const page = pageFromSearch(search);
  query.offset = (page - 1) * pageSize;
  query.limit = pageSize;
  return { query: query as CallInput<"get_property">, page };
}

/** The same filters for get-map-clusters, as a query string: no paging, order or box (the map has its own). */
export function mapQueryOf(query: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (["offset", "limit", "sort", "bbox"].includes(k) || v === undefined || v === "") continue;
    for (const item of [v].flat()) qs.append(k, String(item));
  }
  return qs.toString();
}
