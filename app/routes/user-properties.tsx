import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/user-properties";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHref } from "~/lib/use-root";
import { Price } from "~/components/price";
import { Pagination } from "~/components/pagination";
import { Thumbnail } from "~/components/responsive-image";
import { pageFromSearch } from "~/lib/constants";
import { listingAction, privateHeaders } from "~/modules/listings/owner.server";
import {
  ActionNotice,
  DealToggle,
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
const TYPES = ["sell", "rent"] as const;

const pick = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const url = new URL(request.url);
  const sp = url.searchParams;
  const page = pageFromSearch(sp);
  const filters = {
    status: pick(STATUS, sp.get("status")),
    request_status: pick(REQUEST, sp.get("request_status")),
    property_type: pick(TYPES, sp.get("property_type")),
    search: sp.get("search")?.trim().slice(0, 200) || undefined,
  };
  const opts = { request, locale };
  const deleteId = Number(sp.get("delete")) || 0;
  const [res, confirm] = await Promise.all([
    api("get-added-properties", { ...filters, offset: (page - 1) * PAGE, limit: PAGE }, opts),
    deleteId > 0 && deleteId < 2 ** 31 ? api("get-added-properties", { id: deleteId, limit: 1 }, opts) : null,
  ]);
  if (res.error) throw new Response(res.message, { status: 400 });
  const toDelete = confirm && !confirm.error ? (confirm.data[0] ?? null) : null;
  return {
    title: getI18n(context).t("My properties"),
    properties: res.data,
    total: res.total ?? 0,
    offset: (page - 1) * PAGE,
    filters,
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My properties", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  return listingAction(request, getLocale(context));
}

export default function MyProperties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const actionData = useActionData<typeof action>();
  const { properties, total, offset, filters, toDelete } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My properties")} />
      <div className="owner-page__head">
        <h1>{t("My properties")}</h1>
        <div className="owner-page__actions">
          <Link to={href("/user/add-property")} className="button button--small">
            {t("Add a property")}
          </Link>
          <Link to={href("/user/import")} className="button button--ghost button--small">
            {t("Import a listing")}
          </Link>
        </div>
      </div>
      <ActionNotice result={actionData} />
      {toDelete ? (
        <div className="confirm-step" role="region" aria-labelledby="confirm-delete">
          <DeleteQuestion
            kind="property"
            id={toDelete.id}
            title={toDelete.title}
            headingId="confirm-delete"
            cancelTo={href("/user/properties")}
          />
        </div>
      ) : null}
      <Form method="get" className="owner-filters" role="search" aria-label={t("Filter my properties")}>
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
          <select id="f-type" name="property_type" defaultValue={filters.property_type ?? ""}>
            <option value="">{t("All")}</option>
            <option value="sell">{t("For sale")}</option>
            <option value="rent">{t("For rent")}</option>
          </select>
        </div>
        <div className="owner-filters__actions">
          <button type="submit" className="button button--small">
            {t("Apply filters")}
          </button>
          {filtered ? <Link to={href("/user/properties")}>{t("Clear filters")}</Link> : null}
        </div>
      </Form>
      <p className="results__count" role="status">
        {t("{{count}} listings", { count: total })}
      </p>
      {properties.length === 0 ? (
        <div className="empty-state">
          <p>
            {filtered ? t("No properties match these filters.") : t("You have not listed a property yet.")}
          </p>
        </div>
      ) : (
        <ul className="owner-list">
          {properties.map((p) => (
            <li key={p.id} className="owner-row">
              <div className="owner-row__media">
                {p.title_image ? (
                  <Thumbnail image={p.title_image} width={120} height={80} />
                ) : (
                  <div className="card__noimage" aria-hidden="true" />
                )}
              </div>
              <div className="owner-row__body">
                <h2 className="owner-row__title">
                  <Link to={href(`/my-property/${p.slug_id}`)} dir="auto">
                    {p.title}
                  </Link>
                </h2>
                <p className="owner-row__meta">
                  <Price amount={p.price} /> · {p.property_type === "rent" ? t("For rent") : t("For sale")} ·{" "}
                  {p.category.category} · {p.city}
                </p>
                <StatusBadges
                  request_status={p.request_status}
                  status={p.status}
                  property_status={p.property_status}
                />
                <RejectReason reason={p.reject_reason} />
                <p className="owner-row__stats">
                  {t("Viewed {{count}} times", { count: p.total_click })} ·{" "}
                  {t("{{count}} favourites", { count: p.favourites_count })} ·{" "}
                  {t("{{count}} interested", { count: p.interested_count })}
                </p>
              </div>
              <div className="owner-row__actions">
                <FeatureControl
                  kind="property"
                  id={p.id}
                  request_status={p.request_status}
                  status={p.status}
                  title={p.title}
                  featured={p.featured}
                />
                <StatusToggle
                  kind="property"
                  id={p.id}
                  request_status={p.request_status}
                  status={p.status}
                  title={p.title}
                />
                <DealToggle
                  id={p.id}
                  property_type={p.property_type}
                  property_status={p.property_status}
                  title={p.title}
                />
                <Link to={href(`/user/edit-property/${p.id}`)} className="button button--ghost button--small">
                  {t("Edit")}
                  <span className="visually-hidden"> – {p.title}</span>
                </Link>
                <Link to={href(`/user/tours/${p.id}`)} className="button button--ghost button--small">
                  {t("Virtual tour")}
                  <span className="visually-hidden"> – {p.title}</span>
                </Link>
                <DeleteControl kind="property" id={p.id} title={p.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={total} offset={offset} limit={PAGE} />
    </section>
  );
}
