// The property form's endpoint when JavaScript runs: uploads with progress (the answer says where to
// go next, or carries the form's errors) and the map pin's reverse geocoding.
import type { Route } from "./+types/user-property-form";
import { getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { geocodeAnswer, uploadAnswer } from "~/modules/listing-form/endpoint.server";
import { requireViewer, submitProperty } from "~/modules/post-property/form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return geocodeAnswer(request, getLocale(context) as Locale);
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const id = Number(new URL(request.url).searchParams.get("id")) || undefined;
  return uploadAnswer(
    await submitProperty(request, await request.formData(), locale, id && id < 2 ** 31 ? id : undefined),
  );
}
