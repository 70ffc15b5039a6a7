// The property form's endpoint when JavaScript runs: uploads with progress (the answer says where to
// go next, or carries the form's errors) and the map pin's reverse geocoding.
import type { Route } from "./+types/user-property-form";
import { getLocale } from "~/lib/i18n.server";
import { geocodeAnswer, uploadAnswer } from "~/modules/listings/form/endpoint.server";
import { submitProperty } from "~/modules/listings/property/form.server";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return geocodeAnswer(request, getLocale(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = Number(new URL(request.url).searchParams.get("id")) || undefined;
  return uploadAnswer(
    await submitProperty(request, await request.formData(), locale, id && id < 2 ** 31 ? id : undefined),
  );
}
