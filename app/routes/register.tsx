import { useState } from "react";
import { data, Form, Link, redirect, useSubmit } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/lib/translate";
import type { Route } from "./+types/register";
import { registrationProfileSchema, registrationSchema } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer, startSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/modules/auth/form-errors";
import { addIdentityError, replyWithApiError } from "~/modules/auth/form.server";
import { useHref, useRoot } from "~/lib/use-root";
import { getRuntime } from "~server/runtime.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(localizePath(getLocale(context) as Locale, "/"));
  return { title: getI18n(context).t("Create an account") };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Register" }, { name: "robots", content: "noindex" }];
}

export async function action(args: Route.ActionArgs) {
  const result = await handleAction(args);
  // A refused form answers 400 with its messages; success is a redirect.
  return result instanceof Response ? result : data(result, { status: 400 });
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  const formData = await request.formData();
  const idToken = formData.get("idToken");
  const clientError = formData.get("clientError");
  // With JavaScript the browser already created the Firebase account: no password arrives here.
  const schema = typeof idToken === "string" || typeof clientError === "string" ? registrationProfileSchema : registrationSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password", "re_password"] });

  if (typeof clientError === "string") {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    addIdentityError(clientError, fieldErrors, formErrors);
    return submission.reply({ fieldErrors, formErrors });
  }

  let token: string;
  if (typeof idToken === "string") {
    const v = submission.value;
    const principal = await (await getRuntime()).auth.verify(idToken);
    if (!principal) return submission.reply({ formErrors: ["An error occurred. INVALID_ID_TOKEN"] });
    const res = await api("user_signup", { name: v.name, email: v.email, mobile: v.mobile, auth_id: principal.uid, logintype: "email" }, { token: idToken });
    if (res.error) {
      // The account exists in Firebase but has no profile: remove it so the person can try again.
      await (await getRuntime()).auth.adminAuth.deleteUser(principal.uid).catch(() => {});
      return replyWithApiError(submission, res);
    }
    token = idToken;
  } else {
    const res = await api("user-register", submission.value as Parameters<typeof api<"user-register">>[1]);
    if (res.error) return replyWithApiError(submission, res);
    token = res.data.token;
  }
  const cookie = await startSession(token);
  return redirectWithToast(localizePath(locale, "/"), { type: "success", message: "Welcome! Your account is ready" }, [cookie]);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { env } = useRoot();
  const submit = useSubmit();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    async onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setPending(true);
      const out = new FormData();
      for (const k of ["name", "email", "mobile"]) out.set(k, String(formData.get(k) ?? ""));
      try {
        const { registerForToken } = await import("~/modules/auth/firebase.client");
        out.set("idToken", await registerForToken(env.firebase, String(formData.get("email")), String(formData.get("password")), String(formData.get("name"))));
      } catch (e) {
        const { errorCode } = await import("~/modules/auth/firebase.client");
        out.set("clientError", errorCode(e));
      }
      setPending(false);
      await submit(out, { method: "post" });
    },
  });
  return (
    <section className="auth">
      <h1>{t("Create an account")}</h1>
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.name} label={t("Name")} autoComplete="name" />
        <Field meta={fields.email} label={t("Email")} type="email" autoComplete="email" inputMode="email" dir="ltr" />
        <Field meta={fields.mobile} label={t("Phone number")} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" />
        <Field meta={fields.password} label={t("Password")} type="password" autoComplete="new-password" />
        <Field meta={fields.re_password} label={t("Confirm password")} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t("Creating your account…") : t("Register")}
        </button>
      </Form>
      <p>
        {t("Already have an account?")} <Link to={href("/login")}>{t("Sign in")}</Link>
      </p>
    </section>
  );
}
