// A map link pasted on a listing form (Google Maps, Apple Maps, OpenStreetMap…): the API's guarded
// expand-shorturl turns it into the pin's coordinates. Typed coordinates win over a link.
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";

/**
 * Takes `map_link` out of the form; when the coordinates are empty, puts the link's there.
 * Answers the message for the `map_link` field when the link gives no position.
 */
export async function applyMapLink(
  formData: FormData,
  request: Request,
  locale: Locale,
): Promise<string | null> {
  const raw = formData.get("map_link");
  formData.delete("map_link");
  const link = typeof raw === "string" ? raw.trim() : "";
  if (!link) return null;
  const typed = [formData.get("latitude"), formData.get("longitude")].every(
    (v) => typeof v === "string" && v.trim() !== "",
  );
  if (typed) return null;
  const res = await api(
    "expand-shorturl",
    { short_url: /^https?:\/\//i.test(link) ? link : `https://${link}` },
    { request, locale },
  );
  if (res.error) return res.errors?.short_url?.[0] ?? res.message;
  formData.set("latitude", String(res.data.latitude));
  formData.set("longitude", String(res.data.longitude));
  return null;
}
