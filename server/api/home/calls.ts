// Everything the home page shows in one answer: fewer round trips on a slow connection.
import { z } from "zod";
import { defineCall } from "../call";
import { listingIds, personalListings, propertyCards } from "../listings/property/service";
import { getPropertySchema } from "../listings/property/schema";
import { agentList } from "../agents/calls";
import { getCategories } from "../categories/calls";
import { listProjects } from "../listings/project/service";
import { getArticles } from "../content/calls";
import { listSlides } from "./slider";
import { readHomeSections, type HomeSectionKey } from "./sections";
import { HomepageData } from "./output";

const SECTION = 8;

export const homepageData = defineCall({
  name: "homepage-data",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "home",
  summary:
    "Home page sections: slider, featured, latest, most viewed, most liked, nearby (by city), categories, agents, projects, articles; `sections` names the shown ones in the admin's order",
  input: z.object({ city: z.string().trim().max(120).optional() }),
  output: HomepageData,
  async handler(input, ctx) {
    const order = await readHomeSections(ctx.db);
    const sections = order.filter((s) => s.visible).map((s) => s.key);
    // A hidden section is not queried at all; it answers empty, as a section with nothing in it does.
    const when = <T>(key: HomeSectionKey, load: () => Promise<T>, none: T) =>
      sections.includes(key) ? load() : Promise.resolve(none);
    const noIds = { ids: [] as number[], total: 0 };
    const list = (q: Record<string, string>) =>
      listingIds(ctx.db, getPropertySchema.parse({ limit: String(SECTION), ...q }));
    const [
      slides,
      featuredIds,
      latestIds,
      mostViewedIds,
      mostLikedIds,
      nearbyIds,
      categories,
      agents,
      projects,
      articles,
    ] = await Promise.all([
      when("slider", () => listSlides(ctx.db, { lang: ctx.lang, storage: ctx.storage }), []),
      when("featured", () => list({ promoted: "1" }), noIds),
      // Always asked: its total is the hero's count of properties.
      list({}),
      when("most_viewed", () => list({ top_rated: "1" }), noIds),
      when("most_liked", () => list({ most_liked: "1" }), noIds),
      input.city && sections.includes("nearby") ? list({ city: input.city }) : Promise.resolve(noIds),
      when(
        "categories",
        () => getCategories.handler(getCategories.input.parse({ has_property: "1", limit: "50" }), ctx),
        { data: [], total: 0 },
      ),
      when("agents", () => agentList.handler(agentList.input.parse({ limit: "6" }), ctx), {
        data: [],
        total: 0,
      }),
      when(
        "projects",
        () => listProjects(ctx.db, { limit: 4, offset: 0 }, { lang: ctx.lang, storage: ctx.storage }),
        { rows: [], total: 0 },
      ),
      when("articles", () => getArticles.handler(getArticles.input.parse({ limit: "3" }), ctx), {
        data: [],
        total: 0,
      }),
    ]);
    // The cards of every section at once: a listing in two sections is made once, and the page
    // costs one round of card queries instead of one per section.
    const lists = [featuredIds, latestIds, mostViewedIds, mostLikedIds, nearbyIds];
    const cards = await propertyCards(ctx.db, [...new Set(lists.flatMap((l) => l.ids))], {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId: ctx.user?.id,
      admin: ctx.principal?.admin,
    });
    const byId = new Map(cards.map((c) => [c.id, c]));
    const rowsOf = (l: { ids: number[]; total: number }) => ({
      rows: l.ids.flatMap((id) => byId.get(id) ?? []),
      total: l.total,
    });
    const [featured, latest, mostViewed, mostLiked, nearby] = [
      rowsOf(featuredIds),
      rowsOf(latestIds),
      rowsOf(mostViewedIds),
      rowsOf(mostLikedIds),
      rowsOf(nearbyIds),
    ];
    return {
      data: {
        /** The sections to show, in order (hidden ones left out). */
        sections,
        slider_section: slides,
        featured_section: featured.rows,
        latest_section: sections.includes("latest") ? latest.rows : [],
        most_viewed_section: mostViewed.rows,
        // Only listings somebody liked: an empty section hides rather than repeating "latest".
        most_liked_section: mostLiked.rows.filter((p) => p.favourites_count > 0),
        nearby_section: nearby.rows,
        categories_section: categories.data,
        agents_section: agents.data,
        projects_section: projects.rows,
        articles_section: articles.data,
        total_properties: latest.total,
      },
    };
  },
  // The sections' cards as the person sees them: one pass over all of them (a listing may be in two).
  async personalize(data, _input, ctx) {
    if (!ctx.user) return ctx.principal?.admin ? null : data;
    const keys = [
      "featured_section",
      "latest_section",
      "most_viewed_section",
      "most_liked_section",
      "nearby_section",
    ] as const;
    const all = [...new Map(keys.flatMap((k) => data[k]).map((c) => [c.id, c])).values()];
    const theirs = await personalListings(
      ctx.db,
      all,
      { id: ctx.user.id, admin: ctx.principal?.admin === true },
      { lang: ctx.lang, storage: ctx.storage },
    );
    if (!theirs) return null;
    const byId = new Map(theirs.map((c) => [c.id, c]));
    const personal = { ...data };
    for (const k of keys) personal[k] = data[k].map((c) => byId.get(c.id) ?? c);
    return personal;
  },
});
