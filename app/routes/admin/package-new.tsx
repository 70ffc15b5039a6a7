import type { Route } from "./+types/package-new";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { packageFormData, savePackage } from "~/modules/admin/package-form.server";
import { PackageForm } from "~/modules/admin/package-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  return { title: getI18n(context).t("New package"), ...(await packageFormData(request, locale)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return savePackage(request, getLocale(context));
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "New package", noindex: true });
}

export default function AdminPackageNew({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("New package")}</h1>
      <PackageForm pkg={null} currency={d.currency} />
    </section>
  );
}
