// Query of `get_property` (spec §7) plus the sort of the list page.
import { z } from "zod";
import { limitOffset } from "../pagination";

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
const money = z.coerce.number({ error: "Price must be a number" }).min(0, "Price must be 0 or more").max(1e12);

export const PROPERTY_SORTS = ["newest", "price_asc", "price_desc", "most_viewed"] as const;
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
    // The mobile contract sends 0 for sell and 1 for rent; words work too.
    property_type: z
      .enum(["sell", "rent", "0", "1"], { error: "property_type must be sell or rent" })
      .optional()
      .transform((v) => (v === "0" ? "sell" : v === "1" ? "rent" : v)),
    rentduration: z.enum(RENT_DURATIONS, { error: "rentduration must be daily, monthly, quarterly or yearly" }).optional(),
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
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ["max_price"],
    message: "Maximum price must be at least the minimum price",
  })
  .refine((q) => !q.get_simiilar || q.id !== undefined || q.slug_id !== undefined, {
    path: ["get_simiilar"],
    message: "get_simiilar needs id or slug_id",
  });

export type GetPropertyQuery = z.output<typeof getPropertySchema>;
