import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/user";
import { api } from "~/lib/api.server";
import { getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { adminHeaders, adminOutcome, requireAdmin } from "~/modules/admin/admin.server";
import { AccountPill, VERIFICATION_LABELS } from "~/modules/admin/people";
import { ReasonForm } from "~/modules/admin/reason-form";
import { Refusal, refusalOf } from "~/modules/admin/refusal";
import { ActionNotice, StatusBadges } from "~/modules/listings/ui";
import { Money, TransactionStatus, Usage, METHOD_LABEL } from "~/modules/payments/ui";
import { AdminTable } from "~/modules/admin/ui";

/** The id in the address, or a 404 page for anything that is not one. */
function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const id = idOf(params);
  const res = await api("admin/user", { id }, { request, locale });
  if (res.error) throw new Response(res.message, { status: res.message === "User not found" ? 404 : 400 });
  return { ...res.data, title: res.data.user.name };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "User", noindex: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const id = idOf(params);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const opts = { request, locale };
  if (intent === "deactivate") {
    const reason = String(form.get("reason") ?? "");
    return adminOutcome(request, await api("admin/deactivate-user", { id, reason }, opts), {
      intent,
      id,
      reason,
    });
  }
  if (intent === "reactivate")
    return adminOutcome(request, await api("admin/reactivate-user", { id }, opts), { intent, id });
  if (intent === "photographer") {
    return adminOutcome(
      request,
      await api(
        "admin/set-photographer",
        { user_id: id, is_photographer: form.get("is_photographer") === "1" },
        opts,
      ),
      { intent, id },
    );
  }
  if (intent === "assign-package") {
    const chosen = String(form.get("package_id") ?? "");
    // Nothing chosen goes to the API as nothing, so its message ("Please choose a package") comes back.
    return adminOutcome(
      request,
      await api(
        "admin/assign-package",
        { user_id: id, package_id: chosen ? Number(chosen) : undefined },
        opts,
      ),
      { intent, id },
    );
  }
  return adminOutcome(request, { error: true, message: "Unknown action", data: null }, { intent, id });
}

export default function AdminUser({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const day = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  const u = d.user;
  const assignRefused = refusalOf(actionData, "assign-package", u.id);
  const packageErrors = assignRefused?.errors?.package_id;
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/users">{t("All users")}</Link>
      </p>
      <h1 dir="auto">
        {u.name} <AccountPill active={u.is_active} />
      </h1>
      <ActionNotice />

      <div className="admin-card">
        <h2>{t("Account")}</h2>
        {u.is_active ? (
          d.is_self ? (
            <p>{t("This is your own account. Another admin can deactivate it.")}</p>
          ) : (
            <>
              <p className="admin-page__lead">
                {t(
                  "They stay signed in and can read everything, but every change they try is refused, and their dashboard shows this reason.",
                )}
              </p>
              <ReasonForm
                intent="deactivate"
                id={u.id}
                title={u.name}
                summary={t("Deactivate this account")}
                label={t("Reason (the person sees it)")}
                button={t("Deactivate the account")}
                required
                refused={refusalOf(actionData, "deactivate", u.id) ?? undefined}
              />
            </>
          )
        ) : (
          <>
            <dl className="admin-detail">
              <dt>{t("Deactivated")}</dt>
              <dd>
                {u.deactivated_at ? (
                  <time dateTime={u.deactivated_at}>{when.format(new Date(u.deactivated_at))}</time>
                ) : (
                  "—"
                )}
              </dd>
              <dt>{t("Reason")}</dt>
              <dd dir="auto">{u.deactivated_reason ?? "—"}</dd>
            </dl>
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="reactivate" />
              <SubmitButton className="button button--small">{t("Reactivate the account")}</SubmitButton>
            </Form>
            <Refusal refused={refusalOf(actionData, "reactivate", u.id)} />
          </>
        )}
        <h3>{t("Photographer")}</h3>
        <p className="admin-page__lead">
          {u.is_photographer
            ? t("They can be assigned photo shoots and build those listings' virtual tours.")
            : t("Give the photographer role to assign them photo shoots.")}{" "}
          <Link to="/admin/photo-sessions">{t("Photo shoots")}</Link>
        </p>
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="photographer" />
          <input type="hidden" name="is_photographer" value={u.is_photographer ? "0" : "1"} />
          <SubmitButton
            className={u.is_photographer ? "button button--ghost button--small" : "button button--small"}
          >
            {u.is_photographer ? t("Remove the photographer role") : t("Make a photographer")}
          </SubmitButton>
        </Form>
        <Refusal refused={refusalOf(actionData, "photographer", u.id)} />
        <p>
          <Link to={`/admin/audit?target_type=user&target_id=${u.id}`}>
            {t("Changes made to this account")}
          </Link>
        </p>
      </div>

      <div className="admin-card">
        <h2>{t("Profile")}</h2>
        <dl className="admin-detail">
          <dt>{t("Email")}</dt>
          <dd dir="ltr">{u.email ?? "—"}</dd>
          <dt>{t("Phone")}</dt>
          <dd dir="ltr">{u.mobile ?? "—"}</dd>
          <dt>{t("Type")}</dt>
          <dd>{u.type}</dd>
          <dt>{t("Signed up with")}</dt>
          <dd>{u.logintype}</dd>
          <dt>{t("Verification")}</dt>
          <dd>{t(VERIFICATION_LABELS[u.verification_status])}</dd>
          <dt>{t("Address")}</dt>
          <dd dir="auto">{[u.address, u.city, u.state, u.country].filter(Boolean).join(", ") || "—"}</dd>
          <dt>{t("Joined")}</dt>
          <dd>
            <time dateTime={u.created_at}>{day.format(new Date(u.created_at))}</time>
          </dd>
        </dl>
      </div>

      <div className="admin-card">
        <h2>{t("Packages")}</h2>
        {d.packages.length ? (
          <AdminTable headings={[t("Package"), t("Valid until"), t("Features")]}>
            {d.packages.map((p) => (
              <tr key={p.id}>
                <td dir="auto">{p.name}</td>
                <td>
                  <time dateTime={p.end_at}>{day.format(new Date(p.end_at))}</time>
                </td>
                <td>
                  <ul className="admin-features">
                    {p.features.map((f) => (
                      <li key={f.type}>
                        {t(`feature_${f.type}`)}: <Usage total={f.total} used={f.used} />
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p className="empty-state">{t("No package at the moment.")}</p>
        )}
        <Form method="post" className="admin-filters">
          <input type="hidden" name="intent" value="assign-package" />
          <div className="field" data-invalid={packageErrors ? true : undefined}>
            <label htmlFor="assign-package">{t("Give a package")}</label>
            <select
              id="assign-package"
              name="package_id"
              defaultValue=""
              aria-invalid={packageErrors ? true : undefined}
              aria-describedby={packageErrors ? "assign-package-error" : undefined}
            >
              <option value="">{t("Choose a package")}</option>
              {d.offered.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.status ? p.name : t("{{name}} (retired)", { name: p.name })}
                </option>
              ))}
            </select>
            <div id="assign-package-error" className="field__errors" aria-live="polite">
              {packageErrors?.map((e: string) => (
                <p key={e}>{t(e)}</p>
              ))}
            </div>
          </div>
          <SubmitButton className="button button--small">{t("Give the package")}</SubmitButton>
        </Form>
        <Refusal refused={assignRefused} field="package_id" />
      </div>

      <div className="admin-card">
        <h2>
          {t("Properties")} <span className="admin-page__count">({d.properties.total})</span>
        </h2>
        <Listings rows={d.properties.rows} kind="property" />
        {d.properties.total > d.properties.rows.length ? (
          <p>
            <Link to={`/admin/properties?owner_id=${u.id}`}>{t("All their properties")}</Link>
          </p>
        ) : null}
      </div>

      <div className="admin-card">
        <h2>
          {t("Projects")} <span className="admin-page__count">({d.projects.total})</span>
        </h2>
        <Listings rows={d.projects.rows} kind="project" />
      </div>

      <div className="admin-card">
        <h2>{t("Latest payments")}</h2>
        {d.transactions.length ? (
          <AdminTable headings={[t("Date"), t("Package"), t("Amount"), t("Payment method"), t("Status")]}>
            {d.transactions.map((x) => (
              <tr key={x.id}>
                <td>
                  <time dateTime={x.created_at}>{when.format(new Date(x.created_at))}</time>
                </td>
                <td dir="auto">{x.package_name}</td>
                <td>
                  <Money minor={x.amount_minor} currency={x.currency} />
                </td>
                <td>{t(METHOD_LABEL[x.payment_gateway] ?? x.payment_gateway)}</td>
                <td>
                  <TransactionStatus status={x.status} />
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p className="empty-state">{t("No payments yet.")}</p>
        )}
      </div>
    </section>
  );
}

type Row =
  | Route.ComponentProps["loaderData"]["properties"]["rows"][number]
  | Route.ComponentProps["loaderData"]["projects"]["rows"][number];

function Listings({ rows, kind }: { rows: Row[]; kind: "property" | "project" }) {
  const { t } = useTranslation();
  if (!rows.length)
    return <p className="empty-state">{kind === "property" ? t("No properties.") : t("No projects.")}</p>;
  return (
    <ul className="admin-listings">
      {rows.map((r) => (
        <li key={r.id}>
          <Link
            to={kind === "property" ? `/properties-details/${r.slug_id}` : `/project-details/${r.slug_id}`}
            dir="auto"
          >
            {r.title}
          </Link>
          <StatusBadges
            request_status={r.request_status}
            status={r.status}
            property_status={"property_status" in r ? r.property_status : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
