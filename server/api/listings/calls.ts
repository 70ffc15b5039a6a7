// The owner's calls (spec §7): their listings of every status, interested people, and the changes
// an owner may make (spec §4): switch an approved listing on or off, mark it sold or rented, delete.
import { and, eq } from "drizzle-orm";
import { defineCall } from "../call";
import { ApiError } from "../envelope";
import { projects, properties } from "../../db/schema";
import { assertNotDemoData, assertOwner } from "./guards";
import {
  changeStatusSchema,
  dashboardSchema,
  deleteListingSchema,
  getAddedProjectsSchema,
  getAddedPropertiesSchema,
  interestedUsersSchema,
  updatePropertyStatusSchema,
} from "./schema";
import { interestedIn, ownerDashboard, ownProjectsList, ownPropertiesList, storedFilesOf } from "./service";
import type { ApiContext } from "../context";
import { IdOnly } from "../output";
import {
  AddedProject,
  AddedProperty,
  Dashboard,
  InterestedPerson,
  PropertyStatusChanged,
  StatusChanged,
} from "./output";
import { z } from "zod";
import { leadsByListing } from "../leads/service";
import { recordListingEvent } from "../saved-searches/events";

/** A signed-in account without a profile yet owns nothing. */
const ownerId = (ctx: ApiContext) => ctx.user?.id ?? null;

export const NOT_APPROVED_MESSAGE = "A listing can be switched on or off once it is approved";
export const WRONG_DEAL_MESSAGE = "A property for sale can be marked sold, a property for rent rented";

export const getAddedProperties = defineCall({
  name: "get-added-properties",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary:
    "The caller's own properties of every status, with views (total_click), favourites and interested counts",
  input: getAddedPropertiesSchema,
  output: z.array(AddedProperty),
  total: true,
  async handler(input, ctx) {
    const id = ownerId(ctx);
    if (id === null) return { data: [], total: 0 };
    const { rows, total } = await ownPropertiesList(ctx.db, id, input, ctx);
    return { data: rows, total };
  },
});

export const getAddedProjects = defineCall({
  name: "get-added-projects",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary: "The caller's own projects of every status",
  input: getAddedProjectsSchema,
  output: z.array(AddedProject),
  total: true,
  async handler(input, ctx) {
    const id = ownerId(ctx);
    if (id === null) return { data: [], total: 0 };
    const { rows, total } = await ownProjectsList(ctx.db, id, input, ctx);
    return { data: rows, total };
  },
});

export const getInterestedUsers = defineCall({
  name: "get_interested_users",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary: "People who registered interest in one of the caller's properties (owner only)",
  input: interestedUsersSchema,
  output: z.array(InterestedPerson),
  total: true,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    await assertOwner(ctx.db, "property", input.property_id, ctx.user);
    const { rows, total } = await interestedIn(ctx.db, input.property_id, input);
    return { data: rows, total };
  },
});

export const getUserDashboard = defineCall({
  name: "get-user-dashboard",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary:
    "The caller's listings in numbers (by status, views, favourites, interest), their latest changes, and leads: per listing (a page: offset, limit) views, contact reveals by kind and conversations",
  input: dashboardSchema,
  output: Dashboard,
  async handler(input, ctx) {
    const id = ownerId(ctx);
    const empty = { total: 0, pending: 0, approved: 0, rejected: 0, active: 0, inactive: 0, live: 0 };
    const none = { phone: 0, email: 0, whatsapp: 0, total: 0 };
    if (id === null) {
      const leads = { totals: none, profile: none, listings_total: 0, listings: [] };
      return {
        data: {
          properties: { ...empty, sold: 0, rented: 0, views: 0, favourites: 0, interested: 0 },
          projects: empty,
          recent: [],
          leads,
        },
      };
    }
    const [dashboard, leads] = await Promise.all([
      ownerDashboard(ctx.db, id),
      leadsByListing(ctx.db, id, input),
    ]);
    return { data: { ...dashboard, leads } };
  },
});

/** The owner's on/off switch, the same for both kinds: only once the admin approved the listing. */
async function switchStatus(
  kind: "property" | "project",
  input: { id: number; status: "active" | "inactive" },
  ctx: ApiContext,
) {
  const row = await assertOwner(ctx.db, kind, input.id, ctx.user);
  await assertNotDemoData(ctx.db, row.added_by);
  if (row.request_status !== "approved")
    throw new ApiError(400, NOT_APPROVED_MESSAGE, { status: [NOT_APPROVED_MESSAGE] });
  const table = kind === "property" ? properties : projects;
  // Still approved at the moment of writing: a rejection landing in between is not overwritten.
  const changed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(table)
      .set({ status: input.status, updated_at: new Date() })
      .where(and(eq(table.id, row.id), eq(table.request_status, "approved")))
      .returning({ id: table.id });
    if (kind === "property" && input.status === "active" && rows.length)
      await recordListingEvent(tx, row.id, "live");
    return rows;
  });
  if (!changed.length) throw new ApiError(400, NOT_APPROVED_MESSAGE, { status: [NOT_APPROVED_MESSAGE] });
  return { id: row.id, status: input.status };
}

/**
 * One of the owner's changes to a listing of a kind, as a call of its own name (the spec names one
 * call per kind): the caller must own the listing, which the change itself checks.
 */
const ownerChange = <Name extends string, In extends z.ZodType, Out extends z.ZodType>(
  name: Name,
  how: {
    summary: string;
    input: In;
    output: Out;
    change: (input: z.output<In>, ctx: ApiContext) => Promise<{ data: z.input<Out>; message: string }>;
  },
) =>
  defineCall({
    name,
    method: "POST",
    access: "user",
    tag: "my listings",
    summary: how.summary,
    input: how.input,
    output: how.output,
    errorStatuses: [401, 404],
    handler: how.change,
  });

/** `change-property-status` and `change-project-status`: the owner's switch. */
const statusCall = <Name extends string>(
  name: Name,
  kind: "property" | "project",
  words: { summary: string; on: string; off: string },
) =>
  ownerChange(name, {
    summary: words.summary,
    input: changeStatusSchema,
    output: StatusChanged,
    async change(input, ctx) {
      const data = await switchStatus(kind, input, ctx);
      return { data, message: input.status === "active" ? words.on : words.off };
    },
  });

export const changePropertyStatus = statusCall("change-property-status", "property", {
  summary: "Switch one of the caller's approved properties on (active) or off (inactive)",
  on: "Listing activated",
  off: "Listing deactivated",
});

export const changeProjectStatus = statusCall("change-project-status", "project", {
  summary: "Switch one of the caller's approved projects on (active) or off (inactive)",
  on: "Project activated",
  off: "Project deactivated",
});

export const updatePropertyStatus = defineCall({
  name: "update_property_status",
  method: "POST",
  access: "user",
  tag: "my listings",
  summary: "Mark one of the caller's properties sold (for sale) or rented (for rent), or available again",
  input: updatePropertyStatusSchema,
  output: PropertyStatusChanged,
  errorStatuses: [401, 404],
  async handler(input, ctx) {
    const row = await assertOwner(ctx.db, "property", input.id, ctx.user);
    await assertNotDemoData(ctx.db, row.added_by);
    const [{ property_type } = { property_type: "sell" as const }] = await ctx.db
      .select({ property_type: properties.property_type })
      .from(properties)
      .where(eq(properties.id, row.id));
    const fits =
      input.status === "available" ||
      (input.status === "sold" && property_type === "sell") ||
      (input.status === "rented" && property_type === "rent");
    if (!fits) throw new ApiError(400, WRONG_DEAL_MESSAGE, { status: [WRONG_DEAL_MESSAGE] });
    await ctx.db
      .update(properties)
      .set({ property_status: input.status, updated_at: new Date() })
      .where(eq(properties.id, row.id));
    const message =
      input.status === "sold"
        ? "Marked as sold"
        : input.status === "rented"
          ? "Marked as rented"
          : "Marked as available";
    return { data: { id: row.id, property_status: input.status }, message };
  },
});

/** Deletes an owner's listing (rows cascade), then its files. */
async function deleteListing(kind: "property" | "project", id: number, ctx: ApiContext) {
  const row = await assertOwner(ctx.db, kind, id, ctx.user);
  await assertNotDemoData(ctx.db, row.added_by);
  const files = await storedFilesOf(ctx.db, kind, row.id);
  const table = kind === "property" ? properties : projects;
  await ctx.db.delete(table).where(eq(table.id, row.id));
  // The rows are gone; a file that fails to go is only wasted space, never a broken page.
  await Promise.all(files.map((f) => ctx.storage.delete(f).catch(() => {})));
  return { id: row.id };
}

/** `delete_property` and `delete_project`. */
const deleteCall = <Name extends string>(
  name: Name,
  kind: "property" | "project",
  words: { summary: string; done: string },
) =>
  ownerChange(name, {
    summary: words.summary,
    input: deleteListingSchema,
    output: IdOnly,
    async change(input, ctx) {
      return { data: await deleteListing(kind, input.id, ctx), message: words.done };
    },
  });

export const deleteProperty = deleteCall("delete_property", "property", {
  summary: "Delete one of the caller's properties with its photos, documents and statistics",
  done: "Property deleted",
});

export const deleteProject = deleteCall("delete_project", "project", {
  summary: "Delete one of the caller's projects with its photos, plans and documents",
  done: "Project deleted",
});
