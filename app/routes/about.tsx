import { Link } from "react-router";
import type { Route } from "./+types/about";
import { pageMeta, rootData } from "~/lib/seo";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { publicCacheHeaders } from "~/lib/cache";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const settings = await apiData("web-settings", {}, { request, locale });
  const about = (settings.data as Record<string, unknown>).about_us as
    { en?: string; ar?: string } | undefined;
  return { title: getI18n(context).t("About us"), text: about?.[locale as "en" | "ar"] ?? about?.en ?? "" };
}

export const headers = publicCacheHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "About us",
    description: data?.text.slice(0, 160),
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="article">
      <h1>{t("About us")}</h1>
      {loaderData.text.split(/\n\s*\n/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <p>
        <Link to="/contact" className="button">
          {t("Contact us")}
        </Link>
      </p>
    </article>
  );
}
