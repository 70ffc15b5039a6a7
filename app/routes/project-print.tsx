// A project on one printed page (decision 047): /project-details/:slug/print.
import { data } from "react-router";
import type { Route } from "./+types/project-print";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { publicCacheHeaders } from "~/lib/cache";
import { pageMeta, rootData } from "~/lib/seo";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { formId } from "~/modules/listings/owner.server";
import { staticMapPath } from "~/modules/location/static-map";
import { PROJECT_TYPE_LABEL } from "~/modules/listings/project/card";
import { PrintContact, PrintSheet } from "~/modules/listings/print/print-sheet";
import { listingUrl, qrCode } from "~/modules/listings/print/qr.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const res = await api("get-project-detail", { slug_id: params.slug }, { request, locale });
  // Unknown, not public, or a slug no project could have: all the same to a visitor.
  if (res.error) throw new Response("Not found", { status: 404 });
  const p = res.data;
  const asks = p.developer.mobile === null && p.developer.email === null;
  const contact = asks ? await revealFromUrl(request, locale, { project_id: p.id }) : NOTHING_REVEALED;
  return {
    // What the sheet shows, and nothing else of the project.
    project: {
      id: p.id,
      slug_id: p.slug_id,
      title: p.title,
      location: p.location,
      city: p.city,
      photo: p.image ?? p.gallery_images[0] ?? null,
      type: p.type,
      category: p.category.category,
      plans: p.plans_count,
      documents: p.documents_count,
      photos: (p.image ? 1 : 0) + p.gallery_count,
      published: p.request_status === "approved" && p.status === "active",
      developer: {
        name: p.developer.name,
        is_verified: p.developer.is_verified,
        has_mobile: p.developer.has_mobile,
        has_email: p.developer.has_email,
        mobile: p.developer.mobile,
        email: p.developer.email,
      },
    },
    map: p.latitude != null && p.longitude != null ? staticMapPath(p.latitude, p.longitude, 640, 320) : null,
    contact,
    qr: qrCode(listingUrl(request, locale, `/project-details/${encodeURIComponent(p.slug_id)}`)),
  };
}

/** "Show phone", "WhatsApp", "Email" on the sheet: the project page's own rules (decision 023). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const form = await request.formData();
  const id = formId(form.get("project_id"));
  if (form.get("intent") !== "reveal" || !id)
    return data({ reveal: { kind: null, revealed: null, error: "Project not found" } }, { status: 400 });
  return revealAction(
    request,
    locale,
    form,
    { project_id: id },
    localizePath(locale, `/project-details/${params.slug}/print`),
  );
}

export const shouldRevalidate = keepPageOnReveal;

export const headers = publicCacheHeaders;

/** The project's page is the one to find: the sheet is kept out of search results. */
export function meta({ data, matches, location }: Route.MetaArgs) {
  const p = data?.project;
  if (!p) return [{ title: "Not found" }];
  return pageMeta(rootData(matches), location, { title: p.title, noindex: true });
}

export default function ProjectPrint({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const p = loaderData.project;
  const page = `/project-details/${p.slug_id}`;
  return (
    <PrintSheet
      title={p.title}
      place={p.location}
      photo={p.photo}
      badges={[t(PROJECT_TYPE_LABEL[p.type]), ...(p.published ? [] : [t("Not public yet")])]}
      facts={[
        { label: t("Category"), value: p.category },
        { label: t("City"), value: p.city },
        { label: t("Floor plans"), value: String(p.plans) },
        { label: t("Documents"), value: String(p.documents) },
        { label: t("Photos"), value: String(p.photos) },
      ]}
      map={loaderData.map}
      qr={loaderData.qr}
      back={page}
      contact={
        <PrintContact role={t("Developer")} name={p.developer.name} verified={p.developer.is_verified}>
          <ContactButtons
            target={{ project_id: p.id }}
            has={{ mobile: p.developer.has_mobile, email: p.developer.has_email }}
            known={{ mobile: p.developer.mobile, email: p.developer.email }}
            state={loaderData.contact}
            subject={p.title}
            pageUrl={origin + address(page)}
          />
        </PrintContact>
      }
    />
  );
}
