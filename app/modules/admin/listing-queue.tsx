// The property and project queues: filters as a GET form, one row per listing with the admin's
// decision, the owner's switch and the deal as separate pills (spec §4), and per row the forms to
// approve, reject with a reason, or switch the listing off or on. Every form works without JavaScript.
import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { Price } from "~/components/price";
import { Thumbnail } from "~/components/responsive-image";
import { ActionNotice } from "~/modules/listings/ui";
import type { AdminActionResult } from "./admin.server";
import type { queueLoader } from "./listing-queue.server";
import { ReasonForm } from "./reason-form";

type QueueData = Awaited<ReturnType<typeof queueLoader>>;
type Row = QueueData["rows"][number];

const REQUEST_PILL = { pending: ["Pending review", "pill--warn"], approved: ["Approved", "pill--ok"], rejected: ["Rejected", "pill--bad"] } as const;
const DEAL_PILL = { available: ["Available", ""], sold: ["Sold", "pill--warn"], rented: ["Rented", "pill--warn"] } as const;
const PROJECT_TYPE = { under_construction: "Under construction", upcoming: "Upcoming" } as Record<string, string>;

function Pill({ label, tone }: { label: string; tone: string }) {
  const { t } = useTranslation();
  return <span className={`pill ${tone}`}>{t(label)}</span>;
}

/** One small POST form with a hidden intent and id; the listing's title names the button for screen readers. */
function RowButton({ intent, id, label, about, ghost }: { intent: string; id: number; label: string; about: string; ghost?: boolean }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={`button button--small${ghost ? " button--ghost" : ""}`}>
        {label}
        <span className="visually-hidden"> – {about}</span>
      </button>
    </Form>
  );
}

function Actions({ row, refused }: { row: Row; refused?: AdminActionResult }) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      {row.request_status !== "approved" ? <RowButton intent="approve" id={row.id} label={t("Approve")} about={row.title} /> : null}
      {row.status === "inactive" ? <RowButton intent="activate" id={row.id} label={t("Activate")} about={row.title} ghost /> : null}
      {row.request_status !== "rejected" ? (
        <ReasonForm intent="reject" id={row.id} title={row.title} summary={t("Reject")} label={t("Why is it rejected? The owner reads this.")} button={t("Reject")} required refused={refused} />
      ) : null}
      {row.status === "active" ? (
        <ReasonForm intent="deactivate" id={row.id} title={row.title} summary={t("Deactivate")} label={t("Why is it switched off? (optional, the owner reads this)")} button={t("Deactivate")} required={false} refused={refused} />
      ) : null}
    </div>
  );
}

export function ListingQueue({ data: d, refused }: { data: QueueData; refused?: AdminActionResult }) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale } = useRoot();
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  const property = d.kind === "property";
  const path = property ? "/admin/properties" : "/admin/projects";
  // A refusal about a reason is shown on its field; anything else above the table.
  const general = refused && !refused.errors?.reason ? refused : undefined;
  const filtered = d.filters.request_status !== "pending" || Boolean(d.filters.status || d.filters.category_id || d.filters.owner_id || d.filters.search);
  return (
    <section className="admin-page">
      <h1>{property ? t("Properties") : t("Projects")}</h1>
      <p className="admin-page__lead">
        {property
          ? t("Approve new and edited properties, reject them with a reason the owner reads, or switch one off.")
          : t("Approve new and edited projects, reject them with a reason the developer reads, or switch one off.")}
      </p>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="queue-search">{t("Search")}</label>
          <input id="queue-search" name="search" type="search" defaultValue={d.filters.search ?? ""} placeholder={t("Title, slug, owner name or email")} />
        </div>
        <div className="field">
          <label htmlFor="queue-request">{t("Admin status")}</label>
          <select id="queue-request" name="request_status" defaultValue={d.filters.request_status}>
            <option value="pending">{t("Pending review")}</option>
            <option value="approved">{t("Approved")}</option>
            <option value="rejected">{t("Rejected")}</option>
            <option value="all">{t("All")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-status">{t("Listing status")}</label>
          <select id="queue-status" name="status" defaultValue={d.filters.status ?? ""}>
            <option value="">{t("All")}</option>
            <option value="active">{t("Active")}</option>
            <option value="inactive">{t("Inactive")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-category">{t("Category")}</label>
          <select id="queue-category" name="category_id" defaultValue={d.filters.category_id ?? ""}>
            <option value="">{t("All")}</option>
            {d.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.category}
              </option>
            ))}
          </select>
        </div>
        {d.filters.owner_id ? <input type="hidden" name="owner_id" value={d.filters.owner_id} /> : null}
        <button type="submit" className="button button--small">
          {t("Filter")}
        </button>
        {filtered ? (
          <Link to={href(path)} className="button button--small button--ghost">
            {t("Clear filters")}
          </Link>
        ) : null}
      </Form>
      <ActionNotice result={general} />
      <p className="admin-page__count">{t("{{count}} listings", { count: d.total })}</p>
      {d.rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-queue">
            <thead>
              <tr>
                <th scope="col">{property ? t("Property") : t("Project")}</th>
                <th scope="col">{t("Owner")}</th>
                {property ? <th scope="col">{t("Price")}</th> : <th scope="col">{t("Type")}</th>}
                <th scope="col">{t("Admin status")}</th>
                <th scope="col">{t("Listing status")}</th>
                {property ? <th scope="col">{t("Property status")}</th> : null}
                <th scope="col">{t("Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} data-listing={r.id}>
                  <td>
                    <div className="admin-listing">
                      {r.image ? <Thumbnail image={r.image} width={72} height={54} /> : null}
                      <div>
                        {r.is_public ? (
                          <Link to={href(r.link)} dir="auto">
                            {r.title}
                          </Link>
                        ) : (
                          <strong dir="auto">{r.title}</strong>
                        )}
                        <br />
                        <small>
                          {r.category.category} · <span dir="auto">{r.city}</span> · <time dateTime={r.created_at}>{when.format(new Date(r.created_at))}</time>
                        </small>
                        {r.reject_reason ? (
                          <p className="reject-reason">
                            <strong>{t("Reason for rejection")}:</strong> <span dir="auto">{r.reject_reason}</span>
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
                    <Link to={`${href(path)}?request_status=all&owner_id=${r.owner.id}`} dir="auto" title={t("This owner's listings")}>
                      {r.owner.name}
                    </Link>
                    <br />
                    <small dir="ltr" className="admin-queue__email">{r.owner.email ?? ""}</small>
                  </td>
                  <td>{property ? r.price !== null ? <Price amount={r.price} /> : "—" : t(PROJECT_TYPE[r.project_type ?? ""] ?? "—")}</td>
                  <td>
                    <Pill label={REQUEST_PILL[r.request_status][0]} tone={REQUEST_PILL[r.request_status][1]} />
                  </td>
                  <td>{r.status === "active" ? <Pill label="Active" tone="pill--ok" /> : <Pill label="Inactive" tone="" />}</td>
                  {property ? <td>{r.property_status ? <Pill label={DEAL_PILL[r.property_status][0]} tone={DEAL_PILL[r.property_status][1]} /> : null}</td> : null}
                  <td className="admin-queue__actions">
                    <Actions row={r} refused={refused} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{d.filters.request_status === "pending" && !filtered ? t("Nothing waits for review.") : t("No listings match these filters.")}</p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </section>
  );
}
