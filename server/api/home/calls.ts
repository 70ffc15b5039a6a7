// Everything the home page shows in one answer: fewer round trips on a slow connection.
import { z } from "zod";
import { defineCall } from "../call";
import { listProperties } from "../properties/service";
import { getPropertySchema } from "../properties/schema";
import { agentList } from "../agents/calls";
import { getCategories } from "../categories/calls";
import { listProjects } from "../projects/service";
import { getArticles } from "../content/calls";
import { listSlides } from "./slider";

const SECTION = 8;

export const homepageData = defineCall({
  name: "homepage-data",
  method: "GET",
  access: "optional",
  tag: "home",
  summary: "Home page sections: slider, featured, latest, most viewed, most liked, nearby (by city), categories, agents, projects, articles",
  input: z.object({ city: z.string().trim().max(120).optional() }),
  async handler(input, ctx) {
    const list = (q: Record<string, string>) =>
      listProperties(ctx.db, getPropertySchema.parse({ limit: String(SECTION), ...q }), { lang: ctx.lang, storage: ctx.storage, viewerId: ctx.user?.id });
    const [slides, featured, latest, mostViewed, mostLiked, nearby, categories, agents, projects, articles] = await Promise.all([
      listSlides(ctx.db, { lang: ctx.lang, storage: ctx.storage }),
      list({ promoted: "1" }),
      list({}),
      list({ top_rated: "1" }),
      list({ most_liked: "1" }),
      input.city ? list({ city: input.city }) : Promise.resolve({ rows: [], total: 0 }),
      getCategories.handler(getCategories.input.parse({ has_property: "1", limit: "50" }), ctx),
      agentList.handler(agentList.input.parse({ limit: "6" }), ctx),
      listProjects(ctx.db, { limit: 4, offset: 0 }, { lang: ctx.lang, storage: ctx.storage }),
      getArticles.handler(getArticles.input.parse({ limit: "3" }), ctx),
    ]);
    return {
      data: {
        slider_section: slides,
        featured_section: featured.rows,
        latest_section: latest.rows,
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
});
