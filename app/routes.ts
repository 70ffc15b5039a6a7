import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every page lives under an optional locale segment: "/properties" (English), "/ar/properties".
export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-properties.ts"),
  route(":lang?", "routes/locale.tsx", [
    index("routes/home.tsx"),
    route("properties", "routes/properties.tsx"),
    route("properties-details/:slug_id", "routes/property-detail.tsx"),
    route("register", "routes/register.tsx"),
    route("login", "routes/login.tsx"),
    route("logout", "routes/logout.tsx"),
    route("contact", "routes/contact.tsx"),
    route("about", "routes/about.tsx"),
    route("faqs", "routes/faqs.tsx"),
    route("articles", "routes/articles.tsx"),
    route("articles/:slug", "routes/article.tsx"),
    route("agents", "routes/agents.tsx"),
    route("agents/:agent", "routes/agent.tsx"),
    route("projects", "routes/projects.tsx"),
    route("project-details/:slug", "routes/project-detail.tsx"),
    route("developers", "routes/developers.tsx"),
    route("developers/:developer", "routes/developer.tsx"),
    route("mortgage-calculator", "routes/mortgage-calculator.tsx"),
    route("area-converter", "routes/area-converter.tsx"),
    route("user/profile", "routes/user-profile.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
