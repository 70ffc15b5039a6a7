import type { CallInput } from "~server/api/calls";

/** The filters the list page keeps in its URL, named as get_property names them. */
export const FILTER_KEYS = ["search", "category_id", "property_type", "min_price", "max_price", "city", "sort"] as const;

/** URL query → get_property input; `page` (1-based) becomes offset. Empty values are dropped. */
export function listQueryFromSearch(search: URLSearchParams, pageSize: number) {
  const query: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const v = search.get(key)?.trim();
    if (v) query[key] = v;
  }
  const page = Math.min(Math.max(1, Math.floor(Number(search.get("page")) || 1)), 10_000);
  query.offset = (page - 1) * pageSize;
  query.limit = pageSize;
  return { query: query as CallInput<"get_property">, page };
}
