// Payloads of `post_property` and `update_post_property` (spec §3 "Property").
// The API, the posting form (server and browser) and the OpenAPI document all read these schemas.
// Messages are the spec's (§5) word for word where it has one.
import { z } from "zod";
import {
  blank,
  id,
  listingFields,
  optionalText,
  PLACE_INCOMPLETE,
  removalFields,
  upload,
} from "../contract/fields";
import { formToken } from "../contract/form-token";

export const RENT_DURATIONS = ["daily", "monthly", "quarterly", "yearly"] as const;

export const MAX_PRICE = 999_999_999_999;

const flag = z.preprocess(
  (v) =>
    v === "" || v === undefined || v === null
      ? undefined
      : v === true || v === "1" || v === "true" || v === "on" || v === 1,
  z.boolean().optional(),
);

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

const f = listingFields;
// In the order the form shows them, which is also the order its messages are listed in.
const propertyFields = {
  title: f.title,
  description: f.description,
  category_id: f.category_id,
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
  country: f.country,
  state: f.state,
  city: f.city,
  address: optionalText(300),
  client_address: optionalText(300),
  latitude: f.latitude,
  longitude: f.longitude,
  video_link: f.video_link,
  meta_title: f.meta_title,
  meta_description: f.meta_description,
  meta_keywords: f.meta_keywords,
  is_premium: flag,
  parameters: z.array(parameterValue).max(50, "at most 50 parameters").default([]),
  facilities: z.array(facilityDistance).max(50, "at most 50 facilities").default([]),
  title_image: upload,
  meta_image: f.meta_image,
  three_d_image: upload,
  gallery_images: f.gallery_images,
  documents: f.documents,
  gallery_order: f.gallery_order,
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
      message: PLACE_INCOMPLETE,
    });
}

export const postPropertySchema = withRules(
  z.object({
    ...propertyFields,
    title_image: z.preprocess(blank, z.file({ error: "Please select a Title Image" }).optional()),
    /** A draft imported from another portal (import-listings): its photos come with it, its first as the title image unless one is chosen. */
    import_id: z.preprocess(blank, id.optional()),
    form_token: formToken,
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
    ...propertyFields,
    ...removalFields,
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
  // Rows as sent: the schema checks each one (a JSON client's rows may be anything).
  const params: unknown[] = [];
  const facs: unknown[] = [];
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
      (k === "parameters" ? params : facs).push(...(Array.isArray(list) ? list : [list]));
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
