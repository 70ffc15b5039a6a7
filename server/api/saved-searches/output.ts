import { z } from "zod";
import { count, dateTime, int, named } from "../output";
import { ALERT_FREQUENCIES } from "./schema";

/** A saved filter's value as get_property takes it: text, a number, or a list of them. */
const FilterValue = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);

export const SavedSearch = named(
  "SavedSearch",
  z.object({
    id: int,
    name: z.string(),
    /** The search in get_property's fields (city in English, a category by id, the map box as w,s,e,n). */
    query: z.record(z.string(), FilterValue),
    /** The list page's query string for its results (`/properties?<page_query>`). */
    page_query: z.string(),
    frequency: z.enum(ALERT_FREQUENCIES),
    alerts_on: z.boolean(),
    /** Listings that matched it in the last 7 days. */
    new_matches: count,
    last_sent_at: dateTime.nullable(),
    created_at: dateTime,
  }),
  "A saved search with its alerts: what it looks for, how often new matches are sent, and how many came this week",
);

export const Unsubscribed = named(
  "Unsubscribed",
  z.object({
    alerts_on: z.boolean(),
    /** The saved searches the link named that still exist. */
    searches: z.array(z.object({ id: int, name: z.string() })),
  }),
  "The saved searches an unsubscribe link switched alerts off (or back on) for",
);
