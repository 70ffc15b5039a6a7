import type { Route } from "./+types/user-add-property";
import { apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { submitProperty } from "~/modules/listings/property/form.server";
import { packageGate } from "~/modules/packages/gate.server";
import { PostPage } from "~/modules/listings/form/post-page";
import { PropertyForm } from "~/modules/listings/property/property-form";
import { defaultsFromImport, defaultsFromQuery } from "~/modules/listings/property/defaults";
import { api } from "~/lib/api.server";
import { formId } from "~/modules/listings/owner.server";
import { signedInStart } from "~/lib/route.server";
import { submitResponse } from "~/modules/listings/form/submit.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const opts = { request, locale };
  const title = getI18n(context).t("Post a property");
  const query = new URL(request.url).searchParams;
  // A listing imported from another portal opens the form filled in (import-listings).
  const importId = formId(query.get("import"));
  const imported = importId ? await api("listing-import", { id: importId }, opts) : null;
  const draft = imported && !imported.error ? imported.data : null;
  const defaults = { ...(draft?.draft ? defaultsFromImport(draft.draft) : {}), ...defaultsFromQuery(query) };
  delete defaults.import;
  // The form's lists come even when a gate shuts it: a post refused on submit (the limit ran out
  // while the form was open) shows the form again with what was typed and the refusal on it.
  const [gate, categories, facilities, places] = await Promise.all([
    packageGate("property_list", request, locale),
    apiData("get_categories", { limit: 100 }, opts),
    apiData("get_facilities", { limit: 100 }, opts),
    apiData("get-location-options", { country: defaults.country, state: defaults.state }, opts),
  ]);
  return {
    title,
    gate,
    form: {
      categories: categories.data,
      facilities: facilities.data,
      places: places.data,
      defaults,
      imported: draft && draft.draft && !draft.property_id ? draft : undefined,
      // The form's own token: the same form sent twice (a second press) is saved once (decision 046).
      formToken: crypto.randomUUID(),
    },
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Post a property", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  return submitResponse(await submitProperty(request, await request.formData(), locale));
}

export default function AddProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  return (
    <PostPage heading={t("Post a property")} gate={loaderData.gate} sent={Boolean(actionData)}>
      {loaderData.form && (
        <PropertyForm
          mode="add"
          {...loaderData.form}
          lastResult={actionData}
          uploadUrl={address("/user/property-form")}
        />
      )}
    </PostPage>
  );
}
