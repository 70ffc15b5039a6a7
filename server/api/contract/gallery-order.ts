// A gallery arranged in the browser (saved photos moved, new ones placed among them) arrives as one
// list of tokens: `e<id>` for a saved photo, `n<i>` for the i-th new upload. Properties and
// projects read it alike.
import { z } from "zod";

const asList = (v: unknown) =>
  v === undefined || v === ""
    ? []
    : (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(","))
        .map((s) => s.trim())
        .filter(Boolean);

/**
 * The gallery's order with JavaScript: `e<id>` for a photo already saved, `n<i>` for the i-th
 * new upload, comma-separated. Left out: saved photos keep their order and new ones follow.
 */
export const galleryOrderSchema = z.preprocess(
  asList,
  z.array(z.string().regex(/^[en]\d{1,9}$/, "gallery_order is invalid")).max(200),
);

export type GallerySlot<Saved, Upload> = { kind: "e"; row: Saved } | { kind: "n"; photo: Upload };

/**
 * Saved photos and new uploads in the order sent. Tokens naming nothing (a photo removed in the
 * same change, a stale index) or named twice are ignored; whatever the order leaves out follows
 * in its own order, so a partial or missing order never loses a photo.
 */
export function arrangeGallery<Saved extends { id: number }, Upload>(
  saved: Saved[],
  uploads: Upload[],
  order: string[],
): GallerySlot<Saved, Upload>[] {
  const slots: GallerySlot<Saved, Upload>[] = [];
  const usedE = new Set<number>();
  const usedN = new Set<number>();
  for (const token of order) {
    const n = Number(token.slice(1));
    if (token.startsWith("e")) {
      const row = saved.find((s) => s.id === n);
      if (row && !usedE.has(n)) {
        usedE.add(n);
        slots.push({ kind: "e", row });
      }
    } else if (n < uploads.length && !usedN.has(n)) {
      usedN.add(n);
      slots.push({ kind: "n", photo: uploads[n]! });
    }
  }
  for (const row of saved) if (!usedE.has(row.id)) slots.push({ kind: "e", row });
  uploads.forEach((photo, i) => !usedN.has(i) && slots.push({ kind: "n", photo }));
  return slots;
}
