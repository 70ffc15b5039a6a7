// A photo as a page's data carries it. The API names every variant's URL (three widths, WebP and
// AVIF: six addresses that differ only in their ends); a card or a gallery sends the common start
// and the widths instead, and the page spells the addresses out again when it renders them. The
// HTML is the same; the data React hydrates from is a third of the size on a page of cards.
import type { ImageView } from "~server/api/image-view";

/** Variants at `${base}-${width}.webp` (and `.avif` when `avif`), as the image pipeline writes them. */
export interface PackedImage {
  base: string;
  widths: readonly number[];
  avif: boolean;
  width: number;
  height: number;
  thumbhash: string | null;
  dominant: string | null;
}

/** Either form: a photo whose addresses follow another pattern keeps its full view. */
export type PageImage = ImageView | PackedImage;

const WEBP_VARIANT = /^(.+)-(\d+)\.webp$/;

// Nearly every photo has the same widths: one array for all of them, which the page's data then
// sends once and refers to (it writes an object or array it has seen already as a reference).
const widthLists = new Map<string, readonly number[]>();
function sharedWidths(widths: number[]): readonly number[] {
  const key = widths.join(",");
  let list = widthLists.get(key);
  if (!list) widthLists.set(key, (list = Object.freeze(widths)));
  return list;
}

/** The packed form when it gives back exactly the same addresses, the view as it is otherwise. */
export function packImage(view: ImageView): PageImage {
  const base = view.variants.at(-1)?.url.match(WEBP_VARIANT)?.[1];
  if (!base) return view;
  const avif = view.variants.every((v) => v.avif !== undefined);
  const packed: PackedImage = {
    base,
    widths: sharedWidths(view.variants.map((v) => v.width)),
    avif,
    width: view.width,
    height: view.height,
    thumbhash: view.thumbhash,
    dominant: view.dominant,
  };
  return sameImage(unpackImage(packed), view) ? packed : view;
}

function sameImage(a: ImageView, b: ImageView): boolean {
  return (
    a.url === b.url &&
    a.width === b.width &&
    a.height === b.height &&
    a.thumbhash === b.thumbhash &&
    a.dominant === b.dominant &&
    a.variants.length === b.variants.length &&
    a.variants.every(
      (v, i) =>
        v.width === b.variants[i]!.width && v.url === b.variants[i]!.url && v.avif === b.variants[i]!.avif,
    )
  );
}

export function unpackImage(image: PageImage): ImageView {
  if ("variants" in image) return image;
  const variants = image.widths.map((width) => ({
    width,
    url: `${image.base}-${width}.webp`,
    ...(image.avif ? { avif: `${image.base}-${width}.avif` } : {}),
  }));
  return {
    url: variants.at(-1)!.url,
    width: image.width,
    height: image.height,
    variants,
    thumbhash: image.thumbhash,
    dominant: image.dominant,
  };
}

/**
 * The photo without its ThumbHash: for photos below a phone's first screen, which show their
 * dominant colour until they arrive (lazy images are fetched well before they scroll into view).
 * A ThumbHash is random-looking text that gzip cannot shrink, and it travels twice (the HTML
 * attribute and the page's data): on a page of thirty cards that is a kilobyte.
 */
export function withoutPlaceholder<T extends PageImage | null>(image: T): T {
  return image && image.thumbhash ? { ...image, thumbhash: null } : image;
}
