// The personal feed (spec: "personalised feed" screen): listings ranked for the signed-in person,
// each with why, and a "Not interested" button that works as a plain form.
import { Link } from "react-router";
import type { Route } from "./+types/for-you";
import { api } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { toCard } from "~/modules/listings/property/card";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { NotInterested } from "~/modules/feed/not-interested";
import { dismissAction } from "~/modules/feed/dismiss.server";
import { signedInStart } from "~/lib/route.server";

const PAGE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const [feed, prefs] = await Promise.all([
    api("get_user_recommendation", { offset: (page - 1) * PAGE, limit: PAGE }, { request, locale }),
    api("personalised-fields", {}, { request, locale }),
  ]);
  // Signed in without a profile yet: the feed is for members; the profile page says what is missing.
  if (feed.error || prefs.error)
    throw await redirectWithToast(localizePath(locale, "/user/profile"), {
      type: "error",
      message: feed.message,
      notice: true,
    });
  return {
    title: getI18n(context).t("For you"),
    properties: feed.data.map(toCard),
    total: feed.total ?? 0,
    offset: (page - 1) * PAGE,
    hasPreferences: prefs.data.updated_at !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return dismissAction(request, getLocale(context), await request.formData());
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "For you", noindex: true });
}

export default function ForYou({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { properties, total, offset, hasPreferences } = loaderData;
  return (
    <section className="owner-page feed">
      <div className="feed__head">
        <h1>{t("For you")}</h1>
        <Link to="/user/preferences" className="button button--ghost button--small">
          {hasPreferences ? t("Change your preferences") : t("Tell us what you look for")}
        </Link>
      </div>
      <p className="feed__intro">
        {hasPreferences
          ? t("Homes that match your preferences first, then ones like those you saved and opened.")
          : t("Picked from the homes you saved and opened, and the most viewed near you.")}
      </p>
      <ActionNotice />
      {properties.length ? (
        <>
          <div className="grid">
            {properties.map((p, i) => (
              <PropertyCard key={p.id} property={p} eager={i < 2}>
                <NotInterested propertyId={p.id} title={p.title} />
              </PropertyCard>
            ))}
          </div>
          <Pagination total={total} offset={offset} limit={PAGE} />
        </>
      ) : (
        <p className="empty-state">
          {t("Nothing to suggest yet.")} <Link to="/properties">{t("Browse properties")}</Link>
        </p>
      )}
    </section>
  );
}
