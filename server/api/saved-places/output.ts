import { z } from "zod";
import { dateTime, int, named } from "../output";

export const SavedPlace = named(
  "SavedPlace",
  z.object({
    id: int,
    customer_id: int,
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    details: z.string().nullable(),
    created_at: dateTime,
  }),
  "A place a person saved (home, work, school…)",
);
