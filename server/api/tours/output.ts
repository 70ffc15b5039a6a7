// Answers of the virtual tour calls.
import { z } from "zod";
import { count, dateTime, Image, int, named } from "../output";

export const TourImage = named(
  "TourImage",
  Image.extend({
    /** The smallest width: what a phone on a slow network shows at once while the sharp one loads. */
    small: z.string(),
  }),
  "A room's picture: WebP at a small first width, a phone's and a desktop's",
);

export const TourRoom = named(
  "TourRoom",
  z.object({
    id: int,
    name: z.string(),
    kind: z.enum(["panorama", "photo"]),
    image: TourImage.nullable(),
    /** Its rectangle on the floor plan, in percent of the plan's width (x, w) and height (y, h). */
    plan: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
    /** Neighbouring rooms, and the direction (degrees from the panorama's centre) in which each is seen. */
    links: z.array(z.object({ to: int, yaw: z.number() })),
  }),
  "A room of a tour",
);

export const JobState = z.enum(["queued", "processing", "ready", "failed"]);

export const TourVideo = named(
  "TourVideo",
  z.object({
    status: JobState,
    /** Why it failed, in words. */
    error: z.string().nullable(),
    /** The web-friendly MP4 (streamed with range requests), once ready. */
    url: z.string().nullable(),
    poster: z.string().nullable(),
    duration: z.number().nullable(),
    width: int.nullable(),
    height: int.nullable(),
    bytes: count.nullable(),
  }),
  "The tour's video and where its processing stands",
);

export const TourModel = named(
  "TourModel",
  z.object({
    status: JobState,
    error: z.string().nullable(),
    /** The dollhouse as glTF binary (GLB), once ready. */
    url: z.string().nullable(),
    /** A picture of the dollhouse, shown before the 3D viewer opens and without JavaScript. */
    still: z.string().nullable(),
    bytes: count.nullable(),
    rooms: count.nullable(),
    built_at: dateTime.nullable(),
    /** The rooms changed since the model was built. */
    stale: z.boolean(),
  }),
  "The tour's 3D model and where its build stands",
);

export const Tour = named(
  "Tour",
  z.object({
    id: int,
    property_id: int.nullable(),
    project_id: int.nullable(),
    /** The listing's address on this site. */
    listing: z.object({ title: z.string(), slug_id: z.string(), link: z.string() }),
    name: z.string(),
    status: z.enum(["draft", "published"]),
    floorplanImage: Image.nullable(),
    plan_width_m: z.number(),
    ceiling_height: z.number(),
    start_room_id: int.nullable(),
    fullRoomData: z.array(TourRoom),
    video: TourVideo.nullable(),
    model: TourModel.nullable(),
    /** The caller may change it (the listing's owner, an assigned photographer, an admin). */
    can_edit: z.boolean(),
    /** The caller may publish or withdraw it (the owner or an admin; a photographer's tour is published by the owner's review). */
    can_publish: z.boolean(),
    published_at: dateTime.nullable(),
    updated_at: dateTime,
  }),
  "A virtual tour: rooms with panoramas or photos on a floor plan, a video and a 3D model",
);
