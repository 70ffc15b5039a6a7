import { Link } from "react-router";
import type { Route } from "./+types/user-subscriptions";
import { apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { HeldPackages } from "~/modules/payments/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const res = await apiData("get-package", {}, { request, locale });
  return { title: getI18n(context).t("My subscriptions"), active: res.data.active };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My subscriptions", noindex: true });
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My subscriptions")} />
      <div className="owner-page__head">
        <h1>{t("My subscriptions")}</h1>
        <Link to="/subscription-plan" className="button button--small">
          {t("Buy a package")}
        </Link>
      </div>
      <ActionNotice />
      <HeldPackages held={loaderData.active} />
      <p>
        <Link to="/user/transactions">{t("Transaction history")}</Link>
      </p>
    </section>
  );
}
