// What the add and edit pages share on the server: the package gate, the lists the form offers,
// and the submission (app/modules/listings/form/submit.server.ts).
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { MAX_PLANS, PLAN_MESSAGES, postProjectFormSchema } from "~server/api/listings/project/post-schema";
import { api, apiData } from "~/lib/api.server";
import { submitListing, submitResponse, type SubmitOutcome } from "~/modules/listings/form/submit.server";
import type { Locale } from "~/lib/i18n";
import {
  ADD_PLAN_INTENT,
  FILL_PLAN_FIRST,
  newPlanRowCount,
  PLAN_ROWS_FIELD,
  planRowEmpty,
  planTitleName,
} from "./plan-rows";

export type { SubmitOutcome };

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

/** Posts (no id) or changes (id) a project from the submitted form. */
export async function submitProject(
  request: Request,
  formData: FormData,
  locale: Locale,
  id?: number,
): Promise<SubmitOutcome> {
  // The project's id comes from the URL, never from the form.
  if (id) formData.set("id", String(id));
  else formData.delete("id");
  return submitListing(request, formData, locale, {
    schema: postProjectFormSchema,
    send: (value) => api("post_project", value, { request, locale }),
    then: () => "/user/projects",
  });
}

/**
 * Without JavaScript "Add a plan" posts the whole form, and nothing is saved: the same form comes
 * back with one more empty row, or, while the last row is empty, with the refusal on that row (400).
 * Null when the form was sent to be saved.
 */
export function addPlanAnswer(formData: FormData) {
  if (formData.get("intent") !== ADD_PLAN_INTENT) return null;
  formData.delete("intent");
  const rows = [...new Set(formData.keys())]
    .map((k) => /^plans\[(\d+)\]\.title$/.exec(k)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number);
  const saved = rows.filter((i) => formData.get(`plans[${i}].id`)).length;
  const newRows = newPlanRowCount(String(formData.get(PLAN_ROWS_FIELD) ?? ""));
  const last = rows.length ? Math.max(...rows) : null;
  // A saved plan has its title and file already: only a new row can be the empty one.
  const emptyRow =
    last !== null &&
    !formData.get(`plans[${last}].id`) &&
    planRowEmpty(formData.get(planTitleName(last)), formData.get(`plans[${last}].document`))
      ? last
      : null;
  const full = saved + newRows >= MAX_PLANS;
  if (emptyRow === null && !full) formData.set(PLAN_ROWS_FIELD, String(newRows + 1));
  // Every typed value goes back as it was (files cannot: a browser never refills a file input).
  const submission = parseWithZod(formData, { schema: z.unknown() });
  if (emptyRow !== null)
    return data(submission.reply({ fieldErrors: { [planTitleName(emptyRow)]: [FILL_PLAN_FIRST] } }), 400);
  if (full) return data(submission.reply({ fieldErrors: { plans: [PLAN_MESSAGES.tooMany] } }), 400);
  return submission.reply();
}

/** A project page's action: "Add a plan" without JavaScript, or the post (app/modules/listings/form/submit.server.ts). */
export async function projectFormAnswer(request: Request, locale: Locale, id?: number) {
  const formData = await request.formData();
  return addPlanAnswer(formData) ?? submitResponse(await submitProject(request, formData, locale, id));
}
