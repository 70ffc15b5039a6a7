// Everything the home page shows in one answer: fewer round trips on a slow connection.
import { z } from "zod";
import { defineCall } from "../call";
import { listProperties } from "../properties/service";
import { getPropertySchema } from "../properties/schema";
import { agentList } from "../agents/calls";
import { getCategories } from "../categories/calls";
import { listProjects } from "../projects/service";

const SECTION = 8;

export const homepageData = defineCall({
  name: "homepage-data",
  method: "GET",
  access: "optional",
  tag: "home",
  summary: "Home page sections: featured, latest, most viewed, most liked, nearby (by city), categories, agents, projects",
  input: z.object({ city: z.string().trim().max(120).optional() }),
  async handler(input, ctx) {
    const list = (q: Record<string, string>) =>
      listProperties(ctx.db, getPropertySchema.parse({ limit: String(SECTION), ...q }), { lang: ctx.lang, storage: ctx.storage, viewerId: ctx.user?.id });
    const [featured, latest, mostViewed, mostLiked, nearby, categories, agents, projects] = await Promise.all([
      list({ promoted: "1" }),
      list({}),
      list({ top_rated: "1" }),
      list({ most_liked: "1" }),
      input.city ? list({ city: input.city }) : Promise.resolve({ rows: [], total: 0 }),
      getCategories.handler(getCategories.input.parse({ has_property: "1", limit: "50" }), ctx),
      agentList.handler(agentList.input.parse({ limit: "6" }), ctx),
      listProjects(ctx.db, { limit: 4, offset: 0 }, { lang: ctx.lang, storage: ctx.storage }),
    ]);
    return {
      data: {
        featured_section: featured.rows,
        latest_section: latest.rows,
        most_viewed_section: mostViewed.rows,
        // Only listings somebody liked: an empty section hides rather than repeating "latest".
        most_liked_section: mostLiked.rows.filter((p) => p.favourites_count > 0),
        nearby_section: nearby.rows,
        categories_section: categories.data,
        agents_section: agents.data,
        projects_section: projects.rows,
        articles_section: [] as unknown[],
        total_properties: latest.total,
      },
    };
  },
});
