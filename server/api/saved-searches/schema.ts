// Payloads of saved searches. A search is saved in the very fields `get_property` reads (so an app
// saves what it just asked for), with a name and how often to hear of new matches. The page forms
// (app/modules/saved-searches) validate with the same pieces.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { getPropertySchema } from "../listings/property/schema";

export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Enough saved searches for anyone looking in earnest; past it, alerts would be noise. */
export const MAX_SAVED_SEARCHES = 50;
export const NAME_MAX = 80;
/** The list page's query string kept with a search (its "See results" link). */
export const PAGE_QUERY_MAX = 2000;

export const SAVED_SEARCH_MESSAGES = {
  name: "Name is required",
  nameLong: `Name must be at most ${NAME_MAX} characters`,
  frequency: "How often must be instant, daily or weekly",
  limit: `You can save up to ${MAX_SAVED_SEARCHES} searches: delete one first`,
  notFound: "Saved search not found",
  token: "This link is not valid. Open your saved searches to change their alerts.",
} as const;

export const searchName = z
  .string({ error: SAVED_SEARCH_MESSAGES.name })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.name)
  .max(NAME_MAX, SAVED_SEARCH_MESSAGES.nameLong);

export const alertFrequency = z.enum(ALERT_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });

const flag = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false", "on", "off"])], { error: "must be 0 or 1" })
  .transform((v) => v === true || v === "1" || v === "true" || v === "on");

/**
 * get_property's fields that say how a page of results is shown, not what is searched: accepted
 * (a client may send its whole list query) and left out of the saved search.
 */
export const NOT_SAVED = [
  "limit",
  "offset",
  "id",
  "slug_id",
  "userid",
  "current_user",
  "sort",
  "posted_since",
  "top_rated",
  "most_liked",
  "get_simiilar",
] as const;

const searchFields = { ...getPropertySchema.shape };

/** The same cross-field rules as get_property (its schema's refinements cannot be carried over). */
type Ranged = {
  min_price?: number;
  max_price?: number;
  near_lat?: number;
  near_lng?: number;
  within_km?: number;
};
function searchRules(q: Ranged, ctx: z.RefinementCtx) {
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    ctx.addIssue({
      code: "custom",
      path: ["max_price"],
      message: "Maximum price must be at least the minimum price",
    });
  }
  if ((q.near_lat === undefined) !== (q.near_lng === undefined))
    ctx.addIssue({ code: "custom", path: ["near_lng"], message: "near_lat and near_lng go together" });
  if (q.within_km !== undefined && q.near_lat === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["near_lat"],
      message: "Within a distance needs a position (near_lat, near_lng)",
    });
  }
}

export const saveSearchSchema = z
  .object({
    ...searchFields,
    name: searchName,
    frequency: alertFrequency.default("daily"),
    /** The list page's query string where the search was saved, for its "See results" link. */
    page_query: z
      .string()
      .max(PAGE_QUERY_MAX, `page_query must be at most ${PAGE_QUERY_MAX} characters`)
      .optional(),
  })
  .superRefine(searchRules);

export type SaveSearchInput = z.output<typeof saveSearchSchema>;

export const savedSearchIdSchema = z.object({ id: idOf("id") });

export const updateSavedSearchSchema = z.object({
  id: idOf("id"),
  name: searchName.optional(),
  frequency: alertFrequency.optional(),
  alerts_on: flag.optional(),
});

export const unsubscribeSchema = z.object({
  token: z
    .string({ error: SAVED_SEARCH_MESSAGES.token })
    .trim()
    .min(1, SAVED_SEARCH_MESSAGES.token)
    .max(600, SAVED_SEARCH_MESSAGES.token),
  /** 1 turns the alerts back on (the "I changed my mind" button on the page the link opens). */
  alerts_on: flag.optional(),
});

// ---- The pages' forms ------------------------------------------------------------------------

/** "Save this search" on the list page: the page's query string travels as it is. */
export const saveSearchFormSchema = z.object({
  name: searchName,
  frequency: alertFrequency.default("daily"),
  query: z.string().max(PAGE_QUERY_MAX, "This search is too long to save").default(""),
});

/** A row of the saved searches page: rename, how often, alerts on or off. */
export const updateSearchFormSchema = z.object({
  id: idOf("id"),
  name: searchName,
  frequency: alertFrequency,
  alerts_on: flag.default(false),
});
