// What the add and edit pages (and the upload endpoint used with JavaScript) share: sign-in,
// reading the form with the payload's own schema, and handing the value it produced to the API.
import { postPropertyFormSchema, updatePropertyFormSchema } from "~server/api/listings/property/post-schema";
import { api } from "~/lib/api.server";
import { submitListing, type SubmitOutcome } from "~/modules/listings/form/submit.server";
import type { Locale } from "~/lib/i18n";
import { requireViewer } from "~/lib/session.server";

export { requireViewer };

export type { SubmitOutcome };

/** Posts (no id) or updates (id) a listing from the submitted form. */
export async function submitProperty(
  request: Request,
  formData: FormData,
  locale: Locale,
  id?: number,
): Promise<SubmitOutcome> {
  const opts = { request, locale };
  const then = (data: { slug_id: string }) => `/my-property/${data.slug_id}`;
  if (id) {
    // The listing's id comes from the URL, never from the form.
    formData.set("id", String(id));
    return submitListing(request, formData, locale, {
      schema: updatePropertyFormSchema,
      send: (value) => api("update_post_property", value, opts),
      then,
    });
  }
  return submitListing(request, formData, locale, {
    schema: postPropertyFormSchema,
    send: (value) => api("post_property", value, opts),
    then,
  });
}
