// Contact details that earn leads (decision 023): public answers carry no owner's phone or email;
// a signed-in person asks for one here, and each first ask of a day counts as a lead for the owner.
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { chatMessages, contactReveals, projects, properties, users } from "../../db/schema";
import { ApiError, notFound } from "../envelope";
import { hit } from "../rate-limit";
import { missingFeatureGate, packageCheck } from "../packages/quota";
import { blockState } from "../chat/service";
import { isDeveloper } from "../listings/project/service";
import { LEAD_MESSAGES, type ContactKind, type RevealContactInput } from "./schema";
import { contactHref } from "./contract";

export { LEAD_MESSAGES };

/** Per person and per visitor address, per UTC day: new reveals (a repeat of the same day is free). */
export const REVEAL_LIMITS = { perPerson: 40, perAddress: 120, windowSeconds: 86_400 } as const;

interface Target {
  owner: { id: number; mobile: string | null; email: string | null };
  property_id: number | null;
  project_id: number | null;
}

type Viewer = { id: number; admin: boolean };

/** The listing or profile asked about, when the viewer may see it; its owner's contact. */
async function findTarget(db: Executor, input: RevealContactInput, viewer: Viewer): Promise<Target> {
  const owner = { id: users.id, mobile: users.mobile, email: users.email };
  if (input.property_id !== undefined) {
    const p = properties;
    const [row] = await db
      .select({
        id: p.id,
        added_by: p.added_by,
        request_status: p.request_status,
        status: p.status,
        is_premium: p.is_premium,
        owner,
      })
      .from(p)
      .innerJoin(users, eq(users.id, p.added_by))
      .where(eq(p.id, input.property_id))
      .limit(1);
    const own = row?.added_by === viewer.id;
    if (!row || (!(row.request_status === "approved" && row.status === "active") && !own && !viewer.admin))
      throw notFound("Property not found");
    // A premium listing keeps its contact details for premium members (as its page does).
    if (row.is_premium && !own && !viewer.admin) {
      const check = await packageCheck(db, viewer.id, "premium_properties");
      if (!check.feature_available)
        throw new ApiError(403, missingFeatureGate(check, "premium_properties").message);
    }
    return { owner: row.owner, property_id: row.id, project_id: null };
  }
  if (input.project_id !== undefined) {
    const pr = projects;
    const [row] = await db
      .select({
        id: pr.id,
        added_by: pr.added_by,
        request_status: pr.request_status,
        status: pr.status,
        owner,
      })
      .from(pr)
      .innerJoin(users, eq(users.id, pr.added_by))
      .where(eq(pr.id, input.project_id))
      .limit(1);
    const own = row?.added_by === viewer.id;
    if (!row || (!(row.request_status === "approved" && row.status === "active") && !own && !viewer.admin))
      throw notFound("Project not found");
    return { owner: row.owner, property_id: null, project_id: row.id };
  }
  // An agent's or developer's profile page: the only people with a public profile.
  const [row] = await db
    .select(owner)
    .from(users)
    .where(
      and(eq(users.id, input.user_id!), eq(users.is_active, true), or(eq(users.type, "agent"), isDeveloper)),
    )
    .limit(1);
  if (!row) throw notFound(LEAD_MESSAGES.personNotFound);
  return { owner: row, property_id: null, project_id: null };
}

const today = sql<string>`(now() at time zone 'utc')::date`;

/** The same person's lead for the same target and kind today, if there is one. */
function sameDayLead(db: Executor, viewerId: number, t: Target, kind: ContactKind) {
  return db
    .select({ id: contactReveals.id })
    .from(contactReveals)
    .where(
      and(
        eq(contactReveals.viewer_id, viewerId),
        eq(contactReveals.owner_id, t.owner.id),
        eq(contactReveals.kind, kind),
        sql`${contactReveals.day} = ${today}`,
        sql`coalesce(${contactReveals.property_id}, 0) = ${t.property_id ?? 0}`,
        sql`coalesce(${contactReveals.project_id}, 0) = ${t.project_id ?? 0}`,
      ),
    )
    .limit(1);
}

async function limited(db: Executor, key: string, max: number) {
  try {
    await hit(db, { key, max, windowSeconds: REVEAL_LIMITS.windowSeconds });
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) throw new ApiError(429, LEAD_MESSAGES.limit);
    throw e;
  }
}

/**
 * The contact detail asked for. A person other than the owner gets it once their daily allowance
 * (per person and per address) has room, and it is recorded as a lead, at most once a day per
 * target and kind; asking again the same day neither counts nor uses the allowance.
 */
export async function revealContact(
  db: Executor,
  input: RevealContactInput,
  viewer: Viewer,
  clientIp: string,
) {
  const target = await findTarget(db, input, viewer);
  const raw = input.kind === "email" ? target.owner.email : target.owner.mobile;
  const value = raw?.trim();
  if (!value) throw notFound(LEAD_MESSAGES.missing);
  const answer = (counted: boolean) => ({
    kind: input.kind,
    value,
    href: contactHref(input.kind, value),
    counted,
  });
  if (target.owner.id === viewer.id) return answer(false);

  const blocks = await blockState(db, viewer.id, target.owner.id);
  if (blocks.blocked_me) throw new ApiError(403, LEAD_MESSAGES.blocked);
  const [again] = await sameDayLead(db, viewer.id, target, input.kind);
  if (again) return answer(false);

  await limited(db, `reveal:user:${viewer.id}`, REVEAL_LIMITS.perPerson);
  await limited(db, `reveal:ip:${clientIp}`, REVEAL_LIMITS.perAddress);
  const inserted = await db
    .insert(contactReveals)
    .values({
      owner_id: target.owner.id,
      viewer_id: viewer.id,
      property_id: target.property_id,
      project_id: target.project_id,
      kind: input.kind,
      day: today,
    })
    .onConflictDoNothing()
    .returning({ id: contactReveals.id });
  return answer(inserted.length > 0);
}

/* ------------------------------------------------------------------ the owner's dashboard */

export interface LeadCounts {
  phone: number;
  email: number;
  whatsapp: number;
  total: number;
}

const zero = (): LeadCounts => ({ phone: 0, email: 0, whatsapp: 0, total: 0 });

function add(into: LeadCounts, kind: ContactKind, n: number) {
  into[kind] += n;
  into.total += n;
}

/**
 * Per listing of the owner, a page at a time (newest first, properties and projects together):
 * views, contact reveals by kind and conversations about it; and the owner's totals, their
 * profile's reveals included. Each count reads an index only (see decision 023).
 */
export async function leadsByListing(db: Executor, ownerId: number, page: { offset: number; limit: number }) {
  // Each kind's newest first from its (added_by, created_at, id) index, at most as far as the page
  // reaches, then the two merged; the count is of the index alone.
  const reach = page.offset + page.limit;
  const newest = (kind: "property" | "project") =>
    kind === "property"
      ? sql`(select 'property' as kind, id, slug_id, title, total_click as views, created_at from properties where added_by = ${ownerId} order by created_at desc, id desc limit ${reach})`
      : sql`(select 'project' as kind, id, slug_id, title, null::int as views, created_at from projects where added_by = ${ownerId} order by created_at desc, id desc limit ${reach})`;
  const [listed, counted, totalsRows] = await Promise.all([
    db.execute<{
      kind: "property" | "project";
      id: number;
      slug_id: string;
      title: string;
      views: number | null;
    }>(
      sql`select kind, id, slug_id, title, views from (${newest("property")} union all ${newest("project")}) mine order by created_at desc, id desc, kind limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute<{ n: number }>(
      sql`select ((select count(*) from properties where added_by = ${ownerId}) + (select count(*) from projects where added_by = ${ownerId}))::int as n`,
    ),
    db.execute<{ kind: ContactKind; profile: boolean; n: number }>(
      sql`select kind, (property_id is null and project_id is null) as profile, count(*)::int as n from contact_reveals where owner_id = ${ownerId} group by 1, 2`,
    ),
  ]);
  const rows = listed.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    views: r.views === null ? null : Number(r.views),
  }));
  const propertyIds = rows.filter((r) => r.kind === "property").map((r) => r.id);
  const projectIds = rows.filter((r) => r.kind === "project").map((r) => r.id);
  const [byProperty, byProject, chats] = await Promise.all([
    propertyIds.length
      ? db
          .select({
            id: contactReveals.property_id,
            kind: contactReveals.kind,
            n: sql<number>`count(*)::int`,
          })
          .from(contactReveals)
          .where(and(isNotNull(contactReveals.property_id), inArray(contactReveals.property_id, propertyIds)))
          .groupBy(contactReveals.property_id, contactReveals.kind)
      : [],
    projectIds.length
      ? db
          .select({ id: contactReveals.project_id, kind: contactReveals.kind, n: sql<number>`count(*)::int` })
          .from(contactReveals)
          .where(and(isNotNull(contactReveals.project_id), inArray(contactReveals.project_id, projectIds)))
          .groupBy(contactReveals.project_id, contactReveals.kind)
      : [],
    // A conversation is the owner and one other person about the listing: count the other people.
    propertyIds.length
      ? db
          .select({
            id: chatMessages.property_id,
            n: sql<number>`count(distinct case when ${chatMessages.sender_id} = ${ownerId} then ${chatMessages.receiver_id} else ${chatMessages.sender_id} end)::int`,
          })
          .from(chatMessages)
          .where(inArray(chatMessages.property_id, propertyIds))
          .groupBy(chatMessages.property_id)
      : [],
  ]);
  const reveals = new Map<string, LeadCounts>();
  const countsOf = (key: string) => reveals.get(key) ?? reveals.set(key, zero()).get(key)!;
  for (const r of byProperty) add(countsOf(`property:${r.id}`), r.kind, Number(r.n));
  for (const r of byProject) add(countsOf(`project:${r.id}`), r.kind, Number(r.n));
  const conversations = new Map(chats.map((c) => [c.id, Number(c.n)]));
  const totals = zero();
  const profile = zero();
  for (const r of totalsRows.rows) {
    add(totals, r.kind, Number(r.n));
    if (r.profile) add(profile, r.kind, Number(r.n));
  }
  return {
    totals,
    profile,
    listings_total: Number(counted.rows[0]?.n ?? 0),
    listings: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      slug_id: r.slug_id,
      title: r.title,
      views: r.views,
      reveals: reveals.get(`${r.kind}:${r.id}`) ?? zero(),
      // Chat is about properties only (decision 018).
      conversations: r.kind === "property" ? (conversations.get(r.id) ?? 0) : null,
    })),
  };
}
