import { Fragment } from "react";
import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/verification";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useAddress, useRoot } from "~/lib/use-root";
import { agentPath } from "~/components/agent-card";
import {
  adminHeaders,
  adminOutcome,
  requireAdmin,
  type AdminActionResult,
} from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";

const STATUS_LABEL = {
  pending: "Waiting for a decision",
  success: "Verified",
  failed: "Verification Failed",
  initial: "Not applied yet",
} as const;

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) throw new Response("Not found", { status: 404 });
  return id;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const res = await api("admin/verification", { id: idOf(params.id) }, { request, locale });
  if (res.error) throw new Response("Not found", { status: 404 });
  return { application: res.data };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.application.user.name ?? "Agent verification",
    noindex: true,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const id = idOf(params.id);
  const form = await request.formData();
  const status = form.get("status") === "success" ? "success" : "failed";
  const res = await api(
    "admin/decide-verification",
    { id, status, reason: status === "failed" ? String(form.get("reason") ?? "") : undefined },
    { request, locale },
  );
  return adminOutcome(request, res, { intent: status, id });
}

export default function AdminVerification({
  loaderData: { application: a },
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation();
  const address = useAddress();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const refused = actionData as AdminActionResult | undefined;
  const reasonError = refused?.intent === "failed" ? (refused.errors?.reason?.[0] ?? null) : null;
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/verifications">{t("Agent verification")}</Link>
      </p>
      <h1 dir="auto">{a.user.name}</h1>
      {/* A refusal about the reason shows on its field; anything else (decided meanwhile) here. */}
      <ActionNotice result={refused && !reasonError ? refused : undefined} />
      <dl className="admin-detail">
        <dt>{t("Email")}</dt>
        <dd dir="ltr">{a.user.email ?? "—"}</dd>
        <dt>{t("Phone number")}</dt>
        <dd dir="ltr">{a.user.mobile ?? "—"}</dd>
        <dt>{t("Applied")}</dt>
        <dd>
          <time dateTime={a.created_at}>{when.format(new Date(a.created_at))}</time>
        </dd>
        <dt>{t("Status")}</dt>
        <dd>
          <span
            className={`pill ${a.status === "success" ? "pill--ok" : a.status === "failed" ? "pill--bad" : "pill--warn"}`}
          >
            {t(STATUS_LABEL[a.status])}
          </span>
          {a.decided_at ? (
            <>
              {" "}
              {t("Decided {{when}}", { when: when.format(new Date(a.decided_at)) })}
              {a.decided_by ? ` · ${a.decided_by}` : ""}
            </>
          ) : null}
        </dd>
        {a.reason ? (
          <>
            <dt>{t("Reason")}</dt>
            <dd dir="auto">{a.reason}</dd>
          </>
        ) : null}
        <dt>{t("Public page")}</dt>
        <dd>
          <Link to={agentPath(a.user)}>{agentPath(a.user)}</Link>
        </dd>
      </dl>
      {!a.latest ? (
        <p className="notice">{t("This person has applied again since: this application is history.")}</p>
      ) : null}

      <div className="admin-card">
        <h2>{t("Answers")}</h2>
        <dl className="admin-detail">
          {a.answers.map((q) => (
            <Fragment key={q.id}>
              <dt dir="auto">{q.name}</dt>
              <dd dir="auto">
                {q.file ? (
                  <a href={address(`/user/verification/file/${q.file.id}`)} target="_blank" rel="noopener">
                    {q.file.name}
                  </a>
                ) : Array.isArray(q.label) ? (
                  q.label.join(", ")
                ) : (
                  (q.label ?? "—")
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      </div>

      {a.status === "pending" && a.latest ? (
        <div className="admin-card admin-actions">
          <Form method="post">
            <input type="hidden" name="status" value="success" />
            <SubmitButton className="button">{t("Approve: verified agent")}</SubmitButton>
          </Form>
          <details open={Boolean(reasonError)}>
            <summary>{t("Turn down")}</summary>
            <Form method="post" className="admin-reason-form">
              <input type="hidden" name="status" value="failed" />
              <label htmlFor="verification-reason">
                {t("Why is it turned down? The applicant reads this.")}
              </label>
              <textarea
                id="verification-reason"
                name="reason"
                rows={3}
                required
                maxLength={1000}
                dir="auto"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? "verification-reason-error" : undefined}
              />
              <div id="verification-reason-error" className="field__errors" aria-live="polite">
                {reasonError ? <p>{t(reasonError)}</p> : null}
              </div>
              <SubmitButton className="button button--small">{t("Turn down the application")}</SubmitButton>
            </Form>
          </details>
        </div>
      ) : null}
    </section>
  );
}
