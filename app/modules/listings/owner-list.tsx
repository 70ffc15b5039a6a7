// The owner's list of their own listings: one page for properties and projects alike. What differs
// (words, addresses, the kind's own filter, what a row says) comes from the kind's route.
import { Fragment, type ReactNode } from "react";
import { Form, Link, useActionData } from "react-router";
import { useTranslation } from "~/lib/translate";
import type { PageImage } from "~/lib/page-image";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Pagination } from "~/components/pagination";
import { Thumbnail } from "~/components/responsive-image";
import type { LISTING_STATUSES, REQUEST_STATUSES } from "~server/api/contract/enums";
import {
  ActionNotice,
  DeleteStep,
  OwnerActions,
  RejectReason,
  StatusBadges,
  type OwnedListingOf,
} from "./ui";

/** Rows a page: each comes with its buttons, so a page stays short. */
export const OWNER_PAGE = 10;

/** What differs between the owner's list of properties and of projects. */
export interface OwnerListKind<K extends string = string, T extends string = string> {
  kind: "property" | "project";
  /** The list's own address: "Clear filters" and a cancelled delete lead back to it. */
  path: string;
  /** Translation keys: the heading (and the page's title), the filter form's name, the count, the empty states. */
  heading: string;
  filtersLabel: string;
  count: string;
  noMatch: string;
  none: string;
  /** The kind's own filter ("Type"): its query parameter, its values and their translation keys. */
  typeFilter: { name: K; values: readonly T[]; labels: Record<T, string> };
}

/** The filters the address asked for; each is undefined when absent or not one of its values. */
export type OwnerFilters<K extends string, T extends string> = {
  status: (typeof LISTING_STATUSES)[number] | undefined;
  request_status: (typeof REQUEST_STATUSES)[number] | undefined;
  search: string | undefined;
} & { [P in K]: T | undefined };

export function OwnerList<K extends string, T extends string, Row extends { id: number }>({
  kind,
  rows,
  total,
  offset,
  filters,
  toDelete,
  actions,
  children,
}: {
  kind: OwnerListKind<K, T>;
  rows: Row[];
  total: number;
  offset: number;
  filters: OwnerFilters<K, T>;
  /** The listing a delete link (without JavaScript) asks about. */
  toDelete: { id: number; title: string } | null;
  /** Beside the heading: adding a listing, and whatever else the kind offers. */
  actions: ReactNode;
  /** One row of the list: an `OwnerRow`. */
  children: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const actionData = useActionData();
  const filtered = Object.values(filters).some(Boolean);
  const type = kind.typeFilter;
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t(kind.heading)} />
      <div className="owner-page__head">
        <h1>{t(kind.heading)}</h1>
        {actions}
      </div>
      <ActionNotice result={actionData} />
      {toDelete ? (
        <DeleteStep kind={kind.kind} id={toDelete.id} title={toDelete.title} cancelTo={kind.path} />
      ) : null}
      <Form method="get" className="owner-filters" role="search" aria-label={t(kind.filtersLabel)}>
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
          <select id="f-type" name={type.name} defaultValue={filters[type.name] ?? ""}>
            <option value="">{t("All")}</option>
            {type.values.map((value) => (
              <option key={value} value={value}>
                {t(type.labels[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="owner-filters__actions">
          <button type="submit" className="button button--small">
            {t("Apply filters")}
          </button>
          {filtered ? <Link to={kind.path}>{t("Clear filters")}</Link> : null}
        </div>
      </Form>
      <p className="results__count" role="status">
        {t(kind.count, { count: total })}
      </p>
      {rows.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? t(kind.noMatch) : t(kind.none)}</p>
        </div>
      ) : (
        <ul className="owner-list">
          {rows.map((row) => (
            <Fragment key={row.id}>{children(row)}</Fragment>
          ))}
        </ul>
      )}
      <Pagination total={total} offset={offset} limit={OWNER_PAGE} />
    </section>
  );
}

/**
 * One of the owner's listings: its photo, its name (a link where there is a page to go to), what
 * and where it is (`meta`), its state, anything more the kind shows (`children`), and its buttons.
 */
export function OwnerRow({
  image,
  to,
  meta,
  children,
  ...owned
}: OwnedListingOf & {
  listing: { reject_reason: string | null };
  image: PageImage | null;
  /** The listing's page, without the language prefix; null shows the name without a link. */
  to: string | null;
  meta: ReactNode;
  children?: ReactNode;
}) {
  const l = owned.listing;
  return (
    <li className="owner-row">
      <div className="owner-row__media">
        {image ? (
          <Thumbnail image={image} width={120} height={80} />
        ) : (
          <div className="card__noimage" aria-hidden="true" />
        )}
      </div>
      <div className="owner-row__body">
        <h2 className="owner-row__title">
          {to ? (
            <Link to={to} dir="auto">
              {l.title}
            </Link>
          ) : (
            <span dir="auto">{l.title}</span>
          )}
        </h2>
        <p className="owner-row__meta">{meta}</p>
        <StatusBadges
          request_status={l.request_status}
          status={l.status}
          property_status={owned.kind === "property" ? owned.listing.property_status : undefined}
        />
        <RejectReason reason={l.reject_reason} />
        {children}
      </div>
      <OwnerActions {...owned} />
    </li>
  );
}
