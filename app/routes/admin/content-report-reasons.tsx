import type { Route } from "./+types/content-report-reasons";
import { saveReportReasonInput } from "~server/api/admin/content/schema";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentMeta } from "~/modules/admin/content-nav";
import { OnOffPill } from "~/modules/admin/content-ui";
import { ContentTablePage, type ContentTable } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

const ABOUT = [
  ["listing", "A listing"],
  ["person", "A person or the team"],
] as const;

const reasons: ContentTable<"admin/report-reasons"> = {
  section: "/admin/content/report-reasons",
  key: "reason",
  calls: {
    list: "admin/report-reasons",
    save: "admin/save-report-reason",
    remove: "admin/delete-report-reason",
  },
  schema: saveReportReasonInput,
  texts: {
    title: "Report reasons",
    lead: "The reasons offered to someone reporting a listing, or a person or the team. A reason reports gave is retired (switched off) rather than deleted, so those reports keep it.",
    add: "Add a reason",
    create: "Add the reason",
  },
  name: (r) => r.reason,
  fields: [
    { name: "reason", label: "Reason", required: true, max: 200 },
    { name: "reason_ar", label: "Reason (Arabic)", ar: true, max: 200 },
    { name: "applies_to", label: "About", kind: "select", options: ABOUT, initial: "listing" },
    { name: "status", label: "Offered to people reporting", kind: "onOff", on: "Offered", off: "Retired" },
  ],
  columns: [
    { heading: "Reason", dir: "auto", cell: (r) => r.reason },
    { heading: "Reason (Arabic)", dir: "ar", cell: (r) => r.reason_ar },
    { heading: "About", cell: (r, { t }) => t(r.applies_to === "person" ? ABOUT[1][1] : ABOUT[0][1]) },
    {
      heading: "Status",
      cell: (r, { t }) => <OnOffPill on={r.status} yes={t("Offered")} no={t("Retired")} />,
    },
    { heading: "Reports", cell: (r) => r.reports },
  ],
};

export const loader = (args: Route.LoaderArgs) => contentLoader(args, reasons);
export const action = (args: Route.ActionArgs) => contentAction(args, reasons);
export const headers = adminHeaders;
export const meta = contentMeta("Report reasons");

export default function AdminReportReasons() {
  return <ContentTablePage table={reasons} />;
}
