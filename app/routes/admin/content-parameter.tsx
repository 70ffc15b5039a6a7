import type { Route } from "./+types/content-parameter";
import { adminHeaders } from "~/modules/admin/admin.server";
import { parameterTable } from "~/modules/admin/parameter-table";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

export const loader = (args: Route.LoaderArgs) => contentLoader(args, parameterTable);
export const action = (args: Route.ActionArgs) => contentAction(args, parameterTable);
export const headers = adminHeaders;
export const meta = contentMeta("Detail");

export default function AdminParameter() {
  return <ContentTablePage table={parameterTable} />;
}
