// A stored photo as pages and apps use it: the address of each of its sizes, its own size, and the
// colours shown while it loads. Every feature with photos (listings, articles, tours, imports) answers
// with this shape.
import type { FileStorage } from "../media/storage.server";

export interface ImageView {
  /** The largest WebP: for places that take one URL (share images, lightboxes). */
  url: string;
  width: number;
  height: number;
  /** Per width the WebP (`url`) and, for photos that have one, the smaller AVIF of the same size. */
  variants: { width: number; url: string; avif?: string }[];
  thumbhash: string | null;
  dominant: string | null;
}

/**
 * A stored photo (variants at `${key}-${width}.webp`, and `.avif` when `avif`) as pages use it: URLs
 * per width. `avif` comes from the row because photos stored before AVIF was added have WebP only.
 */
export function imageView(
  storage: FileStorage,
  img: {
    key: string;
    widths: number[];
    width: number;
    height: number;
    thumbhash: string | null;
    dominant: string | null;
    avif: boolean;
  },
): ImageView {
  const variants = img.widths.map((w) => ({
    width: w,
    url: storage.publicUrl(`${img.key}-${w}.webp`),
    ...(img.avif ? { avif: storage.publicUrl(`${img.key}-${w}.avif`) } : {}),
  }));
  return {
    url: variants.at(-1)!.url,
    width: img.width,
    height: img.height,
    variants,
    thumbhash: img.thumbhash,
    dominant: img.dominant,
  };
}
