// Every picture the demo paints, by id, and what its rows need before it is painted. A picture's
// size, widths, ThumbHash and dominant colour are known in advance (placeholders.json, written by
// `npm run demo:placeholders`), so the demo's rows are written at once and the painting, ~1 s of
// CPU a picture, happens while the site already answers (studio.ts).
import type { StoredImage } from "../../server/db/schema";
import type { ProcessOptions } from "../../server/media/images.server";
import placeholders from "./placeholders.json";
import { DEMO_TOUR_ROOMS, renderDemoFloorPlan } from "./floor-plan";
import { renderDemoPanorama } from "./panorama";
import { PHOTO_KINDS, renderDemoPhoto, type PhotoKind } from "./scenes";

/**
 * AVIF effort for demo photos, below uploads' (images.server.ts). On the drawn scenes, per photo (three
 * widths), effort 3 took ~1.2 s of CPU for 28% fewer bytes than WebP, effort 1 ~0.3 s for 17%.
 */
const DEMO_AVIF_EFFORT = 1;
/** The widths an uploaded 360° photo of a tour gets (server/api/uploads.server.ts), WebP only. */
const TOUR_PANORAMA = { widths: [512, 2048, 4096], avif: false, fullWidth: true } as const;

/** The variety of drawn photos per kind (demo/seed/catalog.ts picks among them). */
export const PHOTO_VARIANTS = 12;

export interface DemoPicture {
  /** Its key in the storage manifest, and `demo/<id>` is the stem of its files. */
  id: string;
  paint(): Promise<Buffer>;
  /** How it goes through the image pipeline, as the upload it stands for would. */
  options: ProcessOptions;
}

export type Placeholder = Omit<StoredImage, "key" | "avif">;

const PHOTO = /^([a-z]+)-(\d+)$/;
const TOUR_ROOM = /^tours\/room-(\d+)$/;
export const TOUR_PLAN_ID = "tours/plan";
export const tourRoomId = (panorama: number) => `tours/room-${panorama}`;
export const photoId = (kind: PhotoKind, variant: number) => `${kind}-${variant}`;

/** The picture of that id, or null for an id the demo does not paint. */
export function demoPicture(id: string): DemoPicture | null {
  const photo = PHOTO.exec(id);
  if (photo && (PHOTO_KINDS as readonly string[]).includes(photo[1]!)) {
    const kind = photo[1] as PhotoKind;
    const variant = Number(photo[2]);
    return { id, paint: () => renderDemoPhoto(kind, variant), options: { avifEffort: DEMO_AVIF_EFFORT } };
  }
  const room = TOUR_ROOM.exec(id);
  if (room) return { id, paint: () => renderDemoPanorama(Number(room[1])), options: TOUR_PANORAMA };
  if (id === TOUR_PLAN_ID)
    return { id, paint: renderDemoFloorPlan, options: { avifEffort: DEMO_AVIF_EFFORT } };
  return null;
}

/** Every picture the demo's rows can point at: the ones placeholders.json describes. */
export function allDemoPictures(): DemoPicture[] {
  const ids = [
    ...PHOTO_KINDS.flatMap((kind) => Array.from({ length: PHOTO_VARIANTS }, (_, v) => photoId(kind, v))),
    ...[...new Set(DEMO_TOUR_ROOMS.map((r) => r.panorama))].map(tourRoomId),
    TOUR_PLAN_ID,
  ];
  return ids.map((id) => demoPicture(id)!);
}

const known = placeholders as Record<string, Placeholder>;

/** The row's image for a picture not necessarily painted yet; null when its placeholder is unknown. */
export function plannedImage(id: string): StoredImage | null {
  const p = known[id];
  const picture = demoPicture(id);
  if (!p || !picture) return null;
  return { key: `demo/${id}`, ...p, avif: picture.options.avif !== false };
}

/** The files a painted picture leaves in storage. */
export function filesOf(image: Pick<StoredImage, "key" | "widths" | "avif">): string[] {
  return image.widths.flatMap((w) => [
    `${image.key}-${w}.webp`,
    ...(image.avif ? [`${image.key}-${w}.avif`] : []),
  ]);
}
