// Answer fields every kind of listing shares (its place, pin, SEO texts and review), and what an
// edit form reads of one's own listing, whatever its kind: the raw values it shows and the ids of
// its photos and documents. Each kind's `Own…` answer adds its own fields.
import { z } from "zod";
import type { FileStorage } from "../../media/storage.server";
import { imageView } from "../image-view";
import { GalleryImage, int, ListingDocument, ListingStatus, RequestStatus } from "../output";
import { seoWarnings } from "./contract/fields";

/** Where a listing is, in the names its row keeps (English; answers may give them in the caller's language). */
export const placeOutput = { city: z.string(), state: z.string(), country: z.string() };

/** The pin on the map, when the owner placed one. */
export const coordinatesOutput = { latitude: z.number().nullable(), longitude: z.number().nullable() };

/** How search engines and share previews show a listing. */
export const seoOutput = {
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_image: z.string().nullable(),
};

/** SEO advice about a listing's texts (spec §5), per field like errors; never a refusal. */
export const Warnings = z.record(z.string(), z.array(z.string()));

/** Where a listing stands with the team (review) and with the public (shown or hidden by its owner). */
export const reviewOutput = { request_status: RequestStatus, status: ListingStatus };

export const ownListingFields = {
  id: int,
  slug_id: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: int,
  ...placeOutput,
  ...coordinatesOutput,
  video_link: z.string().nullable(),
  ...seoOutput,
  ...reviewOutput,
  gallery_images: z.array(GalleryImage),
  documents: z.array(ListingDocument),
  /** The SEO advice on its saved texts, as its form shows it. */
  warnings: Warnings,
};

/** The values of `ownListingFields`, from the listing's row, its gallery (the cover aside) and its documents. */
export function ownListingValues(
  storage: FileStorage,
  row: {
    id: number;
    slug_id: string;
    title: string;
    description: string;
    category_id: number;
    country: string;
    state: string;
    city: string;
    latitude: number | null;
    longitude: number | null;
    video_link: string | null;
    meta_title: string | null;
    meta_description: string | null;
    meta_keywords: string | null;
    meta_image: string | null;
    request_status: "pending" | "approved" | "rejected";
    status: "active" | "inactive";
  },
  gallery: ({ id: number } & Parameters<typeof imageView>[1])[],
  docs: { id: number; name: string; key: string }[],
) {
  return {
    id: row.id,
    slug_id: row.slug_id,
    title: row.title,
    description: row.description,
    category_id: row.category_id,
    country: row.country,
    state: row.state,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    video_link: row.video_link,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    meta_image: row.meta_image ? storage.publicUrl(row.meta_image) : null,
    request_status: row.request_status,
    status: row.status,
    gallery_images: gallery.map((g) => ({ id: g.id, ...imageView(storage, g) })),
    documents: docs.map((d) => ({ id: d.id, name: d.name, url: storage.publicUrl(d.key) })),
    warnings: seoWarnings(row),
  };
}
