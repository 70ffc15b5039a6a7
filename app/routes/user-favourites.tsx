import { Link } from "react-router";
import type { Route } from "./+types/user-favourites";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Pagination } from "~/components/pagination";
import { PropertyCard } from "~/modules/listings/property/property-card";
import { toCard } from "~/modules/listings/property/card";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { favouriteAction } from "~/modules/favourites/favourite.server";
import { signedInStart } from "~/lib/route.server";

const PAGE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const res = await apiData(
    "get_favourite_property",
    { offset: (page - 1) * PAGE, limit: PAGE },
    { request, locale },
  );
  return {
    title: getI18n(context).t("My favourites"),
    properties: res.data.map(toCard),
    total: res.total ?? 0,
    offset: (page - 1) * PAGE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return favouriteAction(request, getLocale(context));
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My favourites", noindex: true });
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { properties, total, offset } = loaderData;
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My favourites")} />
      <h1>{t("My favourites")}</h1>
      <ActionNotice />
      {properties.length ? (
        <>
          <div className="grid">
            {properties.map((p) => (
              <PropertyCard key={p.id} property={p} />
            ))}
          </div>
          <Pagination total={total} offset={offset} limit={PAGE} />
        </>
      ) : (
        <p className="empty-state">
          {t("Tap the heart on a listing to keep it here.")}{" "}
          <Link to="/properties">{t("Browse properties")}</Link>
        </p>
      )}
    </section>
  );
}
