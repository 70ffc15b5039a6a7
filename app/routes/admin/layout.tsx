import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { apiData } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { ADMIN_SECTIONS } from "~/modules/admin/nav";

// The console's frame: the side menu with what waits in each queue. Each page checks the claim
// itself as well (loaders run side by side), and the API checks it on every call.
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const counts = await apiData("admin/overview", {}, { request, locale });
  return { counts: counts.data };
}

export const headers = adminHeaders;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const counts = loaderData.counts as Record<string, number>;
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label={t("Admin console")}>
        <p className="admin-nav__title">{t("Admin console")}</p>
        <ul>
          {ADMIN_SECTIONS.map((s) => {
            const n = "count" in s ? counts[s.count] : 0;
            return (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === "/admin"} prefetch="none">
                  {t(s.label)}
                  {n ? (
                    <span className="badge">
                      {n}
                      <span className="visually-hidden"> {t("waiting")}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}
