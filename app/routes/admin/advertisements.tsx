import { Link, useActionData } from "react-router";
import type { Route } from "./+types/advertisements";
import { api, apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { IntentForm } from "~/components/intent-form";
import {
  adminForm,
  adminHeaders,
  adminOutcome,
  adminPage,
  oneOf,
  param,
  type AdminActionResult,
} from "~/modules/admin/admin.server";
import {
  AdminFilters,
  AdminTable,
  PersonCell,
  Pill,
  SearchFilter,
  SelectFilter,
  When,
} from "~/modules/admin/ui";
import { ActionNotice } from "~/modules/listings/ui";
import { ReasonForm } from "~/modules/admin/reason-form";

// Featured-listing requests: pending ones wait for a decision; approved ones run until their end
// date and then read "expired". Rejecting one (pending or running) needs a reason its owner reads.
const LIMIT = 20;
const STATUSES = ["pending", "approved", "rejected", "expired"] as const;
const KINDS = ["property", "project"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  // The page opens on the requests waiting for a decision; "all" shows every one.
  const shown = param(url, "status") === "all" ? "all" : (oneOf(STATUSES, param(url, "status")) ?? "pending");
  const filters = {
    status: shown,
    feature_for: oneOf(KINDS, param(url, "feature_for")),
    search: param(url, "search")?.slice(0, 100),
  };
  const res = await apiData(
    "admin/advertisements",
    { ...filters, status: shown === "all" ? undefined : shown, offset, limit },
    opts,
  );
  return { title: t("Featured listings"), rows: res.data, total: res.total ?? 0, offset, limit, filters };
}

export async function action(args: Route.ActionArgs) {
  const { form, intent, id, opts } = await adminForm(args);
  if (intent !== "approve" && intent !== "reject")
    return adminOutcome(args.request, { error: true, message: "Unknown action", data: null }, { intent });
  const reason = String(form.get("reason") ?? "");
  const res = await api(
    "admin/review-advertisement",
    { id, status: intent === "approve" ? "approved" : "rejected", reason },
    opts,
  );
  return adminOutcome(args.request, res, { intent, id, reason });
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Featured listings", noindex: true });
}

const STATUS_PILL = {
  pending: ["Pending review", "warn"],
  approved: ["Running", "ok"],
  rejected: ["Rejected", "bad"],
  expired: ["Expired", undefined],
} as const;

export default function AdminAdvertisements({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = useActionData<typeof action>() as AdminActionResult | undefined;
  const filtered = d.filters.status !== "pending" || Boolean(d.filters.feature_for || d.filters.search);
  return (
    <section className="admin-page">
      <h1>{t("Featured listings")}</h1>
      <p className="admin-page__lead">
        {t(
          "Requests to feature a listing. An approved request runs from its approval until its end date, when its package ends.",
        )}
      </p>
      <AdminFilters
        after={
          filtered ? (
            <Link to="/admin/advertisements" className="button button--small button--ghost">
              {t("Clear filters")}
            </Link>
          ) : null
        }
      >
        <SearchFilter
          id="ads-search"
          label={t("Search")}
          value={d.filters.search}
          placeholder={t("Listing title, owner name or email")}
        />
        <SelectFilter id="ads-status" name="status" label={t("Status")} value={d.filters.status}>
          <option value="pending">{t("Pending review")}</option>
          <option value="approved">{t("Running")}</option>
          <option value="rejected">{t("Rejected")}</option>
          <option value="expired">{t("Expired")}</option>
          <option value="all">{t("All")}</option>
        </SelectFilter>
        <SelectFilter
          id="ads-kind"
          name="feature_for"
          label={t("Listing type")}
          value={d.filters.feature_for}
        >
          <option value="">{t("All")}</option>
          <option value="property">{t("Property")}</option>
          <option value="project">{t("Project")}</option>
        </SelectFilter>
      </AdminFilters>
      <ActionNotice result={refused && !refused.errors?.reason ? refused : undefined} />
      <p className="admin-page__count">{t("{{count}} requests", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable
          className="admin-queue"
          headings={[
            t("Listing"),
            t("Owner"),
            t("Status"),
            t("Requested"),
            t("Starts"),
            t("Ends"),
            t("Actions"),
          ]}
        >
          {d.rows.map((r) => {
            const title = r.listing?.title ?? "—";
            return (
              <tr key={r.id} data-advertisement={r.id}>
                <td>
                  {r.listing?.is_public ? (
                    <Link to={r.listing.link} dir="auto">
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
                  <PersonCell name={r.owner.name} email={r.owner.email} emailClass="admin-queue__email" />
                </td>
                <td>
                  <Pill tone={STATUS_PILL[r.status][1]}>{t(STATUS_PILL[r.status][0])}</Pill>
                </td>
                <td>
                  <When iso={r.created_at} day />
                </td>
                <td>
                  {r.status === "approved" || r.status === "expired" ? <When iso={r.start_date} day /> : "—"}
                </td>
                <td>
                  <When iso={r.end_date} day />
                </td>
                <td className="admin-queue__actions">
                  <div className="admin-actions">
                    {r.status === "pending" ? (
                      <IntentForm intent="approve" id={r.id} about={title}>
                        {t("Approve")}
                      </IntentForm>
                    ) : null}
                    {r.status === "pending" || r.status === "approved" ? (
                      <ReasonForm
                        intent="reject"
                        id={r.id}
                        title={title}
                        summary={t("Reject")}
                        label={t("Why is it rejected? The owner reads this.")}
                        button={t("Reject")}
                        required
                        refused={refused}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="empty-state">
          {filtered ? t("No requests match these filters.") : t("No feature request waits for review.")}
        </p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
