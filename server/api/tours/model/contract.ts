// What the dollhouse builder accepts, and the checks that turn a hostile or broken plan into an
// error a person can read before any image is decoded or any geometry is built.

export interface ModelRoom {
  id: number;
  name: string;
  /** Rectangle on the plan in metres: x to the east, y to the south, from the plan's top-left corner. */
  outline: { x: number; y: number; width: number; depth: number };
  /** Equirectangular 2:1 JPEG/WebP bytes (yaw 0 = the image's centre column looks north / toward -y), or a flat photo, or nothing. */
  panorama?: Buffer;
  photo?: Buffer;
}

export interface ModelInput {
  rooms: ModelRoom[];
  links: Array<{ from: number; to: number }>;
  /** Metres; 2.7 when not given. */
  ceilingHeight?: number;
}

/** Refusal of an input, worded for the person who drew the plan. */
export class ModelInputError extends Error {
  override name = "ModelInputError";
}

export const MAX_ROOMS = 40;
/** Longest side of a room, and the widest a whole plan may be. */
export const MAX_SIZE_M = 100;
/** Smaller than this is a drawing slip, not a room (and snapping touching walls needs the room to keep some width). */
export const MIN_ROOM_M = 0.5;
export const DEFAULT_CEILING_M = 2.7;
export const MIN_CEILING_M = 2;
export const MAX_CEILING_M = 6;
/** More links than every pair of the largest plan could have means the list is not a plan's. */
const MAX_LINKS = (MAX_ROOMS * (MAX_ROOMS - 1)) / 2;
/** A 360° photo from a good camera is 5–25 MB; anything far larger is not one. */
export const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const MAX_NAME = 60;

/** A room once checked: outline in whole millimetres (so touching walls compare exactly). */
export interface CheckedRoom {
  id: number;
  name: string;
  /** Millimetres: x0 < x1 (east), z0 < z1 (south, the plan's y). */
  rect: { x0: number; z0: number; x1: number; z1: number };
  panorama?: Uint8Array;
  photo?: Uint8Array;
}

export interface CheckedInput {
  rooms: CheckedRoom[];
  /** Pairs of indexes into `rooms`, each pair once, never a room with itself. */
  links: Array<[number, number]>;
  /** Millimetres. */
  ceiling: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const mm = (metres: number) => Math.round(metres * 1000);

function roomLabel(room: unknown, index: number): string {
  const name = isRecord(room) && typeof room.name === "string" ? cleanName(room.name) : "";
  return name ? `“${name}”` : `number ${index + 1}`;
}

/** Names end up in SVG text and glTF node names: printable, one line, short. */
export function cleanName(name: string): string {
  const flat = name
    .slice(0, MAX_NAME * 4)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  return chars.length > MAX_NAME ? `${chars.slice(0, MAX_NAME - 1).join("")}…` : flat;
}

function imageBytes(value: unknown, what: string, label: string): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined;
  if (!(value instanceof Uint8Array))
    throw new ModelInputError(`The ${what} of room ${label} is not an image file.`);
  if (value.byteLength === 0) return undefined;
  if (value.byteLength > MAX_IMAGE_BYTES)
    throw new ModelInputError(
      `The ${what} of room ${label} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
    );
  return value;
}

/** Checks everything that can be checked without decoding images. Throws ModelInputError. */
export function checkInput(input: unknown, { linksRequired }: { linksRequired: boolean }): CheckedInput {
  if (!isRecord(input)) throw new ModelInputError("The model has no rooms.");
  const rooms = input.rooms;
  if (!Array.isArray(rooms) || rooms.length === 0)
    throw new ModelInputError("A 3D model needs at least one room with its place on the floor plan.");
  if (rooms.length > MAX_ROOMS)
    throw new ModelInputError(
      `A 3D model can have at most ${MAX_ROOMS} rooms; this plan has ${rooms.length}.`,
    );

  let ceilingM = DEFAULT_CEILING_M;
  if (input.ceilingHeight !== undefined && input.ceilingHeight !== null) {
    const c = input.ceilingHeight;
    if (typeof c !== "number" || !Number.isFinite(c) || c < MIN_CEILING_M || c > MAX_CEILING_M) {
      throw new ModelInputError(
        `The ceiling height must be between ${MIN_CEILING_M} and ${MAX_CEILING_M} metres.`,
      );
    }
    ceilingM = c;
  }

  const checked: CheckedRoom[] = [];
  const byId = new Map<number, number>();
  rooms.forEach((room: unknown, index) => {
    const label = roomLabel(room, index);
    if (!isRecord(room)) throw new ModelInputError(`Room ${label} is not described.`);
    const id = room.id;
    if (typeof id !== "number" || !Number.isSafeInteger(id))
      throw new ModelInputError(`Room ${label} has no valid id.`);
    if (byId.has(id)) throw new ModelInputError(`Two rooms have the same id (${id}).`);
    const o = room.outline;
    if (!isRecord(o)) throw new ModelInputError(`Room ${label} has no place on the floor plan.`);
    const { x, y, width, depth } = o;
    if (![x, y, width, depth].every((v) => typeof v === "number" && Number.isFinite(v))) {
      throw new ModelInputError(
        `Room ${label} has a position or size on the floor plan that is not a number.`,
      );
    }
    const [nx, ny, nw, nd] = [x, y, width, depth] as number[] as [number, number, number, number];
    if (nw < MIN_ROOM_M || nd < MIN_ROOM_M)
      throw new ModelInputError(
        `Room ${label} is too small: width and depth must be at least ${MIN_ROOM_M} m.`,
      );
    if (nw > MAX_SIZE_M || nd > MAX_SIZE_M)
      throw new ModelInputError(
        `Room ${label} is too large: width and depth can be at most ${MAX_SIZE_M} m.`,
      );
    if (Math.abs(nx) > MAX_SIZE_M || Math.abs(ny) > MAX_SIZE_M)
      throw new ModelInputError(`Room ${label} lies outside the ${MAX_SIZE_M} m floor plan.`);
    const name =
      typeof room.name === "string" && cleanName(room.name) ? cleanName(room.name) : `Room ${index + 1}`;
    byId.set(id, index);
    checked.push({
      id,
      name,
      rect: { x0: mm(nx), z0: mm(ny), x1: mm(nx + nw), z1: mm(ny + nd) },
      panorama: imageBytes(room.panorama, "360° photo", label),
      photo: imageBytes(room.photo, "photo", label),
    });
  });

  const minX = Math.min(...checked.map((r) => r.rect.x0));
  const maxX = Math.max(...checked.map((r) => r.rect.x1));
  const minZ = Math.min(...checked.map((r) => r.rect.z0));
  const maxZ = Math.max(...checked.map((r) => r.rect.z1));
  if (maxX - minX > mm(MAX_SIZE_M) || maxZ - minZ > mm(MAX_SIZE_M)) {
    throw new ModelInputError(
      `The floor plan is more than ${MAX_SIZE_M} m across; a 3D model covers one home.`,
    );
  }

  const links: Array<[number, number]> = [];
  const rawLinks = input.links ?? (linksRequired ? undefined : []);
  if (!Array.isArray(rawLinks)) throw new ModelInputError("The links between rooms are missing.");
  if (rawLinks.length > MAX_LINKS)
    throw new ModelInputError("There are more links between rooms than a floor plan can have.");
  const seen = new Set<string>();
  for (const link of rawLinks as unknown[]) {
    if (!isRecord(link) || typeof link.from !== "number" || typeof link.to !== "number") {
      throw new ModelInputError("A link between rooms does not name two rooms.");
    }
    const a = byId.get(link.from);
    const b = byId.get(link.to);
    if (a === undefined || b === undefined) {
      throw new ModelInputError(
        `A link names a room that is not in the model (id ${a === undefined ? link.from : link.to}).`,
      );
    }
    if (a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(a < b ? [a, b] : [b, a]);
  }

  return { rooms: checked, links, ceiling: mm(ceilingM) };
}
