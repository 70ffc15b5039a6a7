// Payloads of `post_property` and `update_post_property` (spec §3 "Property").
// The API, the posting form (server and browser) and the OpenAPI document all read these schemas.
// Messages are the spec's (§5) word for word where it has one.
import { z } from "zod";
import { roundCoordinate } from "../contract/coordinates";
import { galleryOrderSchema } from "../contract/gallery-order";

export const RENT_DURATIONS = ["daily", "monthly", "quarterly", "yearly"] as const;

/** How many files one listing may carry. */
export const MAX_GALLERY_IMAGES = 20;
export const MAX_DOCUMENTS = 10;
export const MAX_PRICE = 999_999_999_999;

const MAX_ID = 2 ** 31 - 1;
const id = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(MAX_ID, "is too large");

/** Empty inputs (a blank text box, a file input left empty) count as absent. */
const blank = (v: unknown) =>
  v === "" || v === null || (typeof File !== "undefined" && v instanceof File && v.size === 0 && !v.name)
    ? undefined
    : v;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    blank,
    z.string({ error: message }).trim().min(1, message).max(max, `at most ${max} characters`),
  );
const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `at most ${max} characters`).optional());
const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).min(min, message).max(max, message).optional());

/** One uploaded file; an empty file input is no file. */
const upload = z.preprocess(blank, z.file().optional());
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
const idList = z.preprocess(asList, z.array(id).max(100, "at most 100 values"));

const flag = z.preprocess(
  (v) =>
    v === "" || v === undefined || v === null
      ? undefined
      : v === true || v === "1" || v === "true" || v === "on" || v === 1,
  z.boolean().optional(),
);

const HTTP_URL = /^https?:\/\/[^\s/?#.]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;

/** A category parameter's value: text (comma-joined for checkboxes) or, for file parameters, a file. */
const parameterValue = z.strictObject({
  parameter_id: id,
  value: z.union([z.string().trim().max(2000, "at most 2000 characters"), z.file()]),
});
const facilityDistance = z.strictObject({
  facility_id: id,
  distance: z.coerce
    .number({ error: "Distance must be a number" })
    .min(0, "Distance must be 0 or more")
    .max(10_000, "Distance must be at most 10000"),
});

const listingFields = {
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
  property_type: z.preprocess(blank, z.enum(["sell", "rent"], { error: "Please select sell or rent" })),
  rentduration: z.preprocess(
    blank,
    z.enum(RENT_DURATIONS, { error: "Please select a rent duration" }).optional(),
  ),
  // The column holds 12 digits and cents (numeric(14,2)): anything larger is refused here, and
  // cents are rounded here, so the database never overflows on what a person typed.
  price: z.preprocess(
    blank,
    z.coerce
      .number({ error: "Price is required" })
      .min(0, "Price must be 0 or more")
      .max(MAX_PRICE, "Price is too large")
      .transform((v) => Math.round(v * 100) / 100),
  ),
  country: optionalText(120),
  state: optionalText(120),
  city: optionalText(120),
  address: optionalText(300),
  client_address: optionalText(300),
  latitude: optionalNumber(-90, 90, "Latitude must be between -90 and 90").transform(roundCoordinate),
  longitude: optionalNumber(-180, 180, "Longitude must be between -180 and 180").transform(roundCoordinate),
  video_link: z.preprocess(
    blank,
    z.string().trim().max(500, "at most 500 characters").regex(HTTP_URL, "Invalid URL").optional(),
  ),
  meta_title: optionalText(255),
  meta_description: optionalText(500),
  meta_keywords: optionalText(1000),
  is_premium: flag,
  parameters: z.array(parameterValue).max(50, "at most 50 parameters").default([]),
  facilities: z.array(facilityDistance).max(50, "at most 50 facilities").default([]),
  title_image: upload,
  meta_image: upload,
  three_d_image: upload,
  gallery_images: uploads(MAX_GALLERY_IMAGES, `At most ${MAX_GALLERY_IMAGES} gallery images`),
  documents: uploads(MAX_DOCUMENTS, `At most ${MAX_DOCUMENTS} documents`),
  gallery_order: galleryOrderSchema,
};

/** Rules across fields, checked even while other fields are wrong, so every mistake shows at once. */
const always = { when: () => true } as const;
type Loose = {
  property_type?: unknown;
  rentduration?: unknown;
  city?: unknown;
  state?: unknown;
  country?: unknown;
  address?: unknown;
};
function withRules<T extends z.ZodType<Loose>>(schema: T) {
  return schema
    .refine((v) => v.property_type !== "rent" || Boolean(v.rentduration), {
      ...always,
      path: ["rentduration"],
      message: "Please select a rent duration",
    })
    .refine((v) => Boolean(v.city && v.state && v.country && v.address), {
      ...always,
      path: ["location"],
      message: "City, state, country and formatted address must all be present",
    });
}

export const postPropertySchema = withRules(
  z.object({
    ...listingFields,
    title_image: z.preprocess(blank, z.file({ error: "Please select a Title Image" }).optional()),
    /** A draft imported from another portal (import-listings): its photos come with it, its first as the title image unless one is chosen. */
    import_id: z.preprocess(blank, id.optional()),
  }),
).refine((v) => v.title_image !== undefined || v.import_id !== undefined, {
  ...always,
  path: ["title_image"],
  message: "Please select a Title Image",
});

export const updatePropertySchema = withRules(
  z.object({
    id,
    /** `0`: a full edit (the form's); other values are kept for the mobile contract and mean the same. */
    action_type: z.preprocess(blank, z.string().max(20).optional()),
    ...listingFields,
    remove_gallery_images: idList,
    remove_documents: idList,
    remove_three_d_image: flag,
  }),
);

export type PostPropertyInput = z.output<typeof postPropertySchema>;
export type UpdatePropertyInput = z.output<typeof updatePropertySchema>;

const PARAM_KEY = /^param_(\d{1,9})$/;
const FACILITY_KEY = /^facility_(\d{1,9})$/;

/**
 * Form fields → the payload: `param_<id>` (repeated for checkboxes) become `parameters`,
 * `facility_<id>` (a distance) become `facilities`. JSON clients may send `parameters` and
 * `facilities` as arrays (or as JSON text in a multipart form) instead.
 */
export function prepareListing(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params: { parameter_id: number; value: unknown }[] = [];
  const facs: { facility_id: number; distance: unknown }[] = [];
  const parsed = (v: unknown) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  };
  for (const [k, v] of Object.entries(raw)) {
    const p = PARAM_KEY.exec(k);
    const f = FACILITY_KEY.exec(k);
    if (p) {
      const values = [v]
        .flat()
        .filter(
          (x) =>
            x !== "" &&
            x !== undefined &&
            x !== null &&
            !(typeof File !== "undefined" && x instanceof File && x.size === 0 && !x.name),
        );
      if (values.length === 0) continue;
      const file = values.find((x) => typeof File !== "undefined" && x instanceof File);
      params.push({ parameter_id: Number(p[1]), value: file ?? values.map(String).join(",") });
    } else if (f) {
      if (v === "" || v === undefined) continue;
      facs.push({ facility_id: Number(f[1]), distance: v });
    } else if (k === "parameters" || k === "facilities") {
      const list = parsed(v);
      (k === "parameters" ? params : facs).push(...((Array.isArray(list) ? list : [list]) as never[]));
    } else out[k] = v;
  }
  if (params.length) out.parameters = params;
  if (facs.length) out.facilities = facs;
  return out;
}

/** The posting form's schemas: the same payloads, read from the form's field names. */
export const postPropertyFormSchema = z.preprocess(
  (v) => prepareListing((v ?? {}) as Record<string, unknown>),
  postPropertySchema,
);
export const updatePropertyFormSchema = z.preprocess(
  (v) => prepareListing((v ?? {}) as Record<string, unknown>),
  updatePropertySchema,
);

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
