// Queries of the project and developer calls (spec §7: get-projects, get-project-detail).
import { z } from "zod";
import { limitOffset } from "../../contract/pagination";
import { idOf } from "../../contract/ids";

export const PROJECT_TYPES = ["under_construction", "upcoming"] as const;

const place = (field: string) =>
  z.string().trim().max(120, `${field} must be at most 120 characters`).optional();
const slug = z
  .string()
  .trim()
  .min(1, "slug_id must not be empty")
  .max(200, "slug_id must be at most 200 characters");

export const getProjectsSchema = z.object({
  ...limitOffset(12, 100),
  id: idOf("id").optional(),
  slug_id: slug.optional(),
  category_id: idOf("category_id").optional(),
  city: place("city"),
  state: place("state"),
  country: place("country"),
  type: z.enum(PROJECT_TYPES, { error: "type must be under_construction or upcoming" }).optional(),
  search: z.string().trim().max(200, "Search text is too long (at most 200 characters)").optional(),
  /** Projects of one developer. */
  userid: idOf("userid").optional(),
});

export const getProjectDetailSchema = z
  .object({ id: idOf("id").optional(), slug_id: slug.optional() })
  .refine((q) => q.id !== undefined || q.slug_id !== undefined, {
    path: ["slug_id"],
    message: "slug_id or id is required",
  });

export const developerListSchema = z.object({
  ...limitOffset(12, 100),
  search: z.string().trim().max(100, "Search text is too long (at most 100 characters)").optional(),
  city: place("city"),
});

export const developerProjectsSchema = z.object({ id: idOf("id"), ...limitOffset(12, 100) });

export type GetProjectsQuery = z.output<typeof getProjectsSchema>;
