// What a listing's photo link carries for the full-screen viewer (decision 047), and how the viewer
// counts in a right-to-left language. Plain functions, shared by the page and the viewer's code.
import type { ImageView } from "~server/api/image-view";

/** The words the page writes on its gallery (`data-photo-viewer`) for the viewer, in its language. */
export interface ViewerLabels {
  dialog: string;
  close: string;
  zoom: string;
  previous: string;
  next: string;
  error: string;
}

/**
 * The largest stored variant of a photo: the link's address (a tap without JavaScript opens it)
 * and its size in pixels, which the viewer needs before the file arrives. The size is the stored
 * photo's scaled to that variant's width, as the image pipeline scaled it.
 */
export function fullSize(image: ImageView): { url: string; width: number; height: number } {
  const largest = image.variants.reduce<ImageView["variants"][number] | undefined>(
    (big, v) => (!big || v.width > big.width ? v : big),
    undefined,
  );
  if (!largest) return { url: image.url, width: image.width, height: image.height };
  return {
    url: largest.url,
    width: largest.width,
    height: Math.max(1, Math.round((image.height * largest.width) / image.width)),
  };
}

/**
 * The viewer lays its slides out left to right. In a right-to-left page the photos go the other
 * way, so the next photo comes from the left as a page turns: the slides are given in reverse, and
 * a photo's place in the page and its place among the slides mirror each other (the same function
 * both ways).
 */
export function slideIndex(photo: number, total: number, rtl: boolean): number {
  return rtl ? total - 1 - photo : photo;
}

/** "3 / 12": the photo's number in the page's order, whichever way the slides run. */
export function countLabel(slide: number, total: number, rtl: boolean): string {
  return `${slideIndex(slide, total, rtl) + 1} / ${total}`;
}
