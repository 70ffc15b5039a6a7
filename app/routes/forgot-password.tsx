// Forgot password: the provider mails a reset link. The page answers the same whether or not the
// address has an account, so nobody can learn who has one.
import { Link, useSearchParams } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";
import { email } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

const schema = z.object({ email });

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("Forgot password") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Forgot password", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  return formResponse(await handleAction(args));
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return refused;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return submission.reply();
  // After resetting on the provider's page, "Continue" comes back to our sign-in page.
  const res = await api(
    "forgot-password",
    { email: submission.value.email, continue_path: localizePath(locale, "/login") },
    { request },
  );
  if (res.error) return replyWithApiError(submission, res);
  return redirect(`${localizePath(locale, "/forgot-password")}?sent=1`);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = useSearchParams()[0].get("sent") === "1";
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <section className="auth">
      <h1>{t("Forgot password")}</h1>
      {sent ? (
        <p className="notice" role="status">
          {t("If an account exists for this email, we have sent a link to reset the password")}
        </p>
      ) : (
        <p>{t("Enter the email you signed up with and we will send you a link to choose a new password.")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotFields />
        <Field
          meta={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
        />
        <SubmitButton className="button button--block" pendingLabel={t("Sending…")}>
          {sent ? t("Send the link again") : t("Send reset link")}
        </SubmitButton>
      </Form>
      <p>
        <Link to="/login">{t("Back to sign in")}</Link>
      </p>
    </section>
  );
}
