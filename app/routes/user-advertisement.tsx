// My advertisement (spec §2: /user/advertisement, where a successful feature request lands): the
// person's featured listings with their status and dates, and a way to withdraw one.
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/user-advertisement";
import { api, apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Pagination } from "~/components/pagination";
import { IntentForm } from "~/components/intent-form";
import { Thumbnail } from "~/components/responsive-image";
import { pageFromSearch } from "~/lib/constants";
import { redirectWithToast } from "~/lib/toast.server";
import { formId, privateHeaders, type ActionError } from "~/modules/listings/owner.server";
import { ActionNotice, RejectReason } from "~/modules/listings/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

const PAGE = 10;

type AdStatus = "pending" | "approved" | "rejected" | "expired";
const STATUS_LABEL: Record<AdStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const page = pageFromSearch(new URL(request.url).searchParams);
  const res = await apiData(
    "get-advertisements",
    { offset: (page - 1) * PAGE, limit: PAGE },
    { request, locale },
  );
  return {
    title: getI18n(context).t("My advertisement"),
    ads: res.data,
    total: res.total ?? 0,
    offset: (page - 1) * PAGE,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "My advertisement", noindex: true });
}

/** Withdraw: back to this page with a message, or the API's reason on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const form = await request.formData();
  const id = formId(form.get("id"));
  if (form.get("intent") !== "withdraw" || !id)
    return data<ActionError>({ error: "Invalid input" }, { status: 400 });
  const res = await api("delete-advertisement", { id }, { request, locale });
  if (res.error)
    return data<ActionError>({ error: res.message }, { status: res.message === "Forbidden" ? 403 : 400 });
  return redirectWithToast(localizePath(locale, "/user/advertisement"), {
    type: "success",
    message: res.message,
  });
}

export default function MyAdvertisement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const actionData = useActionData<typeof action>();
  const { ads, total, offset } = loaderData;
  const day = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("My advertisement")} />
      <div className="owner-page__head">
        <h1>{t("My advertisement")}</h1>
        <Link to="/user/properties" className="button button--small">
          {t("My properties")}
        </Link>
      </div>
      <ActionNotice result={actionData} />
      <p className="results__count" role="status">
        {t("Advertisements: {{count}}", { count: total })}
      </p>
      {ads.length === 0 ? (
        <div className="empty-state">
          <p>{t("You have not featured a listing yet.")}</p>
          <p>{t("Feature an approved, active listing from My properties or My projects.")}</p>
        </div>
      ) : (
        <ul className="owner-list">
          {ads.map((ad) => {
            const title = ad.listing?.title ?? t("Deleted listing");
            const to = !ad.listing
              ? null
              : ad.feature_for === "property"
                ? `/my-property/${ad.listing.slug_id}`
                : `/project-details/${ad.listing.slug_id}`;
            const running = ad.status === "pending" || ad.status === "approved";
            return (
              <li key={ad.id} className="owner-row">
                <div className="owner-row__media">
                  {ad.listing?.title_image ? (
                    <Thumbnail image={ad.listing.title_image} width={120} height={80} />
                  ) : (
                    <div className="card__noimage" aria-hidden="true" />
                  )}
                </div>
                <div className="owner-row__body">
                  <h2 className="owner-row__title">
                    {to ? (
                      <Link to={to} dir="auto">
                        {title}
                      </Link>
                    ) : (
                      <span dir="auto">{title}</span>
                    )}
                  </h2>
                  <p className="owner-row__meta">
                    {ad.feature_for === "property" ? t("Property") : t("Project")} ·{" "}
                    {t("From {{start}} to {{end}}", {
                      start: day.format(new Date(ad.start_date)),
                      end: day.format(new Date(ad.end_date)),
                    })}
                  </p>
                  <dl className="status-badges">
                    <div>
                      <dt>{t("Advertisement status")}</dt>
                      <dd className={`badge badge--${ad.status === "expired" ? "muted" : ad.status}`}>
                        {t(STATUS_LABEL[ad.status])}
                      </dd>
                    </div>
                  </dl>
                  <RejectReason reason={ad.reject_reason} />
                </div>
                {running ? (
                  <div className="owner-row__actions">
                    <IntentForm
                      intent="withdraw"
                      id={ad.id}
                      about={title}
                      className="button button--ghost button--small button--danger"
                    >
                      {t("Withdraw")}
                    </IntentForm>
                    <p className="owner-row__hint">{t("The package unit it used is not given back.")}</p>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination total={total} offset={offset} limit={PAGE} />
    </section>
  );
}
