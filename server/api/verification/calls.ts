// Agent verification (spec §7): get-agent-verification-form-fields, apply-agent-verification,
// get-agent-verification-form-values; and the applicant's own files, which are not JSON and so not a
// call: GET /api/agent-verification-file/:id (mounted beside the calls).
import { VERIFICATION_BODY_BYTES } from "../body-limit";
import type { Hono } from "hono";
import { z } from "zod";
import { defineCall } from "../call";
import { member, type ApiDeps } from "../context";
import { findByFirebaseId } from "../users/service";
import { bearer, privateFileResponse } from "../raw";
import { VERIFICATION_MESSAGES, applyVerificationSchema, prepareVerification } from "./schema";
import { activeFields, applyForVerification, formValues, verificationFile } from "./service";
import { VerificationForm, VerificationQuestion } from "./output";

export const getAgentVerificationFormFields = defineCall({
  name: "get-agent-verification-form-fields",
  method: "GET",
  access: "public",
  tag: "verification",
  summary:
    "The questions of the agent verification form, in order: name, field_type (text, number, radio, checkbox, dropdown, textarea, file), is_required and options (value, label)",
  input: z.object({}),
  output: z.array(VerificationQuestion),
  total: true,
  async handler(_input, ctx) {
    const rows = await activeFields(ctx.db, ctx.lang);
    return { data: rows, total: rows.length };
  },
});

export const applyAgentVerification = defineCall({
  name: "apply-agent-verification",
  maxBodyBytes: VERIFICATION_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "verification",
  summary:
    "Apply for agent verification: form_fields, each with id and value (a checkbox's value a list; a file field's value a PDF, JPEG or PNG up to 10 MB, multipart). As JSON, a JSON string, or form_fields[0][id] / form_fields[0][value]. Errors come per question as field_<id>. Refused while one is under review or once verified; after a failed one, a file question left empty keeps the earlier file",
  input: applyVerificationSchema,
  prepare: prepareVerification,
  output: VerificationForm,
  created: true,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    const user = member(ctx);
    await applyForVerification(ctx, user.id, input.form_fields);
    return {
      data: await formValues(ctx.db, user.id, ctx.lang),
      message: VERIFICATION_MESSAGES.applied,
      status: 201,
    };
  },
});

export const getAgentVerificationFormValues = defineCall({
  name: "get-agent-verification-form-values",
  method: "GET",
  access: "user",
  tag: "verification",
  summary:
    "The caller's verification status (initial, pending, success, failed), the reason of a failed one, and their latest answers (files as a name and a url)",
  input: z.object({}),
  output: VerificationForm,
  errorStatuses: [403],
  async handler(_input, ctx) {
    return { data: await formValues(ctx.db, member(ctx).id, ctx.lang) };
  },
});

/**
 * An answer's file for the person who sent it (and admins). Anyone else gets the same 404 as for a
 * file that does not exist, so ids reveal nothing.
 */
export function mountVerificationFiles(app: Hono, deps: ApiDeps) {
  app.get("/agent-verification-file/:id", async (c) => {
    const missing = () => c.json({ error: true, message: "File not found", data: null }, 404);
    const token = bearer(c);
    const principal = token ? await deps.auth.verify(token) : null;
    if (!principal) return c.json({ error: true, message: "Unauthorized", data: null }, 401);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) return missing();
    const user = await findByFirebaseId(deps.db, principal.uid);
    const file = await verificationFile(deps.db, id, { userId: user?.id ?? null, admin: principal.admin });
    const body = file ? await deps.storage.get(file.key) : null;
    if (!file || !body) return missing();
    return privateFileResponse(body, file, "private, no-store");
  });
}
