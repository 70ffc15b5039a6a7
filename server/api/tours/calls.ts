// Virtual tour calls (spec §7, "separate service"): GET draft-tours/get; GET and PUT
// virtual-tours/{id}; GET virtual-tours/property/{id}; PUT virtual-tours/{id}/floorplan;
// POST virtual-tours/{id}/create-3d-model; GET virtual-tours/{id}/get-3d-model; and the rooms,
// which the spec leaves to the service (POST virtual-tours/{id}/rooms, PUT and DELETE
// virtual-tours/{id}/rooms/{room_id}). The video's two addresses stream (video.ts).
import { ONE_FILE_BODY_BYTES, TOUR_ROOM_BODY_BYTES } from "../body-limit";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { defineCall } from "../call";
import type { ApiContext } from "../context";
import { ApiError, notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { enqueueJob, latestJob } from "../../queue/queue";
import { UploadBatch } from "../uploads.server";
import { Tour, TourModel } from "./output";
import {
  addRoomSchema,
  draftTourSchema,
  floorplanSchema,
  MAX_ROOMS,
  roomIdSchema,
  tourIdSchema,
  updateRoomSchema,
  updateTourSchema,
} from "./schema";
import {
  deleteImages,
  draftTourFor,
  dropLinksTo,
  editableTour,
  modelState,
  NOTHING_TO_PUBLISH,
  readableTour,
  replaceRooms,
  roomsOf,
  setPublished,
  touchTour,
  tourById,
  tourOfListing,
  tourView,
  defaultPlan,
  type TourRow,
} from "./service";
import type { StoredImage } from "../../db/schema";

const TAG = "virtual tours";

/**
 * The files a change brings are written first (the database then points only at files that
 * exist); if the change is refused or fails, they are removed again.
 */
async function withFiles<T>(batch: UploadBatch, change: () => Promise<T>): Promise<T> {
  batch.problems.throwIfAny();
  await batch.write();
  try {
    return await change();
  } catch (error) {
    await batch.discard();
    throw error;
  }
}

async function answer(ctx: ApiContext, id: number) {
  const { tour, listing, role } = await readableTour(ctx, await tourById(ctx.db, id));
  return tourView(ctx, tour, listing, role);
}

export const getDraftTour = defineCall({
  name: "draft-tours-get",
  path: "draft-tours/get",
  method: "GET",
  access: "user",
  tag: TAG,
  summary:
    "The tour being built for a listing (property_id, or project_id): made empty the first time its owner, its photographer or an admin asks",
  input: draftTourSchema,
  output: Tour,
  errorStatuses: [403, 404],
  recheckSession: true,
  async handler(input, ctx) {
    const ref =
      input.property_id !== undefined
        ? { property_id: input.property_id }
        : { project_id: input.project_id! };
    const { tour, listing, role } = await draftTourFor(ctx, ref);
    return { data: await tourView(ctx, tour, listing, role) };
  },
});

export const getTour = defineCall({
  name: "virtual-tour",
  path: "virtual-tours/{id}",
  method: "GET",
  access: "optional",
  tag: TAG,
  summary: "A virtual tour: published on a public listing for everyone, a draft for its editors only",
  input: tourIdSchema,
  output: Tour,
  errorStatuses: [404],
  async handler(input, ctx) {
    return { data: await answer(ctx, input.id) };
  },
});

export const getTourOfProperty = defineCall({
  name: "virtual-tour-of-property",
  path: "virtual-tours/property/{id}",
  method: "GET",
  access: "optional",
  tag: TAG,
  summary: "The tour of a property (its id): the published tour for everyone, the draft too for its editors",
  input: z.object({ id: idOf("id") }),
  output: Tour,
  errorStatuses: [404],
  async handler(input, ctx) {
    const { tour, listing, role } = await readableTour(
      ctx,
      await tourOfListing(ctx.db, { property_id: input.id }),
    );
    return { data: await tourView(ctx, tour, listing, role) };
  },
});

export const updateTour = defineCall({
  name: "update-virtual-tour",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  path: "virtual-tours/{id}",
  method: "PUT",
  access: "user",
  tag: TAG,
  summary:
    "Change a tour: name, fullRoomData (every room with id, name, kind, plan {x,y,w,h} in percent and links [{to or to_index, yaw}]; rooms left out are removed), floorplanImage, plan_width_m, ceiling_height, start_room_id, publish",
  input: updateTourSchema,
  output: Tour,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour, role } = await editableTour(ctx, input.id);
    // A photographer's tour goes live through the owner's review (submit-review), not by itself.
    if (input.publish !== undefined && role === "photographer")
      throw new ApiError(403, OWNER_PUBLISHES, { publish: [OWNER_PUBLISHES] });
    const batch = new UploadBatch(ctx.storage);
    const plan = input.floorplanImage
      ? await batch.photo(input.floorplanImage, "floorplanImage", "tours")
      : null;
    let obsolete: (StoredImage | null)[] = [];
    await withFiles(batch, () =>
      ctx.db.transaction(async (tx) => {
        const locked = (await tourById(tx, tour.id, true))!;
        if (input.fullRoomData) obsolete = await replaceRooms(tx, tour.id, input.fullRoomData);
        if (input.start_room_id !== undefined) {
          const rooms = await roomsOf(tx, tour.id);
          if (!rooms.some((r) => r.id === input.start_room_id)) {
            throw new ApiError(400, "The first room must be a room of this tour", {
              start_room_id: ["The first room must be a room of this tour"],
            });
          }
        }
        await tx.execute(sql`
          update virtual_tours set
            name = coalesce(${input.name ?? null}, name),
            plan_width_m = coalesce(${input.plan_width_m ?? null}::real, plan_width_m),
            ceiling_height = coalesce(${input.ceiling_height ?? null}::real, ceiling_height),
            start_room_id = coalesce(${input.start_room_id ?? null}::int, start_room_id),
            floorplan_image = coalesce(${plan ? JSON.stringify(plan) : null}::jsonb, floorplan_image)
          where id = ${tour.id}`);
        // Only what the 3D model is built from makes it out of date (a new name does not).
        const rescaled =
          (input.plan_width_m !== undefined && input.plan_width_m !== locked.plan_width_m) ||
          (input.ceiling_height !== undefined && input.ceiling_height !== locked.ceiling_height);
        if (plan || rescaled) await touchTour(tx, tour.id);
        if (plan && locked.floorplan_image) obsolete.push(locked.floorplan_image);
        if (input.publish !== undefined) await publish(tx, locked, input.publish);
        else if (locked.status === "published" && input.fullRoomData) {
          // A published tour cannot be left without a picture to show (its listing says it has a tour).
          if (!(await roomsOf(tx, tour.id)).some((r) => r.image))
            throw new ApiError(400, NEEDS_A_PICTURE, { fullRoomData: [NEEDS_A_PICTURE] });
        }
      }),
    );
    await deleteImages(ctx.storage, obsolete);
    return {
      data: await answer(ctx, tour.id),
      message: input.publish === true ? "Tour published" : "Tour saved",
    };
  },
});

async function publish(tx: Parameters<typeof roomsOf>[0], tour: TourRow, on: boolean) {
  if (on) {
    const rooms = await roomsOf(tx, tour.id);
    if (!rooms.some((r) => r.image))
      throw new ApiError(400, NOTHING_TO_PUBLISH, { publish: [NOTHING_TO_PUBLISH] });
  }
  await setPublished(tx, tour, on);
}

export const putFloorplan = defineCall({
  name: "virtual-tour-floorplan",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  path: "virtual-tours/{id}/floorplan",
  method: "PUT",
  access: "user",
  tag: TAG,
  summary:
    "Replace the tour's floor plan picture (floorplanImage: JPEG or PNG) and optionally how many metres it spans (plan_width_m)",
  input: floorplanSchema,
  output: Tour,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour } = await editableTour(ctx, input.id);
    const batch = new UploadBatch(ctx.storage);
    const plan = await batch.photo(input.floorplanImage, "floorplanImage", "tours");
    let old: StoredImage | null = null;
    await withFiles(batch, () =>
      ctx.db.transaction(async (tx) => {
        const locked = (await tourById(tx, tour.id, true))!;
        old = locked.floorplan_image;
        await tx.execute(sql`
          update virtual_tours set floorplan_image = ${JSON.stringify(plan)}::jsonb,
            plan_width_m = coalesce(${input.plan_width_m ?? null}::real, plan_width_m), updated_at = now()
          where id = ${tour.id}`);
      }),
    );
    await deleteImages(ctx.storage, [old]);
    return { data: await answer(ctx, tour.id), message: "Floor plan saved" };
  },
});

export const addTourRoom = defineCall({
  name: "add-tour-room",
  maxBodyBytes: TOUR_ROOM_BODY_BYTES,
  path: "virtual-tours/{id}/rooms",
  method: "POST",
  access: "user",
  tag: TAG,
  summary:
    "Add a room (name, kind panorama or photo, image, and its place on the plan x, y, w, h in percent)",
  input: addRoomSchema,
  output: Tour,
  created: true,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour } = await editableTour(ctx, input.id);
    const batch = new UploadBatch(ctx.storage);
    const image = input.image ? await batch.tourImage(input.image, "image", input.kind) : null;
    await withFiles(batch, () =>
      ctx.db.transaction(async (tx) => {
        await tourById(tx, tour.id, true);
        const rooms = await roomsOf(tx, tour.id);
        if (rooms.length >= MAX_ROOMS)
          throw new ApiError(400, `A tour can have at most ${MAX_ROOMS} rooms`, {
            name: [`A tour can have at most ${MAX_ROOMS} rooms`],
          });
        const d = defaultPlan(rooms.length);
        const plan = { x: input.x ?? d.x, y: input.y ?? d.y, w: input.w ?? d.w, h: input.h ?? d.h };
        if (plan.x + plan.w > 100.5 || plan.y + plan.h > 100.5)
          throw new ApiError(400, "The room must fit on the floor plan", {
            w: ["The room must fit on the floor plan"],
          });
        await tx.execute(sql`
          insert into tour_rooms (tour_id, position, name, kind, image, plan_x, plan_y, plan_w, plan_h)
          values (${tour.id}, ${rooms.length}, ${input.name}, ${input.kind}, ${image ? JSON.stringify(image) : null}::jsonb, ${plan.x}, ${plan.y}, ${plan.w}, ${plan.h})`);
        await touchTour(tx, tour.id);
      }),
    );
    return { data: await answer(ctx, tour.id), message: "Room added", status: 201 };
  },
});

export const updateTourRoom = defineCall({
  name: "update-tour-room",
  maxBodyBytes: TOUR_ROOM_BODY_BYTES,
  path: "virtual-tours/{id}/rooms/{room_id}",
  method: "PUT",
  access: "user",
  tag: TAG,
  summary:
    "Change a room: name, kind, a new image, its place on the plan (x, y, w, h in percent), its links (links[n][to], links[n][yaw])",
  input: updateRoomSchema,
  output: Tour,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour } = await editableTour(ctx, input.id);
    const current = (await roomsOf(ctx.db, tour.id)).find((r) => r.id === input.room_id);
    if (!current) throw notFound("Room not found");
    const kind = input.kind ?? current.kind;
    const batch = new UploadBatch(ctx.storage);
    const image = input.image ? await batch.tourImage(input.image, "image", kind) : null;
    let old: StoredImage | null = null;
    await withFiles(batch, () =>
      ctx.db.transaction(async (tx) => {
        await tourById(tx, tour.id, true);
        const rooms = await roomsOf(tx, tour.id);
        const room = rooms.find((r) => r.id === input.room_id);
        if (!room) throw notFound("Room not found");
        const plan = {
          x: input.x ?? room.plan_x,
          y: input.y ?? room.plan_y,
          w: input.w ?? room.plan_w,
          h: input.h ?? room.plan_h,
        };
        if (plan.x + plan.w > 100.5 || plan.y + plan.h > 100.5)
          throw new ApiError(400, "The room must fit on the floor plan", {
            w: ["The room must fit on the floor plan"],
          });
        const links = input.links ?? (input.links_set ? [] : room.links);
        for (const [j, l] of links.entries()) {
          if (l.to === room.id)
            throw new ApiError(400, "A room cannot link to itself", {
              [`links.${j}.to`]: ["A room cannot link to itself"],
            });
          if (!rooms.some((r) => r.id === l.to))
            throw new ApiError(400, "A link must lead to a room of this tour", {
              [`links.${j}.to`]: ["A link must lead to a room of this tour"],
            });
        }
        const unique = links.filter((l, i) => links.findIndex((x) => x.to === l.to) === i);
        if (image) old = room.image;
        await tx.execute(sql`
          update tour_rooms set name = ${input.name ?? room.name}, kind = ${kind},
            image = coalesce(${image ? JSON.stringify(image) : null}::jsonb, image),
            plan_x = ${plan.x}, plan_y = ${plan.y}, plan_w = ${plan.w}, plan_h = ${plan.h}, links = ${JSON.stringify(unique)}::jsonb
          where id = ${room.id}`);
        await touchTour(tx, tour.id);
      }),
    );
    await deleteImages(ctx.storage, [old]);
    return { data: await answer(ctx, tour.id), message: "Room saved" };
  },
});

export const deleteTourRoom = defineCall({
  name: "delete-tour-room",
  path: "virtual-tours/{id}/rooms/{room_id}",
  method: "DELETE",
  access: "user",
  tag: TAG,
  summary: "Remove a room (links to it go too); the last room with a picture cannot leave a published tour",
  input: roomIdSchema,
  output: Tour,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour } = await editableTour(ctx, input.id);
    let image: StoredImage | null = null;
    await ctx.db.transaction(async (tx) => {
      const locked = (await tourById(tx, tour.id, true))!;
      const rooms = await roomsOf(tx, tour.id);
      const room = rooms.find((r) => r.id === input.room_id);
      if (!room) throw notFound("Room not found");
      if (locked.status === "published" && room.image && !rooms.some((r) => r.id !== room.id && r.image)) {
        throw new ApiError(400, NEEDS_A_PICTURE);
      }
      image = room.image;
      await tx.execute(sql`delete from tour_rooms where id = ${room.id}`);
      await dropLinksTo(tx, tour.id, room.id);
      await tx.execute(
        sql`update virtual_tours set start_room_id = null where id = ${tour.id} and start_room_id = ${room.id}`,
      );
      await touchTour(tx, tour.id);
    });
    await deleteImages(ctx.storage, [image]);
    return { data: await answer(ctx, tour.id), message: "Room removed" };
  },
});

export const NO_ROOMS_FOR_MODEL = "Place at least one room on the floor plan before building the 3D model";
export const OWNER_PUBLISHES =
  "The listing's owner publishes the tour: mark the shoot as done for their review";
export const NEEDS_A_PICTURE = "A published tour needs a room with a picture: withdraw the tour first";

export const create3dModel = defineCall({
  name: "create-3d-model",
  path: "virtual-tours/{id}/create-3d-model",
  method: "POST",
  access: "user",
  tag: TAG,
  summary:
    "Start building the tour's 3D model (a GLB dollhouse from the rooms on the floor plan) in the background; get-3d-model tells how it stands",
  input: tourIdSchema,
  output: TourModel,
  created: "sometimes",
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { tour } = await editableTour(ctx, input.id);
    // One build at a time: asking again while one waits or runs answers that one. The tour's row
    // is locked while this is decided, so two quick clicks make one build.
    const queued = await ctx.db.transaction(async (tx) => {
      await tourById(tx, tour.id, true);
      const running = await latestJob(tx, "tour-model", tour.id);
      if (running && (running.status === "queued" || running.status === "processing")) return false;
      if (!(await roomsOf(tx, tour.id)).length) throw new ApiError(400, NO_ROOMS_FOR_MODEL);
      await enqueueJob(tx, {
        kind: "tour-model",
        subject_id: tour.id,
        created_by: ctx.user?.id ?? null,
        max_attempts: 2,
      });
      return true;
    });
    const job = await latestJob(ctx.db, "tour-model", tour.id);
    const data = modelState(ctx.storage, tour, job)!;
    return queued
      ? { data, message: "The 3D model is being built", status: 201 }
      : { data, message: "The 3D model is being built" };
  },
});

export const get3dModel = defineCall({
  name: "get-3d-model",
  path: "virtual-tours/{id}/get-3d-model",
  method: "GET",
  access: "optional",
  tag: TAG,
  summary:
    "Where the tour's 3D model stands (queued, processing, ready or failed with why) and, when ready, the GLB and its still picture",
  input: tourIdSchema,
  output: TourModel.nullable(),
  errorStatuses: [404],
  async handler(input, ctx) {
    const { tour, role } = await readableTour(ctx, await tourById(ctx.db, input.id));
    const job = role ? await latestJob(ctx.db, "tour-model", tour.id) : null;
    // Visitors see the last good model only, never a build in progress or its failure.
    return { data: modelState(ctx.storage, tour, job) };
  },
});
