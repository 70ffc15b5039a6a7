// What the add and edit pages (and the upload endpoint used with JavaScript) share: sign-in,
// reading the form with the payload's own schema, and handing it to the API as multipart.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { postPropertyFormSchema, updatePropertyFormSchema } from "~server/api/properties/post-schema";
import { api } from "~/lib/api.server";
import { applyMapLink } from "~/modules/listing-form/map-link.server";
import { replyWithApiError } from "~/lib/forms.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { requireViewer } from "~/lib/session.server";

export { requireViewer };

export type SubmitOutcome =
  { ok: true; redirectTo: string; message: string } | { ok: false; reply: SubmissionResult<string[]> };

/** The form's entries as the API reads them: repeated names become lists, empty inputs are left out. */
function entries(formData: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  formData.forEach((v, k) => {
    if (k === "intent" || v === "" || (typeof v !== "string" && v.size === 0 && !v.name)) return;
    out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : v;
  });
  return out;
}

/** Posts (no id) or updates (id) a listing from the submitted form. */
export async function submitProperty(
  request: Request,
  formData: FormData,
  locale: Locale,
  id?: number,
): Promise<SubmitOutcome> {
  // The listing's id comes from the URL, never from the form.
  if (id) formData.set("id", String(id));
  // A pasted map link places the pin when no coordinates were typed.
  const linkError = await applyMapLink(formData, request, locale);
  const submission = parseWithZod(formData, {
    schema: id ? updatePropertyFormSchema : postPropertyFormSchema,
  });
  if (linkError) return { ok: false, reply: submission.reply({ fieldErrors: { map_link: [linkError] } }) };
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const input = entries(formData);
  const res = id
    ? await api("update_post_property", input as never, { request, locale })
    : await api("post_property", input as never, { request, locale });
  if (res.error) return { ok: false, reply: replyWithApiError(submission, res) };
  const data = res.data as { slug_id: string };
  return { ok: true, redirectTo: localizePath(locale, `/my-property/${data.slug_id}`), message: res.message };
}
