// What the visitor's tour is made of, worked out without a browser: which room comes first, which
// picture to load on which connection, where each room sits on the plan in pixels, and how a flat
// photo is laid on the sphere. The page, the viewer and the tests share these.
import type { CallData } from "~server/api/calls";

export type TourView = CallData<"virtual-tour-of-property">;
export type TourRoomView = TourView["fullRoomData"][number];
export type TourImageView = NonNullable<TourRoomView["image"]>;
export type PlanImageView = NonNullable<TourView["floorplanImage"]>;
export type PlanRect = TourRoomView["plan"];

/** A room that can be shown: it has a picture. */
export type ViewableRoom = TourRoomView & { image: TourImageView };

/** The id of a room's place on the listing page, which the plan's rectangles and "Next" links point at. */
export const roomAnchor = (roomId: number) => `tour-room-${roomId}`;

export const viewableRooms = (rooms: TourRoomView[]): ViewableRoom[] =>
  rooms.filter((r): r is ViewableRoom => r.image !== null);

/** The room the tour opens in: the one the owner chose if it has a picture, else the first that has one. */
export function startRoom(tour: Pick<TourView, "start_room_id" | "fullRoomData">): ViewableRoom | null {
  const rooms = viewableRooms(tour.fullRoomData);
  return rooms.find((r) => r.id === tour.start_room_id) ?? rooms[0] ?? null;
}

/** The width a phone gets: sharp enough on its screen, light enough for its memory and network. */
export const PHONE_WIDTH = 2048;

export interface NetworkHint {
  /** A phone-sized screen. */
  narrow: boolean;
  /** `navigator.connection.saveData`. */
  saveData?: boolean;
  /** `navigator.connection.effectiveType`: "slow-2g", "2g", "3g" or "4g". */
  effectiveType?: string;
}

/** Phones, data savers and slow connections get the phone size; others the largest picture. */
export function isConstrained(hint: NetworkHint): boolean {
  return hint.narrow || Boolean(hint.saveData) || /(^|-)[23]g$/.test(hint.effectiveType ?? "");
}

const byWidth = <T extends { width: number }>(variants: T[]) =>
  [...variants].sort((a, b) => a.width - b.width);

/** The sharp picture of a room for this device: the widest up to PHONE_WIDTH when constrained, else the widest. */
export function sharpUrl(image: Pick<TourImageView, "url" | "variants">, hint: NetworkHint): string {
  const variants = byWidth(image.variants);
  if (!isConstrained(hint)) return variants.at(-1)?.url ?? image.url;
  return (variants.filter((v) => v.width <= PHONE_WIDTH).at(-1) ?? variants[0])?.url ?? image.url;
}

/**
 * `srcset` of a room's picture on the page, smallest first. Widths above PHONE_WIDTH are left out:
 * no page column needs them, and a 4096-pixel panorama is several megabytes on a phone's plan.
 */
export function pageSrcSet(image: Pick<TourImageView, "variants">): string {
  const variants = byWidth(image.variants);
  const fit = variants.filter((v) => v.width <= PHONE_WIDTH);
  return (fit.length ? fit : variants.slice(0, 1)).map((v) => `${v.url} ${v.width}w`).join(", ");
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A room's rectangle kept on the plan (the editor allows a little overhang; the page must not overflow). */
export function clampRect(plan: PlanRect): PlanRect {
  const x = clamp(plan.x, 0, 100);
  const y = clamp(plan.y, 0, 100);
  return { x, y, w: clamp(plan.w, 0, 100 - x), h: clamp(plan.h, 0, 100 - y) };
}

export interface Size {
  width: number;
  height: number;
}

/** The centre of a room's rectangle in pixels of a plan picture of `size` (the map's hotspots need pixels). */
export function planCentre(plan: PlanRect, size: Size): { x: number; y: number } {
  const r = clampRect(plan);
  return { x: ((r.x + r.w / 2) / 100) * size.width, y: ((r.y + r.h / 2) / 100) * size.height };
}

/** The mini-map's picture: a file of the floor plan, or a plain plan drawn from the rooms. */
export interface MapImage extends Size {
  url: string;
}

/** Wide enough to read when the map is enlarged on a desk, without loading the full-size scan. */
const MAP_WIDTH = 1280;
/** A tour without a floor plan is drawn square: rooms' percentages then keep their proportions. */
export const PLAIN_PLAN_SIZE = 1000;

/**
 * The map picture and its size in pixels. A stored plan's variants keep its proportions, so the
 * chosen variant's height follows from the original's; hotspots are placed in that variant's pixels.
 */
export function mapImageOf(
  plan: Pick<PlanImageView, "url" | "width" | "height" | "variants"> | null,
  rooms: Pick<TourRoomView, "name" | "plan">[],
): MapImage {
  if (!plan) return { url: plainPlanSvg(rooms), width: PLAIN_PLAN_SIZE, height: PLAIN_PLAN_SIZE };
  const variants = byWidth(plan.variants);
  const chosen = variants.filter((v) => v.width <= MAP_WIDTH).at(-1) ?? variants[0];
  if (!chosen) return { url: plan.url, width: plan.width, height: plan.height };
  return {
    url: chosen.url,
    width: chosen.width,
    height: Math.round((chosen.width * plan.height) / plan.width),
  };
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A floor plan drawn from the rooms' rectangles and names, as an SVG data address (a picture the map can load). */
export function plainPlanSvg(rooms: Pick<TourRoomView, "name" | "plan">[], size = PLAIN_PLAN_SIZE): string {
  const px = (percent: number) => Math.round((percent / 100) * size * 10) / 10;
  const font = Math.round(size / 32);
  const shapes = rooms.map((room) => {
    const r = clampRect(room.plan);
    const [x, y, w, h] = [px(r.x), px(r.y), px(r.w), px(r.h)];
    // The name near the top edge: the map's round hotspot sits at the centre.
    return (
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#e6f4f1" stroke="#0f766e" stroke-width="${Math.max(2, size / 250)}"/>` +
      `<text x="${x + w / 2}" y="${y + Math.min(h / 2, font * 1.4)}" font-size="${font}" text-anchor="middle" fill="#1f2937">${xml(room.name)}</text>`
    );
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="system-ui, sans-serif">` +
    `<rect width="${size}" height="${size}" fill="#f8fafc"/>${shapes.join("")}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What photo-sphere-viewer needs to place a picture on the sphere (its `PanoData`). */
export interface SpherePlacement {
  isEquirectangular: true;
  fullWidth: number;
  fullHeight: number;
  croppedWidth: number;
  croppedHeight: number;
  croppedX: number;
  croppedY: number;
}

/** How wide a flat photo is shown in the sphere: about what a phone's camera sees. */
export const PHOTO_FOV = 90;

/**
 * A flat photo as a piece of the sphere `fov` degrees wide, centred on the view's start (yaw 0):
 * stretched round the whole sphere it would be unrecognisable. Computed from the loaded picture's
 * own size, so the small and the sharp file cover the same angle.
 */
export function photoPlacement(width: number, height: number, fov = PHOTO_FOV): SpherePlacement {
  let fullWidth = Math.round((width * 360) / fov);
  let fullHeight = Math.round(fullWidth / 2);
  // A very tall photo would reach past the poles: widen the sphere so it fits from top to bottom.
  if (height > fullHeight) {
    fullHeight = height;
    fullWidth = height * 2;
  }
  return {
    isEquirectangular: true,
    fullWidth,
    fullHeight,
    croppedWidth: width,
    croppedHeight: height,
    croppedX: Math.round((fullWidth - width) / 2),
    croppedY: Math.round((fullHeight - height) / 2),
  };
}

/**
 * A panorama round the whole sphere. Said explicitly because the viewer keeps the last room's
 * placement when a room gives none, which would squeeze a panorama into a photo's 90°. A panorama
 * shorter than 2:1 (a phone's sweep) is centred on the horizon.
 */
export function panoramaPlacement(width: number, height: number): SpherePlacement {
  const fullHeight = Math.max(height, Math.round(width / 2));
  return {
    isEquirectangular: true,
    fullWidth: width,
    fullHeight,
    croppedWidth: width,
    croppedHeight: height,
    croppedX: 0,
    croppedY: Math.round((fullHeight - height) / 2),
  };
}

export const placementOf = (kind: TourRoomView["kind"]) =>
  kind === "photo" ? photoPlacement : panoramaPlacement;

/** "1.4 MB": the size of a download in the reader's language (units from Intl, not from the translations). */
export function fileSize(bytes: number, locale: string): string {
  const mb = bytes / 1_000_000;
  if (mb < 1)
    return new Intl.NumberFormat(locale, {
      style: "unit",
      unit: "kilobyte",
      maximumFractionDigits: 0,
    }).format(Math.max(1, Math.round(bytes / 1000)));
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: mb < 10 ? 1 : 0,
  }).format(mb);
}
