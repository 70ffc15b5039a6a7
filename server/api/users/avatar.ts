// Profile photos: judged by their bytes, never trusted by name; stored as one small square WebP.
// The header is judged first (pixels, longest side, shape), so a tiny file that unpacks to a huge
// image is refused, not decoded; the work waits its turn in the image pool.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "../../media/storage.server";
import { ApiError } from "../envelope";
import { HEADER_MESSAGES, judgeImageHeader } from "../../media/images.server";
import { imageWork } from "../../media/work-pool";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 120;
const SIDE = 400;
/** Enough to find the subject and crop it to SIDE; no more decoded pixels than that are kept. */
const WORKING_SIDE = 1200;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

const refuse = (message: string) => new ApiError(400, message, { profile: [message] });

/** Checks, crops to a square and stores a profile photo; returns its public URL. */
export async function storeAvatar(storage: FileStorage, file: File, userId: number): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw refuse("The photo must be 5 MB or smaller");
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!isJpeg(bytes) && !isPng(bytes)) throw refuse("Please choose a JPEG or PNG photo");
  const header = await judgeImageHeader(bytes);
  if (!header.ok) throw refuse(HEADER_MESSAGES[header.reason]);
  if (header.width < MIN_SIDE || header.height < MIN_SIDE)
    throw refuse("The photo must be at least 120 × 120 pixels");
  let webp: Buffer;
  try {
    webp = await imageWork.run(async () => {
      // First down to a working size as the image streams in (a few rows of pixels in memory at a
      // time), then the crop, which looks at the whole picture for its subject.
      const working = await sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true })
        .resize(WORKING_SIDE, WORKING_SIDE, { fit: "outside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = working.info;
      // Re-encoding from pixels drops every piece of metadata (EXIF, GPS) the upload carried.
      return sharp(working.data, { raw: { width, height, channels } })
        .resize(SIDE, SIDE, { fit: "cover", position: "attention" })
        .webp({ quality: 78 })
        .toBuffer();
    });
  } catch {
    throw refuse("This photo could not be read. Please choose another JPEG or PNG");
  }
  // A new name for every photo: cached copies of the old one never show the wrong face.
  const key = `avatars/${userId}-${randomBytes(6).toString("hex")}.webp`;
  await storage.put(key, webp, "image/webp");
  return storage.publicUrl(key);
}

/**
 * Deletes a profile photo this module stored (given its public URL). Anything else — a Google
 * account's photo, a demo portrait shared by the seed — is left alone. Failing to delete is only
 * wasted space, never an error for the person.
 */
export async function removeAvatar(storage: FileStorage, url: string): Promise<void> {
  // Keys look like avatars/<user id>-<12 hex>.webp (see storeAvatar); the URL ends with the key.
  const key = /(?:^|\/)(avatars\/\d+-[0-9a-f]{12}\.webp)$/.exec(url)?.[1];
  if (!key || storage.publicUrl(key) !== url) return;
  await storage.delete(key).catch(() => {});
}
