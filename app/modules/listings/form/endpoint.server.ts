// What the listing forms' JSON endpoints share (they serve the forms once JavaScript runs): the map
// pin's reverse geocoding, and a saved or refused form as JSON instead of a redirect or a page.
import type { SubmissionResult } from "@conform-to/react";
import { api } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { requireViewer } from "~/lib/session.server";
import { toastHeader } from "~/lib/toast.server";

type Outcome =
  { ok: true; redirectTo: string; message: string } | { ok: false; reply: SubmissionResult<string[]> };

/** `?latitude=…&longitude=…` → the place there, or null (signed-in people only, as the API asks). */
export async function geocodeAnswer(request: Request, locale: Locale) {
  await requireViewer(request, locale);
  const sp = new URL(request.url).searchParams;
  // A pasted map link: its position first (through the API's guarded fetcher), then the place there.
  const link = sp.get("map_link")?.trim();
  if (link) {
    const expanded = await api(
      "expand-shorturl",
      { short_url: /^https?:\/\//i.test(link) ? link : `https://${link}` },
      { request, locale },
    );
    if (expanded.error)
      return Response.json(
        { error: expanded.errors?.short_url?.[0] ?? expanded.message },
        { status: 400, headers: { "cache-control": "private, no-store" } },
      );
    sp.set("latitude", String(expanded.data.latitude));
    sp.set("longitude", String(expanded.data.longitude));
  }
  const res = await api(
    "reverse-geocode",
    { latitude: sp.get("latitude") ?? "", longitude: sp.get("longitude") ?? "" },
    { request, locale },
  );
  const coords = { latitude: sp.get("latitude"), longitude: sp.get("longitude") };
  return Response.json(
    res.error ? (link ? { ...coords } : null) : link ? { ...res.data, ...coords } : res.data,
    { status: res.error && !link ? 400 : 200, headers: { "cache-control": "private, no-store" } },
  );
}

/** Where to go next, with the toast the next page shows; or the form's messages. */
export async function uploadAnswer(out: Outcome) {
  if (!out.ok) return Response.json({ result: out.reply }, { status: 400 });
  return Response.json(
    { redirectTo: out.redirectTo },
    { headers: { "set-cookie": await toastHeader({ type: "success", message: out.message }) } },
  );
}
