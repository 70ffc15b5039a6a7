// The background build of a tour's 3D model: the rooms as they are on the floor plan (percent of
// the plan, turned into metres by the plan's width), their pictures, and the links as doorways.
import type { StoredImage, TourModel as StoredModel } from "../../db/schema";
import type { ApiDeps } from "../context";
import { JobFailure, subjectOf, type JobRow, type JobTools } from "../../queue/queue";
import { buildDollhouse, ModelInputError, renderStill, type ModelRoom } from "./model";
import { roomsOf, swapTourMedia, tourById } from "./service";
import { NO_ROOMS_FOR_MODEL } from "./calls";
import { fileToken } from "../uploads.server";

/** Without a floor plan picture the editor draws the plan 4:3, so the model does too. */
const PLAN_RATIO_WITHOUT_PICTURE = 0.75;
/** The room picture the model is dressed with: sharp enough for a texture of a few hundred pixels. */
const TEXTURE_SOURCE_WIDTH = 2048;

async function pictureOf(deps: ApiDeps, image: StoredImage | null): Promise<Buffer | undefined> {
  if (!image) return undefined;
  const widths = [...image.widths].sort((a, b) => a - b);
  const width = widths.filter((w) => w <= TEXTURE_SOURCE_WIDTH).at(-1) ?? widths[0]!;
  return (await deps.storage.get(`${image.key}-${width}.webp`)) ?? undefined;
}

export async function buildModel(job: JobRow, deps: ApiDeps, tools: JobTools) {
  const startedAt = new Date();
  const tour = await tourById(deps.db, subjectOf(job));
  if (!tour) throw new JobFailure("The tour no longer exists");
  const rooms = await roomsOf(deps.db, tour.id);
  if (!rooms.length) throw new JobFailure(NO_ROOMS_FOR_MODEL);
  const widthM = tour.plan_width_m;
  const heightM =
    widthM *
    (tour.floorplan_image
      ? tour.floorplan_image.height / tour.floorplan_image.width
      : PLAN_RATIO_WITHOUT_PICTURE);
  const modelRooms: ModelRoom[] = [];
  for (const r of rooms) {
    const picture = await pictureOf(deps, r.image);
    modelRooms.push({
      id: r.id,
      name: r.name,
      outline: {
        x: (r.plan_x / 100) * widthM,
        y: (r.plan_y / 100) * heightM,
        width: (r.plan_w / 100) * widthM,
        depth: (r.plan_h / 100) * heightM,
      },
      ...(picture ? (r.kind === "panorama" ? { panorama: picture } : { photo: picture }) : {}),
    });
  }
  // A doorway is one pair of rooms, whichever of the two (or both) holds the link.
  const pairs = new Map<string, { from: number; to: number }>();
  for (const r of rooms)
    for (const l of r.links)
      pairs.set([r.id, l.to].sort((a, b) => a - b).join("-"), {
        from: Math.min(r.id, l.to),
        to: Math.max(r.id, l.to),
      });
  const links = [...pairs.values()];
  await tools.heartbeat();
  let built;
  let still;
  try {
    built = await buildDollhouse({ rooms: modelRooms, links, ceilingHeight: tour.ceiling_height });
    still = await renderStill({ rooms: modelRooms, links, ceilingHeight: tour.ceiling_height });
  } catch (error) {
    if (error instanceof ModelInputError) throw new JobFailure(error.message);
    throw error;
  }
  const key = `tours/${fileToken()}`;
  const model: StoredModel = {
    key: `${key}.glb`,
    still: `${key}-still.webp`,
    bytes: built.bytes,
    rooms: rooms.length,
    built_at: startedAt.toISOString(),
    revision: tour.revision,
  };
  await deps.storage.put(model.key, built.glb, "model/gltf-binary");
  await deps.storage.put(model.still, still, "image/webp");
  const obsolete = await swapTourMedia(deps.db, tour.id, "model", model);
  if (obsolete)
    await Promise.all([obsolete.key, obsolete.still].map((k) => deps.storage.delete(k).catch(() => {})));
  return {
    key: model.key,
    bytes: built.bytes,
    triangles: built.triangles,
    millis: built.millis,
    rooms: rooms.length,
  };
}
