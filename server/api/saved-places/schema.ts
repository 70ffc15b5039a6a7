// Payloads of saved places (spec §3 "Saved place": customer_id, name, latitude, longitude, details).
import { z } from "zod";
import { roundCoordinate } from "../contract/coordinates";
import { idOf } from "../contract/ids";

export const latitude = z.coerce
  .number({ error: "Latitude must be a number" })
  .min(-90, "Latitude must be between -90 and 90")
  .max(90, "Latitude must be between -90 and 90")
  .transform(roundCoordinate);
export const longitude = z.coerce
  .number({ error: "Longitude must be a number" })
  .min(-180, "Longitude must be between -180 and 180")
  .max(180, "Longitude must be between -180 and 180")
  .transform(roundCoordinate);

export const savedPlaceSchema = z.object({
  /** Optional: a place is always saved for the caller; naming someone else is refused. */
  customer_id: idOf("customer_id").optional(),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(60, "Name must be at most 60 characters"),
  latitude,
  longitude,
  details: z
    .string()
    .trim()
    .max(300, "Details must be at most 300 characters")
    .optional()
    .transform((v) => v || null),
});

export const customerPlacesSchema = z.object({ id: idOf("id") });
export const placeIdSchema = z.object({ id: idOf("id") });

/**
 * The page's form: the same place, where the position may instead come from `where` — a pasted map
 * link or a city's name — when the person has no map to tap (no JavaScript) or would rather paste.
 */
export const savedPlaceFormSchema = savedPlaceSchema
  .omit({ customer_id: true })
  .extend({
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    where: z.string().trim().max(2000, "This is too long for a place or a link").optional(),
  })
  .refine((v) => (v.latitude !== undefined && v.longitude !== undefined) || Boolean(v.where), {
    path: ["where"],
    message: "Paste a map link, name a city, or tap the map",
  });
