import { Fragment, type ReactNode } from "react";
import { Icon } from "~/components/icon";
import { Form, Link } from "react-router";
import { UseMyLocation } from "~/components/use-my-location";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/home";
import type { HydrationHandle } from "~/root";
import { api, apiData } from "~/lib/api.server";
import { getViewer } from "~/lib/session.server";
import { getFilterData } from "~/lib/settings.server";
import { AgentCard, toAgentSummary } from "~/components/agent-card";
import type { CardProperty } from "~/modules/listings/property/card";
import { getLocale, getI18n } from "~/lib/i18n.server";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { publicCacheHeaders } from "~/lib/cache";
import { toCard } from "~/modules/listings/property/card";
import { ProjectCard } from "~/modules/listings/project/project-card";
import { toProjectCard } from "~/modules/listings/project/card";
import { HomeSlider } from "~/components/home-slider";
import { ResponsiveImage } from "~/components/responsive-image";
import type { HomeSectionKey } from "~server/api/home/sections";
import { packImage, withoutPlaceholder } from "~/lib/page-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const city = new URL(request.url).searchParams.get("city")?.trim() || undefined;
  const viewer = await getViewer(request);
  const [{ data: home }, filters, feed] = await Promise.all([
    apiData("homepage-data", { city }, { request, locale }),
    getFilterData(locale),
    // Signed in: a strip of their own feed (the page is private then; see publicCacheHeaders).
    viewer ? api("get_user_recommendation", { limit: 4 }, { request, locale }) : null,
  ]);
  // A listing in two sections (featured and latest, say) is one card: the page's data sends an
  // object once and refers to it after that.
  const cards = new Map<number, CardProperty>();
  const card = (p: Parameters<typeof toCard>[0]) => cards.get(p.id) ?? cards.set(p.id, toCard(p)).get(p.id)!;
  // Only the first section of cards is on a phone's first screen: its photos keep their ThumbHash
  // placeholders, the ones further down show their dominant colour (withoutPlaceholder).
  const first = firstCardSection(home.sections, home.featured_section.length, home.latest_section.length);
  const firstCards = (
    first === "featured" ? home.featured_section : first === "latest" ? home.latest_section : []
  ).map(card);
  const lower = new Map<number, CardProperty>();
  const below = (p: Parameters<typeof toCard>[0]) => {
    const c = card(p);
    if (firstCards.includes(c)) return c;
    return (
      lower.get(p.id) ?? lower.set(p.id, { ...c, title_image: withoutPlaceholder(c.title_image) }).get(p.id)!
    );
  };
  return {
    title: getI18n(context).t("Find your next home"),
    /** The sections below the search, in the admin's order (hidden ones left out). */
    sections: home.sections,
    description: getI18n(context).t("Homes, apartments, villas, offices and land for sale and rent."),
    forYou: feed && !feed.error ? feed.data.map(toCard) : [],
    featured: first === "featured" ? firstCards : home.featured_section.map(below),
    latest: first === "latest" ? firstCards : home.latest_section.map(below),
    mostViewed: home.most_viewed_section.map(below),
    mostLiked: home.most_liked_section.map(below),
    nearby: home.nearby_section.map(below),
    city: city ?? "",
    cities: filters.cities,
    total: home.total_properties,
    // What the chips show; each category's parameter types (for filter forms) stay behind.
    categories: home.categories_section.map((c) => ({
      id: c.id,
      category: c.category,
      image: c.image,
      properties_count: c.properties_count,
    })),
    agents: home.agents_section.map(toAgentSummary),
    projects: home.projects_section
      .map(toProjectCard)
      .map((p) => ({ ...p, image: withoutPlaceholder(p.image) })),
    // What a slide shows: its photo, title, link and price.
    slides: home.slider_section.map((s) => ({
      id: s.id,
      title: s.title,
      image: packImage(s.image),
      link: s.link,
      price: s.price,
      rentduration: s.rentduration,
    })),
    articles: home.articles_section.map((a) => ({
      id: a.id,
      slug_id: a.slug_id,
      title: a.title,
      summary: a.summary,
      image: a.image ? withoutPlaceholder(packImage(a.image)) : null,
    })),
  };
}

/** The first section of property cards in the admin's order: the one a phone's first screen shows. */
function firstCardSection(
  sections: HomeSectionKey[],
  featured: number,
  latest: number,
): HomeSectionKey | undefined {
  return sections.find((k) => (k === "featured" && featured) || (k === "latest" && latest));
}

export const headers = publicCacheHeaders;

// "Nearby" follows the visitor's location when they have already allowed it: that needs
// JavaScript as soon as the page arrives, unless a city is already chosen.
export const handle: HydrationHandle = { hydrateNow: (url) => !url.searchParams.get("city") };

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Souq Estate",
    description: data?.description,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const {
    forYou,
    sections,
    featured,
    latest,
    mostViewed,
    mostLiked,
    nearby,
    city,
    cities,
    categories,
    agents,
    projects,
    total,
    slides,
    articles,
  } = loaderData;
  // The first section with property cards loads its first photo at once (the likely largest paint).
  const firstCards = firstCardSection(sections, featured.length, latest.length);
  const blocks: Record<HomeSectionKey, ReactNode> = {
    slider: <HomeSlider slides={slides} />,
    categories: categories.length ? (
      <section className="section" aria-labelledby="cat-h">
        <h2 id="cat-h">{t("Browse by category")}</h2>
        <ul className="chips">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`/properties?category_id=${c.id}`} className="chip">
                <Icon value={c.image} /> {c.category}{" "}
                <span className="chip__count">{c.properties_count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    ) : null,
    featured: (
      <CardSection
        id="featured"
        title={t("Featured properties")}
        items={featured}
        eagerFirst={firstCards === "featured"}
      />
    ),
    latest: (
      <CardSection
        id="latest"
        title={t("Latest properties")}
        items={latest}
        more={{ to: "/properties", label: t("View all") }}
        eagerFirst={firstCards === "latest"}
      />
    ),
    most_viewed: (
      <CardSection
        id="viewed"
        title={t("Most viewed")}
        items={mostViewed}
        more={{ to: "/properties?sort=most_viewed", label: t("View all") }}
      />
    ),
    most_liked: <CardSection id="liked" title={t("Most liked")} items={mostLiked} />,
    nearby: (
      <section className="section" aria-labelledby="nearby-h">
        <div className="section__head">
          <h2 id="nearby-h">{city ? t("Properties in {{city}}", { city }) : t("Properties near you")}</h2>
        </div>
        {/* Without location access (or JavaScript) the visitor picks a city instead. */}
        <Form method="get" className="inline-search" preventScrollReset>
          <label className="visually-hidden" htmlFor="near-city">
            {t("City")}
          </label>
          <select id="near-city" name="city" defaultValue={city}>
            <option value="">{t("Choose a city")}</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--ghost">
            {t("Show")}
          </button>
          <UseMyLocation current={city} />
        </Form>
        {nearby.length ? (
          <div className="grid">
            {nearby.map((p) => (
              <PropertyCard key={p.id} property={p} />
            ))}
          </div>
        ) : null}
      </section>
    ),
    projects: projects.length ? (
      <section className="section" aria-labelledby="projects-h">
        <div className="section__head">
          <h2 id="projects-h">{t("New projects")}</h2>
          <Link to="/projects">{t("View all")}</Link>
        </div>
        <div className="grid">
          {projects.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </div>
      </section>
    ) : null,
    agents: agents.length ? (
      <section className="section" aria-labelledby="agents-h">
        <div className="section__head">
          <h2 id="agents-h">{t("Agents")}</h2>
          <Link to="/agents">{t("View all")}</Link>
        </div>
        <div className="agents-grid">
          {agents.map((a) => (
            <AgentCard key={a.id} agent={a} />
          ))}
        </div>
      </section>
    ) : null,
    articles: articles.length ? (
      <section className="section" aria-labelledby="articles-h">
        <div className="section__head">
          <h2 id="articles-h">{t("Articles and guides")}</h2>
          <Link to="/articles">{t("View all")}</Link>
        </div>
        <div className="grid articles-grid">
          {articles.map((a) => (
            <article key={a.id} className="card">
              <Link to={`/articles/${a.slug_id}`} className="card__link">
                <div className="card__media">
                  {a.image ? (
                    <ResponsiveImage image={a.image} alt="" sizes="(min-width: 64rem) 22rem, 92vw" />
                  ) : null}
                </div>
                <div className="card__body">
                  <h3 className="card__title">{a.title}</h3>
                  <p className="article-card__summary">{a.summary}</p>
                </div>
              </Link>
            </article>
          ))}
        </div>
      </section>
    ) : null,
  };
  return (
    <>
      <section className="hero">
        <h1>{t("Find your next home")}</h1>
        <p>{t("{{count}} properties for sale and rent", { count: total })}</p>
        <Form method="get" action="/properties" className="hero__search" role="search">
          <label className="visually-hidden" htmlFor="hero-search">
            {t("Search")}
          </label>
          <input
            id="hero-search"
            type="search"
            name="search"
            placeholder={t("City, neighbourhood or keyword")}
          />
          <select name="property_type" aria-label={t("Buy or rent")}>
            <option value="">{t("Buy or rent")}</option>
            <option value="sell">{t("Buy")}</option>
            <option value="rent">{t("Rent")}</option>
          </select>
          <button type="submit" className="button">
            {t("Search")}
          </button>
        </Form>
      </section>

      <CardSection
        id="for-you"
        title={t("For you")}
        items={forYou}
        more={{ to: "/for-you", label: t("See all") }}
      />
      {sections.map((key) => (
        <Fragment key={key}>{blocks[key]}</Fragment>
      ))}
    </>
  );
}

/** A titled grid of cards; hidden when there is nothing to show. */
function CardSection({
  id,
  title,
  items,
  more,
  eagerFirst = false,
}: {
  id: string;
  title: string;
  items: CardProperty[];
  more?: { to: string; label: string };
  eagerFirst?: boolean;
}) {
  if (!items.length) return null;
  return (
    <section className="section" aria-labelledby={`${id}-h`}>
      <div className="section__head">
        <h2 id={`${id}-h`}>{title}</h2>
        {more ? <Link to={more.to}>{more.label}</Link> : null}
      </div>
      <div className="grid">
        {items.map((p, i) => (
          <PropertyCard key={p.id} property={p} eager={eagerFirst && i === 0} />
        ))}
      </div>
    </section>
  );
}
