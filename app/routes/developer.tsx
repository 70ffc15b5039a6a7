import { data, Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import type { Route } from "./+types/developer";
import { pageMeta, pageUrl, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { Avatar } from "~/components/agent-card";
import { ProjectCard } from "~/modules/listings/project/project-card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { developerPath, toProjectCard } from "~/modules/listings/project/card";
import { ReportPersonLink } from "~/modules/reports/report-person-link";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(/^(\d{1,9})(-|$)/.exec(params.developer)?.[1]);
  if (!id) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  const locale = getLocale(context);
  const res = await api(
    "developer-projects",
    { id, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    { request, locale },
  );
  if (res.error) throw new Response("Not found", { status: 404 });
  const { developer, projects } = res.data;
  // One address per developer: a changed name or a bare id redirects to the current slug.
  const canonical = developerPath(developer);
  if (`/developers/${params.developer}` !== canonical)
    throw redirect(localizePath(locale, canonical) + url.search, 301);
  // Back from signing in, or a plain form post: the developer's details `?reveal=` asks for (decision 023).
  const asks = developer.mobile === null && developer.email === null;
  const contact = asks ? await revealFromUrl(request, locale, { user_id: developer.id }) : NOTHING_REVEALED;
  return {
    developer,
    projects: projects.map(toProjectCard),
    total: res.total ?? 0,
    offset: (page - 1) * PAGE_SIZE,
    contact,
  };
}

/** "Show phone", "WhatsApp", "Email": the developer's details, to a signed-in person (decision 023). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const id = Number(/^(\d{1,9})(-|$)/.exec(params.developer)?.[1]);
  const form = await request.formData();
  if (form.get("intent") !== "reveal" || !id)
    return data({ reveal: { kind: null, revealed: null, error: "Invalid input" } }, { status: 400 });
  return revealAction(
    request,
    locale,
    form,
    { user_id: id },
    localizePath(locale, `/developers/${params.developer}`),
  );
}

export const shouldRevalidate = keepPageOnReveal;

export const headers = publicCacheHeaders;

const SOCIAL = {
  facebook_id: "https://www.facebook.com/",
  twiiter_id: "https://x.com/",
  instagram_id: "https://www.instagram.com/",
  youtube_id: "https://www.youtube.com/@",
} as const;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  if (!data) return [{ title: "Not found" }];
  const d = data.developer;
  const origin = root?.origin ?? "";
  const sameAs = (Object.keys(SOCIAL) as (keyof typeof SOCIAL)[]).flatMap((k) =>
    d[k] ? [SOCIAL[k] + encodeURIComponent(d[k]!)] : [],
  );
  return pageMeta(root, location, {
    title: d.name,
    description: d.about_me ?? undefined,
    image: d.profile,
    keepParams: ["page"],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: d.name,
      url: pageUrl(root, location.pathname),
      ...(d.about_me ? { description: d.about_me } : {}),
      ...(d.profile ? { logo: d.profile.startsWith("http") ? d.profile : origin + d.profile } : {}),
      ...(d.mobile ? { telephone: d.mobile } : {}),
      ...(d.city
        ? { address: { "@type": "PostalAddress", addressLocality: d.city, addressCountry: d.country } }
        : {}),
      ...(sameAs.length ? { sameAs } : {}),
    },
  });
}

export default function Developer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const { developer, projects, total, offset } = loaderData;
  return (
    <article className="agent-page">
      <nav aria-label={t("Breadcrumb")} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t("Home")}</Link>
          </li>
          <li>
            <Link to="/developers">{t("Developers")}</Link>
          </li>
          <li aria-current="page">{developer.name}</li>
        </ol>
      </nav>
      <header className="agent-page__head">
        <Avatar name={developer.name} src={developer.profile} size={96} />
        <div>
          <h1>
            {developer.name}
            {developer.is_verified ? <span className="badge badge--verified">{t("Verified")}</span> : null}
          </h1>
          {developer.city ? (
            <p className="detail__place">{[developer.city, developer.country].filter(Boolean).join(", ")}</p>
          ) : null}
          {developer.about_me ? <p dir="auto">{developer.about_me}</p> : null}
          <div className="agent-page__contact">
            <ContactButtons
              target={{ user_id: developer.id }}
              has={{ mobile: developer.has_mobile, email: developer.has_email }}
              known={{ mobile: developer.mobile, email: developer.email }}
              state={loaderData.contact}
              subject={developer.name}
              pageUrl={origin + address(developerPath(developer))}
            />
          </div>
          <div className="report-person">
            <ReportPersonLink userId={developer.id} name={developer.name} back={developerPath(developer)} />
          </div>
        </div>
      </header>
      <section aria-labelledby="developer-projects-h">
        <h2 id="developer-projects-h">{t("{{count}} projects", { count: total })}</h2>
        {projects.length ? (
          <div className="grid">
            {projects.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </div>
        ) : (
          <p>{t("No public projects yet.")}</p>
        )}
        <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
      </section>
    </article>
  );
}
