// Matching listing events, the background queue's "alerts" kind (server/queue/queue.ts): whichever
// process takes the row (several may share a database) takes pending listing events one at a time
// with FOR UPDATE SKIP LOCKED (so two processes never take the same one), matches the listing
// against the saved searches, writes the hits and tells the people with instant alerts, all in the
// event's transaction. The daily and weekly digests are a recurring kind of the queue (digest.ts).
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server";
import { enqueueJob } from "../../queue/queue";
import { readSettings } from "../settings/calls";
import { formatPrice } from "./digest";
import type { ListingEventKind } from "./events";
import { matchListing, type MatchedListing, type NewHit } from "./match";
import { notifyMany } from "./notify-many";

/**
 * Matches a listing and tells instant searches' owners, inside the caller's transaction. One
 * notification per person and listing, however many of their searches it matched.
 */
export async function alertListing(
  tx: Executor,
  propertyId: number,
  kind: ListingEventKind,
  since?: Date,
): Promise<NewHit[]> {
  const { listing, hits } = await matchListing(tx, propertyId, kind, since);
  if (listing) await tellInstant(tx, listing, hits, kind);
  return hits;
}

/** The people whose instant searches just matched the listing: told now, their hits marked sent. */
export async function tellInstant(
  tx: Executor,
  listing: MatchedListing,
  hits: NewHit[],
  kind: ListingEventKind,
) {
  const instant = hits.filter((h) => h.frequency === "instant");
  if (!instant.length) return;
  const { currency_symbol } = await readSettings(tx);
  const firstByPerson = new Map<number, NewHit>();
  for (const h of [...instant].sort((a, b) => a.search_id - b.search_id))
    if (!firstByPerson.has(h.user_id)) firstByPerson.set(h.user_id, h);
  const values = {
    listing: listing.title,
    price: formatPrice(listing.price, String(currency_symbol)),
    city: listing.city,
  };
  const link = `/properties-details/${listing.slug_id}`;
  await notifyMany(
    tx,
    kind === "price_drop" ? "saved_search_price_drop" : "saved_search_match",
    [...firstByPerson.values()].map((h) => ({
      user_id: h.user_id,
      values: { ...values, search: h.name },
      link,
    })),
  );
  // The searches themselves are left alone: an instant search is never "due", and rewriting its
  // row would add entries to the anchors' index for every listing it hears of (see digest.ts).
  const ids = instant.map((h) => h.search_id);
  await tx.execute(
    sql`update saved_search_hits set sent_at = now() where property_id = ${listing.id} and search_id = any(${sql.param(ids)}::int[])`,
  );
}

/** Tries of an event that fails, in this process, before it is given up. */
const MAX_ATTEMPTS = 3;
const failures = new Map<number, number>();

type PendingEvent = { id: number; property_id: number; kind: ListingEventKind; created_at: Date | string };

/**
 * Works through pending listing events until none is left (or `max` are done); each in its own
 * transaction with its hits and notifications. Returns how many were done.
 */
export async function processListingEvents(
  db: Database,
  options: { max?: number; log?: Pick<Console, "warn"> } = {},
): Promise<number> {
  const log = options.log ?? console;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let done = 0;
  while (done < max) {
    let claimed: number | null = null;
    try {
      const found = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<PendingEvent>(sql`
          select id, property_id, kind, created_at from listing_events
          where done_at is null order by id limit 1 for update skip locked`);
        const event = rows[0];
        if (!event) return false;
        claimed = Number(event.id);
        await alertListing(tx, Number(event.property_id), event.kind, new Date(event.created_at));
        await tx.execute(sql`update listing_events set done_at = now() where id = ${event.id}`);
        return true;
      });
      if (!found) break;
      if (claimed !== null) failures.delete(claimed);
    } catch (error) {
      if (claimed === null) throw error;
      const id: number = claimed;
      const why = error instanceof Error ? error.message : String(error);
      const times = (failures.get(id) ?? 0) + 1;
      // A passing failure (a deadlock, a lost connection) is tried again on the next round…
      if (times < MAX_ATTEMPTS) {
        failures.set(id, times);
        log.warn(`Saved-search alerts: listing event ${id} failed (${why}); trying again shortly`);
        break;
      }
      // …but a listing that cannot be matched must not hold up the rest.
      failures.delete(id);
      log.warn(`Saved-search alerts: listing event ${id} failed ${times} times and is skipped: ${why}`);
      await db.execute(sql`update listing_events set done_at = now() where id = ${id} and done_at is null`);
    }
    done++;
  }
  return done;
}

/** A failed event waits this long before the next try (its third failure skips it). */
const RETRY_SECONDS = 15;

/**
 * The background queue's "alerts" rows: every pending listing event. An event still pending
 * afterwards (its match failed, or another process is still at it) has another row look shortly.
 */
export async function matchPendingEvents(
  db: Database,
  log: Pick<Console, "warn">,
): Promise<Record<string, unknown>> {
  const events = await processListingEvents(db, { log });
  const { rows } = await db.execute(sql`select 1 from listing_events where done_at is null limit 1`);
  if (rows.length) await enqueueJob(db, { kind: "alerts", delaySeconds: RETRY_SECONDS });
  return { events };
}
