// The listing queues of the admin console: properties and projects by admin status (pending,
// approved, rejected), the decision on each, and the admin's own off switch. The three statuses of
// spec §4 stay apart: request_status is the admin's decision, status the owner's active/inactive
// switch, property_status the deal (available, sold, rented).
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { categories, projects, properties, propertyImages, users } from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { defineCall } from "../call";
import { AdminListing, ReviewedListing, SwitchedListing } from "../admin/output";
import type { ApiContext } from "../context";
import { ApiError } from "../envelope";
import { idOf } from "../contract/ids";
import { localize } from "../i18n";
import { lockListing, type ListingKind } from "./guards";
import { reviewListing } from "./review";
import { notify } from "../notifications/service";
import { limitOffset } from "../contract/pagination";
import { imageView, type ImageView } from "../image-view";
import { cover as projectCover, projectCoverColumns } from "./project/service";
import { audit } from "../admin/audit";
import { containing } from "../admin/search";
import { recordListingEvent } from "../saved-searches/events";

export const LISTING_KINDS = ["property", "project"] as const;
export const REQUEST_FILTERS = ["pending", "approved", "rejected", "all"] as const;

const optionalId = (field: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), idOf(field).optional());

export const adminListingsInput = z.object({
  ...limitOffset(20, 100),
  /** The admin's decision; absent or "all" lists every listing. */
  request_status: z
    .enum(REQUEST_FILTERS, { error: "request_status must be pending, approved, rejected or all" })
    .optional(),
  /** The owner's switch. */
  status: z.enum(["active", "inactive"], { error: "status must be active or inactive" }).optional(),
  category_id: optionalId("category_id"),
  owner_id: optionalId("owner_id"),
  /** Words in the title or slug, or the owner's name or email. */
  search: z.string().trim().max(100).optional(),
});
export type AdminListingsQuery = z.output<typeof adminListingsInput>;

const publicPath = (kind: ListingKind, slug: string) =>
  kind === "property" ? `/properties-details/${slug}` : `/project-details/${slug}`;

type ReadOptions = { storage: FileStorage; lang: string };

/** The queue's conditions on either table (the owner joined as `users`). */
function queueWhere(t: typeof properties | typeof projects, q: AdminListingsQuery) {
  const where: SQL[] = [];
  if (q.request_status && q.request_status !== "all") where.push(eq(t.request_status, q.request_status));
  if (q.status) where.push(eq(t.status, q.status));
  if (q.category_id) where.push(eq(t.category_id, q.category_id));
  if (q.owner_id) where.push(eq(t.added_by, q.owner_id));
  if (q.search) {
    const like = containing(q.search);
    where.push(
      or(ilike(t.title, like), ilike(t.slug_id, like), ilike(users.name, like), ilike(users.email, like))!,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** What both kinds share, read the same way from either table. */
const common = (t: typeof properties | typeof projects) => ({
  id: t.id,
  title: t.title,
  slug_id: t.slug_id,
  description: t.description,
  city: t.city,
  created_at: t.created_at,
  request_status: t.request_status,
  status: t.status,
  reject_reason: t.reject_reason,
  owner: { id: users.id, name: users.name, email: users.email },
  category: { id: categories.id, category: categories.category, translations: categories.translations },
});

type CommonRow = {
  id: number;
  title: string;
  slug_id: string;
  description: string;
  city: string;
  created_at: Date;
  request_status: "pending" | "approved" | "rejected";
  status: "active" | "inactive";
  reject_reason: string | null;
  owner: { id: number; name: string; email: string | null };
  category: { id: number; category: string; translations: Record<string, Record<string, string>> };
};

/** One row shape for both kinds; the queue page draws either. */
function shape(
  kind: ListingKind,
  r: CommonRow,
  lang: string,
  extra: {
    price?: number;
    property_type?: "sell" | "rent";
    property_status?: "available" | "sold" | "rented";
    project_type?: (typeof projects.$inferSelect)["type"];
    image: ImageView | null;
  },
) {
  return {
    kind,
    id: r.id,
    title: r.title,
    slug_id: r.slug_id,
    description: r.description,
    owner: r.owner,
    category: {
      id: r.category.id,
      category: localize(r.category.translations, lang, "category", r.category.category),
    },
    city: r.city,
    price: extra.price ?? null,
    property_type: extra.property_type ?? null,
    /** The deal: available, sold or rented (properties only). */
    property_status: extra.property_status ?? null,
    project_type: extra.project_type ?? null,
    created_at: r.created_at.toISOString(),
    request_status: r.request_status,
    status: r.status,
    reject_reason: r.request_status === "rejected" ? r.reject_reason : null,
    image: extra.image,
    /** Where the public sees it; only approved, active listings are public. */
    link: publicPath(kind, r.slug_id),
    is_public: r.request_status === "approved" && r.status === "active",
  };
}

async function propertyQueue(db: Executor, q: AdminListingsQuery, { storage, lang }: ReadOptions) {
  const cond = queueWhere(properties, q);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...common(properties),
        price: properties.price,
        property_type: properties.property_type,
        property_status: properties.property_status,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.added_by))
      .innerJoin(categories, eq(categories.id, properties.category_id))
      .where(cond)
      .orderBy(desc(properties.created_at), desc(properties.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.added_by))
      .where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const covers = ids.length
    ? await db
        .select()
        .from(propertyImages)
        .where(and(inArray(propertyImages.property_id, ids), eq(propertyImages.position, 0)))
    : [];
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => {
      const photo = covers.find((c) => c.property_id === r.id);
      return shape("property", r, lang, {
        price: r.price,
        property_type: r.property_type,
        property_status: r.property_status,
        image: photo ? imageView(storage, photo) : null,
      });
    }),
  };
}

async function projectQueue(db: Executor, q: AdminListingsQuery, { storage, lang }: ReadOptions) {
  const cond = queueWhere(projects, q);
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...common(projects), project_type: projects.type, ...projectCoverColumns })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.added_by))
      .innerJoin(categories, eq(categories.id, projects.category_id))
      .where(cond)
      .orderBy(desc(projects.created_at), desc(projects.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.added_by))
      .where(cond),
  ]);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) =>
      shape("project", r, lang, { project_type: r.project_type, image: projectCover(storage, r) }),
    ),
  };
}

export type AdminListingRow = ReturnType<typeof shape>;

const queueCall = <N extends "admin/properties" | "admin/projects">(name: N, kind: ListingKind) =>
  defineCall({
    name,
    method: "GET",
    access: "admin",
    tag: "admin",
    summary: `${kind === "property" ? "Properties" : "Projects"} for review, newest first: filter by admin status (request_status, or all), the owner's status, category, owner or words; with owner, category and the public link`,
    input: adminListingsInput,
    output: z.array(AdminListing),
    total: true,
    async handler(input, ctx) {
      const opts = { storage: ctx.storage, lang: ctx.lang };
      const { rows, total } =
        kind === "property"
          ? await propertyQueue(ctx.db, input, opts)
          : await projectQueue(ctx.db, input, opts);
      return { data: rows, total };
    },
  });

export const adminPropertiesCall = queueCall("admin/properties", "property");
export const adminProjectsCall = queueCall("admin/projects", "project");

/** What a moderation line in the audit log keeps of the listing. */
async function moderationState(tx: Executor, kind: ListingKind, id: number) {
  const t = kind === "property" ? properties : projects;
  const [row] = await tx
    .select({
      title: t.title,
      request_status: t.request_status,
      status: t.status,
      reject_reason: t.reject_reason,
    })
    .from(t)
    .where(eq(t.id, id));
  if (kind !== "property") return { ...row!, off_with_owner: false };
  const [flag] = await tx
    .select({ off_with_owner: properties.off_with_owner })
    .from(properties)
    .where(eq(properties.id, id));
  return { ...row!, off_with_owner: flag!.off_with_owner };
}

export const OWNER_OFF_MESSAGE =
  "Its owner's account is deactivated: the listing comes back when the account is reactivated";

export const reviewListingInput = z.object({
  kind: z.enum(LISTING_KINDS, { error: "kind must be property or project" }),
  id: idOf("id"),
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  /** Required to reject (the owner reads it); reviewListing says so on this field. */
  reason: z.string().trim().max(1000, "The reason can be at most 1000 characters").optional(),
});

export const adminReviewListingCall = defineCall({
  name: "admin/review-listing",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Approve a property or project (it goes public when its owner has it switched on), or reject it with a reason its owner is told",
  input: reviewListingInput,
  output: ReviewedListing,
  errorStatuses: [404],
  async handler(input, ctx) {
    const result = await ctx.db.transaction(async (tx) => {
      await lockListing(tx, input.kind, input.id);
      const before = await moderationState(tx, input.kind, input.id);
      const reviewed = await reviewListing(tx, input);
      // The same decision again (a second click, a second admin) changes nothing and logs nothing.
      if (!reviewed.changed) return { changed: false };
      const after = await moderationState(tx, input.kind, input.id);
      await audit(tx, ctx, {
        action: `${input.kind}.${input.status === "approved" ? "approve" : "reject"}`,
        target_type: input.kind,
        target_id: input.id,
        before,
        after,
        reason: input.reason,
      });
      return { changed: true };
    });
    const message = !result.changed
      ? "Nothing to change"
      : input.status === "approved"
        ? "Listing approved"
        : "Listing rejected";
    return {
      data: { id: input.id, kind: input.kind, request_status: input.status, changed: result.changed },
      message,
    };
  },
});

export interface ListingSwitch {
  kind: ListingKind;
  id: number;
  active: boolean;
  /** Why it is switched off; the owner is told. */
  reason?: string | null;
}

/**
 * The admin switches a listing off (out of every public list, featured ones included) or back on,
 * inside the caller's transaction, with its audit line; switching off tells the owner. It is the
 * owner's own active/inactive switch, so the owner may switch it on again: a lasting no is a
 * rejection (admin/review-listing), which only the admin undoes.
 */
export async function setListingActive(
  tx: Executor,
  ctx: Pick<ApiContext, "principal" | "user">,
  change: ListingSwitch,
) {
  const t = change.kind === "property" ? properties : projects;
  await lockListing(tx, change.kind, change.id);
  const before = await moderationState(tx, change.kind, change.id);
  const status = change.active ? ("active" as const) : ("inactive" as const);
  // A property that went off with its deactivated owner: switching it off is the admin's own
  // decision (it stays off when the owner comes back); switching it on must wait for the owner.
  const withOwner = change.kind === "property" && before.off_with_owner === true;
  if (withOwner && change.active) throw new ApiError(409, OWNER_OFF_MESSAGE);
  if (before.status === status && !withOwner) return { changed: false, status };
  // An admin's own decision on a property replaces the one its owner's deactivation made.
  const set =
    change.kind === "property"
      ? { status, off_with_owner: false, updated_at: new Date() }
      : { status, updated_at: new Date() };
  const [row] = await tx
    .update(t)
    .set(set)
    .where(eq(t.id, change.id))
    .returning({ added_by: t.added_by, slug_id: t.slug_id });
  if (change.kind === "property" && change.active) await recordListingEvent(tx, change.id, "live");
  const reason = change.reason?.trim() || null;
  await audit(tx, ctx, {
    action: `${change.kind}.${change.active ? "activate" : "deactivate"}`,
    target_type: change.kind,
    target_id: change.id,
    before,
    after: { ...before, status, off_with_owner: false },
    reason,
  });
  if (!change.active) {
    const link = change.kind === "property" ? `/my-property/${row!.slug_id}` : "/user/projects";
    await notify(
      tx,
      row!.added_by,
      "listing_deactivated",
      { listing: before.title, reason: reason ?? "" },
      link,
    );
  }
  return { changed: true, status };
}

export const listingStatusInput = z.object({
  kind: z.enum(LISTING_KINDS, { error: "kind must be property or project" }),
  id: idOf("id"),
  status: z.enum(["active", "inactive"], { error: "status must be active or inactive" }),
  reason: z.string().trim().max(1000, "The reason can be at most 1000 characters").optional(),
});

export const adminListingStatusCall = defineCall({
  name: "admin/listing-status",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Switch a property or project off (hidden from the public, its owner told) or back on",
  input: listingStatusInput,
  output: SwitchedListing,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const result = await ctx.db.transaction((tx) =>
      setListingActive(tx, ctx, {
        kind: input.kind,
        id: input.id,
        active: input.status === "active",
        reason: input.reason,
      }),
    );
    const message = !result.changed
      ? "Nothing to change"
      : result.status === "active"
        ? "Listing switched on"
        : "Listing switched off";
    return {
      data: { id: input.id, kind: input.kind, status: result.status, changed: result.changed },
      message,
    };
  },
});
