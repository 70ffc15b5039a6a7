// "Delete my account" (decision 022): what goes and what stays, "Download my data" first, a typed
// confirmation, and a sign-in of the last few minutes. Every step is a plain form (no JavaScript needed).
import { Link, useActionData } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/user-profile-delete";
import { deleteAccountFormSchema, isFreshSignIn, LEAVE_MESSAGES } from "~server/api/users/leave-schema";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { endSession, requireViewer } from "~/lib/session.server";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translate";
import { useAddress } from "~/lib/use-root";
import { FormErrors } from "~/components/form-errors";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DeactivatedNotice } from "~/components/deactivated-notice";
import { pushTokenCookie } from "~/modules/push/token-cookie.server";
import { signedInStart } from "~/lib/route.server";

const PAGE = "/user/profile/delete";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, viewer } = await signedInStart({ request, context });
  const { data: profile } = await apiData("get-profile", {}, { request, locale });
  return {
    title: getI18n(context).t("Delete my account"),
    // Decided here, on the server: the button works only after a recent sign-in.
    fresh: isFreshSignIn(viewer.authTime),
    account: {
      name: profile.name,
      email: profile.email,
      is_active: profile.is_active,
      deactivated_reason: profile.deactivated_reason,
    },
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Delete my account", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  const viewer = await requireViewer(request, locale, { checkRevoked: true });
  const formData = await request.formData();

  // "Sign in again": this session ends, and the sign-in page (every method of it) comes back here.
  if (formData.get("intent") === "sign-in-again") {
    const cleared = await endSession(request);
    throw redirect(
      `${localizePath(locale, "/login")}?redirectTo=${encodeURIComponent(localizePath(locale, PAGE))}`,
      { headers: { "set-cookie": cleared } },
    );
  }

  const submission = parseWithZod(formData, { schema: deleteAccountFormSchema });
  if (submission.status !== "success") return formResponse(submission.reply());
  if (!isFreshSignIn(viewer.authTime))
    return formResponse(submission.reply({ formErrors: [LEAVE_MESSAGES.stale] }));
  const res = await api("delete_user", {}, { request, locale });
  if (res.error) return formResponse(replyWithApiError(submission, res));

  // Signed out here as on logout; the account behind the cookie no longer exists anyway.
  const cleared = await endSession(request);
  const forgetToken = await pushTokenCookie.serialize("", { maxAge: 0 });
  return redirectWithToast(
    localizePath(locale, "/"),
    { type: "success", message: LEAVE_MESSAGES.deleted, notice: true },
    [cleared, forgetToken],
  );
}

export default function DeleteAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { fresh, account } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountFormSchema }),
  });
  const confirm = fields.confirm;
  return (
    <section className="profile-page leave-page">
      <Breadcrumbs trail={[["/user/profile", t("My profile")]]} current={t("Delete my account")} />
      <h1>{t("Delete my account")}</h1>
      <DeactivatedNotice account={account} />
      <p>
        {t("This deletes the account of {{name}} for good. It cannot be undone.", { name: account.name })}
      </p>
      {account.email ? (
        <p>
          <bdi dir="ltr">{account.email}</bdi>
        </p>
      ) : null}

      <h2>{t("What is deleted")}</h2>
      <ul>
        <li>{t("Your profile, your profile photo and your sign-in")}</li>
        <li>
          {t("Your properties and projects, with their photos, documents, featured entries and statistics")}
        </li>
        <li>{t("Your favourites, interest in listings, notifications and blocked people")}</li>
        <li>{t("Your agent verification applications and their documents")}</li>
        <li>{t("The files you sent in chats")}</li>
      </ul>
      <h2>{t("What is kept")}</h2>
      <ul>
        <li>{t("Messages you sent stay in the other person's conversation, but read “Message deleted”")}</li>
        <li>{t("Payments are kept for the accounts, without your name, email address or phone number")}</li>
        <li>{t("Reports you made about listings stay, without your name")}</li>
      </ul>

      <h2>{t("Download my data")}</h2>
      <p>{t("Before you go, you can save a copy of everything we hold about you as a file.")}</p>
      <p>
        {/* A plain link: the browser saves the file, with or without JavaScript. */}
        <a className="button button--ghost" href={address("/user/profile/my-data")} download>
          {t("Download my data")}
        </a>
      </p>

      <h2>{t("Delete my account")}</h2>
      {fresh ? null : (
        <div className="notice notice--warning" role="status">
          <p>{t(LEAVE_MESSAGES.stale)}</p>
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="sign-in-again" />
            <SubmitButton className="button button--small">{t("Sign in again")}</SubmitButton>
          </Form>
        </div>
      )}
      <Form method="post" {...getFormProps(form)} className="leave-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="delete" />
        <div className="field" data-invalid={confirm.errors ? true : undefined}>
          <label htmlFor={confirm.id}>{t("To confirm, type DELETE")}</label>
          <input
            {...getInputProps(confirm, { type: "text" })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="auto"
          />
          <div id={confirm.errorId} className="field__errors" aria-live="polite">
            {confirm.errors?.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </div>
        </div>
        <p className="leave-form__actions">
          <SubmitButton className="button button--danger" disabled={!fresh}>
            {t("Delete my account for good")}
          </SubmitButton>{" "}
          <Link to="/user/profile">{t("Keep my account")}</Link>
        </p>
      </Form>
    </section>
  );
}
