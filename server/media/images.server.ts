// The pipeline every uploaded or seeded photo goes through: orient, strip, resize to WebP and AVIF, placeholder.
import { imageWork } from "./work-pool";
import sharp, { type Sharp } from "sharp";
import { rgbaToThumbHash, thumbHashToDataURL } from "thumbhash";

export const VARIANT_WIDTHS = [320, 640, 1280] as const;

export interface ImageVariant {
  width: number;
  height: number;
  /** Stored at `${key}-${width}.webp`: what every browser can show. */
  webp: Buffer;
  /** Stored at `${key}-${width}.avif`: offered first, as it is smaller for the same look (empty when not asked for). */
  avif: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
  /** Base64 ThumbHash, decoded client-side (or by `thumbhashToDataUrl`) into a blurred placeholder. */
  thumbhash: string;
  /** `#rrggbb`, a flat background while even the placeholder is loading. */
  dominant: string;
}

const WEBP = { quality: 72, effort: 4 } as const;
/**
 * Chosen by measurement on a 2-core machine (figures in docs/decisions/006-images.md): on photos at
 * 1280 px, quality 50 scored at least WebP 72's SSIM with 26% fewer bytes, for ~0.6 s of CPU at
 * effort 3. sharp's default effort 4 took five times as long for 6% fewer bytes still (too slow for
 * an upload of ten photos); efforts 1 and 2 saved only 11-12% over WebP. 4:2:0 chroma, as WebP has
 * (sharp's AVIF default is 4:4:4: larger files for colour detail photos do not need).
 */
const AVIF = { quality: 50, effort: 3, chromaSubsampling: "4:2:0" } as const;

export interface ProcessOptions {
  /**
   * AVIF encoder effort (0-9). Demo seeding lowers it: its drawn scenes gain little from a higher
   * effort, and every fresh test database renders them all.
   */
  avifEffort?: number;
  /** The widths to produce (default VARIANT_WIDTHS); none wider than the original. */
  widths?: readonly number[];
  /**
   * Also keep the original's own width when it falls between two standard ones (a 3000 px
   * panorama gets 512, 2048 and 3000): a 360° view is zoomed into, so every pixel counts.
   */
  fullWidth?: boolean;
  /** Write AVIF next to WebP (default true). Tour panoramas are WebP only: the 360° viewer loads one URL per size. */
  avif?: boolean;
}
const THUMBHASH_MAX = 100; // rgbaToThumbHash accepts at most 100x100

/** The widths to produce: every standard width that does not upscale, or the original if it is smaller. */
function variantWidths(width: number, standard: readonly number[] = VARIANT_WIDTHS): number[] {
  const widths = standard.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/** An upload's variants, made in the image pool (server/media/work-pool.ts): uploads queue there. */
export function processImage(input: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  return imageWork.run(() => makeVariants(input, options));
}

/** The same, outside the pool: for the server's own work at start (the demo's photos), not a request's. */
export async function makeVariants(input: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  const avifOptions = { ...AVIF, effort: options.avifEffort ?? AVIF.effort };
  const source = sharp(input, { autoOrient: true });
  const { autoOrient } = await source.metadata();
  const { width, height } = autoOrient;
  const widths = variantWidths(width, options.widths);
  const standardMax = Math.max(...(options.widths ?? VARIANT_WIDTHS));
  if (options.fullWidth && width > widths.at(-1)! && width < standardMax) widths.push(width);
  const largest = Math.max(...widths);

  // Decode once, straight to the largest size (JPEG shrink-on-load keeps this cheap), and derive the rest
  // from those pixels. Raw pixels carry no metadata, so nothing from the upload (EXIF, GPS, XMP, ICC) survives.
  const { data, info } = await source
    .resize({ width: largest })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  const [variants, placeholder] = await Promise.all([
    Promise.all(
      widths.map(async (w): Promise<ImageVariant> => {
        // Heights come from the original aspect ratio, not the already-rounded intermediate.
        const h = Math.max(1, Math.round((height * w) / width));
        const resized = pixels().resize(w, h, { fit: "fill" });
        const [webp, avif] = await Promise.all([
          resized.clone().webp(WEBP).toBuffer(),
          options.avif === false
            ? Promise.resolve(Buffer.alloc(0))
            : resized.clone().avif(avifOptions).toBuffer(),
        ]);
        return { width: w, height: h, webp, avif };
      }),
    ),
    placeholderOf(pixels()),
  ]);
  return { width, height, variants, ...placeholder };
}

/** ThumbHash and dominant colour, both from one tiny RGBA thumbnail (stats() on full-size pixels costs ~100 ms). */
async function placeholderOf(image: Sharp): Promise<Pick<ProcessedImage, "thumbhash" | "dominant">> {
  const { data, info } = await image
    .resize(THUMBHASH_MAX, THUMBHASH_MAX, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { r, g, b } = (
    await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).stats()
  ).dominant;
  return {
    thumbhash: Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64"),
    dominant: `#${hex(r)}${hex(g)}${hex(b)}`,
  };
}

/** A tiny PNG data URL of the ThumbHash, for a server-rendered blurred placeholder. */
export function thumbhashToDataUrl(hash: string): string {
  return thumbHashToDataURL(Buffer.from(hash, "base64"));
}

/** What any uploaded image may be, whatever it is for: judged from its header before decoding. */
export const IMAGE_LIMITS = { maxPixels: 40_000_000, maxSide: 16_383, maxRatio: 10 } as const;

export type HeaderVerdict =
  | { ok: true; width: number; height: number }
  | { ok: false; reason: "unreadable" | "pixels" | "side" | "shape" };

/**
 * Reads only the header: a 39 KB PNG can promise 40 million pixels in a 120 × 333 000 strip, which
 * costs seconds and hundreds of MB to decode. Width and height as displayed (EXIF orientation).
 */
export async function judgeImageHeader(bytes: Buffer): Promise<HeaderVerdict> {
  const size = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .then((m) => m.autoOrient)
    .catch(() => null);
  if (!size) return { ok: false, reason: "unreadable" };
  const { width, height } = size;
  if (!width || !height) return { ok: false, reason: "unreadable" };
  if (width * height > IMAGE_LIMITS.maxPixels) return { ok: false, reason: "pixels" };
  if (Math.max(width, height) > IMAGE_LIMITS.maxSide) return { ok: false, reason: "side" };
  if (Math.max(width, height) > IMAGE_LIMITS.maxRatio * Math.min(width, height))
    return { ok: false, reason: "shape" };
  return { ok: true, width, height };
}

/** The messages for a refused header, in the words the listing form uses (uploads.server.ts). */
export const HEADER_MESSAGES = {
  unreadable: "This photo could not be read. Please choose another JPEG or PNG",
  pixels: "Photos must be at most 40 megapixels",
  side: "Photos must be at most 16383 pixels wide and high",
  shape: "Photos must be at most 10 times as long as they are wide",
} as const;
