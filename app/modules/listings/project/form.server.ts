// What the add and edit pages share on the server: the package gate, the lists the form offers,
// and the submission (app/modules/listings/form/submit.server.ts).
import { postProjectFormSchema } from "~server/api/listings/project/post-schema";
import { api, apiData } from "~/lib/api.server";
import { submitListing, type SubmitOutcome } from "~/modules/listings/form/submit.server";
import type { Locale } from "~/lib/i18n";

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
