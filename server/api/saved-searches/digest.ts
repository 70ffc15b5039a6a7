// Daily and weekly alerts. A search is due when its last digest is a day (a week) old; a run takes
// the due searches that have unsent hits, a few hundred people at a time, and in one transaction
// per batch claims them (last_sent_at, so a second process skips them), writes one notification per
// search and marks the hits sent. The emails (one per person) leave after the commit: at most once,
// never twice.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { env } from "../../runtime/env.server";
import type { Mailer } from "../contact/mailer";
import { placeLabels } from "../places";
import { readSettings } from "../settings/calls";
import { digestMail, type DigestSection, type MailLang } from "./digest-mail";
import { notifyMany } from "./notify-many";
import type { StoredQuery } from "./service";
import { unsubscribeToken } from "./token";

/** Listings shown per search in an email; the rest are a click away ("See all results"). */
export const LISTINGS_PER_SEARCH = 10;
/** A run every few minutes sends a digest this much early rather than a whole run late. */
const SLACK = sql`interval '15 minutes'`;

const DUE = sql`(s.last_sent_at is null or s.last_sent_at <= now() - (case s.frequency when 'daily' then interval '1 day' when 'weekly' then interval '7 days' else interval '0' end) + ${SLACK})`;

export interface DigestOptions {
  mailer?: Mailer | null;
  /** This site's address for the links in emails; PUBLIC_ORIGIN by default. */
  origin?: string;
  /** Searches per transaction. */
  batchSize?: number;
  log?: Pick<Console, "warn">;
}

export interface DigestReport {
  searches: number;
  notifications: number;
  emails: number;
}

export function siteOrigin(): string {
  const e = env();
  return (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

/** A price as alerts write it: the marketplace's currency and whole units. */
export function formatPrice(price: number, currency: string, lang: string = "en"): string {
  return `${currency} ${new Intl.NumberFormat(lang === "ar" ? "ar-AE" : "en-US", { maximumFractionDigits: 0 }).format(price)}`;
}

type Claimed = { id: number; user_id: number; name: string; query: StoredQuery };
type Hit = {
  search_id: number;
  reason: string;
  total: number;
  id: number;
  title: string;
  slug_id: string;
  price: number;
  city: string;
  latitude: number | null;
  longitude: number | null;
};
type Person = { id: number; name: string; email: string | null };

export async function runDigests(db: Executor, options: DigestOptions = {}): Promise<DigestReport> {
  const origin = (options.origin ?? siteOrigin()).replace(/\/+$/, "");
  const batchSize = options.batchSize ?? 500;
  const log = options.log ?? console;
  const report: DigestReport = { searches: 0, notifications: 0, emails: 0 };
  // Due searches with something to say; by person, so a person's searches share one email.
  const { rows: due } = await db.execute<{ id: number; user_id: number }>(sql`
    select s.id, s.user_id from saved_searches s
    where s.alerts_on and ${DUE}
      and exists (select 1 from saved_search_hits h where h.search_id = s.id and h.sent_at is null)
    order by s.user_id, s.id`);
  if (!due.length) return report;
  const settings = await readSettings(db);
  const currency = String(settings.currency_symbol);
  const site = String(settings.company_name);

  let start = 0;
  let claimedAny = false;
  while (start < due.length) {
    // Whole people per batch: never one person's searches split over two emails.
    let end = Math.min(due.length, start + batchSize);
    while (end < due.length && due[end]!.user_id === due[end - 1]!.user_id) end++;
    const ids = due.slice(start, end).map((r) => Number(r.id));
    start = end;
    const batch = await sendBatch(db, ids, { origin, currency });
    report.searches += batch.claimed;
    claimedAny ||= batch.claimed > 0;
    report.notifications += batch.notifications;
    if (!options.mailer) continue;
    for (const mail of await emailsOf(db, batch, { origin, site, currency })) {
      try {
        await options.mailer.send(mail);
        report.emails++;
      } catch (error) {
        log.warn(
          `Saved-search digest to ${mail.to} not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  if (claimedAny) await tidyAnchorIndex(db, log);
  return report;
}

/**
 * A digest rewrites its searches' rows (last_sent_at), and a GIN index files new entries in a
 * "pending list" that every lookup reads through until it is merged: thousands of them made
 * matching a listing three times slower in the benchmark. Merged after each run, so matching stays
 * an index lookup. (Autovacuum merges it too, PGlite has none.)
 */
async function tidyAnchorIndex(db: Executor, log: Pick<Console, "warn">) {
  try {
    await db.execute(sql`select gin_clean_pending_list('saved_searches_anchor_idx'::regclass)`);
  } catch (error) {
    log.warn(
      `Saved-search digests: the anchors' index was not tidied (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** One transaction: claim, notify, mark sent. Returns what the emails are made of. */
async function sendBatch(db: Executor, ids: number[], _ctx: { origin: string; currency: string }) {
  return db.transaction(async (tx) => {
    // The claim: a search another process claimed meanwhile is no longer due and is skipped.
    const { rows: claimed } = await tx.execute<Claimed>(sql`
      update saved_searches s set last_sent_at = now()
      where s.id = any(${sql.param(ids)}::int[]) and s.alerts_on and ${DUE}
      returning s.id, s.user_id, s.name, s.query`);
    if (!claimed.length)
      return {
        claimed: 0,
        notifications: 0,
        searches: [] as Claimed[],
        hits: [] as Hit[],
        people: [] as Person[],
      };
    const claimedIds = claimed.map((c) => Number(c.id));
    // Hits of listings still public, newest first, with how many each search has.
    const { rows: hits } = await tx.execute<Hit>(sql`
      select x.search_id, x.reason, x.total::int as total, x.id, x.title, x.slug_id, x.price, x.city, x.latitude, x.longitude from (
        select h.search_id, h.reason, p.id, p.title, p.slug_id, p.price::float8 as price, p.city, p.latitude, p.longitude,
               count(*) over (partition by h.search_id) as total,
               row_number() over (partition by h.search_id order by h.created_at desc, h.property_id desc) as rn
        from saved_search_hits h join properties p on p.id = h.property_id
        where h.search_id = any(${sql.param(claimedIds)}::int[]) and h.sent_at is null
          and p.request_status = 'approved' and p.status = 'active'
      ) x where x.rn <= ${LISTINGS_PER_SEARCH}`);
    // Every unsent hit is dealt with now, listings gone private included: none is told later.
    await tx.execute(
      sql`update saved_search_hits set sent_at = now() where search_id = any(${sql.param(claimedIds)}::int[]) and sent_at is null`,
    );

    const totals = new Map<number, number>();
    for (const h of hits) totals.set(Number(h.search_id), Number(h.total));
    // One notification per search, the whole batch in one statement.
    const notifications = await notifyMany(
      tx,
      "saved_search_digest",
      claimed
        .filter((c) => totals.has(Number(c.id)))
        .map((c) => ({
          user_id: Number(c.user_id),
          values: { search: c.name, count: String(totals.get(Number(c.id))) },
          link: resultsPath(c.query),
        })),
    );
    const userIds = [...new Set(claimed.map((c) => Number(c.user_id)))];
    const { rows: people } = await tx.execute<Person>(
      sql`select id, name, email from users where id = any(${sql.param(userIds)}::int[]) and is_active and email is not null and email <> ''`,
    );
    return { claimed: claimed.length, notifications, searches: claimed, hits, people };
  });
}

/** The list page with the search's filters, as the site's paths are written (no origin). */
export function resultsPath(query: StoredQuery | null | undefined): string {
  const page = query?.page ?? "";
  return page ? `/properties?${page}` : "/properties";
}

async function emailsOf(
  db: Executor,
  batch: Awaited<ReturnType<typeof sendBatch>>,
  ctx: { origin: string; site: string; currency: string },
) {
  const hitsBy = new Map<number, Hit[]>();
  for (const h of batch.hits)
    hitsBy.set(Number(h.search_id), [...(hitsBy.get(Number(h.search_id)) ?? []), h]);
  const arabicCities = batch.searches.some((s) => s.query?.lang === "ar")
    ? await placeLabels(
        db,
        "ar",
        batch.hits.map((h) => h.city),
      )
    : null;
  const mails = [];
  for (const person of batch.people) {
    const mine = batch.searches.filter(
      (s) => Number(s.user_id) === Number(person.id) && hitsBy.has(Number(s.id)),
    );
    if (!mine.length) continue;
    const lang: MailLang = mine[0]!.query?.lang === "ar" ? "ar" : "en";
    const prefix = lang === "ar" ? "/ar" : "";
    const unsubscribe = (ids: number[]) =>
      `${ctx.origin}${prefix}/alerts/unsubscribe?token=${unsubscribeToken(Number(person.id), ids)}`;
    const sections: DigestSection[] = mine.map((s) => {
      const hits = hitsBy.get(Number(s.id))!;
      return {
        name: s.name,
        total: Number(hits[0]!.total),
        listings: hits.map((h) => ({
          title: h.title,
          price: formatPrice(Number(h.price), ctx.currency, lang),
          city: arabicCities && lang === "ar" ? arabicCities(h.city) : h.city,
          url: `${ctx.origin}${prefix}/properties-details/${encodeURIComponent(h.slug_id)}`,
          priceDrop: h.reason === "price_drop",
          // A small picture of where it is (the API's static-map: tiles when configured, else drawn).
          map:
            h.latitude !== null && h.longitude !== null
              ? `${ctx.origin}/api/static-map?lat=${Number(h.latitude).toFixed(5)}&lng=${Number(h.longitude).toFixed(5)}&width=160&height=100&zoom=14`
              : null,
        })),
        resultsUrl: `${ctx.origin}${prefix}${resultsPath(s.query)}`,
        unsubscribeUrl: unsubscribe([Number(s.id)]),
      };
    });
    mails.push(
      digestMail({
        to: person.email!,
        name: person.name,
        lang,
        site: ctx.site,
        sections,
        manageUrl: `${ctx.origin}${prefix}/user/saved-searches`,
        unsubscribeUrl: unsubscribe(mine.map((s) => Number(s.id))),
      }),
    );
  }
  return mails;
}
