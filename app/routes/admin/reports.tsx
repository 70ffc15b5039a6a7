import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/reports";
import { api, apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { IntentForm } from "~/components/intent-form";
import { adminForm, adminHeaders, adminOutcome, adminPage, oneOf, param } from "~/modules/admin/admin.server";
import { AdminFilters, AdminTable, Pill, SearchFilter, SelectFilter, When } from "~/modules/admin/ui";
import { ReasonForm } from "~/modules/admin/reason-form";
import { Refusal, refusalOf } from "~/modules/admin/refusal";
import { ActionNotice } from "~/modules/listings/ui";
import { agentPath } from "~/components/agent-card";

// Two views of what people send the team: reports of listings, people and the team (the queue), and
// the inbox of contact messages and blocks of the team (?view=inbox). One page, so the side menu's
// Reports leads to both.
const LIMIT = 30;
/** As many as admin/inbox sends of the blocks at once. */
const BLOCKS_PER_PAGE = 30;
const REPORT_FILTERS = ["open", "dismissed", "actioned", "all"] as const;
const TARGET_FILTERS = ["all", "property", "user", "admin"] as const;
const MESSAGE_FILTERS = ["new", "handled", "all"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  if (param(url, "view") === "inbox") {
    const status = oneOf(MESSAGE_FILTERS, param(url, "status")) ?? "new";
    // The blocks list keeps its own page (bpage), so paging one list leaves the other where it was.
    const bpage = Math.min(Math.max(Math.trunc(Number(param(url, "bpage") ?? "1")) || 1, 1), 10_000);
    const res = await apiData(
      "admin/inbox",
      { status, offset, limit, blocks_offset: (bpage - 1) * BLOCKS_PER_PAGE },
      opts,
    );
    return { view: "inbox" as const, title: t("Inbox"), status, offset, limit, inbox: res.data };
  }
  const status = oneOf(REPORT_FILTERS, param(url, "status")) ?? "open";
  const target = oneOf(TARGET_FILTERS, param(url, "target")) ?? "all";
  const search = param(url, "search")?.slice(0, 100);
  const res = await apiData("admin/reports", { status, target, search, offset, limit }, opts);
  return {
    view: "reports" as const,
    title: t("Reports"),
    status,
    target,
    search,
    offset,
    limit,
    reports: res.data,
    total: res.total ?? 0,
  };
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Reports", noindex: true });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { form, intent, id, opts } = await adminForm(args);
  if (intent === "message-status") {
    const status = String(form.get("status") ?? "") as "new" | "handled";
    return adminOutcome(request, await api("admin/contact-message-status", { id, status }, opts), {
      intent,
      id,
    });
  }
  const reason = String(form.get("reason") ?? "").trim() || undefined;
  const res = await api("admin/resolve-report", { id, action: intent as "dismiss", reason }, opts);
  return adminOutcome(request, res, { intent, id, reason });
}

const RESOLUTION_LABEL: Record<string, string> = {
  dismiss: "Dismissed",
  deactivate_listing: "Listing switched off",
  deactivate_owner: "Owner deactivated",
  deactivate_user: "Account deactivated",
};

export default function AdminReports({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <h1>{d.view === "inbox" ? t("Inbox") : t("Reports")}</h1>
      <nav className="admin-tabs" aria-label={t("Reports and inbox")}>
        <Link to="/admin/reports" aria-current={d.view === "reports" ? "page" : undefined}>
          {t("Reports")}
        </Link>
        <Link to="/admin/reports?view=inbox" aria-current={d.view === "inbox" ? "page" : undefined}>
          {t("Inbox")}
          {d.view === "inbox" && d.inbox.new_messages ? (
            <span className="badge">{d.inbox.new_messages}</span>
          ) : null}
        </Link>
      </nav>
      <ActionNotice />
      {d.view === "inbox" ? <Inbox d={d} result={actionData} /> : <Queue d={d} result={actionData} />}
    </section>
  );
}

type Data = Route.ComponentProps["loaderData"];

function Queue({ d, result }: { d: Extract<Data, { view: "reports" }>; result: unknown }) {
  const { t } = useTranslation();
  const labels: Record<(typeof REPORT_FILTERS)[number], string> = {
    open: t("Open"),
    dismissed: t("Dismissed"),
    actioned: t("Actioned"),
    all: t("All"),
  };
  const targets: Record<(typeof TARGET_FILTERS)[number], string> = {
    all: t("All"),
    property: t("Listings"),
    user: t("People"),
    admin: t("The marketplace team"),
  };
  return (
    <>
      <p className="admin-page__lead">
        {t(
          "Listings, people and the team that people reported. Dismiss a report when nothing is wrong; switching a listing, its owner or a reported person off answers every open report of that listing or person. A deactivated account keeps its listings but can change nothing until an admin reactivates it.",
        )}
      </p>
      <AdminFilters>
        <SearchFilter id="reports-search" label={t("Listing, person or reporter")} value={d.search} />
        <SelectFilter id="reports-target" name="target" label={t("About")} value={d.target}>
          {TARGET_FILTERS.map((s) => (
            <option key={s} value={s}>
              {targets[s]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter id="reports-status" name="status" label={t("Status")} value={d.status}>
          {REPORT_FILTERS.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </SelectFilter>
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} reports", { count: d.total })}</p>
      {d.reports.length ? (
        <AdminTable
          headings={[t("Reported"), t("About"), t("Account"), t("Reason"), t("Reported by"), t("Decision")]}
        >
          {d.reports.map((r) => (
            <tr key={r.id} data-report={r.id}>
              <td>
                <When iso={r.created_at} />
              </td>
              <td>
                {r.listing ? (
                  <>
                    <Link to={`/properties-details/${r.listing.slug_id}`} dir="auto">
                      {r.listing.title}
                    </Link>{" "}
                    <Pill tone={r.listing.status === "active" ? "ok" : "bad"}>
                      {r.listing.status === "active" ? t("Active") : t("Inactive")}
                    </Pill>
                  </>
                ) : r.person ? (
                  <>
                    {/* The public page exists while the account is on; a switched-off one has only its console page. */}
                    {r.person.is_active ? (
                      <Link to={agentPath(r.person)} dir="auto">
                        {r.person.name}
                      </Link>
                    ) : (
                      <span dir="auto">{r.person.name}</span>
                    )}{" "}
                    <Pill>{t("Person")}</Pill>
                  </>
                ) : (
                  <Pill tone="warn">{t("The marketplace team")}</Pill>
                )}
                {r.open_for_target > 1 ? (
                  <div className="admin-page__count">
                    {r.listing
                      ? t("{{count}} open reports of this listing", { count: r.open_for_target })
                      : r.person
                        ? t("{{count}} open reports of this person", { count: r.open_for_target })
                        : t("{{count}} open reports of the team", { count: r.open_for_target })}
                  </div>
                ) : null}
              </td>
              <td>
                {r.listing || r.person ? <AccountCell who={r.listing ? r.listing.owner : r.person!} /> : "—"}
              </td>
              <td dir="auto">{r.reason ?? r.other_message}</td>
              <td>
                <Link to={`/admin/users/${r.reporter.id}`} dir="auto">
                  {r.reporter.name}
                </Link>
                <div dir="ltr">{r.reporter.email}</div>
              </td>
              <td>
                {r.status === "open" ? (
                  <Decide report={r} result={result} />
                ) : (
                  <>
                    <Pill tone={r.status === "dismissed" ? undefined : "warn"}>
                      {t(RESOLUTION_LABEL[r.resolution ?? ""] ?? r.status)}
                    </Pill>
                    {r.resolved_at ? (
                      <div className="admin-page__count">
                        <When iso={r.resolved_at} />
                      </div>
                    ) : null}
                  </>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">
          {d.status === "open" ? t("No reports wait for a decision.") : t("No reports here.")}
        </p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />
    </>
  );
}

/** Whose account a report is about (a listing's owner or the reported person): their console page. */
function AccountCell({
  who,
}: {
  who: { id: number; name: string; email: string | null; is_active: boolean };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/admin/users/${who.id}`} dir="auto">
        {who.name}
      </Link>
      <div dir="ltr">{who.email}</div>
      {who.is_active ? null : <Pill tone="bad">{t("Deactivated")}</Pill>}
    </>
  );
}

function Decide({
  report: r,
  result,
}: {
  report: Extract<Data, { view: "reports" }>["reports"][number];
  result: unknown;
}) {
  const { t } = useTranslation();
  const about = r.listing?.title ?? r.person?.name ?? t("The marketplace team");
  const dismiss = (
    <>
      <IntentForm intent="dismiss" id={r.id} about={about} className="button button--ghost button--small">
        {t("Dismiss")}
      </IntentForm>
      <Refusal refused={refusalOf(result, "dismiss", r.id)} />
    </>
  );
  if (!r.listing)
    return (
      <div className="admin-actions">
        {dismiss}
        {r.person?.is_active ? (
          <ReasonForm
            intent="deactivate_user"
            id={r.id}
            title={about}
            summary={t("Deactivate the person")}
            label={t("Why (the person reads this)")}
            button={t("Deactivate the person")}
            required
            refused={refusalOf(result, "deactivate_user", r.id) ?? undefined}
          />
        ) : null}
      </div>
    );
  return (
    <div className="admin-actions">
      {dismiss}
      <ReasonForm
        intent="deactivate_listing"
        id={r.id}
        title={about}
        summary={t("Switch the listing off")}
        label={t("Why (the owner is told)")}
        button={t("Switch the listing off")}
        required
        refused={refusalOf(result, "deactivate_listing", r.id) ?? undefined}
      />
      {r.listing.owner.is_active ? (
        <ReasonForm
          intent="deactivate_owner"
          id={r.id}
          title={about}
          summary={t("Deactivate the owner")}
          label={t("Why (the owner reads this)")}
          button={t("Deactivate the owner")}
          required
          refused={refusalOf(result, "deactivate_owner", r.id) ?? undefined}
        />
      ) : null}
    </div>
  );
}

function Inbox({ d, result }: { d: Extract<Data, { view: "inbox" }>; result: unknown }) {
  const { t } = useTranslation();
  const { inbox } = d;
  const labels: Record<(typeof MESSAGE_FILTERS)[number], string> = {
    new: t("New"),
    handled: t("Handled"),
    all: t("All"),
  };
  return (
    <>
      <p className="admin-page__lead">
        {t(
          "Messages sent through the contact form, and people who blocked the marketplace team with their reasons.",
        )}
      </p>
      <h2>{t("Contact messages")}</h2>
      <AdminFilters>
        <input type="hidden" name="view" value="inbox" />
        <SelectFilter id="inbox-status" name="status" label={t("Status")} value={d.status}>
          {MESSAGE_FILTERS.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </SelectFilter>
      </AdminFilters>
      <p className="admin-page__count">{t("{{count}} messages", { count: inbox.messages_total })}</p>
      {inbox.messages.length ? (
        <AdminTable headings={[t("Received"), t("From"), t("Subject"), t("Message"), t("Status")]}>
          {inbox.messages.map((m) => {
            const next = m.status === "new" ? "handled" : "new";
            return (
              <tr key={m.id}>
                <td>
                  <When iso={m.created_at} />
                </td>
                <td>
                  <span dir="auto">{m.name}</span>
                  <div dir="ltr">
                    <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                      {m.email}
                    </a>
                  </div>
                  {m.user_id ? <Link to={`/admin/users/${m.user_id}`}>{t("Account")}</Link> : null}
                </td>
                <td dir="auto">{m.subject}</td>
                <td dir="auto" className="admin-message">
                  {m.message}
                </td>
                <td>
                  <Pill tone={m.status === "new" ? "warn" : "ok"}>
                    {m.status === "new" ? t("New") : t("Handled")}
                  </Pill>
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="message-status" />
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="status" value={next} />
                    <button type="submit" className="button button--ghost button--small">
                      {next === "handled" ? t("Mark as handled") : t("Mark as new")}
                      <span className="visually-hidden"> – {m.subject}</span>
                    </button>
                  </Form>
                  <Refusal refused={refusalOf(result, "message-status", m.id)} />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="empty-state">{d.status === "new" ? t("No new messages.") : t("No messages here.")}</p>
      )}
      <Pagination total={inbox.messages_total} offset={d.offset} limit={d.limit} />

      <h2>{t("People who blocked the team")}</h2>
      <p className="admin-page__count">{t("{{count}} people", { count: inbox.blocks_total })}</p>
      {inbox.blocks.length ? (
        <AdminTable headings={[t("When"), t("Who"), t("Reason")]}>
          {inbox.blocks.map((b) => (
            <tr key={b.id}>
              <td>
                <When iso={b.created_at} />
              </td>
              <td>
                <Link to={`/admin/users/${b.user.id}`} dir="auto">
                  {b.user.name}
                </Link>
                <div dir="ltr">{b.user.email}</div>
              </td>
              <td dir="auto">{b.reason ?? "—"}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("Nobody has blocked the team.")}</p>
      )}
      <BlocksPager total={inbox.blocks_total} limit={inbox.blocks_limit} />
    </>
  );
}

/** The blocks list pages with its own parameter (bpage), keeping the rest of the query. */
function BlocksPager({ total, limit }: { total: number; limit: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.ceil(total / limit);
  if (pages <= 1) return null;
  const to = (page: number) => {
    const qs = new URLSearchParams(location.search);
    qs.set("bpage", String(page));
    return `${location.pathname}?${qs}`;
  };
  return (
    <nav className="pagination" aria-label={t("More people who blocked the team")}>
      <ol>
        {Array.from({ length: Math.min(pages, 50) }, (_, i) => (
          <li key={i}>
            <Link to={to(i + 1)}>{i + 1}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
