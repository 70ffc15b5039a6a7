// Payload of `post_project` (spec §3 "Project"): a new project, or with `id` a change to one.
// The API, the project form (server and browser) and the OpenAPI document all read this schema.
// Messages are the spec's (§5) word for word where it has one.
import { z } from "zod";
import { roundCoordinate } from "../contract/coordinates";
import { galleryOrderSchema } from "../contract/gallery-order";
import { PROJECT_TYPES } from "./schema";

/** How many files one project may carry. */
export const MAX_GALLERY_IMAGES = 20;
export const MAX_DOCUMENTS = 10;
export const MAX_PLANS = 20;

export const PLAN_MESSAGES = {
  title: "Please enter the plan's title",
  document: "Please choose the plan's file (PDF, JPEG or PNG)",
  titleLong: "at most 200 characters",
  tooMany: `At most ${MAX_PLANS} plans`,
} as const;

const MAX_ID = 2 ** 31 - 1;
const id = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(MAX_ID, "is too large");

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;
/** Empty inputs (a blank text box, a file input left empty) count as absent. */
const blank = (v: unknown) =>
  v === "" || v === null || (isFile(v) && v.size === 0 && !v.name) ? undefined : v;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    blank,
    z.string({ error: message }).trim().min(1, message).max(max, `at most ${max} characters`),
  );
const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `at most ${max} characters`).optional());
const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).min(min, message).max(max, message).optional());

const upload = z.preprocess(blank, z.file().optional());
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

const HTTP_URL = /^https?:\/\/[^\s/?#.]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;

/**
 * One plan row as sent. Loose on purpose: the rules live in the refinement below, so each message
 * lands on the row's own field (`plans[0].title`) and a row left wholly empty is simply no plan.
 */
const planRow = z.object({
  id: z.preprocess(blank, id.optional()),
  title: z.preprocess(blank, z.string().trim().optional()),
  document: z.preprocess(blank, z.file().optional()),
});

export const postProjectSchema = z
  .object({
    /** Present: change this project (the caller's own); absent: a new one. */
    id: z.preprocess(blank, id.optional()),
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
    type: z.preprocess(blank, z.enum(PROJECT_TYPES, { error: "Please select the project's type" })),
    country: optionalText(120),
    state: optionalText(120),
    city: optionalText(120),
    location: optionalText(300),
    latitude: optionalNumber(-90, 90, "Latitude must be between -90 and 90").transform(roundCoordinate),
    longitude: optionalNumber(-180, 180, "Longitude must be between -180 and 180").transform(roundCoordinate),
    video_link: z.preprocess(
      blank,
      z.string().trim().max(500, "at most 500 characters").regex(HTTP_URL, "Invalid URL").optional(),
    ),
    meta_title: optionalText(255),
    meta_description: optionalText(500),
    meta_keywords: optionalText(1000),
    image: upload,
    meta_image: upload,
    gallery_images: uploads(MAX_GALLERY_IMAGES, `At most ${MAX_GALLERY_IMAGES} gallery images`),
    documents: uploads(MAX_DOCUMENTS, `At most ${MAX_DOCUMENTS} documents`),
    // A gap in the rows' numbering (a row removed in the browser) is an empty row.
    plans: z.preprocess(
      (v) => (v === undefined ? [] : v),
      z.array(z.preprocess((row) => row ?? {}, planRow)).max(MAX_PLANS * 3, PLAN_MESSAGES.tooMany),
    ),
    remove_gallery_images: idList,
    remove_documents: idList,
    remove_plans: idList,
    /** With JavaScript: the gallery as arranged (`e<id>` saved, `n<i>` new); left out, new photos follow the saved ones. */
    gallery_order: galleryOrderSchema,
  })
  // Rules across fields run even while other fields are wrong, so every mistake shows at once;
  // the value may then be partly invalid, hence the defensive reads.
  .superRefine(
    (value, ctx) => {
      const v = value as Partial<Record<string, unknown>>;
      if (!(v.city && v.state && v.country && v.location)) {
        ctx.addIssue({
          code: "custom",
          path: ["location"],
          message: "City, state, country and formatted address must all be present",
        });
      }
      if (v.id === undefined && !v.image)
        ctx.addIssue({ code: "custom", path: ["image"], message: "Please select a Title Image" });
      if (!Array.isArray(v.plans)) return;
      let count = 0;
      (v.plans as unknown[]).forEach((row, i) => {
        const p = (row && typeof row === "object" ? row : {}) as {
          id?: unknown;
          title?: unknown;
          document?: unknown;
        };
        const title = typeof p.title === "string" ? p.title.trim() : "";
        const hasFile = isFile(p.document) && (p.document.size > 0 || Boolean(p.document.name));
        if (p.id === undefined && !title && !hasFile) return;
        count++;
        // One path segment holding the whole name, so the API and the form key it the same way.
        if (!title)
          ctx.addIssue({ code: "custom", path: [`plans[${i}].title`], message: PLAN_MESSAGES.title });
        else if (title.length > 200)
          ctx.addIssue({ code: "custom", path: [`plans[${i}].title`], message: PLAN_MESSAGES.titleLong });
        if (p.id === undefined && !hasFile)
          ctx.addIssue({ code: "custom", path: [`plans[${i}].document`], message: PLAN_MESSAGES.document });
      });
      if (count > MAX_PLANS)
        ctx.addIssue({ code: "custom", path: ["plans"], message: PLAN_MESSAGES.tooMany });
    },
    { when: () => true },
  );

export type PostProjectInput = z.output<typeof postProjectSchema>;
export type PlanInput = PostProjectInput["plans"][number];

/**
 * `plans` as a list: the router has already read `plans[0][title]` and `plans[0].title` into one
 * (decision 025); a JSON client sends an array, a form may carry one as JSON text.
 */
export function prepareProject(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.plans !== "string") return raw;
  try {
    return { ...raw, plans: JSON.parse(raw.plans) };
  } catch {
    return raw; // left as sent: the schema explains what is wrong
  }
}

/** The form's schema: the same payload, read from the form's field names. */
export const postProjectFormSchema = z.preprocess(
  (v) => prepareProject((v ?? {}) as Record<string, unknown>),
  postProjectSchema,
);
