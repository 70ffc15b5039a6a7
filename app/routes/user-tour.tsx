// The owner's (or the assigned photographer's) tour editor for one property: rooms with their
// pictures, the floor plan with each room's place on it, links between rooms, the video and the 3D
// model. Every change is a plain form; with JavaScript rooms are also dragged on the plan.
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/user-tour";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { tourEditorAction, videoUploadAction, type EditorRefusal } from "~/modules/tours/editor.server";
import { TourEditor } from "~/modules/tours/editor";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const propertyId = formId(params.propertyId ?? null);
  if (!propertyId) throw data("Not found", { status: 404 });
  const res = await api("draft-tours-get", { property_id: propertyId }, { request, locale });
  if (res.error) throw data(res.message, { status: res.message === "Property not found" ? 404 : 403 });
  return { title: getI18n(context).t("Virtual tour"), tour: res.data, propertyId };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const propertyId = formId(params.propertyId ?? null);
  if (!propertyId) throw data("Not found", { status: 404 });
  const res = await api("draft-tours-get", { property_id: propertyId }, { request, locale });
  if (res.error) throw data(res.message, { status: 403 });
  const back = localizePath(locale, `/user/tours/${propertyId}`);
  // The video streams on to the API before anything reads the body (up to 200 MB).
  if (new URL(request.url).searchParams.get("upload") === "video")
    return videoUploadAction(request, locale, res.data.id, back);
  return tourEditorAction(request, locale, res.data.id, back);
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Virtual tour", noindex: true });
}

export default function TourEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = useActionData<typeof action>() as EditorRefusal | undefined;
  const { tour } = loaderData;
  return (
    <section className="owner-page tour-editor">
      <Breadcrumbs
        trail={[
          ["/user/dashboard", t("Dashboard")],
          ["/user/properties", t("My properties")],
        ]}
        current={t("Virtual tour")}
      />
      <div className="owner-page__head">
        <h1>
          {t("Virtual tour")}: <span dir="auto">{tour.listing.title}</span>
        </h1>
        <Link to={tour.listing.link} className="button button--ghost button--small">
          {t("View the listing")}
        </Link>
      </div>
      <ActionNotice />
      {/* Each form shows its own refusal; this is for a request no form of the page sent. */}
      {refused && !refused.form ? (
        <p className="form-error" role="alert">
          {t(refused.message)}
        </p>
      ) : null}
      <TourEditor tour={tour} refused={refused} propertyId={loaderData.propertyId} />
    </section>
  );
}
