import { Link } from "react-router";
import type { Route } from "./+types/user-transactions";
import { apiData } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { privateHeaders } from "~/modules/listings/owner.server";
import { METHOD_LABEL, Money, TransactionStatus } from "~/modules/payments/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

const PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const offset = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get("offset")) || 0));
  const res = await apiData("get_payment_details", { offset, limit: PAGE }, { request, locale });
  return { title: getI18n(context).t("Transaction history"), rows: res.data, total: res.total ?? 0, offset };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Transaction history",
    noindex: true,
  });
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const { rows, total, offset } = loaderData;
  const when = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <section className="owner-page">
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Transaction history")} />
      <div className="owner-page__head">
        <h1>{t("Transaction history")}</h1>
        <Link to="/subscription-plan" className="button button--small">
          {t("Packages")}
        </Link>
      </div>
      {rows.length ? (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("Date")}</th>
                <th scope="col">{t("Package")}</th>
                <th scope="col">{t("Amount")}</th>
                <th scope="col">{t("Paid with")}</th>
                <th scope="col">{t("Status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/user/payments/${r.id}`}>{when.format(new Date(r.created_at))}</Link>
                  </td>
                  <td dir="auto">{r.package_name}</td>
                  <td>
                    <Money minor={r.amount_minor} currency={r.currency} />
                  </td>
                  <td>{t(METHOD_LABEL[r.payment_gateway] ?? r.payment_gateway)}</td>
                  <td>
                    <TransactionStatus status={r.status} />
                    {r.reason && (r.status === "failed" || r.status === "rejected") ? (
                      <small className="data-table__note" dir="auto">
                        {" "}
                        {t(r.reason)}
                      </small>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("No transactions yet.")}</p>
      )}
      {total > PAGE ? (
        <nav className="pager" aria-label={t("Pages")}>
          {offset > 0 ? (
            <Link to={`/user/transactions?offset=${Math.max(0, offset - PAGE)}`}>{t("Previous")}</Link>
          ) : null}
          {offset + PAGE < total ? (
            <Link to={`/user/transactions?offset=${offset + PAGE}`}>{t("Next")}</Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
