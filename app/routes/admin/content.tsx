import { Link } from "react-router";
import type { Route } from "./+types/content";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders, requireAdmin } from "~/modules/admin/admin.server";
import { CONTENT_SECTIONS } from "~/modules/admin/content-nav";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  return { title: getI18n(context).t("Content") };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Content", noindex: true });
}

export default function AdminContent() {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Content")}</h1>
      <p className="admin-page__lead">
        {t(
          "What the site offers and says, in English and Arabic. Changes show on the site as soon as they are saved.",
        )}
      </p>
      <ActionNotice />
      <ul className="admin-content-sections">
        {CONTENT_SECTIONS.map((s) => (
          <li key={s.to} className="admin-card">
            <h2>
              <Link to={s.to}>{t(s.label)}</Link>
            </h2>
            <p>{t(s.about)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
