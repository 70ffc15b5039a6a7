import { Link, useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "./layout";
import type { Route } from "./+types/overview";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";

// The counts are the console frame's (layout.tsx loads them for the side menu): asked once per page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  return { title: getI18n(context).t("Admin console") };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Admin console", noindex: true });
}

export default function AdminOverview() {
  const { t } = useTranslation();
  const d = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")!.counts;
  const cards: [string, number, string][] = [
    [t("Properties waiting for review"), d.pending_properties, "/admin/properties?request_status=pending"],
    [t("Projects waiting for review"), d.pending_projects, "/admin/projects?request_status=pending"],
    [t("Featured requests"), d.pending_advertisements, "/admin/advertisements?status=pending"],
    [t("Open reports"), d.open_reports, "/admin/reports"],
    [t("Verification requests"), d.pending_verifications, "/admin/verifications"],
    [t("Bank transfers to check"), d.payments_in_review, "/admin/payments?status=review"],
    [t("Users"), d.users_total, "/admin/users"],
    [t("Deactivated users"), d.deactivated_users, "/admin/users?active=0"],
  ];
  return (
    <section className="admin-page">
      <h1>{t("Admin console")}</h1>
      <ActionNotice />
      <dl className="owner-stats">
        {cards.map(([label, value, to]) => (
          <div key={to}>
            <dt>{label}</dt>
            <dd>
              <Link to={to}>{value}</Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
