import { Link } from "react-router";
import { Icon } from "~/components/icon";
import type { Route } from "./+types/content-categories";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentList } from "~/modules/admin/content.server";
import { ContentHead, ContentLinks, OnOffPill } from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { AdminTable } from "~/modules/admin/ui";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/categories", "Categories");
  return { title, categories: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("Categories");

export default function AdminCategories({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Categories")}
        lead={t(
          "The kinds of property listings and projects belong to, in the order the site shows them, and the details each asks for. A category in use is switched off rather than deleted.",
        )}
      />
      <ContentLinks
        add={{ to: "/admin/content/categories/new", label: t("Add a category") }}
        also={{ to: "/admin/content/parameters", label: t("Details") }}
      />
      <AdminTable
        headings={[
          t("Order"),
          t("Name"),
          t("Name (Arabic)"),
          t("Slug"),
          t("Status"),
          t("Details"),
          t("Listings"),
        ]}
      >
        {d.categories.map((c) => (
          <tr key={c.id}>
            <td>{c.sequence}</td>
            <td dir="auto">
              <Icon value={c.image} />
              <Link to={href(`/admin/content/categories/${c.id}`)}>{c.category}</Link>
            </td>
            <td dir="rtl" lang="ar">
              {c.category_ar}
            </td>
            <td dir="ltr">{c.slug_id}</td>
            <td>
              <OnOffPill on={c.status} yes={t("On")} no={t("Off")} />
            </td>
            <td dir="auto">{c.parameters.map((p) => p.name).join(", ")}</td>
            <td>{c.listings}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
