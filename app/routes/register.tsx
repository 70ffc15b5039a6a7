import { Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/lib/translate";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/register";
import { registrationProfileSchema, registrationSchema } from "~server/api/users/schema";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { localizePath } from "~/lib/i18n";
import { Field } from "~/components/field";
import { FormErrors } from "~/components/form-errors";
import { readIdentity, replyWithIdentityError, signedIn } from "~/modules/auth/form.server";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { useIdentitySubmit } from "~/modules/auth/use-identity-submit";
import { useRoot } from "~/lib/use-root";
import { honeypotRefusal } from "~/lib/honeypot.server";
import { HoneypotFields } from "~/components/honeypot-fields";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(localizePath(getLocale(context), "/"));
  return { title: getI18n(context).t("Create an account") };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Register", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  return formResponse(await handleAction(args));
}

async function handleAction({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const refused = await honeypotRefusal(formData);
  if (refused) return refused;
  const { idToken, clientError, viaBrowser } = readIdentity(formData);
  // With JavaScript the browser already created the Firebase account: no password arrives here.
  const submission = parseWithZod(formData, {
    schema: viaBrowser ? registrationProfileSchema : registrationSchema,
  });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password", "re_password"] });
  if (clientError) return replyWithIdentityError(submission, clientError);

  let token = idToken;
  if (token) {
    // The API makes the profile, and removes the new account again if the profile is refused.
    const res = await api(
      "user-register-profile",
      submission.value as Parameters<typeof api<"user-register-profile">>[1],
      { token },
    );
    // The API's 401: the browser's token is not a valid one of this project.
    if (res.error && res.message === "Unauthorized" && !res.errors)
      return submission.reply({ formErrors: ["An error occurred. INVALID_ID_TOKEN"] });
    if (res.error) return replyWithApiError(submission, res);
  } else {
    const res = await api("user-register", submission.value as Parameters<typeof api<"user-register">>[1]);
    if (res.error) return replyWithApiError(submission, res);
    token = res.data.token;
  }
  return signedIn(submission, getLocale(context), token, "Welcome! Your account is ready");
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { env } = useRoot();
  const { pending, onSubmit } = useIdentitySubmit(
    env.firebase,
    ["name", "email", "mobile"],
    async (config, formData) => {
      const { registerForToken } = await import("~/modules/auth/firebase.client");
      return registerForToken(
        config,
        String(formData.get("email")),
        String(formData.get("password")),
        String(formData.get("name")),
      );
    },
  );
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    onSubmit,
  });
  return (
    <section className="auth">
      <h1>{t("Create an account")}</h1>
      <Form method="post" {...getFormProps(form)} className="auth__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotFields />
        <Field meta={fields.name} label={t("Name")} autoComplete="name" />
        <Field
          meta={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
        />
        <Field
          meta={fields.mobile}
          label={t("Phone number")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
        />
        <Field meta={fields.password} label={t("Password")} type="password" autoComplete="new-password" />
        <Field
          meta={fields.re_password}
          label={t("Confirm password")}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton
          className="button button--block"
          pending={pending}
          pendingLabel={t("Creating your account…")}
        >
          {t("Register")}
        </SubmitButton>
      </Form>
      <p>
        {t("Already have an account?")} <Link to="/login">{t("Sign in")}</Link>
      </p>
    </section>
  );
}
