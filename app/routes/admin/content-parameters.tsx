import { Link } from "react-router";
import { Icon } from "~/components/icon";
import type { Route } from "./+types/content-parameters";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentList } from "~/modules/admin/content.server";
import { ContentHead, ContentLinks } from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { PARAMETER_TYPE_LABELS } from "~/modules/admin/parameter-types";
import { AdminTable } from "~/modules/admin/ui";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/parameters", "Details");
  return { title, parameters: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("Details");

export default function AdminParameters({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Details")}
        lead={t(
          "What listings fill in (bedrooms, area, view…). A category asks for the details ticked on its page.",
        )}
      />
      <ContentLinks
        add={{ to: "/admin/content/parameters/new", label: t("Add a detail") }}
        also={{ to: "/admin/content/categories", label: t("Categories") }}
      />
      <AdminTable
        headings={[t("Name"), t("Name (Arabic)"), t("Type"), t("Options"), t("Categories"), t("Listings")]}
      >
        {d.parameters.map((p) => (
          <tr key={p.id}>
            <td dir="auto">
              <Icon value={p.image} />
              <Link to={href(`/admin/content/parameters/${p.id}`)}>{p.name}</Link>
              {p.unit ? ` (${p.unit})` : ""}
            </td>
            <td dir="rtl" lang="ar">
              {p.name_ar}
            </td>
            <td>{t(PARAMETER_TYPE_LABELS[p.type_of_parameter])}</td>
            <td dir="auto">{p.options.map((x) => x.value).join(", ")}</td>
            <td dir="auto">{p.categories.map((c) => c.category).join(", ")}</td>
            <td>{p.listings}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
