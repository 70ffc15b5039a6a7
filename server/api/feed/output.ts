import { z } from "zod";
import { dateTime, int, named } from "../output";
import { Property } from "../listings/property/output";

export const Preferences = named(
  "PersonalisedFields",
  z.object({
    user_id: int,
    category_ids: z.array(int),
    outdoor_facilitiy_ids: z.array(int),
    /** [lowest, highest]; null where there is no bound. */
    price_range: z.tuple([z.number().nullable(), z.number().nullable()]),
    property_type: z.enum(["sell", "rent"]).nullable(),
    city: z.string().nullable(),
    /** When they were last saved; null before the person set any. */
    updated_at: dateTime.nullable(),
  }),
  "What a person looks for, which their feed puts first",
);

export const WhyKind = z.enum([
  "preferences",
  "favourite",
  "viewed",
  "contacted",
  "interested",
  "popular_near",
  "popular",
]);

/** A listing of the feed with why it is there. */
export const Recommendation = named(
  "Recommendation",
  Property.extend({
    why: z.object({
      kind: WhyKind,
      /** A few words in the caller's language ("Villas in Dubai under AED 3M"). */
      text: z.string(),
    }),
  }),
  "A listing recommended to the caller, with why",
);

export const Dismissed = z.object({ property_id: int, dismissed: z.boolean() });
