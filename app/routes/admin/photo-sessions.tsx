import { Link } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/photo-sessions";
import { api, apiData } from "~/lib/api.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Pagination } from "~/components/pagination";
import { adminForm, adminHeaders, adminOutcome, adminPage, oneOf, param } from "~/modules/admin/admin.server";
import { AdminFilters, AdminTable, PersonCell, Pill, SelectFilter, When } from "~/modules/admin/ui";
import { Refusal, refusalOf } from "~/modules/admin/refusal";
import { ActionNotice } from "~/modules/listings/ui";
import { STATUS_LABEL, Stars, type SessionStatus } from "~/modules/photo-sessions/ui";

// Photo shoots owners asked for: the waiting ones first, each assigned (or given to someone else)
// here among the people with the photographer role. The role itself is given on a person's page.
const LIMIT = 30;
const STATUSES = [
  "requested",
  "assigned",
  "submitted",
  "changes_requested",
  "approved",
  "cancelled",
] as const;
/** A shoot can go to a photographer while nobody waits on the owner's review and it is not closed. */
const ASSIGNABLE = new Set<SessionStatus>(["requested", "assigned", "changes_requested"]);
const PILL_TONE: Record<SessionStatus, "ok" | "warn" | "bad" | undefined> = {
  requested: "warn",
  assigned: undefined,
  submitted: "warn",
  changes_requested: "bad",
  approved: "ok",
  cancelled: undefined,
};

export async function loader(args: Route.LoaderArgs) {
  const { url, offset, limit, t, opts } = await adminPage(args, LIMIT);
  // The page opens on the shoots still under way; "all" shows every one.
  const shown =
    param(url, "status") === "all"
      ? "all"
      : (oneOf([...STATUSES, "open"] as const, param(url, "status")) ?? "open");
  const [sessions, photographers] = await Promise.all([
    apiData("admin/photo-sessions", { status: shown === "all" ? undefined : shown, offset, limit }, opts),
    apiData("admin/photographers", { offset: 0, limit: 200 }, opts),
  ]);
  return {
    title: t("Photo shoots"),
    rows: sessions.data,
    total: sessions.total ?? 0,
    offset,
    limit,
    status: shown,
    photographers: photographers.data,
  };
}

export async function action(args: Route.ActionArgs) {
  const { form, intent, id, opts } = await adminForm(args);
  if (intent !== "assign")
    return adminOutcome(args.request, { error: true, message: "Unknown action", data: null }, { intent });
  const chosen = String(form.get("photographer_id") ?? "");
  // Nothing chosen goes to the API as nothing, so its message ("Please choose a photographer") comes back.
  const res = await api(
    "admin/assign-photographer",
    { session_id: id, photographer_id: chosen ? Number(chosen) : undefined },
    opts,
  );
  return adminOutcome(args.request, res, { intent, id });
}

export const headers = adminHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Photo shoots", noindex: true });
}

export default function AdminPhotoSessions({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const available = d.photographers.filter((p) => p.is_active);
  return (
    <section className="admin-page">
      <h1>{t("Photo shoots")}</h1>
      <p className="admin-page__lead">
        {t(
          "Owners ask for a photographer to build their listing's virtual tour. Assign each request to a person with the photographer role; give the role on a person's page under Users.",
        )}
      </p>
      <AdminFilters>
        <SelectFilter id="shoots-status" name="status" label={t("Status")} value={d.status}>
          <option value="open">{t("Under way")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABEL[s])}
            </option>
          ))}
          <option value="all">{t("All")}</option>
        </SelectFilter>
      </AdminFilters>
      <ActionNotice />
      <p className="admin-page__count">{t("{{count}} shoots", { count: d.total })}</p>
      {d.rows.length ? (
        <AdminTable
          headings={[
            t("Asked on"),
            t("Property"),
            t("Owner"),
            t("Photographer"),
            t("Status"),
            t("Rating"),
            t("Assign"),
          ]}
        >
          {d.rows.map((s) => {
            const refused = refusalOf(actionData, "assign", s.id);
            const errors = refused?.errors?.photographer_id;
            const selectId = `assign-${s.id}`;
            return (
              <tr key={s.id} data-session={s.id}>
                <td>
                  <When iso={s.created_at} />
                </td>
                <td>
                  <Link to={s.property.link} dir="auto">
                    {s.property.title}
                  </Link>
                  {s.property.city ? <div dir="auto">{s.property.city}</div> : null}
                  {s.request_note ? <small dir="auto">{s.request_note}</small> : null}
                </td>
                <td>
                  <Link to={`/admin/users/${s.owner.id}`}>
                    <PersonCell name={s.owner.name} email={s.owner.email} />
                  </Link>
                </td>
                <td>
                  {s.photographer ? (
                    <PersonCell name={s.photographer.name} email={s.photographer.email} />
                  ) : (
                    "—"
                  )}
                </td>
                <td>
                  <Pill tone={PILL_TONE[s.status]}>{t(STATUS_LABEL[s.status])}</Pill>
                </td>
                <td>{s.rating ? <Stars rating={s.rating} /> : "—"}</td>
                <td>
                  {ASSIGNABLE.has(s.status) ? (
                    available.length ? (
                      <Form method="post" className="admin-filters">
                        <input type="hidden" name="intent" value="assign" />
                        <input type="hidden" name="id" value={s.id} />
                        <div className="field" data-invalid={errors ? true : undefined}>
                          <label htmlFor={selectId}>
                            {s.photographer ? t("Give to someone else") : t("Photographer")}
                            <span className="visually-hidden"> – {s.property.title}</span>
                          </label>
                          <select
                            id={selectId}
                            name="photographer_id"
                            defaultValue=""
                            aria-invalid={errors ? true : undefined}
                            aria-describedby={errors ? `${selectId}-error` : undefined}
                          >
                            <option value="">{t("Choose a photographer")}</option>
                            {available.map((p) => (
                              <option
                                key={p.id}
                                value={p.id}
                                disabled={p.id === s.photographer?.id || p.id === s.owner.id}
                              >
                                {t("{{name}} ({{count}} open shoots)", {
                                  name: p.name,
                                  count: p.active_sessions,
                                })}
                              </option>
                            ))}
                          </select>
                          <div id={`${selectId}-error`} className="field__errors" aria-live="polite">
                            {errors?.map((e: string) => (
                              <p key={e}>{t(e)}</p>
                            ))}
                          </div>
                        </div>
                        <SubmitButton className="button button--small">
                          {s.photographer ? t("Reassign") : t("Assign")}
                        </SubmitButton>
                      </Form>
                    ) : (
                      <small>{t("Nobody has the photographer role yet.")}</small>
                    )
                  ) : null}
                  <Refusal refused={refused} field="photographer_id" />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="empty-state">
          {d.status === "open" ? t("No shoots are under way.") : t("No shoots here.")}
        </p>
      )}
      <Pagination total={d.total} offset={d.offset} limit={d.limit} />

      <h2>{t("Photographers")}</h2>
      {d.photographers.length ? (
        <AdminTable
          headings={[t("Photographer"), t("Open shoots"), t("Approved shoots"), t("Average rating")]}
        >
          {d.photographers.map((p) => (
            <tr key={p.id} data-photographer={p.id}>
              <td>
                <Link to={`/admin/users/${p.id}`}>
                  <PersonCell name={p.name} email={p.email} />
                </Link>
                {p.is_active ? null : <Pill tone="bad">{t("Deactivated")}</Pill>}
              </td>
              <td>{p.active_sessions}</td>
              <td>{p.completed_sessions}</td>
              <td>
                {p.average_rating === null
                  ? "—"
                  : t("{{rating}} of 5 ({{count}} ratings)", { rating: p.average_rating, count: p.ratings })}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{t("Nobody has the photographer role yet.")}</p>
      )}
    </section>
  );
}
