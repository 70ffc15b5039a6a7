// Profile photos: judged by their bytes, never trusted by name; stored as one small square WebP.
// Decoding is capped in pixels so a tiny file that unpacks to a huge image is refused, not decoded.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "../../media/storage.server";
import { ApiError } from "../envelope";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MIN_SIDE = 120;
const SIDE = 400;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

const refuse = (message: string) => new ApiError(400, message, { profile: [message] });

/** Checks, crops to a square and stores a profile photo; returns its public URL. */
export async function storeAvatar(storage: FileStorage, file: File, userId: number): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw refuse("The photo must be 5 MB or smaller");
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!isJpeg(bytes) && !isPng(bytes)) throw refuse("Please choose a JPEG or PNG photo");
  let webp: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true });
    const { autoOrient } = await image.metadata();
    if (autoOrient.width < MIN_SIDE || autoOrient.height < MIN_SIDE)
      throw refuse("The photo must be at least 120 × 120 pixels");
    // Re-encoding from pixels drops every piece of metadata (EXIF, GPS) the upload carried.
    webp = await image
      .resize(SIDE, SIDE, { fit: "cover", position: "attention" })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
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
