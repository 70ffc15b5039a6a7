// get_nearby_properties (spec §7: city, state, type): other public listings in the same place,
// for the "more in this area" strip of a listing page and for apps that show a neighbourhood.
import { z } from "zod";
import { defineCall } from "../../call";
import { getPropertySchema } from "./schema";
import { filterConditions, listProperties, personalListings } from "./service";
import { withEnglishPlaces } from "../../places";
import { Properties } from "./output";
import { properties } from "../../../db/schema";
import { and, eq } from "drizzle-orm";
import { propertyKindFilter } from "../../contract/property-kinds";

const place = z.string().trim().max(120, "at most 120 characters");

const nearbyInput = z
  .object({
    city: place.optional(),
    state: place.optional(),
    type: propertyKindFilter("type must be sell or rent"),
    /** The listing being looked at, left out of its own neighbourhood. */
    exclude_id: z.coerce
      .number({ error: "exclude_id must be a number" })
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int()
      .min(1, "limit must be between 1 and 50")
      .max(50, "limit must be between 1 and 50")
      .default(8),
  })
  .refine((v) => Boolean(v.city || v.state), { path: ["city"], message: "city or state is required" });

export const getNearbyProperties = defineCall({
  name: "get_nearby_properties",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "properties",
  summary: "Public listings in a city or state (optionally of one type), newest first",
  input: nearbyInput,
  output: Properties,
  total: true,
  async handler(input, ctx) {
    // One more than asked for, so leaving out the current listing still fills the strip.
    const q = getPropertySchema.parse({
      city: input.city,
      state: input.state,
      property_type: input.type,
      limit: String(input.limit + 1),
    });
    const { rows, total } = await listProperties(ctx.db, q, {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId: ctx.user?.id,
      admin: ctx.principal?.admin,
    });
    const others = rows.filter((r) => r.id !== input.exclude_id).slice(0, input.limit);
    // The total counts the area without the excluded listing, wherever it falls in the order.
    let excluded = 0;
    if (input.exclude_id !== undefined) {
      const area = await withEnglishPlaces(ctx.db, q);
      const [hit] = await ctx.db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, input.exclude_id), ...filterConditions(area)))
        .limit(1);
      excluded = hit ? 1 : 0;
    }
    return { data: others, total: total - excluded };
  },
  personalize: (data, _input, ctx) =>
    !ctx.user
      ? Promise.resolve(ctx.principal?.admin ? null : data)
      : personalListings(
          ctx.db,
          data,
          { id: ctx.user.id, admin: ctx.principal?.admin === true },
          { lang: ctx.lang, storage: ctx.storage },
        ),
});
