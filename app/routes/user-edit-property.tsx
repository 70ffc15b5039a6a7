import { Link } from "react-router";
import type { Route } from "./+types/user-edit-property";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { submitProperty } from "~/modules/listings/property/form.server";
import { PropertyForm } from "~/modules/listings/property/property-form";
import { defaultsFromListing, defaultsFromQuery } from "~/modules/listings/property/defaults";
import { DeleteControl, DeleteQuestion } from "~/modules/listings/ui";
import { signedInStart } from "~/lib/route.server";
import { submitResponse } from "~/modules/listings/form/submit.server";

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = idOf(params.id);
  if (!id) throw new Response("Not found", { status: 404 });
  const opts = { request, locale };
  const own = await api("get-own-property", { id }, opts);
  if (own.error) throw new Response(own.message, { status: own.message === "Forbidden" ? 403 : 404 });
  const listing = own.data;
  const sp = new URL(request.url).searchParams;
  const title = getI18n(context).t("Edit property");
  // The delete control's step without JavaScript (`?delete=<id>`; `1` from older links).
  const del = sp.get("delete");
  if (del === "1" || del === String(id)) return { title, confirmDelete: true as const, listing, form: null };
  const defaults = { ...defaultsFromListing(listing), ...defaultsFromQuery(sp) };
  const [categories, facilities, places] = await Promise.all([
    apiData("get_categories", { limit: 100 }, opts),
    apiData("get_facilities", { limit: 100 }, opts),
    apiData("get-location-options", { country: defaults.country, state: defaults.state }, opts),
  ]);
  return {
    title,
    confirmDelete: false as const,
    listing,
    form: { categories: categories.data, facilities: facilities.data, places: places.data, defaults },
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Edit property", noindex: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = idOf(params.id);
  if (!id) throw new Response("Not found", { status: 404 });
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const res = await api("delete_property", { id }, { request, locale });
    if (res.error)
      return redirectWithToast(localizePath(locale, `/user/edit-property/${id}`), {
        type: "error",
        message: res.message,
      });
    return redirectWithToast(localizePath(locale, "/user/properties"), {
      type: "success",
      message: res.message,
    });
  }
  return submitResponse(await submitProperty(request, formData, locale, id));
}

export default function EditProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { listing } = loaderData;
  if (loaderData.confirmDelete) {
    return (
      <section className="post-page confirm-step" aria-labelledby="confirm-delete">
        <DeleteQuestion
          kind="property"
          id={listing.id}
          title={listing.title}
          headingId="confirm-delete"
          cancelTo={`/user/edit-property/${listing.id}`}
        />
        <p>{t("Its photos and documents are removed with it.")}</p>
      </section>
    );
  }
  return (
    <section className="post-page">
      <h1>{t("Edit property")}</h1>
      <p>
        <Link to={`/my-property/${listing.slug_id}`}>{listing.title}</Link>
      </p>
      {loaderData.form && (
        <PropertyForm
          mode="edit"
          {...loaderData.form}
          listing={listing}
          lastResult={actionData}
          uploadUrl={`${address("/user/property-form")}?id=${listing.id}`}
        />
      )}
      {/* Outside the edit form: the question's own form cannot sit inside another. */}
      <p className="post-page__danger">
        <DeleteControl kind="property" id={listing.id} title={listing.title} />
      </p>
    </section>
  );
}
