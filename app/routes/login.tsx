import { useState } from "react";
import { data, Form, Link, redirect, useSubmit } from "react-router";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/lib/translate";
import type { Route } from "./+types/login";
import { signInSchema } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer, startSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/modules/auth/form-errors";
import { addIdentityError, replyWithApiError } from "~/modules/auth/form.server";
import { useHref, useRoot } from "~/lib/use-root";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(localizePath(getLocale(context) as Locale, "/"));
  return { title: getI18n(context).t("Sign in") };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Sign in" }, { name: "robots", content: "noindex" }];
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
  const schema = typeof idToken === "string" || typeof clientError === "string" ? signInSchema.omit({ password: true }) : signInSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password"] });

  if (typeof clientError === "string") {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    addIdentityError(clientError, fieldErrors, formErrors);
    return submission.reply({ fieldErrors, formErrors });
  }
  let token: string;
  if (typeof idToken === "string") token = idToken;
  else {
    const v = submission.value as { email: string; password: string };
    const res = await api("user-login", { email: v.email, password: v.password });
    if (res.error) return replyWithApiError(submission, res);
    token = res.data.token;
  }
  let cookie: string;
  try {
    cookie = await startSession(token);
  } catch {
    return submission.reply({ formErrors: ["An error occurred. INVALID_ID_TOKEN"] });
  }
  return redirectWithToast(localizePath(locale, "/"), { type: "success", message: "You have signed in" }, [cookie]);
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { env } = useRoot();
  const submit = useSubmit();
  const [pending, setPending] = useState(false);
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    async onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setPending(true);
      const out = new FormData();
      out.set("email", String(formData.get("email") ?? ""));
      try {
        const { signInForToken } = await import("~/modules/auth/firebase.client");
        out.set("idToken", await signInForToken(env.firebase, String(formData.get("email")), String(formData.get("password"))));
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
      <h1>{t("Sign in")}</h1>
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.email} label={t("Email")} type="email" autoComplete="email" inputMode="email" dir="ltr" />
        <Field meta={fields.password} label={t("Password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--block" disabled={pending}>
          {pending ? t("Signing in…") : t("Sign in")}
        </button>
      </Form>
      <p>
        {t("New here?")} <Link to={href("/register")}>{t("Create an account")}</Link>
      </p>
    </section>
  );
}
