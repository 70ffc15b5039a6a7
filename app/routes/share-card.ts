// /og/property/<slug>/<version>.jpg and /og/project/<slug>/<version>.jpg (under /ar for the Arabic
// card): a listing's share card, the og:image of its page (decision 050).
import type { Route } from "./+types/share-card";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { shareCardResponse } from "~/modules/share-card/card.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = /^([0-9a-z]{1,16})\.jpg$/.exec(params.file);
  const kind = params.kind === "property" || params.kind === "project" ? params.kind : null;
  if (!file || !kind) throw new Response("Not found", { status: 404 });
  const i18n = getI18n(context);
  return shareCardResponse(request, {
    kind,
    slug: params.slug,
    version: file[1]!,
    locale: getLocale(context),
    t: (key) => i18n.t(key),
  });
}
