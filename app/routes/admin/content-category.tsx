import type { Route } from "./+types/content-category";
import { adminHeaders } from "~/modules/admin/admin.server";
import { categoryTable } from "~/modules/admin/category-table";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

export const loader = (args: Route.LoaderArgs) => contentLoader(args, categoryTable);
export const action = (args: Route.ActionArgs) => contentAction(args, categoryTable);
export const headers = adminHeaders;
export const meta = contentMeta("Category");

export default function AdminCategory() {
  return <ContentTablePage table={categoryTable} />;
}
