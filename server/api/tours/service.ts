// Virtual tours: who may see and change one, reading it whole, and changing its rooms.
// A listing has at most one tour; visitors see it once it is published and the listing is public.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import type {
  RoomLink,
  StoredImage,
  TourModel as StoredModel,
  TourVideo as StoredVideo,
} from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import type { ApiContext } from "../context";
import { ApiError, forbidden, notFound } from "../envelope";
import { latestJob, type JobRow } from "../../queue/queue";
import { photoFiles } from "../uploads.server";
import { imageView } from "../image-view";
import { isDemoAccount, isDemoMode, DEMO_MODE_MESSAGE } from "../listings/guards";
import { packageCheck } from "../packages/quota";
import type { RoomData } from "./schema";
import type { z } from "zod";
import type { Tour } from "./output";

export type ListingRef = { property_id: number } | { project_id: number };

export interface ListingOfTour {
  kind: "property" | "project";
  id: number;
  owner_id: number;
  title: string;
  slug_id: string;
  /** Approved and switched on: visitors may see it. */
  public: boolean;
  /** A premium property: its full content is for members with a premium package. */
  premium: boolean;
}

export type TourRow = {
  id: number;
  property_id: number | null;
  project_id: number | null;
  name: string;
  status: "draft" | "published";
  floorplan_image: StoredImage | null;
  plan_width_m: number;
  ceiling_height: number;
  start_room_id: number | null;
  revision: number;
  video: StoredVideo | null;
  model: StoredModel | null;
  published_at: Date | string | null;
  updated_at: Date | string;
};

export type RoomRow = {
  id: number;
  tour_id: number;
  position: number;
  name: string;
  kind: "panorama" | "photo";
  image: StoredImage | null;
  plan_x: number;
  plan_y: number;
  plan_w: number;
  plan_h: number;
  links: RoomLink[];
};

export const TOUR_NOT_FOUND = "Virtual tour not found";
export const NOT_YOURS = "Only the listing's owner, its photographer or an admin can change this tour";

export async function listingOf(db: Executor, ref: ListingRef): Promise<ListingOfTour> {
  const isProperty = "property_id" in ref;
  const id = isProperty ? ref.property_id : ref.project_id;
  type Row = {
    id: number;
    owner_id: number;
    title: string;
    slug_id: string;
    public: boolean;
    premium: boolean;
  };
  const { rows } = isProperty
    ? await db.execute<Row>(sql`
        select id, added_by as owner_id, title, slug_id, (request_status = 'approved' and status = 'active') as public, is_premium as premium from properties where id = ${id}`)
    : await db.execute<Row>(sql`
        select id, added_by as owner_id, title, slug_id, (request_status = 'approved' and status = 'active') as public, false as premium from projects where id = ${id}`);
  const row = rows[0];
  if (!row) throw notFound(isProperty ? "Property not found" : "Project not found");
  return {
    kind: isProperty ? "property" : "project",
    id: Number(row.id),
    owner_id: Number(row.owner_id),
    title: row.title,
    slug_id: row.slug_id,
    public: Boolean(row.public),
    premium: Boolean(row.premium),
  };
}

export function listingLink(listing: Pick<ListingOfTour, "kind" | "slug_id">) {
  return listing.kind === "property"
    ? `/properties-details/${listing.slug_id}`
    : `/project-details/${listing.slug_id}`;
}

export type EditorRole = "owner" | "admin" | "photographer";

/**
 * Who the caller is to this listing's tour: its owner, an admin, or the photographer assigned to
 * an open shoot of it. Anyone else may only look at a published tour.
 */
export async function editorRole(
  db: Executor,
  ctx: Pick<ApiContext, "user" | "principal">,
  listing: ListingOfTour,
): Promise<EditorRole | null> {
  if (!ctx.user) return null;
  if (listing.owner_id === ctx.user.id) return "owner";
  if (ctx.principal?.admin) return "admin";
  if (listing.kind !== "property") return null;
  const { rows } = await db.execute(sql`
    select 1 from photo_sessions
    where property_id = ${listing.id} and photographer_id = ${ctx.user.id} and status in ('assigned', 'changes_requested') limit 1`);
  return rows.length ? "photographer" : null;
}

const TOUR_COLUMNS = sql`id, property_id, project_id, name, status, floorplan_image, plan_width_m, ceiling_height, start_room_id, revision, video, model, published_at, updated_at`;

function tourOf(row: TourRow): TourRow {
  return {
    ...row,
    id: Number(row.id),
    property_id: row.property_id === null ? null : Number(row.property_id),
    project_id: row.project_id === null ? null : Number(row.project_id),
    plan_width_m: Number(row.plan_width_m),
    ceiling_height: Number(row.ceiling_height),
    start_room_id: row.start_room_id === null ? null : Number(row.start_room_id),
    revision: Number(row.revision),
  };
}

export async function tourById(db: Executor, id: number, lock = false): Promise<TourRow | null> {
  const { rows } = lock
    ? await db.execute<TourRow>(sql`select ${TOUR_COLUMNS} from virtual_tours where id = ${id} for update`)
    : await db.execute<TourRow>(sql`select ${TOUR_COLUMNS} from virtual_tours where id = ${id}`);
  return rows[0] ? tourOf(rows[0]) : null;
}

export async function tourOfListing(db: Executor, ref: ListingRef): Promise<TourRow | null> {
  const { rows } =
    "property_id" in ref
      ? await db.execute<TourRow>(
          sql`select ${TOUR_COLUMNS} from virtual_tours where property_id = ${ref.property_id}`,
        )
      : await db.execute<TourRow>(
          sql`select ${TOUR_COLUMNS} from virtual_tours where project_id = ${ref.project_id}`,
        );
  return rows[0] ? tourOf(rows[0]) : null;
}

export const refOfTour = (tour: Pick<TourRow, "property_id" | "project_id">): ListingRef =>
  tour.property_id !== null ? { property_id: tour.property_id } : { project_id: tour.project_id! };

export async function roomsOf(db: Executor, tourId: number): Promise<RoomRow[]> {
  const { rows } = await db.execute<RoomRow>(sql`
    select id, tour_id, position, name, kind, image, plan_x, plan_y, plan_w, plan_h, links from tour_rooms where tour_id = ${tourId} order by position, id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    tour_id: Number(r.tour_id),
    position: Number(r.position),
    plan_x: Number(r.plan_x),
    plan_y: Number(r.plan_y),
    plan_w: Number(r.plan_w),
    plan_h: Number(r.plan_h),
  }));
}

/** The tour for reading: published on a public listing for everyone, otherwise for its editors only (404 to others). */
export async function readableTour(
  ctx: ApiContext,
  tour: TourRow | null,
): Promise<{ tour: TourRow; listing: ListingOfTour; role: EditorRole | null }> {
  if (!tour) throw notFound(TOUR_NOT_FOUND);
  const listing = await listingOf(ctx.db, refOfTour(tour));
  const role = await editorRole(ctx.db, ctx, listing);
  if (!role && !(tour.status === "published" && listing.public)) throw notFound(TOUR_NOT_FOUND);
  // A premium listing's tour is part of what its package opens, as its photos and description are.
  if (
    !role &&
    listing.premium &&
    !(ctx.user && (await packageCheck(ctx.db, ctx.user.id, "premium_properties")).limit_available)
  ) {
    throw notFound(TOUR_NOT_FOUND);
  }
  return { tour, listing, role };
}

/** The tour for changing: 404 when there is none, 403 to anyone but its editors; demo data stays as it is in demo mode. */
export async function editableTour(
  ctx: ApiContext,
  id: number,
): Promise<{ tour: TourRow; listing: ListingOfTour; role: EditorRole }> {
  const tour = await tourById(ctx.db, id);
  if (!tour) throw notFound(TOUR_NOT_FOUND);
  const listing = await listingOf(ctx.db, refOfTour(tour));
  const role = await editorRole(ctx.db, ctx, listing);
  if (!role) throw forbidden(NOT_YOURS);
  await assertNotDemoTour(ctx, listing);
  return { tour, listing, role };
}

async function assertNotDemoTour(ctx: ApiContext, listing: ListingOfTour) {
  if (!ctx.principal || !(await isDemoMode(ctx.db))) return;
  const { rows } = await ctx.db.execute<{ firebase_id: string }>(
    sql`select firebase_id from users where id = ${listing.owner_id}`,
  );
  if (rows[0] && isDemoAccount(rows[0].firebase_id) && !ctx.principal.admin)
    throw new ApiError(403, DEMO_MODE_MESSAGE);
}

/** The listing's tour, made empty the first time an editor asks (a draft nobody else sees). */
export async function draftTourFor(ctx: ApiContext, ref: ListingRef) {
  const listing = await listingOf(ctx.db, ref);
  const role = await editorRole(ctx.db, ctx, listing);
  if (!role) throw forbidden(NOT_YOURS);
  const existing = await tourOfListing(ctx.db, ref);
  if (existing) return { tour: existing, listing, role, created: false };
  await assertNotDemoTour(ctx, listing);
  const column = "property_id" in ref ? sql`property_id` : sql`project_id`;
  const id = "property_id" in ref ? ref.property_id : ref.project_id;
  // Two first visits at once make one tour: the second insert finds the first's row.
  await ctx.db.execute(
    sql`insert into virtual_tours (${column}, name) values (${id}, ${listing.title.slice(0, 120)}) on conflict do nothing`,
  );
  const tour = (await tourOfListing(ctx.db, ref))!;
  return { tour, listing, role, created: true };
}

/** Marks a change the 3D model is built from: the model is out of date until it is built again. */
export async function touchTour(tx: Executor, tourId: number) {
  await tx.execute(
    sql`update virtual_tours set revision = revision + 1, updated_at = now() where id = ${tourId}`,
  );
}

/** Publishes or withdraws the tour; the property's `has_tour` (cards' badge, the filter) follows. */
export async function setPublished(
  tx: Executor,
  tour: Pick<TourRow, "id" | "property_id">,
  publish: boolean,
) {
  await tx.execute(sql`
    update virtual_tours set status = ${publish ? "published" : "draft"},
      published_at = case when ${publish} then coalesce(published_at, now()) else null end
    where id = ${tour.id}`);
  if (tour.property_id !== null)
    await tx.execute(sql`update properties set has_tour = ${publish} where id = ${tour.property_id}`);
}

/** A tour is worth publishing once a room has a picture. */
export const NOTHING_TO_PUBLISH = "Add at least one room with a picture before publishing the tour";

/**
 * Replaces the tour's rooms with `rooms` (fullRoomData): listed rooms keep their pictures, new
 * ones start without, rooms left out are removed. Links name rooms by id, or by place in the list
 * for rooms new in the same payload. Returns the pictures no room uses any more (deleted after commit).
 */
export async function replaceRooms(tx: Executor, tourId: number, rooms: RoomData[]): Promise<StoredImage[]> {
  const current = await roomsOf(tx, tourId);
  const byId = new Map(current.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  rooms.forEach((r, i) => {
    if (r.id === undefined) return;
    if (!byId.has(r.id)) errors[`fullRoomData.${i}.id`] = [`Room ${r.id} is not a room of this tour`];
    else if (seen.has(r.id)) errors[`fullRoomData.${i}.id`] = [`Room ${r.id} is listed twice`];
    seen.add(r.id);
  });
  if (Object.keys(errors).length) throw new ApiError(400, Object.values(errors)[0]![0]!, errors);

  // Ids first (new rooms are inserted), then links, which may point at any room of the new list.
  const ids: number[] = [];
  for (const [i, r] of rooms.entries()) {
    const plan = r.plan ?? defaultPlan(i);
    if (r.id !== undefined) {
      const before = byId.get(r.id)!;
      await tx.execute(sql`
        update tour_rooms set position = ${i}, name = ${r.name}, kind = ${r.kind ?? before.kind},
          plan_x = ${plan.x}, plan_y = ${plan.y}, plan_w = ${plan.w}, plan_h = ${plan.h}
        where id = ${r.id}`);
      ids.push(r.id);
    } else {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into tour_rooms (tour_id, position, name, kind, plan_x, plan_y, plan_w, plan_h)
        values (${tourId}, ${i}, ${r.name}, ${r.kind ?? "panorama"}, ${plan.x}, ${plan.y}, ${plan.w}, ${plan.h}) returning id`);
      ids.push(Number(rows[0]!.id));
    }
  }
  for (const [i, r] of rooms.entries()) {
    const links: RoomLink[] = [];
    for (const [j, l] of r.links.entries()) {
      const to = l.to !== undefined ? l.to : ids[l.to_index!];
      if (to === undefined || !ids.includes(to)) {
        throw new ApiError(400, "A link must lead to a room of this tour", {
          [`fullRoomData.${i}.links.${j}`]: ["A link must lead to a room of this tour"],
        });
      }
      if (to === ids[i])
        throw new ApiError(400, "A room cannot link to itself", {
          [`fullRoomData.${i}.links.${j}`]: ["A room cannot link to itself"],
        });
      if (!links.some((x) => x.to === to)) links.push({ to, yaw: l.yaw });
    }
    await tx.execute(sql`update tour_rooms set links = ${JSON.stringify(links)}::jsonb where id = ${ids[i]}`);
  }
  const gone = current.filter((r) => !ids.includes(r.id));
  if (gone.length)
    await tx.execute(sql`delete from tour_rooms where id = any(${sql.param(gone.map((r) => r.id))}::int[])`);
  await tx.execute(
    sql`update virtual_tours set start_room_id = null where id = ${tourId} and start_room_id <> all(${sql.param(ids.length ? ids : [0])}::int[])`,
  );
  await touchTour(tx, tourId);
  return gone.flatMap((r) => (r.image ? [r.image] : []));
}

/** Where a new room goes when no place was given: a grid of squares, so none hides another. */
export function defaultPlan(index: number) {
  const col = index % 4;
  const row = Math.floor(index / 4) % 4;
  return { x: 2 + col * 24, y: 2 + row * 24, w: 22, h: 22 };
}

/** Links to a room that is removed are dropped from the rooms that had them. */
export async function dropLinksTo(tx: Executor, tourId: number, roomId: number) {
  const rooms = await roomsOf(tx, tourId);
  for (const r of rooms) {
    if (!r.links.some((l) => l.to === roomId)) continue;
    await tx.execute(
      sql`update tour_rooms set links = ${JSON.stringify(r.links.filter((l) => l.to !== roomId))}::jsonb where id = ${r.id}`,
    );
  }
}

export async function deleteImages(storage: FileStorage, images: (StoredImage | null | undefined)[]) {
  await Promise.all(
    images.flatMap((img) => (img ? photoFiles(img) : [])).map((k) => storage.delete(k).catch(() => {})),
  );
}

function tourImage(storage: FileStorage, img: StoredImage) {
  const view = imageView(storage, img);
  return { ...view, small: view.variants[0]!.url };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The tour as the API answers it. */
export async function tourView(
  ctx: Pick<ApiContext, "db" | "storage">,
  tour: TourRow,
  listing: ListingOfTour,
  role: EditorRole | null,
): Promise<z.input<typeof Tour>> {
  // Visitors see the last good video and model only, never work in progress or its failure.
  const [rooms, videoJob, modelJob] = await Promise.all([
    roomsOf(ctx.db, tour.id),
    role ? latestJob(ctx.db, "tour-video", tour.id) : null,
    role ? latestJob(ctx.db, "tour-model", tour.id) : null,
  ]);
  const { storage } = ctx;
  return {
    id: tour.id,
    property_id: tour.property_id,
    project_id: tour.project_id,
    listing: { title: listing.title, slug_id: listing.slug_id, link: listingLink(listing) },
    name: tour.name,
    status: tour.status,
    floorplanImage: tour.floorplan_image ? imageView(storage, tour.floorplan_image) : null,
    plan_width_m: tour.plan_width_m,
    ceiling_height: tour.ceiling_height,
    start_room_id: tour.start_room_id,
    fullRoomData: rooms.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      image: r.image ? tourImage(storage, r.image) : null,
      plan: { x: r.plan_x, y: r.plan_y, w: r.plan_w, h: r.plan_h },
      links: r.links,
    })),
    video: videoState(storage, tour, videoJob),
    model: modelState(storage, tour, modelJob),
    can_edit: role !== null,
    can_publish: role === "owner" || role === "admin",
    published_at: iso(tour.published_at),
    updated_at: iso(tour.updated_at)!,
  };
}

/** The video as it stands: the last upload's job decides the status; the last good video stays meanwhile. */
export function videoState(storage: FileStorage, tour: TourRow, job: JobRow | null) {
  if (!tour.video && !job) return null;
  const v = tour.video;
  return {
    status: job?.status ?? "ready",
    error: job?.status === "failed" ? job.error : null,
    url: v ? `/api/virtual-tours/${tour.id}/video` : null,
    poster: v ? storage.publicUrl(v.poster) : null,
    duration: v?.duration ?? null,
    width: v?.width ?? null,
    height: v?.height ?? null,
    bytes: v?.bytes ?? null,
  };
}

export function modelState(storage: FileStorage, tour: TourRow, job: JobRow | null) {
  if (!tour.model && !job) return null;
  const m = tour.model;
  return {
    status: job?.status ?? "ready",
    error: job?.status === "failed" ? job.error : null,
    url: m ? storage.publicUrl(m.key) : null,
    still: m ? storage.publicUrl(m.still) : null,
    bytes: m?.bytes ?? null,
    rooms: m?.rooms ?? null,
    built_at: m?.built_at ?? null,
    stale: m ? tour.revision > (m.revision ?? 0) : false,
  };
}

/**
 * Puts a new video or model on the tour and answers the one it replaces (its files are the
 * caller's to delete), or the new one itself when the tour went away meanwhile.
 */
export async function swapTourMedia<T>(
  db: Executor,
  tourId: number,
  column: "video" | "model",
  value: T,
): Promise<T | null> {
  const target = column === "video" ? sql`video` : sql`model`;
  const { rows } = await db.execute<{ old: T | null }>(sql`
    update virtual_tours t set ${target} = ${JSON.stringify(value)}::jsonb
    from (select id, ${target} as old from virtual_tours where id = ${tourId} for update) before
    where t.id = before.id returning before.old`);
  return rows.length ? rows[0]!.old : value;
}

/** Every stored file of a listing's tour (rooms, plan, video, model), for when the listing goes. */
export async function tourFilesOf(db: Executor, ref: ListingRef): Promise<string[]> {
  const tour = await tourOfListing(db, ref);
  if (!tour) return [];
  const rooms = await roomsOf(db, tour.id);
  const photos = [...rooms.map((r) => r.image), tour.floorplan_image].flatMap((img) =>
    img ? photoFiles(img) : [],
  );
  const media = [tour.video?.key, tour.video?.poster, tour.model?.key, tour.model?.still].filter(
    (k): k is string => Boolean(k),
  );
  return [...photos, ...media];
}
