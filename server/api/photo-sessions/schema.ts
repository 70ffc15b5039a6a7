// Payloads of photo sessions: an owner asks for a shoot, the assigned photographer marks it done,
// the owner reviews it. The page forms (app/routes/user-photo-sessions.tsx) validate with the same
// pieces, so a message the browser shows is the one the API would answer.
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

export const NOTE_MAX = 1000;

export const PHOTO_SESSION_MESSAGES = {
  property: "Choose one of your properties",
  requestNote: `The note must be at most ${NOTE_MAX} characters`,
  photographerNote: `The note must be at most ${NOTE_MAX} characters`,
  reviewNote: `The note must be at most ${NOTE_MAX} characters`,
  decision: "Choose whether to approve the tour or ask for changes",
  changesNote: "Tell the photographer what to change",
  rating: "Choose a rating from 1 to 5 stars",
} as const;

/** A note typed in a form: an empty one is no note. */
const note = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: message }).trim().max(NOTE_MAX, message).optional(),
  );

/** 1 to 5 stars; a form's unchosen radio (nothing, or "") is no rating. */
export const rating = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce
    .number({ error: PHOTO_SESSION_MESSAGES.rating })
    .int(PHOTO_SESSION_MESSAGES.rating)
    .min(1, PHOTO_SESSION_MESSAGES.rating)
    .max(5, PHOTO_SESSION_MESSAGES.rating)
    .optional(),
);

export const requestSessionSchema = z
  .object({
    /** Optional only so that a form sent without a choice hears which field to fix, not a type error. */
    property_id: z.preprocess((v) => (v === "" ? undefined : v), idOf("property_id").optional()),
    /** When the photographer may come and how to get in. */
    request_note: note(PHOTO_SESSION_MESSAGES.requestNote),
  })
  .superRefine((v, ctx) => {
    if (v.property_id === undefined)
      ctx.addIssue({ code: "custom", path: ["property_id"], message: PHOTO_SESSION_MESSAGES.property });
  });

export const ownerSessionsSchema = z.object({ ...limitOffset(20, 100) });

export const sessionIdSchema = z.object({ id: idOf("id") });

/** `{id}` of session/photographer/{id}/…: the photographer whose sessions are read. */
export const photographerSessionsSchema = z.object({ id: idOf("id"), ...limitOffset(20, 100) });

/** What the photographer sends when the tour is ready (the page's "Mark as done" form). */
export const completeFormSchema = z.object({
  session_id: idOf("session_id"),
  photographer_note: note(PHOTO_SESSION_MESSAGES.photographerNote),
});

/** session/{id}/session/{session_id}/virtual-tour/complete: `{id}` is the photographer (the caller). */
export const completeSessionSchema = completeFormSchema.extend({ id: idOf("id") });

export const DECISIONS = ["approve", "changes"] as const;

const reviewFields = {
  session_id: idOf("session_id"),
  decision: z.enum(DECISIONS, { error: PHOTO_SESSION_MESSAGES.decision }),
  review_note: note(PHOTO_SESSION_MESSAGES.reviewNote),
  rating,
};

/** Approving needs the stars; asking for changes needs the words (the stars are then optional). */
function reviewRules(
  v: { decision: (typeof DECISIONS)[number]; review_note?: string; rating?: number },
  ctx: z.RefinementCtx,
) {
  if (v.decision === "approve" && v.rating === undefined)
    ctx.addIssue({ code: "custom", path: ["rating"], message: PHOTO_SESSION_MESSAGES.rating });
  if (v.decision === "changes" && !v.review_note)
    ctx.addIssue({ code: "custom", path: ["review_note"], message: PHOTO_SESSION_MESSAGES.changesNote });
}

/** The owner's review form on the page. */
export const reviewFormSchema = z.object(reviewFields).superRefine(reviewRules);

/** session/{id}/session/{session_id}/virtual-tour/submit-review: `{id}` is the owner (the caller). */
export const reviewSessionSchema = z.object({ ...reviewFields, id: idOf("id") }).superRefine(reviewRules);

export type ReviewInput = z.output<typeof reviewSessionSchema>;
