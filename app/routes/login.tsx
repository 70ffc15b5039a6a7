import { Link, useSearchParams } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/login";
import { signInSchema } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { readIdentity, replyWithIdentityError, safeRedirect, signedIn } from "~/modules/auth/form.server";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { useIdentitySubmit } from "~/modules/auth/use-identity-submit";
import { useRoot } from "~/lib/use-root";
import { GoogleButton, SignInMethods } from "~/modules/auth/sign-in-methods";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) {
    const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
    throw redirect(to ?? localizePath(getLocale(context), "/"));
  }
  return { title: getI18n(context).t("Sign in") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Sign in", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  return formResponse(await handleAction(args));
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return refused;
  const { idToken, clientError, viaBrowser } = readIdentity(formData);
  const submission = parseWithZod(formData, {
    schema: viaBrowser ? signInSchema.omit({ password: true }) : signInSchema,
  });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password"] });
  if (clientError) return replyWithIdentityError(submission, clientError);
  let token = idToken;
  if (!token) {
    const v = submission.value as { email: string; password: string };
    const res = await api("user-login", { email: v.email, password: v.password });
    if (res.error) return replyWithApiError(submission, res);
    token = res.data.token;
  }
  return signedIn(
    submission,
    getLocale(context),
    token,
    "You have signed in",
    safeRedirect(formData.get("redirectTo")),
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { env } = useRoot();
  // A page that needed sign-in sent the visitor here; they go back there afterwards.
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const { pending, onSubmit } = useIdentitySubmit(
    env.firebase,
    ["email", "redirectTo"],
    async (config, formData) => {
      const { signInForToken } = await import("~/modules/auth/firebase.client");
      return signInForToken(config, String(formData.get("email")), String(formData.get("password")));
    },
  );
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    onSubmit,
  });
  return (
    <section className="auth">
      <h1>{t("Sign in")}</h1>
      <SignInMethods redirectTo={redirectTo || undefined} />
      {params.get("reset") === "1" ? (
        <p className="notice" role="status">
          {t("Your password has been changed. You can sign in with it now")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotFields />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          meta={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
        />
        <Field meta={fields.password} label={t("Password")} type="password" autoComplete="current-password" />
        <SubmitButton className="button button--block" pending={pending} pendingLabel={t("Signing in…")}>
          {t("Sign in")}
        </SubmitButton>
        <p className="auth__aside">
          <Link to="/forgot-password">{t("Forgot password?")}</Link>
        </p>
      </Form>
      <p className="auth__or">{t("or")}</p>
      <GoogleButton redirectTo={redirectTo || undefined} />
      <p>
        {t("New here?")} <Link to="/register">{t("Create an account")}</Link>
      </p>
    </section>
  );
}
