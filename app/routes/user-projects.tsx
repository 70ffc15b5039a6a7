import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/user-projects";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { Thumbnail } from "~/components/responsive-image";
import { pageFromSearch } from "~/lib/constants";
import { listingAction, privateHeaders } from "~/modules/listings/owner.server";
import {
  ActionNotice,
  DeleteControl,
  DeleteQuestion,
  FeatureControl,
  RejectReason,
  StatusBadges,
  StatusToggle,
} from "~/modules/listings/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

const PAGE = 10;
const STATUS = ["active", "inactive"] as const;
const REQUEST = ["pending", "approved", "rejected"] as const;
const TYPES = ["under_construction", "upcoming"] as const;

const pick = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const sp = new URL(request.url).searchParams;
  const page = pageFromSearch(sp);
  const filters = {
    status: pick(STATUS, sp.get("status")),
    request_status: pick(REQUEST, sp.get("request_status")),
    type: pick(TYPES, sp.get("type")),
    search: sp.get("search")?.trim().slice(0, 200) || undefined,
  };
  const opts = { request, locale };
  const deleteId = Number(sp.get("delete")) || 0;
  const [res, confirm] = await Promise.all([
    api("get-added-projects", { ...filters, offset: (page - 1) * PAGE, limit: PAGE }, opts),
    deleteId > 0 && deleteId < 2 ** 31 ? api("get-added-projects", { id: deleteId, limit: 1 }, opts) : null,
  ]);
  if (res.error) throw new Response(res.message, { status: 400 });
  const toDelete = confirm && !confirm.error ? (confirm.data[0] ?? null) : null;
  return {
    title: getI18n(context).t("My projects"),
    projects: res.data,
    total: res.total ?? 0,
    offset: (page - 1) * PAGE,
    filters,
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My projects", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  return listingAction(request, getLocale(context));
}

export default function MyProjects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const actionData = useActionData<typeof action>();
  const { projects, total, offset, filters, toDelete } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My projects")} />
      <div className="owner-page__head">
        <h1>{t("My projects")}</h1>
        <Link to={href("/user/add-project")} className="button button--small">
          {t("Add a project")}
        </Link>
      </div>
      <ActionNotice result={actionData} />
      {toDelete ? (
        <div className="confirm-step" role="region" aria-labelledby="confirm-delete">
          <DeleteQuestion
            kind="project"
            id={toDelete.id}
            title={toDelete.title}
            headingId="confirm-delete"
            cancelTo={href("/user/projects")}
          />
        </div>
      ) : null}
      <Form method="get" className="owner-filters" role="search" aria-label={t("Filter my projects")}>
        <div className="field">
          <label htmlFor="f-search">{t("Search")}</label>
          <input id="f-search" name="search" type="search" defaultValue={filters.search ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-status">{t("Listing status")}</label>
          <select id="f-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("All")}</option>
            <option value="active">{t("Active")}</option>
            <option value="inactive">{t("Inactive")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-request">{t("Admin status")}</label>
          <select id="f-request" name="request_status" defaultValue={filters.request_status ?? ""}>
            <option value="">{t("All")}</option>
            <option value="pending">{t("Pending review")}</option>
            <option value="approved">{t("Approved")}</option>
            <option value="rejected">{t("Rejected")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-type">{t("Type")}</label>
          <select id="f-type" name="type" defaultValue={filters.type ?? ""}>
            <option value="">{t("All")}</option>
            <option value="under_construction">{t("Under construction")}</option>
            <option value="upcoming">{t("Upcoming")}</option>
          </select>
        </div>
        <div className="owner-filters__actions">
          <button type="submit" className="button button--small">
            {t("Apply filters")}
          </button>
          {filtered ? <Link to={href("/user/projects")}>{t("Clear filters")}</Link> : null}
        </div>
      </Form>
      <p className="results__count" role="status">
        {t("{{count}} projects", { count: total })}
      </p>
      {projects.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? t("No projects match these filters.") : t("You have not added a project yet.")}</p>
        </div>
      ) : (
        <ul className="owner-list">
          {projects.map((p) => (
            <li key={p.id} className="owner-row">
              <div className="owner-row__media">
                {p.image ? (
                  <Thumbnail image={p.image} width={120} height={80} />
                ) : (
                  <div className="card__noimage" aria-hidden="true" />
                )}
              </div>
              <div className="owner-row__body">
                <h2 className="owner-row__title">
                  {p.request_status === "approved" && p.status === "active" ? (
                    <Link to={href(`/project-details/${p.slug_id}`)} dir="auto">
                      {p.title}
                    </Link>
                  ) : (
                    <span dir="auto">{p.title}</span>
                  )}
                </h2>
                <p className="owner-row__meta">
                  {p.type === "upcoming" ? t("Upcoming") : t("Under construction")} · {p.category.category} ·{" "}
                  {p.city}
                </p>
                <StatusBadges request_status={p.request_status} status={p.status} />
                <RejectReason reason={p.reject_reason} />
              </div>
              <div className="owner-row__actions">
                <FeatureControl
                  kind="project"
                  id={p.id}
                  request_status={p.request_status}
                  status={p.status}
                  title={p.title}
                  featured={p.featured}
                />
                <StatusToggle
                  kind="project"
                  id={p.id}
                  request_status={p.request_status}
                  status={p.status}
                  title={p.title}
                />
                <Link to={href(`/user/edit-project/${p.id}`)} className="button button--ghost button--small">
                  {t("Edit")}
                  <span className="visually-hidden"> – {p.title}</span>
                </Link>
                <DeleteControl kind="project" id={p.id} title={p.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={total} offset={offset} limit={PAGE} />
    </section>
  );
}
