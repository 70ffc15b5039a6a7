// A listing's review (spec §4 request_status: pending → approved or rejected), with the owner told in
// the same transaction. The admin console calls this; owners never do.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { projects, properties } from "../../db/schema";
import { ApiError } from "../envelope";
import { notify } from "../notifications/service";
import { recordListingEvent } from "../saved-searches/events";

export type ReviewDecision = {
  kind: "property" | "project";
  id: number;
  status: "approved" | "rejected";
  reason?: string | null;
};

export const REJECT_REASON_REQUIRED = "Please write why the listing is rejected";

/**
 * `db` may be the caller's transaction (the admin console writes its audit line in it): the
 * transaction opened here is then a savepoint inside it.
 */
export async function reviewListing(db: Executor, decision: ReviewDecision) {
  const reason = decision.reason?.trim() || null;
  if (decision.status === "rejected" && !reason)
    throw new ApiError(400, REJECT_REASON_REQUIRED, { reason: [REJECT_REASON_REQUIRED] });
  const table = decision.kind === "property" ? properties : projects;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: table.id,
        title: table.title,
        slug_id: table.slug_id,
        added_by: table.added_by,
        request_status: table.request_status,
      })
      .from(table)
      .where(eq(table.id, decision.id))
      .for("update");
    if (!row)
      throw new ApiError(404, decision.kind === "property" ? "Property not found" : "Project not found");
    // Deciding again the same way (a double click, two admins) tells the owner nothing new.
    if (row.request_status === decision.status) return { ...row, changed: false };
    await tx
      .update(table)
      .set({
        request_status: decision.status,
        reject_reason: decision.status === "rejected" ? reason : null,
        updated_at: new Date(),
      })
      .where(eq(table.id, row.id));
    const link = decision.kind === "property" ? `/my-property/${row.slug_id}` : "/user/projects";
    if (decision.status === "approved")
      await notify(tx, row.added_by, "listing_approved", { listing: row.title }, link);
    else await notify(tx, row.added_by, "listing_rejected", { listing: row.title, reason: reason! }, link);
    if (decision.kind === "property" && decision.status === "approved")
      await recordListingEvent(tx, row.id, "live");
    return { ...row, request_status: decision.status, changed: true };
  });
}
