// Featured-listing requests in the admin console: the list (pending first when asked for), and
// the decision on a request, with its owner told. Live means approved with end_date to come, as
// featuredListings reads it; "expired" is an approved request whose end_date has passed.
import { and, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { advertisements, projects, properties, users } from "../../db/schema";
import { defineCall } from "../call";
import { AdminAdvertisement, ReviewedAdvertisement } from "./output";
import { ApiError, notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { notify } from "../notifications/service";
import { limitOffset } from "../contract/pagination";
import { FEATURE_FOR } from "../advertisements/schema";
import { audit } from "./audit";
import { containing } from "./search";

const a = advertisements;

export const AD_FILTERS = ["pending", "approved", "rejected", "expired"] as const;

export const adminAdvertisementsInput = z.object({
  ...limitOffset(20, 100),
  /** approved: running now; expired: approved but past its end_date. Absent: all. */
  status: z.enum(AD_FILTERS, { error: "status must be pending, approved, rejected or expired" }).optional(),
  feature_for: z.enum(FEATURE_FOR, { error: "feature_for must be property or project" }).optional(),
  /** Words in the listing's title or the owner's name or email. */
  search: z.string().trim().max(100).optional(),
});

const ended = or(eq(a.status, "expired"), and(eq(a.status, "approved"), lte(a.end_date, sql`now()`)))!;

function statusFilter(status: (typeof AD_FILTERS)[number]): SQL {
  if (status === "approved") return and(eq(a.status, "approved"), gt(a.end_date, sql`now()`))!;
  if (status === "expired") return ended;
  return eq(a.status, status);
}

/** The status an admin (and the owner) reads: approved past its end is expired. */
const shown = (row: { status: string; end_date: Date }) =>
  (row.status === "approved" && row.end_date.getTime() <= Date.now()
    ? "expired"
    : row.status) as (typeof AD_FILTERS)[number];

export const adminAdvertisementsCall = defineCall({
  name: "admin/advertisements",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Featured-listing requests, newest first: filter by status (pending, approved = running, rejected, expired), feature_for or words; with the listing, its owner, start and end dates",
  input: adminAdvertisementsInput,
  output: z.array(AdminAdvertisement),
  total: true,
  async handler(q, { db }) {
    const where: SQL[] = [];
    if (q.status) where.push(statusFilter(q.status));
    if (q.feature_for) where.push(eq(a.feature_for, q.feature_for));
    if (q.search) {
      const like = containing(q.search);
      where.push(
        or(
          ilike(properties.title, like),
          ilike(projects.title, like),
          ilike(users.name, like),
          ilike(users.email, like),
        )!,
      );
    }
    const cond = where.length ? and(...where) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select({
          ad: a,
          owner: { id: users.id, name: users.name, email: users.email },
          property: {
            id: properties.id,
            title: properties.title,
            slug_id: properties.slug_id,
            request_status: properties.request_status,
            status: properties.status,
          },
          project: {
            id: projects.id,
            title: projects.title,
            slug_id: projects.slug_id,
            request_status: projects.request_status,
            status: projects.status,
          },
        })
        .from(a)
        .innerJoin(users, eq(users.id, a.user_id))
        .leftJoin(properties, eq(properties.id, a.property_id))
        .leftJoin(projects, eq(projects.id, a.project_id))
        .where(cond)
        .orderBy(desc(a.created_at), desc(a.id))
        .limit(q.limit)
        .offset(q.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .innerJoin(users, eq(users.id, a.user_id))
        .leftJoin(properties, eq(properties.id, a.property_id))
        .leftJoin(projects, eq(projects.id, a.project_id))
        .where(cond),
    ]);
    return {
      total: count?.n ?? 0,
      data: rows.map(({ ad, owner, property, project }) => {
        const listing = property ?? project;
        const status = shown(ad);
        return {
          id: ad.id,
          feature_for: ad.feature_for as (typeof FEATURE_FOR)[number],
          status,
          /** Featured on the site now. */
          running: status === "approved",
          start_date: ad.start_date.toISOString(),
          end_date: ad.end_date.toISOString(),
          reject_reason: ad.status === "rejected" ? ad.reject_reason : null,
          created_at: ad.created_at.toISOString(),
          owner,
          listing: listing
            ? {
                ...listing,
                link: property
                  ? `/properties-details/${listing.slug_id}`
                  : `/project-details/${listing.slug_id}`,
                is_public: listing.request_status === "approved" && listing.status === "active",
              }
            : null,
        };
      }),
    };
  },
});

export const AD_REJECT_REASON_REQUIRED = "Please write why the request is rejected";
export const AD_NOT_PENDING = "Only a pending request can be approved";
export const AD_NOT_REJECTABLE = "Only a pending or running request can be rejected";
export const AD_ENDED = "The package that paid for this request has ended, so it can no longer be approved";

export const reviewAdvertisementInput = z.object({
  id: idOf("id"),
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  reason: z.string().trim().max(1000, "The reason can be at most 1000 characters").optional(),
});

export const adminReviewAdvertisementCall = defineCall({
  name: "admin/review-advertisement",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Approve a pending featured-listing request (featured from now until its end_date), or reject a pending or running one with a reason its owner sees",
  input: reviewAdvertisementInput,
  output: ReviewedAdvertisement,
  errorStatuses: [404],
  async handler(input, ctx) {
    const reason = input.reason?.trim() || null;
    if (input.status === "rejected" && !reason)
      throw new ApiError(400, AD_REJECT_REASON_REQUIRED, { reason: [AD_REJECT_REASON_REQUIRED] });
    const result = await ctx.db.transaction(async (tx) => {
      const [ad] = await tx.select().from(a).where(eq(a.id, input.id)).for("update");
      if (!ad) throw notFound("Advertisement not found");
      const now = shown(ad);
      if (now === input.status) return { changed: false, ad };
      if (input.status === "approved" && now !== "pending") throw new ApiError(400, AD_NOT_PENDING);
      if (input.status === "rejected" && now !== "pending" && now !== "approved")
        throw new ApiError(400, AD_NOT_REJECTABLE);
      // Approving starts the featuring now and keeps end_date: the unit taken when it was asked for
      // paid for featuring until the end of the package that gave it, never beyond (featureListing),
      // so the time spent waiting for review comes out of that time rather than past the package.
      // A request whose package ended while it waited has nothing left to run.
      if (input.status === "approved" && ad.end_date.getTime() <= Date.now())
        throw new ApiError(400, AD_ENDED);
      const [after] = await tx
        .update(a)
        .set(
          input.status === "approved"
            ? { status: "approved", start_date: new Date(), reject_reason: null, updated_at: new Date() }
            : { status: "rejected", reject_reason: reason, updated_at: new Date() },
        )
        .where(eq(a.id, ad.id))
        .returning();
      const before = {
        status: ad.status,
        start_date: ad.start_date,
        end_date: ad.end_date,
        reject_reason: ad.reject_reason,
      };
      await audit(tx, ctx, {
        action: `advertisement.${input.status === "approved" ? "approve" : "reject"}`,
        target_type: "advertisement",
        target_id: ad.id,
        before,
        after: {
          status: after!.status,
          start_date: after!.start_date,
          end_date: after!.end_date,
          reject_reason: after!.reject_reason,
        },
        reason,
      });
      const t = ad.feature_for === "project" ? projects : properties;
      const [listing] = await tx
        .select({ title: t.title })
        .from(t)
        .where(eq(t.id, (ad.property_id ?? ad.project_id)!));
      const values = {
        listing: listing?.title ?? "",
        until: ad.end_date.toISOString().slice(0, 10),
        reason: reason ?? "",
      };
      await notify(
        tx,
        ad.user_id,
        input.status === "approved" ? "advertisement_approved" : "advertisement_rejected",
        values,
        "/user/advertisement",
      );
      return { changed: true, ad: after! };
    });
    const message = !result.changed
      ? "Nothing to change"
      : input.status === "approved"
        ? "Request approved: the listing is featured"
        : "Request rejected";
    return { data: { id: input.id, status: shown(result.ad), changed: result.changed }, message };
  },
});
