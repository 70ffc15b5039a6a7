// What posting a listing of either kind does with its files and its address: the slug, the photos
// and documents every listing has, and which stored files an edit may delete. Each kind's service
// (properties/post-service.ts, projects/post-service.ts) adds only its own files.
import { randomBytes } from "node:crypto";
import type { FileStorage } from "../../media/storage.server";
import type { StoredPhoto, UploadBatch } from "../uploads.server";

/** Spec §9 slug (lowercase, letters, digits, hyphens) plus a short random tail, so titles may repeat. */
export function listingSlug(title: string): string {
  const base = title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  const tail = randomBytes(4).toString("hex");
  return base ? `${base}-${tail}` : `property-${tail}`;
}

/** The columns every kind of listing has, from its payload (the place is complete: the schema says so). */
export function listingColumns(input: {
  title: string;
  description: string;
  category_id: number;
  city?: string;
  state?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
  video_link?: string;
  meta_title?: string;
  meta_description?: string;
  meta_keywords?: string;
}) {
  return {
    title: input.title,
    description: input.description,
    category_id: input.category_id,
    city: input.city!,
    state: input.state!,
    country: input.country!,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    video_link: input.video_link ?? null,
    meta_title: input.meta_title ?? null,
    meta_description: input.meta_description ?? null,
    meta_keywords: input.meta_keywords ?? null,
  };
}

/** Demo files are drawn at seeding and shared by the demo catalogue: an edit never deletes them. */
export const ownFile = (key: string | null | undefined): key is string =>
  Boolean(key) && !key!.startsWith("demo/");

/** A gallery row's columns for a stored photo at a position (the kind adds its listing's id). */
export const photoColumns = (p: StoredPhoto, position: number) => ({
  key: p.key,
  position,
  width: p.width,
  height: p.height,
  widths: p.widths,
  thumbhash: p.thumbhash,
  dominant: p.dominant,
  avif: p.avif,
});

/**
 * Prepares (but does not write) the files every listing has, in the order the form shows them:
 * its cover photo (under the kind's field name), the gallery and the documents. Problems are keyed
 * by form field.
 */
export async function prepareListingFiles(
  batch: UploadBatch,
  cover: { file: File | undefined; field: string },
  input: { gallery_images: File[]; documents: File[] },
) {
  const coverPhoto = cover.file ? await batch.photo(cover.file, cover.field) : null;
  const gallery: StoredPhoto[] = [];
  for (const file of input.gallery_images) {
    const photo = await batch.photo(file, "gallery_images");
    if (photo) gallery.push(photo);
  }
  const docs: { key: string; name: string }[] = [];
  for (const file of input.documents) {
    const doc = await batch.document(file, "documents");
    if (doc) docs.push(doc);
  }
  return { cover: coverPhoto, gallery, docs };
}

/**
 * Saves a listing with its files: refuses with every problem at once, writes the prepared files,
 * then runs `save` (one transaction). If it fails, the files just written go again; once it has
 * committed, the files it named obsolete (replaced or removed) are deleted. A file that fails to go
 * is only wasted space.
 */
export async function saveWithFiles<T>(
  batch: UploadBatch,
  storage: FileStorage,
  save: (obsolete: string[]) => Promise<T>,
): Promise<T> {
  batch.problems.throwIfAny();
  await batch.write();
  const obsolete: string[] = [];
  let saved: T;
  try {
    saved = await save(obsolete);
  } catch (e) {
    await batch.discard();
    throw e;
  }
  await Promise.all([...new Set(obsolete)].map((k) => storage.delete(k).catch(() => {})));
  return saved;
}
