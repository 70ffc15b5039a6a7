import type { Route } from "./+types/user-add-property";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { formResponse } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { requireViewer, submitProperty } from "~/modules/post-property/form.server";
import { packageGate } from "~/modules/packages/gate.server";
import { GateNotice } from "~/components/gate-notice";
import { PropertyForm } from "~/modules/post-property/property-form";
import { defaultsFromQuery } from "~/modules/post-property/defaults";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const opts = { request, locale };
  const title = getI18n(context).t("Post a property");
  const gate = await packageGate("property_list", request, locale);
  if (gate) return { title, gate, form: null };
  const defaults = defaultsFromQuery(new URL(request.url).searchParams);
  const [categories, facilities, places] = await Promise.all([
    apiData("get_categories", { limit: 100 }, opts),
    apiData("get_facilities", { limit: 100 }, opts),
    apiData("get-location-options", { country: defaults.country, state: defaults.state }, opts),
  ]);
  return { title, gate: null, form: { categories: categories.data, facilities: facilities.data, places: places.data, defaults } };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Post a property", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireViewer(request, locale);
  const out = await submitProperty(request, await request.formData(), locale);
  if (out.ok) return redirectWithToast(out.redirectTo, { type: "success", message: out.message });
  return formResponse(out.reply);
}

export default function AddProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <section className="post-page">
      <h1>{t("Post a property")}</h1>
      {loaderData.gate ? (
        <GateNotice gate={loaderData.gate} />
      ) : (
        loaderData.form && <PropertyForm mode="add" {...loaderData.form} lastResult={actionData} uploadUrl={href("/user/property-form")} />
      )}
    </section>
  );
}
