// Payloads of the owner's calls (spec §7): their own listings, interested people, status changes, deletion.
import { z } from "zod";
import { limitOffset } from "../contract/pagination";
import { LISTING_STATUSES, PROJECT_TYPES, PROPERTY_STATUSES, REQUEST_STATUSES } from "../contract/enums";
import { propertyKindFilter } from "../contract/property-kinds";

const id = z.coerce
  .number({ error: (issue) => (issue.code === "invalid_type" ? "must be a number" : undefined) })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(2 ** 31 - 1, "is too large");

const filters = {
  id: id.optional(),
  slug_id: z.string().trim().max(200, "at most 200 characters").optional(),
  status: z.enum(LISTING_STATUSES, { error: "status must be active or inactive" }).optional(),
  request_status: z
    .enum(REQUEST_STATUSES, { error: "request_status must be pending, approved or rejected" })
    .optional(),
  search: z.string().trim().max(200, "Search text is too long (at most 200 characters)").optional(),
};

export const getAddedPropertiesSchema = z.object({
  ...limitOffset(12, 100),
  ...filters,
  property_type: propertyKindFilter(),
  property_status: z
    .enum(PROPERTY_STATUSES, { error: "property_status must be available, sold or rented" })
    .optional(),
});
export type AddedPropertiesQuery = z.output<typeof getAddedPropertiesSchema>;

export const getAddedProjectsSchema = z.object({
  ...limitOffset(12, 100),
  ...filters,
  type: z.enum(PROJECT_TYPES, { error: "type must be under_construction or upcoming" }).optional(),
});
export type AddedProjectsQuery = z.output<typeof getAddedProjectsSchema>;

export const interestedUsersSchema = z.object({ ...limitOffset(20, 100), property_id: id });

/** offset and limit page the per-listing leads (views, contact reveals, conversations), newest listing first. */
export const dashboardSchema = z.object({ ...limitOffset(10, 50) });

export const changeStatusSchema = z.object({
  id,
  status: z.enum(LISTING_STATUSES, { error: "status must be active or inactive" }),
});

export const updatePropertyStatusSchema = z.object({
  id,
  status: z.enum(PROPERTY_STATUSES, { error: "status must be available, sold or rented" }),
});

export const deleteListingSchema = z.object({ id });

/** `get-own-property` / `get-own-project`: which of one's own listings the edit form opens. */
export const ownListingSchema = z.object({
  id: z.coerce
    .number({ error: "must be a number" })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
