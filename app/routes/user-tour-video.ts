// The tour's video for the editor's player, and its upload for scripts (the progress bar): the
// body goes on to the API as a stream and the API's JSON comes back. A plain form posts to the
// editor page itself, which shows a refusal on the field.
import { data } from "react-router";
import type { Route } from "./+types/user-tour-video";
import { api, apiFile } from "~/lib/api.server";
import { formId } from "~/modules/listings/owner.server";
import { videoUploadAction } from "~/modules/tours/editor.server";
import { localizePath } from "~/lib/i18n";
import { signedInStart } from "~/lib/route.server";

/**
 * The tour's video for its editors (a draft's video is theirs only): the API's answer handed on
 * with the session as the bearer, ranges and all, so the editor's player can seek.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const propertyId = formId(params.propertyId ?? null);
  if (!propertyId) throw data("Not found", { status: 404 });
  const tour = await api("draft-tours-get", { property_id: propertyId }, { request, locale });
  if (tour.error) throw data(tour.message, { status: 404 });
  const headers: Record<string, string> = {};
  for (const name of ["range", "if-none-match"]) {
    const v = request.headers.get(name);
    if (v) headers[name] = v;
  }
  const res = await apiFile(`virtual-tours/${tour.data.id}/video`, { request, headers });
  return new Response(res.body, { status: res.status, headers: res.headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const propertyId = formId(params.propertyId ?? null);
  if (!propertyId) return Response.json({ error: true, message: "Not found", data: null }, { status: 404 });
  const tour = await api("draft-tours-get", { property_id: propertyId }, { request, locale });
  if (tour.error) return Response.json({ error: true, message: tour.message, data: null }, { status: 403 });
  return videoUploadAction(request, locale, tour.data.id, localizePath(locale, `/user/tours/${propertyId}`), {
    json: true,
  });
}
