import { siteOrigin } from "~/lib/origin.server";
import type { Route } from "./+types/sitemap-properties";
import { sitemapFileResponse } from "~/modules/seo/sitemap.server";

/** /sitemaps/properties-N.xml */
export function loader({ request, params }: Route.LoaderArgs) {
  const match = /^properties-(\d{1,6})\.xml$/.exec(params.file);
  if (!match) throw new Response("Not found", { status: 404 });
  return sitemapFileResponse(siteOrigin(request), Number(match[1]));
}
