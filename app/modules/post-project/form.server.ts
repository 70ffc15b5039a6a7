// What the add and edit pages share on the server: the package gate, the lists the form offers,
// reading the form with the payload's own schema and handing it to the API as multipart.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { postProjectFormSchema } from "~server/api/projects/post-schema";
import { api, apiData } from "~/lib/api.server";
import { applyMapLink } from "~/modules/listing-form/map-link.server";
import { replyWithApiError } from "~/lib/forms.server";
import { localizePath, type Locale } from "~/lib/i18n";

export type SubmitOutcome =
  { ok: true; redirectTo: string; message: string } | { ok: false; reply: SubmissionResult<string[]> };

/** Categories and location lists for the form. */
export async function formOptions(
  request: Request,
  locale: Locale,
  place: { country?: string; state?: string } = {},
) {
  const opts = { request, locale };
  const [categories, places] = await Promise.all([
    apiData("get_categories", { limit: 100 }, opts),
    apiData("get-location-options", { country: place.country, state: place.state }, opts),
  ]);
  return {
    categories: categories.data.map((c) => ({ id: c.id, category: c.category })),
    places: places.data,
  };
}

/** The form's entries as the API reads them: repeated names become lists, empty inputs are left out. */
function entries(formData: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  formData.forEach((v, k) => {
    if (v === "" || (typeof v !== "string" && v.size === 0 && !v.name)) return;
    out[k] = k in out ? ([] as unknown[]).concat(out[k], v) : v;
  });
  return out;
}

/** Posts (no id) or changes (id) a project from the submitted form. */
export async function submitProject(
  request: Request,
  formData: FormData,
  locale: Locale,
  id?: number,
): Promise<SubmitOutcome> {
  if (id) formData.set("id", String(id));
  else formData.delete("id");
  // A pasted map link places the pin when no coordinates were typed.
  const linkError = await applyMapLink(formData, request, locale);
  const submission = parseWithZod(formData, { schema: postProjectFormSchema });
  if (linkError) return { ok: false, reply: submission.reply({ fieldErrors: { map_link: [linkError] } }) };
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  // Plan rows travel under their form names (plans[0].title…), which the API reads as they are.
  const res = await api("post_project", entries(formData) as never, { request, locale });
  if (res.error) return { ok: false, reply: replyWithApiError(submission, res) };
  return { ok: true, redirectTo: localizePath(locale, "/user/projects"), message: res.message };
}
