// The placeholder shown where a listing has no photo: an admin's upload, judged by its bytes (JPEG
// or PNG; never SVG, which could carry script), re-encoded from pixels to one WebP (no metadata
// survives) and stored publicly under a new name each time, so no cache shows the old one.
import { randomBytes } from "node:crypto";
import { HEADER_MESSAGES, judgeImageHeader } from "../../media/images.server";
import { imageWork } from "../../media/work-pool";
import sharp from "sharp";
import type { FileStorage } from "../../media/storage.server";
import { ApiError } from "../envelope";
import { PHOTO_MAX_PIXELS, sniff } from "../uploads.server";

export const BRAND_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MIN_SIDE = 64;
/** Shown at card size at most: a larger file would only cost bytes. */
const MAX_SIDE = 640;
const PREFIX = "brand/";

const refuse = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });

/** Checks and stores the image; its public URL and storage key. Nothing is stored when it is refused. */
export async function storeBrandImage(
  storage: FileStorage,
  file: File,
  field: string,
): Promise<{ url: string; key: string }> {
  if (file.size > BRAND_IMAGE_MAX_BYTES) throw refuse(field, "The image must be 5 MB or smaller");
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = sniff(bytes);
  if (kind !== "jpeg" && kind !== "png") throw refuse(field, "Please choose a JPEG or PNG image");
  const header = await judgeImageHeader(bytes);
  if (!header.ok) throw refuse(field, HEADER_MESSAGES[header.reason]);
  if (header.width < MIN_SIDE || header.height < MIN_SIDE)
    throw refuse(field, "The image must be at least 64 × 64 pixels");
  let webp: Buffer;
  try {
    // Transparency is kept: a logo usually sits on the card's own background.
    webp = await imageWork.run(() =>
      sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true })
        .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 85, alphaQuality: 90 })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse(field, "This image could not be read. Please choose another JPEG or PNG");
  }
  const key = `${PREFIX}placeholder-${randomBytes(6).toString("hex")}.webp`;
  await storage.put(key, webp, "image/webp");
  return { url: storage.publicUrl(key), key };
}

/** Deletes a placeholder this module stored, given its URL; the site's own default is left alone. */
export async function removeBrandImage(storage: FileStorage, url: unknown): Promise<void> {
  if (typeof url !== "string") return;
  const key = /(?:^|\/)(brand\/placeholder-[0-9a-f]{12}\.webp)$/.exec(url)?.[1];
  if (!key || storage.publicUrl(key) !== url) return;
  await storage.delete(key).catch(() => {});
}
