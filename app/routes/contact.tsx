import { useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { contactSchema } from "~server/api/contact/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath } from "~/lib/i18n";
import { useRoot } from "~/lib/use-root";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

export async function loader({ context, request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { title: getI18n(context).t("Contact us"), sent };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Contact us",
    description: "Questions about a listing, your account or advertising: write to us.",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return formResponse(refused);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  const res = await api("contct_us", submission.value, { request, locale: getLocale(context) });
  if (res.error) return formResponse(replyWithApiError(submission, res));
  return redirectWithToast(`${localizePath(getLocale(context), "/contact")}?sent=1`, {
    type: "success",
    message: res.message,
  });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = useRoot();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  return (
    <section className="auth contact">
      <h1>{t("Contact us")}</h1>
      {loaderData.sent ? (
        <p className="notice" role="status">
          {t("Thank you! Your message has been sent.")}
        </p>
      ) : (
        <p>
          {t(
            "Questions about a listing, your account or advertising? Write to us and we will answer by email.",
          )}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotFields />
        <div className="field-row">
          <Field meta={fields.first_name} label={t("First name")} autoComplete="given-name" />
          <Field meta={fields.last_name} label={t("Last name")} autoComplete="family-name" />
        </div>
        <Field
          meta={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
        />
        <Field meta={fields.subject} label={t("Subject")} />
        <div className="field" data-invalid={fields.message.errors ? true : undefined}>
          <label htmlFor={fields.message.id}>{t("Message")}</label>
          <textarea {...getTextareaProps(fields.message)} rows={6} />
          <div id={fields.message.errorId} className="field__errors" aria-live="polite">
            {fields.message.errors?.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </div>
        </div>
        <SubmitButton className="button button--block" pendingLabel={t("Sending…")}>
          {t("Send message")}
        </SubmitButton>
      </Form>
      <p className="contact__company">{settings.company_name}</p>
    </section>
  );
}
