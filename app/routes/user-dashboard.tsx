import { Link } from "react-router";
import type { Route } from "./+types/user-dashboard";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { relativeTime } from "~/lib/format";
import { privateHeaders } from "~/modules/listings/owner.server";
import { StatusBadges } from "~/modules/listings/ui";
import { DeactivatedNotice } from "~/components/deactivated-notice";
import { Pagination } from "~/components/pagination";
import { pageFromSearch } from "~/lib/constants";
import { signedInStart } from "~/lib/route.server";

/** Listings per page of the leads table. */
const LEADS_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, viewer } = await signedInStart({ request, context });
  const leadsOffset = (pageFromSearch(new URL(request.url).searchParams) - 1) * LEADS_PAGE;
  const [res, notes, me] = await Promise.all([
    apiData("get-user-dashboard", { offset: leadsOffset, limit: LEADS_PAGE }, { request, locale }),
    apiData("get_notification_list", { offset: 0, limit: 1 }, { request, locale }),
    // The account's state: a deactivated person is told why here, before trying anything.
    api("get-profile", {}, { request, locale }),
  ]);
  const account = me.error
    ? { is_active: true, deactivated_reason: null }
    : { is_active: me.data.is_active, deactivated_reason: me.data.deactivated_reason };
  return {
    title: getI18n(context).t("Dashboard"),
    name: viewer.name ?? viewer.email ?? "",
    unread: notes.data.unread,
    account,
    leadsOffset,
    ...res.data,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Dashboard", noindex: true });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const { properties: p, projects: pj, recent, name } = loaderData;
  const link = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
  return (
    <section className="owner-page dashboard">
      <div className="owner-page__head">
        <div>
          <h1>{t("Dashboard")}</h1>
          {name ? <p dir="auto">{t("Welcome back, {{name}}", { name })}</p> : null}
        </div>
        <div className="dashboard__add">
          <Link to="/user/add-property" className="button button--small">
            {t("Add a property")}
          </Link>
          <Link to="/user/import" className="button button--ghost button--small">
            {t("Import a listing")}
          </Link>
          <Link to="/user/add-project" className="button button--ghost button--small">
            {t("Add a project")}
          </Link>
        </div>
      </div>
      <DeactivatedNotice account={loaderData.account} />

      <h2>{t("My properties")}</h2>
      <dl className="owner-stats dashboard__stats" aria-label={t("My properties")}>
        <Stat label={t("All properties")} value={p.total} to="/user/properties" />
        <Stat
          label={t("Public")}
          value={p.live}
          to={link("/user/properties", { request_status: "approved", status: "active" })}
        />
        <Stat
          label={t("Pending review")}
          value={p.pending}
          to={link("/user/properties", { request_status: "pending" })}
        />
        <Stat
          label={t("Rejected")}
          value={p.rejected}
          to={link("/user/properties", { request_status: "rejected" })}
        />
        <Stat
          label={t("Inactive")}
          value={p.inactive}
          to={link("/user/properties", { status: "inactive" })}
        />
        <Stat label={t("Sold")} value={p.sold} />
        <Stat label={t("Rented")} value={p.rented} />
        <Stat label={t("Total views")} value={p.views} />
        <Stat label={t("Favourites")} value={p.favourites} />
        <Stat label={t("Interested")} value={p.interested} />
      </dl>
      <p>
        <Link to="/user/properties">{t("Manage my properties")}</Link>
      </p>

      <h2>{t("My projects")}</h2>
      <dl className="owner-stats dashboard__stats" aria-label={t("My projects")}>
        <Stat label={t("All projects")} value={pj.total} to="/user/projects" />
        <Stat
          label={t("Public")}
          value={pj.live}
          to={link("/user/projects", { request_status: "approved", status: "active" })}
        />
        <Stat
          label={t("Pending review")}
          value={pj.pending}
          to={link("/user/projects", { request_status: "pending" })}
        />
        <Stat
          label={t("Rejected")}
          value={pj.rejected}
          to={link("/user/projects", { request_status: "rejected" })}
        />
        <Stat label={t("Inactive")} value={pj.inactive} to={link("/user/projects", { status: "inactive" })} />
      </dl>
      <p>
        <Link to="/user/projects">{t("Manage my projects")}</Link>
      </p>

      <Leads leads={loaderData.leads} offset={loaderData.leadsOffset} />

      <h2>{t("Packages and featured listings")}</h2>
      <ul className="dashboard__links">
        <li>
          <Link to="/user/notifications">
            {t("Notifications")}
            {loaderData.unread ? (
              <span className="badge badge--pending">
                {" "}
                {t("{{count}} unread", { count: loaderData.unread })}
              </span>
            ) : null}
          </Link>
        </li>
        <li>
          <Link to="/user/chat">{t("Messages")}</Link>
        </li>
        <li>
          <Link to="/user/favourites">{t("My favourites")}</Link>
        </li>
        <li>
          <Link to="/for-you">{t("For you")}</Link>
        </li>
        <li>
          <Link to="/user/preferences">{t("Your preferences")}</Link>
        </li>
        <li>
          <Link to="/user/saved-places">{t("My places")}</Link>
        </li>
        <li>
          <Link to="/user/saved-searches">{t("Saved searches")}</Link>
        </li>
        <li>
          <Link to="/user/photo-sessions">{t("Photo shoots")}</Link>
        </li>
        <li>
          <Link to="/user/subscriptions">{t("My subscriptions")}</Link>
        </li>
        <li>
          <Link to="/user/advertisement">{t("My advertisement")}</Link>
        </li>
        <li>
          <Link to="/user/transactions">{t("Transaction history")}</Link>
        </li>
        <li>
          <Link to="/subscription-plan">{t("Buy a package")}</Link>
        </li>
        <li>
          <Link to="/user/blocked">{t("People I blocked")}</Link>
        </li>
        <li>
          <Link to="/user/verification">{t("Agent verification")}</Link>
        </li>
      </ul>

      <h2>{t("Recent activity")}</h2>
      {recent.length === 0 ? (
        <p className="empty-state">{t("Nothing yet. Add a property to get started.")}</p>
      ) : (
        <ul className="owner-list owner-list--compact">
          {recent.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="owner-row">
              <div className="owner-row__body">
                <p className="owner-row__title">
                  {r.kind === "property" ? (
                    <Link to={`/my-property/${r.slug_id}`} dir="auto">
                      {r.title}
                    </Link>
                  ) : (
                    <Link to={link("/user/projects", { search: r.slug_id })} dir="auto">
                      {r.title}
                    </Link>
                  )}{" "}
                  <span className="badge badge--muted">
                    {r.kind === "property" ? t("Property") : t("Project")}
                  </span>
                </p>
                <StatusBadges
                  request_status={r.request_status}
                  status={r.status}
                  property_status={r.property_status ?? undefined}
                />
                <p className="owner-row__meta">
                  {t("Updated {{when}}", { when: relativeTime(r.updated_at, locale) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Leads (decision 023): per listing its views, the contact details people revealed (each person
 * once a day per listing and kind) and the conversations about it, a page at a time.
 */
function Leads({ leads, offset }: { leads: Route.ComponentProps["loaderData"]["leads"]; offset: number }) {
  const { t } = useTranslation();
  const n = (value: number | null) =>
    value === null ? (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("Not counted")}</span>
      </>
    ) : (
      value
    );
  return (
    <section aria-labelledby="leads-h" className="leads">
      <h2 id="leads-h">{t("Leads")}</h2>
      <p className="owner-row__meta">
        {t(
          "How many people viewed your listings, revealed your phone number, WhatsApp or email address, and started a conversation. A person counts once a day per listing and way of contact.",
        )}
      </p>
      <dl className="owner-stats dashboard__stats" aria-label={t("Contact details revealed")}>
        <Stat label={t("Phone")} value={leads.totals.phone} />
        <Stat label={t("WhatsApp")} value={leads.totals.whatsapp} />
        <Stat label={t("Email")} value={leads.totals.email} />
        <Stat label={t("All reveals")} value={leads.totals.total} />
        {leads.profile.total ? <Stat label={t("On your profile page")} value={leads.profile.total} /> : null}
      </dl>
      {leads.listings.length === 0 ? (
        <p className="empty-state">{t("No listings yet.")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table leads-table">
            <caption className="visually-hidden">{t("Leads by listing")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Listing")}</th>
                <th scope="col">{t("Views")}</th>
                <th scope="col">{t("Phone")}</th>
                <th scope="col">{t("WhatsApp")}</th>
                <th scope="col">{t("Email")}</th>
                <th scope="col">{t("Conversations")}</th>
              </tr>
            </thead>
            <tbody>
              {leads.listings.map((l) => (
                <tr key={`${l.kind}-${l.id}`}>
                  <th scope="row">
                    <Link
                      to={
                        l.kind === "property" ? `/my-property/${l.slug_id}` : `/project-details/${l.slug_id}`
                      }
                      dir="auto"
                    >
                      {l.title}
                    </Link>{" "}
                    <span className="badge badge--muted">
                      {l.kind === "property" ? t("Property") : t("Project")}
                    </span>
                  </th>
                  <td>{n(l.views)}</td>
                  <td>{l.reveals.phone}</td>
                  <td>{l.reveals.whatsapp}</td>
                  <td>{l.reveals.email}</td>
                  <td>{n(l.conversations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination total={leads.listings_total} offset={offset} limit={LEADS_PAGE} />
    </section>
  );
}

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div>
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
