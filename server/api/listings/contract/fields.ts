// The fields every kind of listing shares, as the posting calls read them (spec §3 "Property" and
// "Project"), with the spec's messages (§5) word for word where it has one. Each kind's payload
// (properties/post-schema.ts, projects/post-schema.ts) adds only what is its own. The API, the
// forms (server and browser) and the OpenAPI document all read these schemas.
import { z } from "zod";
import { roundCoordinate } from "../../contract/coordinates";
import { dialogUrl } from "../../contract/dialog-input";
import { galleryOrderSchema } from "../../contract/gallery-order";

/** How many files one listing may carry, whatever its kind. */
export const MAX_GALLERY_IMAGES = 20;
export const MAX_DOCUMENTS = 10;

const MAX_ID = 2 ** 31 - 1;
export const id = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(MAX_ID, "is too large");

export const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;

/** Empty inputs (a blank text box, a file input left empty) count as absent. */
export const blank = (v: unknown) =>
  v === "" || v === null || (isFile(v) && v.size === 0 && !v.name) ? undefined : v;

export const requiredText = (message: string, max: number) =>
  z.preprocess(
    blank,
    z.string({ error: message }).trim().min(1, message).max(max, `at most ${max} characters`),
  );
export const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `at most ${max} characters`).optional());
const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).min(min, message).max(max, message).optional());

/** One uploaded file; an empty file input is no file. */
export const upload = z.preprocess(blank, z.file().optional());
/** Any number of uploads under one name (a `multiple` input or repeated fields). */
const uploads = (max: number, message: string) =>
  z.preprocess(
    (v) =>
      v === undefined
        ? []
        : [v]
            .flat()
            .map(blank)
            .filter((f) => f !== undefined),
    z.array(z.file()).max(max, message),
  );

const asList = (v: unknown) =>
  v === undefined || v === ""
    ? []
    : (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(","))
        .map((s) => s.trim())
        .filter(Boolean);
/** Ids as a list, repeated fields or comma-separated (what to remove in an edit). */
export const idList = z.preprocess(asList, z.array(id).max(100, "at most 100 values"));

/** What a listing of any kind says about itself, where it is, how search engines show it, and its files. */
export const listingFields = {
  title: requiredText("Title is required", 200),
  description: requiredText("Description field is required", 10_000),
  category_id: z.preprocess(
    blank,
    z.coerce
      .number({ error: "Please select Category" })
      .int("Please select Category")
      .positive("Please select Category")
      .max(MAX_ID, "Please select Category"),
  ),
  country: optionalText(120),
  state: optionalText(120),
  city: optionalText(120),
  latitude: optionalNumber(-90, 90, "Latitude must be between -90 and 90").transform(roundCoordinate),
  longitude: optionalNumber(-180, 180, "Longitude must be between -180 and 180").transform(roundCoordinate),
  video_link: z.preprocess(blank, dialogUrl(500).optional()),
  meta_title: optionalText(255),
  meta_description: optionalText(500),
  meta_keywords: optionalText(1000),
  meta_image: upload,
  gallery_images: uploads(MAX_GALLERY_IMAGES, `At most ${MAX_GALLERY_IMAGES} gallery images`),
  documents: uploads(MAX_DOCUMENTS, `At most ${MAX_DOCUMENTS} documents`),
  /** With JavaScript: the gallery as arranged (`e<id>` saved, `n<i>` new); left out, new photos follow the saved ones. */
  gallery_order: galleryOrderSchema,
};

/** The text fields every kind's edit form and saved listing share, by their names. */
export const LISTING_TEXT_FIELDS = [
  "title",
  "description",
  "category_id",
  "country",
  "state",
  "city",
  "latitude",
  "longitude",
  "video_link",
  "meta_title",
  "meta_description",
  "meta_keywords",
] as const;

/** What an edit may take away. */
export const removalFields = {
  remove_gallery_images: idList,
  remove_documents: idList,
};

/** The message when the place is not complete; `address` is the kind's name for the formatted address. */
export const PLACE_INCOMPLETE = "City, state, country and formatted address must all be present";

/**
 * Search-engine advice (spec §5 "SEO warnings"): shown beside the fields, never a refusal.
 * Keyed by field, like errors.
 */
export function seoWarnings(v: {
  meta_title?: string | null;
  meta_description?: string | null;
  meta_keywords?: string | null;
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (v.meta_title && v.meta_title.trim().length > 60)
    out.meta_title = ["Meta title should be at most 60 characters"];
  if (v.meta_keywords) {
    const phrases = v.meta_keywords.split(",").filter((s) => s.trim());
    if (phrases.length > 10)
      out.meta_keywords = ["Meta keywords should be at most 10 comma-separated phrases"];
  }
  if (v.meta_description) {
    const n = v.meta_description.trim().length;
    if (n < 50 || n > 160) out.meta_description = ["Meta description should be 50 to 160 characters"];
  }
  return out;
}
