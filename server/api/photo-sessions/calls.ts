// Photo session calls. The photographer's: GET session/photographer/{id}/active-sessions and
// …/completed-sessions, PUT session/{id}/session/{session_id}/virtual-tour/complete. The owner's:
// POST request-photo-session, GET photo-sessions, POST cancel-photo-session, and PUT
// session/{id}/session/{session_id}/virtual-tour/submit-review. An admin assigns the photographer
// (server/api/admin/photo-sessions.ts).
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { forbidden } from "../envelope";
import { PhotoSession } from "./output";
import {
  completeSessionSchema,
  ownerSessionsSchema,
  photographerSessionsSchema,
  requestSessionSchema,
  reviewSessionSchema,
  sessionIdSchema,
} from "./schema";
import {
  cancelSession,
  completeSession,
  PHOTO_SESSION_ERRORS,
  requestSession,
  reviewSession,
  sessionsOfOwner,
  sessionsOfPhotographer,
  sessionView,
} from "./service";
import type { ApiContext } from "../context";

const TAG = "photo sessions";

/** Only the photographer themself, or an admin, reads a photographer's shoots. */
function photographerOrAdmin(ctx: ApiContext, id: number) {
  const me = member(ctx);
  if (me.id !== id && !ctx.principal?.admin) throw forbidden(PHOTO_SESSION_ERRORS.notYourSessions);
}

/** A photographer's shoots, open or finished: one call each at the spec's two addresses. */
function photographerSessionsCall<Name extends string>(
  name: Name,
  which: "active" | "completed",
  summary: string,
) {
  return defineCall({
    name,
    path: `session/photographer/{id}/${which}-sessions`,
    method: "GET",
    access: "user",
    tag: TAG,
    summary,
    input: photographerSessionsSchema,
    output: z.array(PhotoSession),
    total: true,
    errorStatuses: [403],
    recheckSession: true,
    async handler(input, ctx) {
      photographerOrAdmin(ctx, input.id);
      const { rows, total } = await sessionsOfPhotographer(ctx.db, input.id, which, input);
      return { data: rows, total };
    },
  });
}

export const getActiveSessions = photographerSessionsCall(
  "photographer-active-sessions",
  "active",
  "A photographer's open shoots (assigned, submitted, changes_requested; sent-back ones first): only that photographer or an admin",
);

export const getCompletedSessions = photographerSessionsCall(
  "photographer-completed-sessions",
  "completed",
  "A photographer's finished shoots: approved, and those the owner cancelled while they had them (status cancelled); newest first",
);

export const completePhotoSession = defineCall({
  name: "complete-photo-session",
  path: "session/{id}/session/{session_id}/virtual-tour/complete",
  method: "PUT",
  access: "user",
  tag: TAG,
  summary:
    "The assigned photographer ({id}: their own user id) marks the shoot done, with an optional photographer_note: from assigned or changes_requested to submitted; the tour needs a room with a picture",
  input: completeSessionSchema,
  output: PhotoSession,
  errorStatuses: [403, 404, 409],
  async handler(input, ctx) {
    await completeSession(ctx, input);
    return { data: await sessionView(ctx.db, input.session_id), message: "The owner will review the tour" };
  },
});

export const reviewPhotoSession = defineCall({
  name: "review-photo-session",
  path: "session/{id}/session/{session_id}/virtual-tour/submit-review",
  method: "PUT",
  access: "user",
  tag: TAG,
  summary:
    "The owner ({id}: their own user id) reviews a submitted shoot: decision approve (rating 1-5 required; the tour is published) or changes (review_note required, rating optional; back to the photographer)",
  input: reviewSessionSchema,
  output: PhotoSession,
  errorStatuses: [403, 404, 409],
  async handler(input, ctx) {
    const decision = await reviewSession(ctx, input);
    return {
      data: await sessionView(ctx.db, input.session_id),
      message: decision === "approve" ? "Tour approved and published" : "Changes requested",
    };
  },
});

export const requestPhotoSession = defineCall({
  name: "request-photo-session",
  method: "POST",
  access: "user",
  tag: TAG,
  summary:
    "The owner of a property asks for a photo shoot (property_id, request_note: preferred times, access); one open shoot per property",
  input: requestSessionSchema,
  output: PhotoSession,
  created: true,
  errorStatuses: [403, 404, 409],
  async handler(input, ctx) {
    const id = await requestSession(ctx, {
      property_id: input.property_id!,
      request_note: input.request_note,
    });
    return { data: await sessionView(ctx.db, id), message: "Photo shoot requested", status: 201 };
  },
});

export const getPhotoSessions = defineCall({
  name: "photo-sessions",
  method: "GET",
  access: "user",
  tag: TAG,
  summary: "The caller's photo shoots as an owner, newest first",
  input: ownerSessionsSchema,
  output: z.array(PhotoSession),
  total: true,
  errorStatuses: [403],
  recheckSession: true,
  async handler(input, ctx) {
    const me = member(ctx);
    const { rows, total } = await sessionsOfOwner(ctx.db, me.id, input);
    return { data: rows, total };
  },
});

export const cancelPhotoSession = defineCall({
  name: "cancel-photo-session",
  method: "POST",
  access: "user",
  tag: TAG,
  summary:
    "The owner calls off a shoot that was not delivered yet (requested or assigned); an assigned photographer is told",
  input: sessionIdSchema,
  output: PhotoSession,
  errorStatuses: [403, 404, 409],
  async handler(input, ctx) {
    await cancelSession(ctx, input.id);
    return { data: await sessionView(ctx.db, input.id), message: "Photo shoot cancelled" };
  },
});
