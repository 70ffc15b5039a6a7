// Payload of `post_project` (spec §3 "Project"): a new project, or with `id` a change to one.
// The API, the project form (server and browser) and the OpenAPI document all read this schema.
// Messages are the spec's (§5) word for word where it has one.
import { z } from "zod";
import {
  blank,
  id,
  idList,
  isFile,
  listingFields,
  optionalText,
  PLACE_INCOMPLETE,
  removalFields,
  upload,
} from "../contract/fields";
import { formToken } from "../contract/form-token";
import { PROJECT_TYPES } from "./schema";

export const MAX_PLANS = 20;

export const PLAN_MESSAGES = {
  title: "Please enter the plan's title",
  document: "Please choose the plan's file (PDF, JPEG or PNG)",
  titleLong: "at most 200 characters",
  tooMany: `At most ${MAX_PLANS} plans`,
} as const;

/**
 * One plan row as sent. Loose on purpose: the rules live in the refinement below, so each message
 * lands on the row's own field (`plans[0].title`) and a row left wholly empty is simply no plan.
 */
const planRow = z.object({
  id: z.preprocess(blank, id.optional()),
  title: z.preprocess(blank, z.string().trim().optional()),
  document: z.preprocess(blank, z.file().optional()),
});

const f = listingFields;

export const postProjectSchema = z
  .object({
    /** Present: change this project (the caller's own); absent: a new one. */
    id: z.preprocess(blank, id.optional()),
    title: f.title,
    description: f.description,
    category_id: f.category_id,
    type: z.preprocess(blank, z.enum(PROJECT_TYPES, { error: "Please select the project's type" })),
    country: f.country,
    state: f.state,
    city: f.city,
    location: optionalText(300),
    latitude: f.latitude,
    longitude: f.longitude,
    video_link: f.video_link,
    meta_title: f.meta_title,
    meta_description: f.meta_description,
    meta_keywords: f.meta_keywords,
    image: upload,
    meta_image: f.meta_image,
    gallery_images: f.gallery_images,
    documents: f.documents,
    // A gap in the rows' numbering (a row removed in the browser) is an empty row.
    plans: z.preprocess(
      (v) => (v === undefined ? [] : v),
      z.array(z.preprocess((row) => row ?? {}, planRow)).max(MAX_PLANS * 3, PLAN_MESSAGES.tooMany),
    ),
    ...removalFields,
    remove_plans: idList,
    gallery_order: f.gallery_order,
    /** A new project's form token (decision 046); a change ignores it. */
    form_token: formToken,
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
          message: PLACE_INCOMPLETE,
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
