import type { Route } from "./+types/content-categories";
import { adminHeaders } from "~/modules/admin/admin.server";
import { categoryTable } from "~/modules/admin/category-table";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage } from "~/modules/admin/content-table";
import { contentLoader } from "~/modules/admin/content-table.server";

export const loader = (args: Route.LoaderArgs) => contentLoader(args, categoryTable);
export const headers = adminHeaders;
export const meta = contentMeta("Categories");

export default function AdminCategories() {
  return <ContentTablePage table={categoryTable} />;
}
