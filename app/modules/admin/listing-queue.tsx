// The property and project queues: filters as a GET form, one row per listing with the admin's
// decision, the owner's switch and the deal as separate pills (spec §4), and per row the forms to
// approve, reject with a reason, or switch the listing off or on. Every form works without JavaScript.
import { Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { IntentForm } from "~/components/intent-form";
import { Price } from "~/components/price";
import { Thumbnail } from "~/components/responsive-image";
import { ActionNotice } from "~/modules/listings/ui";
import type { AdminActionResult } from "./admin.server";
import type { queueLoader } from "./listing-queue.server";
import { ReasonForm } from "./reason-form";
import { AdminFilters, AdminTable, Pill, SearchFilter, SelectFilter, When } from "./ui";

type QueueData = Awaited<ReturnType<typeof queueLoader>>;
type Row = QueueData["rows"][number];

const REQUEST_PILL = {
  pending: ["Pending review", "warn"],
  approved: ["Approved", "ok"],
  rejected: ["Rejected", "bad"],
} as const;
const DEAL_PILL = {
  available: ["Available", undefined],
  sold: ["Sold", "warn"],
  rented: ["Rented", "warn"],
} as const;
const PROJECT_TYPE = { under_construction: "Under construction", upcoming: "Upcoming" } as Record<
  string,
  string
>;

function Actions({ row, refused }: { row: Row; refused?: AdminActionResult }) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      {row.request_status !== "approved" ? (
        <IntentForm intent="approve" id={row.id} about={row.title}>
          {t("Approve")}
        </IntentForm>
      ) : null}
      {row.status === "inactive" ? (
        <IntentForm
          intent="activate"
          id={row.id}
          about={row.title}
          className="button button--small button--ghost"
        >
          {t("Activate")}
        </IntentForm>
      ) : null}
      {row.request_status !== "rejected" ? (
        <ReasonForm
          intent="reject"
          id={row.id}
          title={row.title}
          summary={t("Reject")}
          label={t("Why is it rejected? The owner reads this.")}
          button={t("Reject")}
          required
          refused={refused}
        />
      ) : null}
      {row.status === "active" ? (
        <ReasonForm
          intent="deactivate"
          id={row.id}
          title={row.title}
          summary={t("Deactivate")}
          label={t("Why is it switched off? (optional, the owner reads this)")}
          button={t("Deactivate")}
          required={false}
          refused={refused}
        />
      ) : null}
    </div>
  );
}

export function ListingQueue({ data: d, refused }: { data: QueueData; refused?: AdminActionResult }) {
  const { t } = useTranslation();
  const property = d.kind === "property";
  const path = property ? "/admin/properties" : "/admin/projects";
  // A refusal about a reason is shown on its field; anything else above the table.
  const general = refused && !refused.errors?.reason ? refused : undefined;
  const filtered =
    d.filters.request_status !== "pending" ||
    Boolean(d.filters.status || d.filters.category_id || d.filters.owner_id || d.filters.search);
  return (
    <section className="admin-page">
      <h1>{property ? t("Properties") : t("Projects")}</h1>
      <p className="admin-page__lead">
        {property
          ? t(
              "Approve new and edited properties, reject them with a reason the owner reads, or switch one off.",
            )
          : t(
              "Approve new and edited projects, reject them with a reason the developer reads, or switch one off.",
            )}
      </p>
      <AdminFilters
        after={
          filtered ? (
            <Link to={path} className="button button--small button--ghost">
              {t("Clear filters")}
            </Link>
          ) : null
        }
      >
        <SearchFilter
          id="queue-search"
          label={t("Search")}
          value={d.filters.search}
          placeholder={t("Title, slug, owner name or email")}
        />
        <SelectFilter
          id="queue-request"
          name="request_status"
          label={t("Admin status")}
          value={d.filters.request_status}
        >
          <option value="pending">{t("Pending review")}</option>
          <option value="approved">{t("Approved")}</option>
          <option value="rejected">{t("Rejected")}</option>
          <option value="all">{t("All")}</option>
        </SelectFilter>
        <SelectFilter id="queue-status" name="status" label={t("Listing status")} value={d.filters.status}>
          <option value="">{t("All")}</option>
          <option value="active">{t("Active")}</option>
          <option value="inactive">{t("Inactive")}</option>
        </SelectFilter>
        <SelectFilter
          id="queue-category"
          name="category_id"
          label={t("Category")}
          value={d.filters.category_id}
        >
          <option value="">{t("All")}</option>
          {d.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.category}
            </option>
          ))}
        </SelectFilter>
        {d.filters.owner_id ? <input type="hidden" name="owner_id" value={d.filters.owner_id} /> : null}
      </AdminFilters>
      <ActionNotice result={general} />
      <p className="admin-page__count">{t("{{count}} listings", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable
          className="admin-queue"
          headings={[
            property ? t("Property") : t("Project"),
            t("Owner"),
            property ? t("Price") : t("Type"),
            t("Admin status"),
            t("Listing status"),
            ...(property ? [t("Property status")] : []),
            t("Actions"),
          ]}
        >
          {d.rows.map((r) => (
            <tr key={r.id} data-listing={r.id}>
              <td>
                <div className="admin-listing">
                  {r.image ? <Thumbnail image={r.image} width={72} height={54} /> : null}
                  <div>
                    {r.is_public ? (
                      <Link to={r.link} dir="auto">
                        {r.title}
                      </Link>
                    ) : (
                      <strong dir="auto">{r.title}</strong>
                    )}
                    <br />
                    <small>
                      {r.category.category} · <span dir="auto">{r.city}</span> ·{" "}
                      <When iso={r.created_at} day />
                    </small>
                    {r.reject_reason ? (
                      <p className="reject-reason">
                        <strong>{t("Reason for rejection")}:</strong>{" "}
                        <span dir="auto">{r.reject_reason}</span>
                      </p>
                    ) : null}
                    <details>
                      <summary>{t("Description")}</summary>
                      <p dir="auto" className="admin-listing__text">
                        {r.description}
                      </p>
                    </details>
                  </div>
                </div>
              </td>
              <td>
                <Link
                  to={`${path}?request_status=all&owner_id=${r.owner.id}`}
                  dir="auto"
                  title={t("This owner's listings")}
                >
                  {r.owner.name}
                </Link>
                <br />
                <small dir="ltr" className="admin-queue__email">
                  {r.owner.email ?? ""}
                </small>
              </td>
              <td>
                {property ? (
                  r.price !== null ? (
                    <Price amount={r.price} />
                  ) : (
                    "—"
                  )
                ) : (
                  t(PROJECT_TYPE[r.project_type ?? ""] ?? "—")
                )}
              </td>
              <td>
                <Pill tone={REQUEST_PILL[r.request_status][1]}>{t(REQUEST_PILL[r.request_status][0])}</Pill>
              </td>
              <td>
                {r.status === "active" ? <Pill tone="ok">{t("Active")}</Pill> : <Pill>{t("Inactive")}</Pill>}
              </td>
              {property ? (
                <td>
                  {r.property_status ? (
                    <Pill tone={DEAL_PILL[r.property_status][1]}>{t(DEAL_PILL[r.property_status][0])}</Pill>
                  ) : null}
                </td>
              ) : null}
              <td className="admin-queue__actions">
                <Actions row={r} refused={refused} />
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">
          {d.filters.request_status === "pending" && !filtered
            ? t("Nothing waits for review.")
            : t("No listings match these filters.")}
        </p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
