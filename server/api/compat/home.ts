// The home page, its slides and an agent's page in the keys the apps read: the web app reads one
// key per section, the newer mobile app a `sections` list of { type, title, data }.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { CompatError, expectOk, IGNORED_EVERYWHERE, type Body, type Compat } from "./context";
import * as shape from "./shapes";

function slide(s: any, c: Compat, i: number) {
  const type = s.link?.type === "property" ? "3" : s.link ? "4" : "1";
  const image = shape.url(s.image, c.place);
  const prefix = c.place.lang === "ar" ? "/ar" : "";
  return {
    id: s.id ?? i + 1,
    image,
    web_image: image,
    title: s.title ?? "",
    slider_type: type,
    type: { "1": "Only Image", "3": "Property", "4": "Other Link" }[type],
    category_id: "",
    propertys_id: "",
    property:
      s.link?.type === "property"
        ? {
            slug_id: s.link.slug_id,
            title: s.title,
            price: s.price,
            property_type: s.property_type,
            video_link: null,
          }
        : null,
    link: s.link?.type === "project" ? `${c.place.origin}${prefix}/project-details/${s.link.slug_id}` : null,
    show_property_details: s.link?.type === "property" ? 1 : 0,
    promoted: false,
    parameters: [],
  };
}

export async function slider(c: Compat): Promise<Body> {
  const home = expectOk(await c.call("homepage-data", {})).data as any;
  return {
    error: false,
    message: "Data Fetch Successfully",
    data: (home.slider_section ?? []).map((s: any, i: number) => slide(s, c, i)),
  };
}

export async function homepage(c: Compat): Promise<Body> {
  const f = { ...c.fields };
  const home = expectOk(
    await c.call("homepage-data", f, { ignore: [...IGNORED_EVERYWHERE, "latitude", "longitude", "radius"] }),
  ).data as any;
  const faqs = await c.call("faqs", { limit: 10 });
  const props = (rows: any[]) => (rows ?? []).map((p) => shape.property(p, c.place));
  const projects = (home.projects_section ?? []).map((p: any) => shape.project(p, c.place));
  const sections: Record<string, any[]> = {
    slider_section: (home.slider_section ?? []).map((s: any, i: number) => slide(s, c, i)),
    featured_section: props(home.featured_section),
    categories_section: (home.categories_section ?? []).map((x: any) => shape.category(x, c.place)),
    most_liked_properties: props(home.most_liked_section),
    most_viewed_properties: props(home.most_viewed_section),
    nearby_properties: props(home.nearby_section),
    latest_properties: props(home.latest_section),
    project_section: projects,
    projects_section: projects,
    article_section: (home.articles_section ?? []).map((a: any) => shape.article(a, c.place)),
    agents_list: (home.agents_section ?? []).map((a: any) => shape.agent(a, c.place)),
    faq_section: faqs.body.error ? [] : (faqs.body.data as any[]),
    user_recommendation: [],
  };
  const titled = (type: string, title: string, data: any[]) => ({
    type,
    title,
    translated_title: title,
    data,
  });
  return {
    error: false,
    message: "Data Fetch Successfully",
    data: {
      ...sections,
      homepage_location_data_available: false,
      sections: [
        titled("featured_properties_section", "Featured Properties", sections.featured_section!),
        titled("categories_section", "Categories", sections.categories_section!),
        titled("most_viewed_properties_section", "Most Viewed Properties", sections.most_viewed_properties!),
        titled("most_liked_properties_section", "Most Liked Properties", sections.most_liked_properties!),
        titled("nearby_properties_section", "Nearby Properties", sections.nearby_properties!),
        titled("projects_section", "Projects", projects),
        titled("agents_list_section", "Agents", sections.agents_list!),
        titled("articles_section", "Articles", sections.article_section!),
      ].filter((s) => s.data.length > 0),
    },
  };
}

/** An agent's page: the person, and their properties or (is_projects=1) their projects. */
export async function agentProperties(c: Compat): Promise<Body> {
  const f = { ...c.fields };
  const id = f.id ?? f.slug_id;
  if (id === undefined) throw new CompatError("id is required");
  const page = {
    ...(f.offset !== undefined ? { offset: f.offset } : {}),
    ...(f.limit !== undefined ? { limit: f.limit } : {}),
  };
  const agent = expectOk(await c.call("agent-properties", { id, ...page })) as any;
  const a = agent.data.agent;
  let projects: any[] = [];
  let total = agent.total ?? 0;
  if (f.is_projects !== undefined && String(f.is_projects) === "1") {
    const dev = await c.call("developer-projects", { id, ...page });
    projects = dev.body.error
      ? []
      : ((dev.body.data as any).projects ?? []).map((p: any) => shape.project(p, c.place));
    total = dev.body.error ? 0 : (dev.body.total ?? projects.length);
  }
  return {
    error: false,
    message: agent.message,
    data: {
      customer_data: {
        ...shape.agent(a, c.place),
        address: a.city ?? "",
        state: "",
        facebook_id: a.facebook_id ?? "",
        twitter_id: a.twiiter_id ?? "",
        instagram_id: a.instagram_id ?? "",
        youtube_id: a.youtube_id ?? "",
        is_verify: Boolean(a.is_verified),
        properties_sold_count: 0,
        properties_rented_count: 0,
      },
      properties_data: (agent.data.properties ?? []).map((p: any) => shape.property(p, c.place)),
      projects_data: projects,
      premium_properties_count: (agent.data.properties ?? []).filter((p: any) => p.is_premium).length,
      package_available: false,
      feature_available: false,
    },
    total,
  };
}
