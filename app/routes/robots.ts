import { siteOrigin } from "~/lib/origin.server";
import type { Route } from "./+types/robots";
import { LOCALES, localizePath } from "~/lib/i18n";

/** Search engines may read every public page; sign-in forms and the API are not pages. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const private_ = ["/login", "/register", "/logout"].flatMap((p) => LOCALES.map((l) => localizePath(l, p)));
  const body = [
    "User-agent: *",
    "Allow: /",
    ...private_.map((p) => `Disallow: ${p}`),
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
