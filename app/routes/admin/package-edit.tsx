import type { Route } from "./+types/package-edit";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { packageFormData, savePackage } from "~/modules/admin/package-form.server";
import { PackageForm } from "~/modules/admin/package-form";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) throw new Response("Not found", { status: 404 });
  const data = await packageFormData(request, locale, id);
  return { title: data.pkg!.name, ...data };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) throw new Response("Not found", { status: 404 });
  return savePackage(request, getLocale(context), id);
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Package", noindex: true });
}

export default function AdminPackageEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Edit {{name}}", { name: d.pkg!.name })}</h1>
      {d.pkg!.holders ? (
        <p className="admin-page__lead">
          {t("People holding this package now: {{count}}. They keep what they were given.", {
            count: d.pkg!.holders,
          })}
        </p>
      ) : null}
      {/* A fresh form per package: moving from one package to another never keeps the last one's values. */}
      <PackageForm key={d.pkg!.id} pkg={d.pkg} currency={d.currency} />
    </section>
  );
}
