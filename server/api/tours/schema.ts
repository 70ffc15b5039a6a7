// Payloads of virtual tours (spec §3 "Virtual tour": name, fullRoomData, floorplanImage) and their rooms.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { MAX_ROOMS } from "./model/contract";

const upload = z.instanceof(File, { error: "Choose a file to upload" });
/** An empty file input (a form sent without choosing a file) is no file. */
const optionalUpload = z.preprocess(
  (v) => (v instanceof File && v.size === 0 && !v.name ? undefined : v),
  upload.optional(),
);

export const roomName = z
  .string({ error: "Room name is required" })
  .trim()
  .min(1, "Room name is required")
  .max(60, "Room name must be at most 60 characters");
export const roomKind = z.enum(["panorama", "photo"], { error: "Choose a 360° panorama or a photo" });

/** A share of the floor plan, in percent of its width or height. */
const percent = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be between 0 and 100`)
    .max(100, `${field} must be between 0 and 100`);

/** Degrees around the room from the panorama's centre, any value folded into -180..180. */
export const yaw = z.coerce
  .number({ error: "Direction must be a number of degrees" })
  .refine((n) => Number.isFinite(n) && Math.abs(n) <= 100_000, "Direction must be a number of degrees")
  .transform((n) => {
    const folded = ((((n + 180) % 360) + 360) % 360) - 180;
    return Math.round(folded * 10) / 10;
  });

export const roomPlan = z
  .object({
    x: percent("Left"),
    y: percent("Top"),
    w: percent("Width").min(1, "Width must be at least 1%"),
    h: percent("Height").min(1, "Height must be at least 1%"),
  })
  .refine((p) => p.x + p.w <= 100.5 && p.y + p.h <= 100.5, {
    message: "The room must fit on the floor plan",
    path: ["w"],
  });

/** A link to a neighbouring room: by its id, or (a room new in the same payload) by its place in the list. */
export const roomLink = z
  .object({ to: idOf("to").optional(), to_index: z.coerce.number().int().min(0).max(39).optional(), yaw })
  .refine((l) => (l.to === undefined) !== (l.to_index === undefined), {
    message: "A link names one room: to (its id) or to_index",
  });

/** As many rooms as the 3D model takes. */
export { MAX_ROOMS };
export const MAX_LINKS = 12;

export const roomData = z.object({
  /** An existing room; a room without an id is new. */
  id: idOf("id").optional(),
  name: roomName,
  kind: roomKind.optional(),
  plan: roomPlan.optional(),
  links: z.array(roomLink).max(MAX_LINKS, `A room can link to at most ${MAX_LINKS} others`).default([]),
});
export type RoomData = z.output<typeof roomData>;

/** fullRoomData arrives as JSON text in a form, or as an array in a JSON body. */
export const fullRoomData = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(roomData, { error: "fullRoomData must be a list of rooms" })
    .max(MAX_ROOMS, `A tour can have at most ${MAX_ROOMS} rooms`),
);

const planWidth = z.coerce
  .number({ error: "Plan width must be a number of metres" })
  .min(3, "Plan width must be between 3 and 100 metres")
  .max(100, "Plan width must be between 3 and 100 metres");
const ceiling = z.coerce
  .number({ error: "Ceiling height must be a number of metres" })
  .min(2, "Ceiling height must be between 2 and 6 metres")
  .max(6, "Ceiling height must be between 2 and 6 metres");
const flag = z.preprocess(
  (v) =>
    v === "1" || v === "true" || v === true ? true : v === "0" || v === "false" || v === false ? false : v,
  z.boolean(),
);

export const tourIdSchema = z.object({ id: idOf("id") });

export const draftTourSchema = z
  .object({ property_id: idOf("property_id").optional(), project_id: idOf("project_id").optional() })
  .refine((v) => (v.property_id === undefined) !== (v.project_id === undefined), {
    message: "Name the property (property_id) or the project (project_id)",
    path: ["property_id"],
  });

export const updateTourSchema = z.object({
  id: idOf("id"),
  name: z.string().trim().max(120, "Tour name must be at most 120 characters").optional(),
  fullRoomData: fullRoomData.optional(),
  floorplanImage: optionalUpload,
  plan_width_m: planWidth.optional(),
  ceiling_height: ceiling.optional(),
  start_room_id: idOf("start_room_id").optional(),
  /** Visible to visitors (true) or back to a draft (false). */
  publish: flag.optional(),
});

export const floorplanSchema = z.object({
  id: idOf("id"),
  floorplanImage: upload,
  plan_width_m: planWidth.optional(),
});

export const addRoomSchema = z.object({
  id: idOf("id"),
  name: roomName,
  kind: roomKind.default("panorama"),
  image: optionalUpload,
  x: percent("Left").optional(),
  y: percent("Top").optional(),
  w: percent("Width").min(1, "Width must be at least 1%").optional(),
  h: percent("Height").min(1, "Height must be at least 1%").optional(),
});

export const updateRoomSchema = z.object({
  id: idOf("id"),
  room_id: idOf("room_id"),
  name: roomName.optional(),
  kind: roomKind.optional(),
  image: optionalUpload,
  x: percent("Left").optional(),
  y: percent("Top").optional(),
  w: percent("Width").min(1, "Width must be at least 1%").optional(),
  h: percent("Height").min(1, "Height must be at least 1%").optional(),
  /** Replaces the room's links: `links[n][to]` and `links[n][yaw]` in a form (empty rows ignored), `<room id>:<degrees>`, or objects in JSON. */
  links: z
    .preprocess(
      (v) => {
        const list = v === undefined ? undefined : Array.isArray(v) ? v : [v];
        return list?.flatMap((l) => {
          // A form's empty link row (no room chosen) is no link.
          if (l && typeof l === "object")
            return (l as { to?: unknown }).to === "" || (l as { to?: unknown }).to == null ? [] : [l];
          if (typeof l !== "string") return [l];
          if (l === "") return [];
          // A link sent as JSON text (a multipart body carries objects so).
          if (l.startsWith("{")) {
            try {
              return [JSON.parse(l)];
            } catch {
              return [l];
            }
          }
          const [to, deg] = l.split(":");
          return [{ to, yaw: deg ?? "0" }];
        });
      },
      z
        .array(z.object({ to: idOf("to"), yaw }))
        .max(MAX_LINKS, `A room can link to at most ${MAX_LINKS} others`),
    )
    .optional(),
  /** The form always sends its link rows: with this set, no chosen room means "no links" rather than "unchanged". */
  links_set: flag.optional(),
});

export const roomIdSchema = z.object({ id: idOf("id"), room_id: idOf("room_id") });
