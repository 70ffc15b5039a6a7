// The project form's endpoint when JavaScript runs: uploads with progress (the answer says where to
// go next, or carries the form's errors) and the map pin's reverse geocoding.
import type { Route } from "./+types/user-project-form";
import { getLocale } from "~/lib/i18n.server";
import { geocodeAnswer, uploadAnswer } from "~/modules/listings/form/endpoint.server";
import { formId } from "~/modules/listings/owner.server";
import { submitProject } from "~/modules/listings/project/form.server";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return geocodeAnswer(request, getLocale(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = formId(new URL(request.url).searchParams.get("id")) ?? undefined;
  return uploadAnswer(await submitProject(request, await request.formData(), locale, id));
}
