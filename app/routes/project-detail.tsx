import { data, Link } from "react-router";
import type { Route } from "./+types/project-detail";
import { pageUrl, rootData } from "~/lib/seo";
import { localizePath, type Locale } from "~/lib/i18n";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { PackageGateActions } from "~/components/gate-notice";
import { truncate } from "~/lib/format";
import { publicCacheHeaders } from "~/lib/cache";
import { ShareLinks } from "~/components/share-links";
import { Avatar } from "~/components/agent-card";
import { ProjectCard } from "~/modules/listings/project/project-card";
import { PROJECT_TYPE_LABEL, developerPath, toProjectCard } from "~/modules/listings/project/card";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { formId } from "~/modules/listings/owner.server";
import { CardSection, DetailBreadcrumbs, Gallery, Posted } from "~/modules/listings/detail";
import { geoCoordinates, listingMeta, postalAddress } from "~/modules/listings/meta";
import { projectCardListing, shareCardMeta } from "~/modules/share-card/card";
import { PrintLink } from "~/modules/listings/print/print-sheet";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const res = await api(
    "get-project-detail",
    { slug_id: params.slug },
    { request, locale: getLocale(context) },
  );
  // Unknown, not public, or a slug no project could have: all the same to a visitor.
  if (res.error) throw new Response("Not found", { status: 404 });
  const { similar_projects, ...project } = res.data;
  // Back from signing in, or a plain form post: the developer's details `?reveal=` asks for (decision 023).
  const asks = project.developer.mobile === null && project.developer.email === null;
  const contact = asks
    ? await revealFromUrl(request, getLocale(context), { project_id: project.id })
    : NOTHING_REVEALED;
  return { project, similar: similar_projects.map(toProjectCard), contact };
}

/** "Show phone", "WhatsApp", "Email": the developer's details, to a signed-in person (decision 023). */
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
    localizePath(locale, `/project-details/${params.slug}`),
  );
}

export const shouldRevalidate = keepPageOnReveal;

export const headers = publicCacheHeaders;

/** The point on OpenStreetMap, zoomed to the street. */
function osmLink(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** Flats in one building or compound, houses in a community, anything else a place. */
function schemaType(categorySlug: string): string {
  if (["apartment", "duplex", "penthouse", "studio"].includes(categorySlug)) return "ApartmentComplex";
  if (["villa", "townhouse"].includes(categorySlug)) return "GatedResidenceCommunity";
  return "Place";
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  const p = data?.project;
  if (!p) return [{ title: "Not found" }];
  const origin = root?.origin ?? "";
  const url = pageUrl(root, location.pathname);
  const photos = [p.image, ...p.gallery_images].filter((i) => i !== null);
  const geo = geoCoordinates(p);
  return listingMeta(root, location, p, {
    // Link previews show the project's share card (decision 050).
    ...shareCardMeta(projectCardListing(p, p.image?.url ?? null), root),
    // A project waiting for review is shown to its developer only, never to search engines.
    noindex: p.request_status !== "approved" || p.status !== "active",
    jsonLd: {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": schemaType(p.category.slug_id),
          "@id": `${url}#project`,
          name: p.title,
          description: truncate(p.description, 500),
          url,
          image: photos.map((i) => origin + i.url),
          address: postalAddress(p.location, p),
          ...(geo ? { geo, hasMap: osmLink(geo.latitude, geo.longitude) } : {}),
        },
        {
          "@type": "Organization",
          name: p.developer.name,
          url: origin + localizePath((root?.locale ?? "en") as Locale, developerPath(p.developer)),
          ...(p.developer.about_me ? { description: p.developer.about_me } : {}),
        },
      ],
    },
  });
}

export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const p = loaderData.project;
  const photos = [...(p.image ? [p.image] : []), ...p.gallery_images];
  const published = p.request_status === "approved" && p.status === "active";
  return (
    <article className="detail">
      <DetailBreadcrumbs list="/projects" listLabel={t("Projects")} category={p.category} title={p.title} />

      {published ? null : (
        <p className="notice">
          {p.request_status === "pending"
            ? t("This project is waiting for review and is not public yet.")
            : t("This project is not public.")}
        </p>
      )}

      <Gallery photos={photos} title={p.title} />

      <div className="detail__layout">
        <div className="detail__main">
          <header className="detail__head">
            <p className="detail__badges">
              <span className={`badge badge--${p.type}`}>{t(PROJECT_TYPE_LABEL[p.type])}</span>
              <span className="badge badge--muted">{p.category.category}</span>
            </p>
            <h1 dir="auto">{p.title}</h1>
            <p className="detail__place" dir="auto">
              {p.location}
            </p>
            <Posted at={p.created_at} />
          </header>

          <section aria-labelledby="desc-h">
            <h2 id="desc-h">{t("Description")}</h2>
            {p.description.split(/\n\s*\n/).map((para, i) => (
              <p key={i} className="detail__description" dir="auto">
                {para}
              </p>
            ))}
          </section>

          {p.access_locked ? (
            <aside id="plans" className="premium-teaser" aria-labelledby="plans-h">
              <h2 id="plans-h">{t("Floor plans")}</h2>
              <p>
                {t(
                  "This project has {{plans}} floor plans and {{documents}} documents, every photo and its video, for members with a package that includes project details.",
                  {
                    plans: p.plans_count,
                    documents: p.documents_count,
                  },
                )}
              </p>
              <PackageGateActions gate={p.access_gate} backTo={`/project-details/${p.slug_id}`} />
            </aside>
          ) : p.plans.length ? (
            <section id="plans" aria-labelledby="plans-h">
              <h2 id="plans-h">{t("Floor plans")}</h2>
              <ul className="files">
                {p.plans.map((plan) => (
                  <li key={plan.id}>
                    <a href={plan.document} download>
                      {plan.title}
                    </a>{" "}
                    <span className="files__type">PDF</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {p.documents.length ? (
            <section aria-labelledby="docs-h">
              <h2 id="docs-h">{t("Documents")}</h2>
              <ul className="files">
                {p.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} download>
                      <bdi>{d.name}</bdi>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section id="location" aria-labelledby="location-h">
            <h2 id="location-h">{t("Location")}</h2>
            <address className="detail__place" dir="auto">
              {p.location}
            </address>
            {p.latitude != null && p.longitude != null ? (
              <p>
                <a href={osmLink(p.latitude, p.longitude)} rel="noopener noreferrer" target="_blank">
                  {t("View on OpenStreetMap")}
                </a>
              </p>
            ) : null}
          </section>

          {p.video_link ? (
            <p>
              <a href={p.video_link} rel="noopener noreferrer" target="_blank">
                {t("Watch the project video")}
              </a>
            </p>
          ) : null}

          <ShareLinks title={p.title} />
          <PrintLink to={`/project-details/${p.slug_id}/print`} revealed={loaderData.contact.revealed} />
        </div>

        <aside className="owner-card" aria-labelledby="developer-h">
          <h2 id="developer-h">{t("Developer")}</h2>
          <p className="owner-card__name owner-card__who">
            <Avatar name={p.developer.name} src={p.developer.profile} size={40} />
            <Link to={developerPath(p.developer)}>{p.developer.name}</Link>
            {p.developer.is_verified ? <span className="badge badge--verified">{t("Verified")}</span> : null}
          </p>
          <p className="owner-card__meta">{t("{{count}} projects", { count: p.developer.projects_count })}</p>
          <ContactButtons
            target={{ project_id: p.id }}
            has={{ mobile: p.developer.has_mobile, email: p.developer.has_email }}
            known={{ mobile: p.developer.mobile, email: p.developer.email }}
            state={loaderData.contact}
            subject={p.title}
            pageUrl={origin + address(`/project-details/${p.slug_id}`)}
          />
        </aside>
      </div>

      {loaderData.similar.length ? (
        <CardSection id="similar-h" heading={t("Similar projects")}>
          {loaderData.similar.map((s) => (
            <ProjectCard key={s.id} project={s} />
          ))}
        </CardSection>
      ) : null}
    </article>
  );
}
