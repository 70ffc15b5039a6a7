// The saved-places form on the server: the position from the map's pin, else from a pasted map link
// (followed by the API's guarded expand-shorturl), else from a city we know.
import { parseWithZod } from "@conform-to/zod/v4";
import { savedPlaceFormSchema } from "~server/api/saved-places/schema";
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { getFilterData } from "~/lib/settings.server";

const looksLikeLink = (v: string) => /^https?:\/\//i.test(v) || /^[\w-]+(\.[\w-]+)+\/\S*$/.test(v);

/** The place's position, or the message for the `where` field. */
async function positionOf(
  where: string,
  request: Request,
  locale: Locale,
): Promise<{ latitude: number; longitude: number } | string> {
  if (looksLikeLink(where)) {
    const url = /^https?:\/\//i.test(where) ? where : `https://${where}`;
    const res = await api("expand-shorturl", { short_url: url }, { request, locale });
    if (res.error) return res.errors?.short_url?.[0] ?? res.message;
    return { latitude: res.data.latitude, longitude: res.data.longitude };
  }
  const key = where.toLowerCase();
  const { cityCentres } = await getFilterData(locale);
  const city =
    cityCentres.find((c) => c.city.toLowerCase() === key) ??
    cityCentres.find((c) => c.city.toLowerCase().startsWith(key));
  if (city) return { latitude: city.lat, longitude: city.lng };
  return "We could not find this place: paste a map link, choose a city, or tap the map";
}

export async function addPlaceAction(request: Request, locale: Locale, formData: FormData) {
  const submission = parseWithZod(formData, { schema: savedPlaceFormSchema });
  if (submission.status !== "success")
    return { ok: false as const, response: formResponse(submission.reply()) };
  const v = submission.value;
  let position =
    v.latitude !== undefined && v.longitude !== undefined
      ? { latitude: v.latitude, longitude: v.longitude }
      : null;
  if (!position) {
    const found = await positionOf(v.where!, request, locale);
    if (typeof found === "string")
      return {
        ok: false as const,
        response: formResponse(submission.reply({ fieldErrors: { where: [found] } })),
      };
    position = found;
  }
  const res = await api(
    "user-saved-places",
    { name: v.name, details: v.details ?? undefined, ...position },
    { request, locale },
  );
  if (res.error) return { ok: false as const, response: formResponse(replyWithApiError(submission, res)) };
  return { ok: true as const, message: res.message };
}
