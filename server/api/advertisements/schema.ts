// Payloads of the advertisement calls: featuring a listing (spec §3 "Advertisement"), the featured
// listings (spec §7 get-featured-data), one's own advertisements and withdrawing one.
import { z } from "zod";
import { limitOffset } from "../contract/pagination";
import { idOf } from "../contract/ids";

/** An id the client may leave out: a JSON body may say so with "" or null rather than omitting it. */
const optionalId = (field: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), idOf(field).optional());

export const FEATURE_FOR = ["property", "project"] as const;
export type FeatureFor = (typeof FEATURE_FOR)[number];

/**
 * `store_advertisement`: the id that matches `feature_for` is required; the other one, if sent,
 * is ignored (an advertisement is for exactly one listing).
 */
export const storeAdvertisementSchema = z
  .object({
    feature_for: z.enum(FEATURE_FOR, { error: "feature_for must be property or project" }),
    property_id: optionalId("property_id"),
    project_id: optionalId("project_id"),
  })
  .superRefine((v, ctx) => {
    const field = v.feature_for === "property" ? "property_id" : "project_id";
    if (v[field] === undefined)
      ctx.addIssue({ code: "custom", path: [field], message: `${field} is required` });
  })
  .transform((v) => ({
    kind: v.feature_for,
    id: (v.feature_for === "property" ? v.property_id : v.project_id)!,
  }));
export type StoreAdvertisementInput = z.output<typeof storeAdvertisementSchema>;

export const featuredDataSchema = z.object({
  ...limitOffset(12, 50),
  type: z.enum(FEATURE_FOR, { error: "type must be property or project" }).default("property"),
});
export type FeaturedDataQuery = z.output<typeof featuredDataSchema>;

export const getAdvertisementsSchema = z.object({ ...limitOffset(10, 50) });

export const deleteAdvertisementSchema = z.object({ id: idOf("id") });
