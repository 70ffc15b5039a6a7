// The posting form's endpoint when JavaScript runs: uploads with progress (the answer says where to
// go next, or carries the form's errors) and the map pin's reverse geocoding.
import type { Route } from "./+types/user-property-form";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { toastHeader } from "~/lib/toast.server";
import { requireViewer, submitProperty } from "~/modules/post-property/form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const sp = new URL(request.url).searchParams;
  const res = await api("reverse-geocode", { latitude: sp.get("latitude") ?? "", longitude: sp.get("longitude") ?? "" } as never, { request, locale });
  return Response.json(res.error ? null : res.data, { status: res.error ? 400 : 200, headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const id = Number(new URL(request.url).searchParams.get("id")) || undefined;
  const out = await submitProperty(request, await request.formData(), locale, id && id < 2 ** 31 ? id : undefined);
  if (!out.ok) return Response.json({ result: out.reply }, { status: 400 });
  return Response.json({ redirectTo: out.redirectTo }, { headers: { "set-cookie": await toastHeader({ type: "success", message: out.message }) } });
}
