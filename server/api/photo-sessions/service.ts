// Photo sessions: an owner asks for a shoot of a property, an admin assigns a photographer, the
// photographer builds the listing's tour and marks it done, the owner approves it (the tour is
// published) or sends it back. Every step is one transaction with its notifications, so nobody
// hears of a step that was rolled back, and the session row is locked so two clicks make one step.
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.server";
import type { ApiContext } from "../context";
import { member } from "../context";
import { ApiError, forbidden, notFound } from "../envelope";
import { notify } from "../notifications/service";
import type { NotificationType } from "../notifications/catalogue";
import {
  NOTHING_TO_PUBLISH,
  roomsOf,
  setPublished,
  tourById,
  tourOfListing,
  type TourRow,
} from "../tours/service";
import { isUniqueViolation } from "../users/service";
import type { AdminPhotoSession, PhotoSession } from "./output";
import type { ReviewInput } from "./schema";

export type SessionStatus =
  "requested" | "assigned" | "submitted" | "changes_requested" | "approved" | "cancelled";

/** The photographer's part: they are building or fixing the tour, or waiting for the owner. */
export const ACTIVE_STATUSES: SessionStatus[] = ["assigned", "submitted", "changes_requested"];
/** Shoots that ended while they had them: approved, or cancelled by the owner. */
export const COMPLETED_STATUSES: SessionStatus[] = ["approved", "cancelled"];
/** Open: the listing can have one at a time (a unique index says so too). */
export const OPEN_STATUSES: SessionStatus[] = ["requested", "assigned", "submitted", "changes_requested"];

export const PHOTO_SESSION_ERRORS = {
  notFound: "Photo session not found",
  propertyNotFound: "Property not found",
  notYourProperty: "You can only ask for a shoot of your own property",
  alreadyOpen: "This property already has a photo shoot in progress",
  notYourSessions: "You can only see your own photo sessions",
  notYouPhotographer: "You can only mark your own shoots as done",
  notThePhotographer: "Only the photographer assigned to this shoot can mark it as done",
  notYouOwner: "You can only review shoots of your own listings",
  notTheOwner: "Only the listing's owner can review this shoot",
  notTheOwnerCancel: "Only the listing's owner can cancel this shoot",
  cannotComplete: "This shoot cannot be marked as done now",
  alreadySubmitted: "This shoot is already waiting for the owner's review",
  notWaitingReview: "This shoot is not waiting for your review",
  cannotCancel: "This shoot can no longer be cancelled",
  needsPicture: "Add at least one room with a picture to the tour before marking the shoot as done",
  cannotAssign: "This shoot can no longer be assigned",
  notPhotographer: "Choose a person with the photographer role",
  photographerOff: "This photographer's account is deactivated",
  ownerAsPhotographer: "The owner cannot photograph their own listing",
  choosePhotographer: "Please choose a photographer",
} as const;

/** Where both sides follow their shoots (the notifications lead here). */
export const SESSIONS_PAGE = "/user/photo-sessions";
export const ADMIN_SESSIONS_PAGE = "/admin/photo-sessions";
export const tourEditorLink = (propertyId: number) => `/user/tours/${propertyId}`;

export type SessionRow = {
  id: number;
  property_id: number;
  owner_id: number;
  photographer_id: number | null;
  tour_id: number | null;
  status: SessionStatus;
  request_note: string | null;
  photographer_note: string | null;
  review_note: string | null;
  rating: number | null;
};

type ListedRow = SessionRow & {
  title: string;
  slug_id: string;
  city: string | null;
  owner_name: string;
  owner_email: string | null;
  photographer_name: string | null;
  photographer_email: string | null;
  tour_ready: boolean;
  assigned_at: Date | string | null;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The session's tour: the one recorded at assignment, or (when that was removed and made again)
 * the listing's current one.
 */
const TOUR_OF = sql`coalesce(s.tour_id, (select vt.id from virtual_tours vt where vt.property_id = s.property_id))`;

const LISTED = sql`
  s.id, s.property_id, s.owner_id, s.photographer_id, ${TOUR_OF} as tour_id, s.status, s.request_note, s.photographer_note,
  s.review_note, s.rating, s.assigned_at, s.submitted_at, s.reviewed_at, s.created_at, s.updated_at,
  p.title, p.slug_id, p.city, o.name as owner_name, o.email as owner_email, ph.name as photographer_name, ph.email as photographer_email,
  exists (select 1 from tour_rooms r where r.tour_id = ${TOUR_OF} and r.image is not null) as tour_ready`;

const FROM = sql`
  from photo_sessions s
  join properties p on p.id = s.property_id
  join users o on o.id = s.owner_id
  left join users ph on ph.id = s.photographer_id`;

function view(r: ListedRow): z.input<typeof AdminPhotoSession> {
  const photographerId = num(r.photographer_id);
  return {
    id: Number(r.id),
    status: r.status,
    property: {
      id: Number(r.property_id),
      title: r.title,
      slug_id: r.slug_id,
      city: r.city,
      link: `/properties-details/${r.slug_id}`,
    },
    owner: { id: Number(r.owner_id), name: r.owner_name, email: r.owner_email },
    photographer:
      photographerId === null
        ? null
        : { id: photographerId, name: r.photographer_name ?? "", email: r.photographer_email },
    tour_id: num(r.tour_id),
    tour_editor_link: tourEditorLink(Number(r.property_id)),
    tour_ready: Boolean(r.tour_ready),
    request_note: r.request_note,
    photographer_note: r.photographer_note,
    review_note: r.review_note,
    rating: num(r.rating),
    assigned_at: iso(r.assigned_at),
    submitted_at: iso(r.submitted_at),
    reviewed_at: iso(r.reviewed_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** Owners and photographers see each other's names, never their email addresses. */
function publicView(r: ListedRow): z.input<typeof PhotoSession> {
  const v = view(r);
  return {
    ...v,
    owner: { id: v.owner.id, name: v.owner.name },
    photographer: v.photographer && { id: v.photographer.id, name: v.photographer.name },
  };
}

export interface Page {
  offset: number;
  limit: number;
}

async function listed(db: Executor, where: SQL, order: SQL, page: Page) {
  const [{ rows }, counted] = await Promise.all([
    db.execute<ListedRow>(
      sql`select ${LISTED} ${FROM} where ${where} order by ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** One session as its owner or photographer sees it. */
export async function sessionView(db: Executor, id: number) {
  const { rows } = await db.execute<ListedRow>(sql`select ${LISTED} ${FROM} where s.id = ${id}`);
  if (!rows[0]) throw notFound(PHOTO_SESSION_ERRORS.notFound);
  return publicView(rows[0]);
}

export async function adminSessionView(db: Executor, id: number) {
  const { rows } = await db.execute<ListedRow>(sql`select ${LISTED} ${FROM} where s.id = ${id}`);
  if (!rows[0]) throw notFound(PHOTO_SESSION_ERRORS.notFound);
  return view(rows[0]);
}

const statusIn = (list: SessionStatus[]) => sql`s.status = any(${sql.param(list)}::photo_session_status[])`;

export async function sessionsOfOwner(db: Executor, ownerId: number, page: Page) {
  const { rows, total } = await listed(db, sql`s.owner_id = ${ownerId}`, sql`s.id desc`, page);
  return { rows: rows.map(publicView), total };
}

/** A photographer's active shoots (the ones sent back for changes first) or their finished ones. */
export async function sessionsOfPhotographer(
  db: Executor,
  photographerId: number,
  which: "active" | "completed",
  page: Page,
) {
  const where = sql`s.photographer_id = ${photographerId} and ${statusIn(which === "active" ? ACTIVE_STATUSES : COMPLETED_STATUSES)}`;
  const order =
    which === "active"
      ? sql`case s.status when 'changes_requested' then 0 when 'assigned' then 1 else 2 end, s.updated_at desc, s.id desc`
      : sql`coalesce(s.reviewed_at, s.updated_at) desc, s.id desc`;
  const { rows, total } = await listed(db, where, order, page);
  return { rows: rows.map(publicView), total };
}

/** The console's list: waiting requests first, then newest. */
export async function adminSessions(
  db: Executor,
  filter: { status?: SessionStatus | "open"; photographer_id?: number },
  page: Page,
) {
  const where: SQL[] = [sql`true`];
  if (filter.status === "open") where.push(statusIn(OPEN_STATUSES));
  else if (filter.status) where.push(sql`s.status = ${filter.status}`);
  if (filter.photographer_id !== undefined) where.push(sql`s.photographer_id = ${filter.photographer_id}`);
  const { rows, total } = await listed(
    db,
    sql.join(where, sql` and `),
    sql`(s.status = 'requested') desc, s.id desc`,
    page,
  );
  return { rows: rows.map(view), total };
}

export async function lockSession(tx: Executor, id: number): Promise<SessionRow> {
  const { rows } = await tx.execute<SessionRow>(sql`
    select id, property_id, owner_id, photographer_id, tour_id, status, request_note, photographer_note, review_note, rating
    from photo_sessions where id = ${id} for update`);
  const r = rows[0];
  if (!r) throw notFound(PHOTO_SESSION_ERRORS.notFound);
  return {
    ...r,
    id: Number(r.id),
    property_id: Number(r.property_id),
    owner_id: Number(r.owner_id),
    photographer_id: num(r.photographer_id),
    tour_id: num(r.tour_id),
    rating: num(r.rating),
  };
}

async function propertyOf(db: Executor, id: number) {
  const { rows } = await db.execute<{ id: number; title: string; added_by: number }>(
    sql`select id, title, added_by from properties where id = ${id}`,
  );
  const r = rows[0];
  if (!r) throw notFound(PHOTO_SESSION_ERRORS.propertyNotFound);
  return { id: Number(r.id), title: r.title, owner_id: Number(r.added_by) };
}

async function nameOf(db: Executor, userId: number) {
  const { rows } = await db.execute<{ name: string }>(sql`select name from users where id = ${userId}`);
  return rows[0]?.name ?? "";
}

/** The listing's tour: the one recorded, or the listing's own when that one was removed. */
async function tourOfSession(tx: Executor, s: SessionRow): Promise<TourRow | null> {
  return (
    (s.tour_id !== null ? await tourById(tx, s.tour_id, true) : null) ??
    (await tourOfListing(tx, { property_id: s.property_id }))
  );
}

const hasPicture = async (tx: Executor, tour: TourRow | null) =>
  tour ? (await roomsOf(tx, tour.id)).some((r) => r.image) : false;

async function tell(
  tx: Executor,
  userId: number | null,
  type: NotificationType,
  values: Record<string, string>,
  link = SESSIONS_PAGE,
) {
  if (userId !== null) await notify(tx, userId, type, values, link);
}

/** Owner: ask for a shoot of one of their properties. The admins hear of it. */
export async function requestSession(ctx: ApiContext, input: { property_id: number; request_note?: string }) {
  const me = member(ctx);
  const property = await propertyOf(ctx.db, input.property_id);
  if (property.owner_id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notYourProperty);
  const conflict = () =>
    new ApiError(409, PHOTO_SESSION_ERRORS.alreadyOpen, { property_id: [PHOTO_SESSION_ERRORS.alreadyOpen] });
  try {
    return await ctx.db.transaction(async (tx) => {
      const open = await tx.execute(
        sql`select 1 from photo_sessions where property_id = ${property.id} and status not in ('approved', 'cancelled') limit 1`,
      );
      if (open.rows.length) throw conflict();
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into photo_sessions (property_id, owner_id, status, request_note) values (${property.id}, ${me.id}, 'requested', ${input.request_note ?? null}) returning id`);
      const id = Number(rows[0]!.id);
      // The team is everyone whose account carries the admin claim (mirrored in users.is_admin).
      const admins = await tx.execute<{ id: number }>(
        sql`select id from users where is_admin and is_active and deleted_at is null and id <> ${me.id}`,
      );
      for (const a of admins.rows)
        await tell(
          tx,
          Number(a.id),
          "photo_session_requested",
          { name: me.name, listing: property.title },
          ADMIN_SESSIONS_PAGE,
        );
      return id;
    });
  } catch (error) {
    // Two requests at once: the unique index lets one through, the other hears why.
    throw isUniqueViolation(error) ? conflict() : error;
  }
}

/** Owner: call off a shoot nobody has delivered yet; an assigned photographer is told. */
export async function cancelSession(ctx: ApiContext, id: number) {
  const me = member(ctx);
  await ctx.db.transaction(async (tx) => {
    const s = await lockSession(tx, id);
    if (s.owner_id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notTheOwnerCancel);
    if (s.status !== "requested" && s.status !== "assigned")
      throw new ApiError(409, PHOTO_SESSION_ERRORS.cannotCancel);
    await tx.execute(
      sql`update photo_sessions set status = 'cancelled', updated_at = now() where id = ${s.id}`,
    );
    const property = await propertyOf(tx, s.property_id);
    await tell(tx, s.photographer_id, "photo_session_cancelled", { name: me.name, listing: property.title });
  });
}

/** Photographer (`{id}` of the path must be the caller): the tour is ready for the owner's review. */
export async function completeSession(
  ctx: ApiContext,
  input: { id: number; session_id: number; photographer_note?: string },
) {
  const me = member(ctx);
  if (input.id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notYouPhotographer);
  await ctx.db.transaction(async (tx) => {
    const s = await lockSession(tx, input.session_id);
    if (s.photographer_id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notThePhotographer);
    if (s.status === "submitted") throw new ApiError(409, PHOTO_SESSION_ERRORS.alreadySubmitted);
    if (s.status !== "assigned" && s.status !== "changes_requested")
      throw new ApiError(409, PHOTO_SESSION_ERRORS.cannotComplete);
    const tour = await tourOfSession(tx, s);
    if (!(await hasPicture(tx, tour))) throw new ApiError(400, PHOTO_SESSION_ERRORS.needsPicture);
    await tx.execute(sql`
      update photo_sessions set status = 'submitted', photographer_note = ${input.photographer_note ?? null}, tour_id = ${tour!.id},
        submitted_at = now(), updated_at = now()
      where id = ${s.id}`);
    const property = await propertyOf(tx, s.property_id);
    await tell(tx, s.owner_id, "photo_session_submitted", {
      name: me.name,
      listing: property.title,
      note: input.photographer_note ?? "",
    });
  });
}

/**
 * Owner (`{id}` of the path must be the caller): approve (the tour is published in the same
 * transaction) or send it back with what to change. The stars go with either.
 */
export async function reviewSession(ctx: ApiContext, input: ReviewInput) {
  const me = member(ctx);
  if (input.id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notYouOwner);
  return ctx.db.transaction(async (tx) => {
    const s = await lockSession(tx, input.session_id);
    if (s.owner_id !== me.id) throw forbidden(PHOTO_SESSION_ERRORS.notTheOwner);
    if (s.status !== "submitted") throw new ApiError(409, PHOTO_SESSION_ERRORS.notWaitingReview);
    const property = await propertyOf(tx, s.property_id);
    const note = input.review_note ?? null;
    if (input.decision === "approve") {
      const tour = await tourOfSession(tx, s);
      // The owner can change the tour too: it may have lost its pictures since it was submitted.
      if (!tour || !(await hasPicture(tx, tour))) throw new ApiError(400, NOTHING_TO_PUBLISH);
      await setPublished(tx, tour, true);
      await tx.execute(sql`
        update photo_sessions set status = 'approved', review_note = ${note}, rating = ${input.rating!}, tour_id = ${tour.id},
          reviewed_at = now(), updated_at = now()
        where id = ${s.id}`);
      await tell(tx, s.photographer_id, "photo_session_approved", {
        name: me.name,
        listing: property.title,
        rating: String(input.rating),
      });
    } else {
      await tx.execute(sql`
        update photo_sessions set status = 'changes_requested', review_note = ${note}, rating = ${input.rating ?? null},
          reviewed_at = now(), updated_at = now()
        where id = ${s.id}`);
      await tell(tx, s.photographer_id, "photo_session_changes", {
        name: me.name,
        listing: property.title,
        note: note ?? "",
      });
    }
    return input.decision;
  });
}

/**
 * Admin: give the shoot to a photographer (a first time, or to someone else while it is open and
 * not waiting for the owner). The listing's tour is made here if it has none, so the photographer
 * finds it ready to build. Returns the session before and after, for the audit log.
 */
export async function assignPhotographer(
  tx: Executor,
  input: { session_id: number; photographer_id: number },
) {
  const s = await lockSession(tx, input.session_id);
  if (s.status !== "requested" && s.status !== "assigned" && s.status !== "changes_requested")
    throw new ApiError(409, PHOTO_SESSION_ERRORS.cannotAssign);
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    is_photographer: boolean;
    is_active: boolean;
    deleted_at: Date | null;
  }>(
    sql`select id, name, is_photographer, is_active, deleted_at from users where id = ${input.photographer_id}`,
  );
  const person = rows[0];
  const refuse = (message: string) => new ApiError(400, message, { photographer_id: [message] });
  if (!person || !person.is_photographer || person.deleted_at)
    throw refuse(PHOTO_SESSION_ERRORS.notPhotographer);
  if (!person.is_active) throw refuse(PHOTO_SESSION_ERRORS.photographerOff);
  if (Number(person.id) === s.owner_id) throw refuse(PHOTO_SESSION_ERRORS.ownerAsPhotographer);
  const property = await propertyOf(tx, s.property_id);
  // As draftTourFor makes it: named after the listing; a tour made meanwhile is kept.
  await tx.execute(
    sql`insert into virtual_tours (property_id, name) values (${property.id}, ${property.title.slice(0, 120)}) on conflict do nothing`,
  );
  const tour = (await tourOfListing(tx, { property_id: property.id }))!;
  const same = s.photographer_id === input.photographer_id;
  // Sent back for changes stays so for the new photographer (the owner's note still says what to
  // fix); the stars of a review were for the previous photographer's work.
  await tx.execute(sql`
    update photo_sessions set photographer_id = ${input.photographer_id}, tour_id = ${tour.id},
      status = case when status = 'changes_requested' then status else 'assigned' end,
      rating = case when ${same} then rating else null end,
      assigned_at = case when ${same} then coalesce(assigned_at, now()) else now() end, updated_at = now()
    where id = ${s.id}`);
  if (!same) {
    const ownerName = await nameOf(tx, s.owner_id);
    await tell(tx, input.photographer_id, "photo_session_assigned", {
      name: ownerName,
      listing: property.title,
      note: s.request_note ?? "",
    });
    await tell(tx, s.owner_id, "photo_session_assigned_owner", {
      name: person.name,
      listing: property.title,
    });
    await tell(tx, s.photographer_id, "photo_session_reassigned", { listing: property.title });
  }
  const after = await lockSession(tx, s.id);
  return { before: s, after, changed: !same };
}
