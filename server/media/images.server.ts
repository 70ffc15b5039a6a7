// The pipeline every uploaded or seeded photo goes through: orient, strip, resize to WebP, placeholder.
import sharp, { type Sharp } from "sharp";
import { rgbaToThumbHash, thumbHashToDataURL } from "thumbhash";

export const VARIANT_WIDTHS = [320, 640, 1280] as const;

export interface ImageVariant {
  width: number;
  height: number;
  buffer: Buffer;
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
const THUMBHASH_MAX = 100; // rgbaToThumbHash accepts at most 100x100

/** The widths to produce: every standard width that does not upscale, or the original if it is smaller. */
function variantWidths(width: number): number[] {
  const widths = VARIANT_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, "0");

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const source = sharp(input, { autoOrient: true });
  const { autoOrient } = await source.metadata();
  const { width, height } = autoOrient;
  const widths = variantWidths(width);
  const largest = Math.max(...widths);

  // Decode once, straight to the largest size (JPEG shrink-on-load keeps this cheap), and derive the rest
  // from those pixels. Raw pixels carry no metadata, so nothing from the upload (EXIF, GPS, XMP, ICC) survives.
  const { data, info } = await source
    .resize({ width: largest })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  const [variants, placeholder] = await Promise.all([
    Promise.all(
      widths.map(async (w): Promise<ImageVariant> => {
        // Heights come from the original aspect ratio, not the already-rounded intermediate.
        const h = Math.max(1, Math.round((height * w) / width));
        const buffer = await pixels().resize(w, h, { fit: "fill" }).webp(WEBP).toBuffer();
        return { width: w, height: h, buffer };
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
  const { r, g, b } = (await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).stats()).dominant;
  return {
    thumbhash: Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64"),
    dominant: `#${hex(r)}${hex(g)}${hex(b)}`,
  };
}

/** A tiny PNG data URL of the ThumbHash, for a server-rendered blurred placeholder. */
export function thumbhashToDataUrl(hash: string): string {
  return thumbHashToDataURL(Buffer.from(hash, "base64"));
}
