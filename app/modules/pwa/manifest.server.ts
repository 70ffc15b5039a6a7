// The web app manifest of each language (decision 048): what a phone shows when the site is
// installed. Its name, colour and icons follow the admin's settings; the Arabic one is its own app
// (its own id and start page), named in Arabic and laid out right to left.
import { createHash } from "node:crypto";
import { dirOf, localizePath, type Locale } from "~/lib/i18n";
import { APP_ICONS, iconAddress, iconColour } from "./icons.server";

/** The page colour of the light scheme (app.css --bg): the splash screen while the app starts. */
const BACKGROUND = "#f8fafc";
/** Launchers cut longer names; the first word of a long one reads better than a cut. */
const SHORT_NAME_LENGTH = 12;

export interface ManifestInput {
  locale: Locale;
  t: (key: string) => string;
  settings: { company_name: string; svg_clr?: string };
}

export function webAppManifest({ locale, t, settings }: ManifestInput) {
  const colour = iconColour(settings.svg_clr);
  // The admin's name as the dictionary has it in this language (the default one is translated).
  const name = t(settings.company_name).trim() || settings.company_name;
  const start = localizePath(locale, "/");
  return {
    id: start,
    name,
    short_name: name.length <= SHORT_NAME_LENGTH ? name : (name.split(/\s+/)[0] ?? name),
    description: t("Homes, apartments, villas, offices and land for sale and rent."),
    lang: locale,
    dir: dirOf(locale),
    start_url: start,
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND,
    theme_color: colour,
    icons: APP_ICONS.map((icon) => ({
      src: iconAddress(icon, colour),
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

export function manifestResponse(request: Request, input: ManifestInput): Response {
  const body = JSON.stringify(webAppManifest(input));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "content-type": "application/manifest+json; charset=utf-8",
    // A changed name or colour reaches browsers at their next check; each check costs a 304 at most.
    "cache-control": "public, max-age=0, must-revalidate",
    etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
