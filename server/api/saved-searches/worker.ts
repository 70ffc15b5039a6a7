// The alert worker, in every server process (several may share a database): it takes pending
// listing events one at a time with FOR UPDATE SKIP LOCKED (so two processes never take the same
// one), matches the listing against the saved searches, writes the hits and tells the people with
// instant alerts, all in the event's transaction; and on a timer it sends the daily and weekly
// digests (digest.ts). Events are heard through LISTEN a few seconds after they commit, with a slow
// poll as a safety net (a notification lost while the listening connection was down).
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle, Executor } from "../../db/client.server";
import { describeError } from "../../db/unavailable";
import type { Mailer } from "../contact/mailer";
import { readSettings } from "../settings/calls";
import { formatPrice, runDigests, type DigestReport } from "./digest";
import { LISTING_EVENTS_CHANNEL, type ListingEventKind } from "./events";
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

export interface AlertWorkerOptions {
  db: Database;
  listen?: DatabaseHandle["listen"];
  mailer?: Mailer | null;
  origin?: string;
  /** How long after an event's commit it is matched (a burst is then handled in one go). */
  eventDelayMs?: number;
  /** The safety-net poll for events. */
  pollMs?: number;
  /** How often due digests are looked for. */
  digestEveryMs?: number;
  log?: Pick<Console, "warn">;
}

export interface AlertWorker {
  /** Resolves once the work under way has finished (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function startAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { db } = options;
  const log = options.log ?? console;
  // The cause, not Drizzle's "Failed query: <statement>" (the database may simply be away).
  const describe = describeError;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let wake: NodeJS.Timeout | null = null;
  // One run of each kind at a time in this process; an event heard during a run asks for another.
  let events: Promise<void> | null = null;
  let again = false;
  let digests: Promise<DigestReport | void> | null = null;

  const runEvents = () => {
    if (stopped) return;
    if (events) {
      again = true;
      return;
    }
    events = processListingEvents(db, { log })
      .then(() => undefined)
      .catch((error) => log.warn(`Saved-search alerts: ${describe(error)}`))
      .finally(() => {
        events = null;
        if (again) {
          again = false;
          runEvents();
        }
      });
  };
  const kick = () => {
    if (stopped || wake) return;
    wake = setTimeout(() => {
      wake = null;
      runEvents();
    }, options.eventDelayMs ?? 3000);
    wake.unref();
  };
  const runDigest = () => {
    if (stopped || digests) return;
    digests = runDigests(db, { mailer: options.mailer, origin: options.origin, log })
      .catch((error) => log.warn(`Saved-search digests: ${describe(error)}`))
      .finally(() => {
        digests = null;
      });
  };

  if (options.listen) {
    options
      .listen(LISTING_EVENTS_CHANNEL, kick, kick)
      .then((stop) => {
        if (stopped) void stop();
        else stopListening = stop;
      })
      .catch((error) =>
        log.warn(`Saved-search alerts: not listening for events (${describe(error)}); polling instead`),
      );
  }
  const poll = setInterval(kick, options.pollMs ?? 60_000);
  const digestTimer = setInterval(runDigest, options.digestEveryMs ?? 10 * 60_000);
  // Catch up at start: events written while no process ran, digests that fell due.
  const first = setTimeout(() => {
    runEvents();
    runDigest();
  }, 5_000);
  for (const t of [poll, digestTimer, first]) t.unref();

  const settled = async () => {
    while (events || digests) await Promise.all([events, digests]);
  };
  return {
    settled,
    async stop() {
      stopped = true;
      for (const t of [poll, digestTimer, first, wake]) if (t) clearTimeout(t);
      await stopListening?.();
      await settled();
    },
  };
}
