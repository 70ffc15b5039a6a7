// The tour video's upload, handed on to the API as a stream (up to 200 MB: never read whole here).
// Scripts ask for JSON (their progress bar shows the answer); a plain form comes back to the
// editor with the API's message.
import { data } from "react-router";
import type { Route } from "./+types/user-tour-video";
import { api, apiUpload } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { formId, requireViewer } from "~/modules/listings/owner.server";
import { UPLOAD_FAILED } from "~/modules/tours/video-upload";

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  // Nothing to show at this address: the editor is one level up.
  throw new Response(null, { status: 303, headers: { location: localizePath(locale, `/user/tours/${formId(params.propertyId ?? null) ?? ""}`) } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const propertyId = formId(params.propertyId ?? null);
  if (!propertyId) throw data("Not found", { status: 404 });
  const back = localizePath(locale, `/user/tours/${propertyId}`);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const tour = await api("draft-tours-get", { property_id: propertyId }, { request, locale });
  if (tour.error) {
    if (wantsJson) return Response.json({ error: true, message: tour.message, data: null }, { status: 403 });
    return redirectWithToast(back, { type: "error", message: tour.message });
  }
  const res = await apiUpload(`virtual-tours/${tour.data.id}/upload-video`, request, { locale });
  const body = (await res.json().catch(() => null)) as { error?: boolean; message?: string; errors?: Record<string, string[]> } | null;
  if (wantsJson) return Response.json(body ?? { error: true, message: UPLOAD_FAILED, data: null }, { status: res.status });
  const ok = res.ok && body && !body.error;
  const message = ok ? (body!.message ?? "Video uploaded") : (body?.errors && Object.values(body.errors)[0]?.[0]) || body?.message || UPLOAD_FAILED;
  return redirectWithToast(back, { type: ok ? "success" : "error", message });
}
