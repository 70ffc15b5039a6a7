import { data, Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import type { Route } from "./+types/agent";
import { pageMeta, pageUrl, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { Avatar, agentPath } from "~/components/agent-card";
import { VerifiedBadge } from "~/components/verified-badge";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE, pageFromSearch } from "~/lib/constants";
import { publicCacheHeaders } from "~/lib/cache";
import { ContactButtons, keepPageOnReveal } from "~/modules/leads/contact-buttons";
import { NOTHING_REVEALED, revealAction, revealFromUrl } from "~/modules/leads/reveal.server";
import { toCard } from "~/modules/listings/property/card";
import { ReportPersonLink } from "~/modules/reports/report-person-link";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(/^(\d{1,9})(-|$)/.exec(params.agent)?.[1]);
  if (!id) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = pageFromSearch(url.searchParams);
  const locale = getLocale(context);
  const res = await api(
    "agent-properties",
    { id, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    { request, locale },
  );
  if (res.error) throw new Response("Not found", { status: 404 });
  const { agent, properties } = res.data;
  // One address per agent: a changed name or a bare id redirects to the current slug.
  const canonical = agentPath(agent);
  if (`/agents/${params.agent}` !== canonical)
    throw redirect(localizePath(locale, canonical) + url.search, 301);
  // Back from signing in, or a plain form post: the agent's details `?reveal=` asks for (decision 023).
  const asks = agent.mobile === null && agent.email === null;
  const contact = asks ? await revealFromUrl(request, locale, { user_id: agent.id }) : NOTHING_REVEALED;
  return {
    agent,
    properties: properties.map(toCard),
    total: res.total ?? 0,
    offset: (page - 1) * PAGE_SIZE,
    contact,
  };
}

/** "Show phone", "WhatsApp", "Email": the agent's details, to a signed-in person (decision 023). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const id = Number(/^(\d{1,9})(-|$)/.exec(params.agent)?.[1]);
  const form = await request.formData();
  if (form.get("intent") !== "reveal" || !id)
    return data({ reveal: { kind: null, revealed: null, error: "Invalid input" } }, { status: 400 });
  return revealAction(
    request,
    locale,
    form,
    { user_id: id },
    localizePath(locale, `/agents/${params.agent}`),
  );
}

export const shouldRevalidate = keepPageOnReveal;

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const root = rootData(matches);
  if (!data) return [{ title: "Not found" }];
  const a = data.agent;
  return pageMeta(root, location, {
    title: a.name,
    description: a.about_me ?? undefined,
    image: a.profile,
    keepParams: ["page"],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      name: a.name,
      ...(a.about_me ? { description: a.about_me } : {}),
      ...(a.mobile ? { telephone: a.mobile } : {}),
      ...(a.city
        ? { address: { "@type": "PostalAddress", addressLocality: a.city, addressCountry: a.country } }
        : {}),
      url: pageUrl(root, location.pathname),
    },
  });
}

export default function Agent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { origin } = useRoot();
  const { agent, properties, total, offset } = loaderData;
  return (
    <article className="agent-page">
      <nav aria-label={t("Breadcrumb")} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">{t("Home")}</Link>
          </li>
          <li>
            <Link to="/agents">{t("Agents")}</Link>
          </li>
          <li aria-current="page">{agent.name}</li>
        </ol>
      </nav>
      <header className="agent-page__head">
        <Avatar name={agent.name} src={agent.profile} size={96} />
        <div>
          <h1>
            {agent.name}
            {agent.is_verified ? <VerifiedBadge /> : null}
          </h1>
          {agent.city ? (
            <p className="detail__place">{[agent.city, agent.country].filter(Boolean).join(", ")}</p>
          ) : null}
          {agent.about_me ? <p dir="auto">{agent.about_me}</p> : null}
          <div className="agent-page__contact">
            <ContactButtons
              target={{ user_id: agent.id }}
              has={{ mobile: agent.has_mobile, email: agent.has_email }}
              known={{ mobile: agent.mobile, email: agent.email }}
              state={loaderData.contact}
              subject={agent.name}
              pageUrl={origin + address(agentPath(agent))}
            />
          </div>
          <div className="report-person">
            <ReportPersonLink userId={agent.id} name={agent.name} back={agentPath(agent)} />
          </div>
        </div>
      </header>
      <section aria-labelledby="agent-listings-h">
        <h2 id="agent-listings-h">{t("{{count}} listings", { count: total })}</h2>
        <div className="grid">
          {properties.map((p) => (
            <PropertyCard key={p.id} property={p} />
          ))}
        </div>
        <Pagination total={total} offset={offset} limit={PAGE_SIZE} />
      </section>
    </article>
  );
}
