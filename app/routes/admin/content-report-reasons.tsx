import type { Route } from "./+types/content-report-reasons";
import { api } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentForm, contentList, contentOutcome, text } from "~/modules/admin/content.server";
import {
  AddForm,
  ContentHead,
  FormRefusal,
  OnOffField,
  OnOffPill,
  outcomeFor,
  RowActions,
  SelectField,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { AdminTable } from "~/modules/admin/ui";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/report-reasons", "Report reasons");
  return { title, reasons: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("Report reasons");

export async function action(args: Route.ActionArgs) {
  const { request, form, intent, id, opts } = await contentForm(args);
  if (intent === "delete" && id)
    return contentOutcome(request, await api("admin/delete-report-reason", { id }, opts), { intent, id });
  const input = {
    id: intent === "save" ? id : undefined,
    reason: String(form.get("reason") ?? ""),
    reason_ar: text(form, "reason_ar"),
    status: String(form.get("status") ?? "1") as "1" | "0",
    applies_to: form.get("applies_to") === "person" ? ("person" as const) : ("listing" as const),
  };
  return contentOutcome(request, await api("admin/save-report-reason", input, opts), {
    intent: input.id ? "save" : "create",
    id: input.id,
    form,
  });
}

type Reason = Route.ComponentProps["loaderData"]["reasons"][number];

function ReasonFields({
  formId,
  reason,
  result,
  intent,
}: {
  formId: string;
  reason?: Reason;
  result: unknown;
  intent: string;
}) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, reason?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <TextField
        form={formId}
        name="reason"
        label={t("Reason")}
        value={o.value("reason", reason?.reason)}
        errors={o.errors("reason")}
        required
        maxLength={200}
      />
      <TextField
        form={formId}
        name="reason_ar"
        label={t("Reason (Arabic)")}
        value={o.value("reason_ar", reason?.reason_ar)}
        errors={o.errors("reason_ar")}
        ar
        maxLength={200}
      />
      <SelectField
        form={formId}
        id="applies-to"
        name="applies_to"
        label={t("About")}
        value={o.value("applies_to", reason?.applies_to ?? "listing")}
        errors={o.errors("applies_to")}
      >
        <option value="listing">{t("A listing")}</option>
        <option value="person">{t("A person or the team")}</option>
      </SelectField>
      <OnOffField
        form={formId}
        label={t("Offered to people reporting")}
        value={o.value("status", reason ? (reason.status ? "1" : "0") : "1") === "1"}
        on={t("Offered")}
        off={t("Retired")}
      />
    </>
  );
}

export default function AdminReportReasons({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Report reasons")}
        lead={t(
          "The reasons offered to someone reporting a listing, or a person or the team. A reason reports gave is retired (switched off) rather than deleted, so those reports keep it.",
        )}
      />
      <AddForm title={t("Add a reason")} button={t("Add the reason")}>
        <ReasonFields formId="reason-new" result={actionData} intent="create" />
      </AddForm>
      <AdminTable
        headings={[t("Reason"), t("Reason (Arabic)"), t("About"), t("Status"), t("Reports"), t("Actions")]}
      >
        {d.reasons.map((r) => (
          <tr key={r.id}>
            <td dir="auto">{r.reason}</td>
            <td dir="rtl" lang="ar">
              {r.reason_ar}
            </td>
            <td>{r.applies_to === "person" ? t("A person or the team") : t("A listing")}</td>
            <td>
              <OnOffPill on={r.status} yes={t("Offered")} no={t("Retired")} />
            </td>
            <td>{r.reports}</td>
            <td>
              <RowActions id={r.id} about={r.reason} result={actionData}>
                <ReasonFields formId={`reason-${r.id}`} reason={r} result={actionData} intent="save" />
              </RowActions>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
