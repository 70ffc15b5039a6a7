import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/packages";
import { api, apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { adminForm, adminHeaders, adminLoad, adminOutcome } from "~/modules/admin/admin.server";
import { AdminTable, Pill } from "~/modules/admin/ui";
import { ActionNotice } from "~/modules/listings/ui";
import { Money } from "~/modules/payments/ui";

export async function loader(args: Route.LoaderArgs) {
  const { t, opts } = await adminLoad(args);
  const res = await apiData("admin/packages", {}, opts);
  return { title: t("Packages"), packages: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Packages", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { intent, id, opts } = await adminForm(args);
  if (intent === "delete")
    return adminOutcome(request, await api("admin/delete-package", { id }, opts), { intent, id });
  if (intent === "retire" || intent === "restore")
    return adminOutcome(
      request,
      await api("admin/retire-package", { id, retired: intent === "retire" }, opts),
      { intent, id },
    );
  return adminOutcome(request, { error: true, message: "Unknown action", data: null }, { intent, id });
}

export default function AdminPackages({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{t("Packages")}</h1>
      <p className="admin-page__lead">
        {t("What is on sale. People who hold a package keep it until its end, whatever changes here.")}
      </p>
      <ActionNotice result={actionData} />
      <p>
        <Link to="/admin/packages/new" className="button button--small">
          {t("New package")}
        </Link>
      </p>
      <AdminTable
        headings={[
          t("Name"),
          t("Price"),
          t("Validity"),
          t("Features"),
          t("Holders"),
          t("Status"),
          t("Actions"),
        ]}
      >
        {d.packages.map((p) => (
          <tr key={p.id}>
            <th scope="row">
              <Link to={`/admin/packages/${p.id}`} dir="auto">
                {p.name}
              </Link>
              {p.name_ar ? (
                <>
                  <br />
                  <small lang="ar" dir="rtl">
                    {p.name_ar}
                  </small>
                </>
              ) : null}
              {p.is_starter ? (
                <>
                  <br />
                  <Pill>{t("Given to every new account")}</Pill>
                </>
              ) : null}
            </th>
            <td>{p.is_free ? t("Free") : <Money minor={p.price_minor} currency={p.currency} />}</td>
            <td>{t("{{count}} days", { count: p.validity_days })}</td>
            <td>
              <ul className="admin-package-features">
                {p.features.map((f) => (
                  <li key={f.type}>
                    {t(`feature_${f.type}`)}: {f.limit === null ? t("Unlimited") : f.limit}
                  </li>
                ))}
              </ul>
            </td>
            <td>{p.holders}</td>
            <td>
              {p.status === "on_sale" ? <Pill tone="ok">{t("On sale")}</Pill> : <Pill>{t("Retired")}</Pill>}
            </td>
            <td>
              <div className="admin-actions">
                <Link
                  to={`/admin/packages/${p.id}`}
                  className="button button--ghost button--small"
                  aria-label={t("Edit {{name}}", { name: p.name })}
                >
                  {t("Edit")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <SubmitButton
                    name="intent"
                    value={p.status === "on_sale" ? "retire" : "restore"}
                    className="button button--ghost button--small"
                    aria-label={`${p.status === "on_sale" ? t("Retire") : t("Put back on sale")} – ${p.name}`}
                  >
                    {p.status === "on_sale" ? t("Retire") : t("Put back on sale")}
                  </SubmitButton>
                </Form>
                {p.deletable ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={p.id} />
                    <SubmitButton
                      name="intent"
                      value="delete"
                      className="button button--ghost button--small"
                      aria-label={`${t("Delete")} – ${p.name}`}
                    >
                      {t("Delete")}
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <p className="admin-page__count">
        {t("A package someone has bought or held cannot be deleted: retire it to take it off sale.")}
      </p>
    </section>
  );
}
