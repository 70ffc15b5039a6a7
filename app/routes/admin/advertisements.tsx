import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/advertisements";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import type { Locale } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { adminHeaders, adminOutcome, pageOf, param, requireAdmin, type AdminActionResult } from "~/modules/admin/admin.server";
import { ActionNotice } from "~/modules/listings/ui";
import { ReasonForm } from "~/modules/admin/reason-form";

// Featured-listing requests: pending ones wait for a decision; approved ones run until their end
// date and then read "expired". Rejecting one (pending or running) needs a reason its owner reads.
const LIMIT = 20;
const STATUSES = ["pending", "approved", "rejected", "expired"] as const;
const KINDS = ["property", "project"] as const;
const pick = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => (list.includes(v as T) ? (v as T) : undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { offset, limit } = pageOf(url, LIMIT);
  // The page opens on the requests waiting for a decision; "all" shows every one.
  const shown = param(url, "status") === "all" ? "all" : (pick(STATUSES, param(url, "status")) ?? "pending");
  const filters = { status: shown, feature_for: pick(KINDS, param(url, "feature_for")), search: param(url, "search")?.slice(0, 100) };
  const res = await apiData("admin/advertisements", { ...filters, status: shown === "all" ? undefined : shown, offset, limit }, { request, locale });
  return { title: getI18n(context).t("Featured listings"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = getLocale(context) as Locale;
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  if (intent !== "approve" && intent !== "reject") return adminOutcome(request, { error: true, message: "Unknown action", data: null }, { intent });
  const res = await api("admin/review-advertisement", { id, status: intent === "approve" ? "approved" : "rejected", reason: String(form.get("reason") ?? "") }, { request, locale });
  return adminOutcome(request, res, { intent, id });
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Featured listings", noindex: true });
}

const STATUS_PILL = { pending: ["Pending review", "pill--warn"], approved: ["Running", "pill--ok"], rejected: ["Rejected", "pill--bad"], expired: ["Expired", ""] } as const;

export default function AdminAdvertisements({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale } = useRoot();
  const refused = useActionData<typeof action>() as AdminActionResult | undefined;
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  const date = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>;
  const filtered = d.filters.status !== "pending" || Boolean(d.filters.feature_for || d.filters.search);
  return (
    <section className="admin-page">
      <h1>{t("Featured listings")}</h1>
      <p className="admin-page__lead">{t("Requests to feature a listing. An approved request runs from its approval until its end date, when its package ends.")}</p>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="ads-search">{t("Search")}</label>
          <input id="ads-search" name="search" type="search" defaultValue={d.filters.search ?? ""} placeholder={t("Listing title, owner name or email")} />
        </div>
        <div className="field">
          <label htmlFor="ads-status">{t("Status")}</label>
          <select id="ads-status" name="status" defaultValue={d.filters.status}>
            <option value="pending">{t("Pending review")}</option>
            <option value="approved">{t("Running")}</option>
            <option value="rejected">{t("Rejected")}</option>
            <option value="expired">{t("Expired")}</option>
            <option value="all">{t("All")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="ads-kind">{t("Listing type")}</label>
          <select id="ads-kind" name="feature_for" defaultValue={d.filters.feature_for ?? ""}>
            <option value="">{t("All")}</option>
            <option value="property">{t("Property")}</option>
            <option value="project">{t("Project")}</option>
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
        {filtered ? (
          <Link to={href("/admin/advertisements")} className="button button--small button--ghost">
            {t("Clear filters")}
          </Link>
        ) : null}
      </Form>
      <ActionNotice result={refused && !refused.errors?.reason ? refused : undefined} />
      <p className="admin-page__count">{t("{{count}} requests", { count: d.total })}</p>
      {d.rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-queue">
            <thead>
              <tr>
                <th scope="col">{t("Listing")}</th>
                <th scope="col">{t("Owner")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Requested")}</th>
                <th scope="col">{t("Starts")}</th>
                <th scope="col">{t("Ends")}</th>
                <th scope="col">{t("Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => {
                const title = r.listing?.title ?? "—";
                return (
                  <tr key={r.id} data-advertisement={r.id}>
                    <td>
                      {r.listing?.is_public ? (
                        <Link to={href(r.listing.link)} dir="auto">
                          {title}
                        </Link>
                      ) : (
                        <strong dir="auto">{title}</strong>
                      )}
                      <br />
                      <small>{r.feature_for === "project" ? t("Project") : t("Property")}</small>
                      {r.reject_reason ? (
                        <p className="reject-reason">
                          <strong>{t("Reason for rejection")}:</strong> <span dir="auto">{r.reject_reason}</span>
                        </p>
                      ) : null}
                    </td>
                    <td>
                      <span dir="auto">{r.owner.name}</span>
                      <br />
                      <small dir="ltr" className="admin-queue__email">{r.owner.email ?? ""}</small>
                    </td>
                    <td>
                      <span className={`pill ${STATUS_PILL[r.status][1]}`}>{t(STATUS_PILL[r.status][0])}</span>
                    </td>
                    <td>{date(r.created_at)}</td>
                    <td>{r.status === "approved" || r.status === "expired" ? date(r.start_date) : "—"}</td>
                    <td>{date(r.end_date)}</td>
                    <td className="admin-queue__actions">
                      <div className="admin-actions">
                        {r.status === "pending" ? (
                          <Form method="post" className="inline-form">
                            <input type="hidden" name="intent" value="approve" />
                            <input type="hidden" name="id" value={r.id} />
                            <button type="submit" className="button button--small">
                              {t("Approve")}
                              <span className="visually-hidden"> – {title}</span>
                            </button>
                          </Form>
                        ) : null}
                        {r.status === "pending" || r.status === "approved" ? (
                          <ReasonForm intent="reject" id={r.id} title={title} summary={t("Reject")} label={t("Why is it rejected? The owner reads this.")} button={t("Reject")} required refused={refused} />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{filtered ? t("No requests match these filters.") : t("No feature request waits for review.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
