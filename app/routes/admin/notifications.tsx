import { useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/notifications";
import { sendNotificationSchema } from "~server/api/admin/broadcast-schema";
import { api, apiData } from "~/lib/api.server";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { adminHeaders, requireAdmin, sentFrom } from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";
import { AdminTable } from "~/modules/admin/ui";

const RECENT = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  // What was sent is what the audit log says was sent (each sending is one line there).
  const log = await apiData(
    "admin/audit-log",
    { target_type: "notification", limit: RECENT },
    { request, locale },
  );
  const sent = log.data.map((r) => {
    const a = (r.after ?? {}) as {
      to?: string;
      user_id?: number | null;
      title?: string;
      body?: string;
      link?: string | null;
      recipients?: number;
    };
    return {
      id: r.id,
      at: r.created_at,
      by: r.admin_email ?? r.admin_uid,
      to: a.to ?? "all",
      user_id: a.user_id ?? null,
      title: a.title ?? "",
      body: a.body ?? "",
      link: a.link ?? null,
      recipients: a.recipients ?? 0,
    };
  });
  return { title: getI18n(context).t("Send a notification"), sent, total: log.total ?? sent.length };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Send a notification",
    noindex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const submission = parseWithZod(await request.formData(), { schema: sendNotificationSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  const res = await api("admin/send-notification", submission.value, { request, locale });
  if (res.error) return formResponse(replyWithApiError(submission, res));
  return redirectWithToast(sentFrom(request), { type: "success", message: res.message });
}

export default function AdminNotifications({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { to: "all" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendNotificationSchema }),
  });
  return (
    <section className="admin-page">
      <h1>{t("Send a notification")}</h1>
      <p className="admin-page__lead">
        {t(
          "It appears in each person's notifications, and as a browser notification for those who allowed them.",
        )}
      </p>
      <ActionNotice />
      <Form method="post" {...getFormProps(form)} className="admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>{t("Send to")}</legend>
          <div className="field--check">
            <input {...getInputProps(fields.to, { type: "radio", value: "all" })} id="send-to-all" />
            <label htmlFor="send-to-all">{t("Everyone with an active account")}</label>
          </div>
          <div className="field--check">
            <input {...getInputProps(fields.to, { type: "radio", value: "user" })} id="send-to-user" />
            <label htmlFor="send-to-user">{t("One person")}</label>
          </div>
          <div className="field" data-invalid={fields.user_id.errors ? true : undefined}>
            <label htmlFor={fields.user_id.id}>{t("Their user number")}</label>
            <input {...getInputProps(fields.user_id, { type: "text" })} inputMode="numeric" dir="ltr" />
            <p className="field__hint">{t("Shown on the Users page. Only needed for one person.")}</p>
            <div id={fields.user_id.errorId} className="field__errors" aria-live="polite">
              {fields.user_id.errors?.map((e) => (
                <p key={e}>{t(e)}</p>
              ))}
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("English")}</legend>
          <Field meta={fields.title} label={t("Title")} dir="auto" />
          <TextArea meta={fields.body} label={t("Message")} dir="auto" />
        </fieldset>
        <fieldset lang="ar">
          <legend>{t("Arabic")}</legend>
          <Field meta={fields.title_ar} label={t("Title (Arabic)")} dir="rtl" />
          <TextArea meta={fields.body_ar} label={t("Message (Arabic)")} dir="rtl" />
          <p className="field__hint">{t("Left empty, Arabic readers see the English.")}</p>
        </fieldset>
        <Field meta={fields.link} label={t("Link (optional)")} dir="ltr" />
        <SubmitButton className="button" pendingLabel={t("Sending…")}>
          {t("Send")}
        </SubmitButton>
      </Form>

      <h2>{t("Sent recently")}</h2>
      {d.sent.length ? (
        <AdminTable headings={[t("When"), t("To"), t("Title"), t("Message"), t("Admin")]}>
          {d.sent.map((n) => (
            <tr key={n.id}>
              <td>
                <time dateTime={n.at}>{when.format(new Date(n.at))}</time>
              </td>
              <td>
                {n.to === "all"
                  ? t("Everyone ({{count}} people)", { count: n.recipients })
                  : t("User #{{id}}", { id: n.user_id ?? "" })}
              </td>
              <td dir="auto">{n.title}</td>
              <td dir="auto">
                {n.body}
                {n.link ? (
                  <>
                    {" "}
                    <code dir="ltr">{n.link}</code>
                  </>
                ) : null}
              </td>
              <td dir="auto">{n.by}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("No notifications sent yet.")}</p>
      )}
    </section>
  );
}

function TextArea({
  meta,
  label,
  dir,
}: {
  meta: FieldMetadata<string> | FieldMetadata<string | undefined>;
  label: string;
  dir: "auto" | "rtl";
}) {
  const { t } = useTranslation();
  return (
    <div className="field" data-invalid={meta.errors ? true : undefined}>
      <label htmlFor={meta.id}>{label}</label>
      <textarea {...getTextareaProps(meta as FieldMetadata<string>)} rows={3} dir={dir} />
      <div id={meta.errorId} className="field__errors" aria-live="polite">
        {meta.errors?.map((e) => (
          <p key={e}>{t(e)}</p>
        ))}
      </div>
    </div>
  );
}
