// What their server put on every listing and we keep apart: whether the caller reported it, is
// interested in it, blocked its owner or was blocked; and, on one listing's page, the owner's phone
// and email for a signed-in person (asked through reveal-contact, so it counts as a lead, decision 023).
import { and, eq, inArray } from "drizzle-orm";
import { interestedUsers, userReports } from "../../db/schema";
import { findByFirebaseId } from "../users/service";
import { blockState } from "../chat/service";
import type { Compat } from "./context";
import type { ListingExtras } from "./shapes";

async function viewer(c: Compat) {
  if (!c.token) return null;
  const who = await c.deps.auth.verify(c.token);
  return who ? findByFirebaseId(c.deps.db, who.uid) : null;
}

export async function reportedAndInterested(c: Compat, ids: number[]): Promise<Map<number, ListingExtras>> {
  const out = new Map<number, ListingExtras>();
  const me = await viewer(c);
  if (!me || !ids.length) return out;
  const [reported, interested] = await Promise.all([
    c.deps.db
      .select({ id: userReports.property_id })
      .from(userReports)
      .where(and(eq(userReports.user_id, me.id), inArray(userReports.property_id, ids))),
    c.deps.db
      .select({ id: interestedUsers.property_id })
      .from(interestedUsers)
      .where(and(eq(interestedUsers.user_id, me.id), inArray(interestedUsers.property_id, ids))),
  ]);
  for (const id of ids)
    out.set(id, {
      is_reported: reported.some((r) => r.id === id),
      is_interested: interested.some((r) => r.id === id),
    });
  return out;
}

/** One listing's page: the flags above, the block state with its owner, and the owner's contact. */
export async function listingDetailExtras(
  c: Compat,
  p: { id: number; customer?: { id: number } | null },
): Promise<ListingExtras> {
  const me = await viewer(c);
  if (!me) return {};
  const flags = (await reportedAndInterested(c, [p.id])).get(p.id) ?? {};
  const ownerId = p.customer?.id;
  if (!ownerId || ownerId === me.id) return flags;
  const blocks = await blockState(c.deps.db, me.id, ownerId);
  const reveal: { mobile?: string; email?: string } = {};
  if (!blocks.blocked_me) {
    for (const kind of ["phone", "email"] as const) {
      const r = await c.call("reveal-contact", { property_id: p.id, kind });
      if (!r.body.error)
        reveal[kind === "phone" ? "mobile" : "email"] = (r.body.data as { value: string }).value;
    }
  }
  return { ...flags, reveal, is_blocked_by_me: blocks.blocked_by_me, is_blocked_by_user: blocks.blocked_me };
}
