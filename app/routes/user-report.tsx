// Report or block a person (spec §6: reports and blocks target a user, to_user_id, or the team,
// to_admin), reached from their profile or a conversation. A page of plain forms, so it works
// without JavaScript; with it, a profile or a conversation shows the same forms in a dialog.
import { Link } from "react-router";
import type { Route } from "./+types/user-report";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { ReportPanel } from "~/modules/reports/report-panel";
import { reportPageAction, reportPageData } from "~/modules/reports/report-page.server";
import "~/styles/reports.css";

export const loader = (args: Route.LoaderArgs) => reportPageData(args);

export const action = (args: Route.ActionArgs) => reportPageAction(args);

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Report or block", noindex: true });
}

export default function ReportPerson({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="owner-page report-page">
      <p>
        <Link to={d.back}>{t("Back")}</Link>
      </p>
      <h1 dir="auto">{d.title}</h1>
      <ActionNotice />
      <ReportPanel d={d} refused={actionData && "report" in actionData ? actionData.report : null} />
    </section>
  );
}
