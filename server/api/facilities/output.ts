// Answers about facilities (what a listing can be near: a school, a beach…).
import { z } from "zod";
import { count, int, named } from "../output";

export const Facility = named(
  "Facility",
  z.object({ id: int, name: z.string(), image: z.string().nullable() }),
  "A facility, named in the caller's language",
);

/** A facility and how many public listings are near it. */
export const FacilityWithCount = Facility.extend({ count });
