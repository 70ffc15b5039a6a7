// Listing events: a listing went live (approved and switched on) or a live listing's price went
// down. Written inside the transaction that made the change, so an event exists exactly when the
// change does, with an "alerts" row of the background queue (server/queue/queue.ts) that has it
// matched against the saved searches, once (worker.ts), a few seconds after the commit.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { enqueueJob } from "../../queue/queue";

export type ListingEventKind = "live" | "price_drop";

/**
 * Records that a listing went live or dropped its price. Only a listing that is public at this
 * moment gets an event, so callers may call it after any change that could have made it public
 * (an approval, the owner's switch, an owner's account coming back) without repeating the test;
 * the same listing going live twice is harmless (a search hears of a listing once: match.ts).
 */
export async function recordListingEvent(tx: Executor, propertyId: number, kind: ListingEventKind) {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into listing_events (property_id, kind)
    select id, ${kind} from properties where id = ${propertyId} and request_status = 'approved' and status = 'active'
    returning id`);
  // Heard on commit only: a rolled-back change queues nothing.
  if (rows.length) await enqueueJob(tx, { kind: "alerts" });
}

/** The same for many listings at once (an owner's account switched on again brings all theirs back). */
export async function recordListingEvents(tx: Executor, propertyIds: number[], kind: ListingEventKind) {
  if (!propertyIds.length) return;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into listing_events (property_id, kind)
    select id, ${kind} from properties where id = any(${sql.param(propertyIds)}::int[]) and request_status = 'approved' and status = 'active'
    returning id`);
  if (rows.length) await enqueueJob(tx, { kind: "alerts" });
}

/** Events matched more than a week ago are of no further use (the hits remember what was sent). */
export async function pruneListingEvents(db: Executor) {
  await db.execute(sql`delete from listing_events where done_at < now() - interval '7 days'`);
}
