import { Form } from "react-router";
import type { Route } from "./+types/mortgage-calculator";
import { pageMeta, rootData } from "~/lib/seo";
import { api } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { Price } from "~/components/price";
import { PackageGateActions } from "~/components/gate-notice";

const FIELDS = ["loan_amount", "down_payment", "interest_rate", "loan_term_years"] as const;
const DEFAULTS = {
  loan_amount: "1500000",
  down_payment: "300000",
  interest_rate: "4.5",
  loan_term_years: "25",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = Object.fromEntries(FIELDS.map((f) => [f, url.searchParams.get(f) ?? DEFAULTS[f]])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const res = await api(
    "mortgage-calculator",
    { ...values, show_all_details: "1" },
    { request, locale: getLocale(context) },
  );
  return {
    title: getI18n(context).t("Mortgage calculator"),
    values,
    result: res.error ? null : res.data,
    errors: res.error ? (res.errors ?? { _form: [res.message] }) : null,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Mortgage calculator",
    description: "Monthly payment, total interest and total cost of a home loan.",
  });
}

export default function MortgageCalculator({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, result, errors } = loaderData;
  const labels = {
    loan_amount: t("Property price"),
    down_payment: t("Down payment"),
    interest_rate: t("Interest rate (% a year)"),
    loan_term_years: t("Loan term (years)"),
  };
  return (
    <section className="tool">
      <h1>{t("Mortgage calculator")}</h1>
      <Form method="get" className="tool__form">
        {FIELDS.map((f) => {
          const err = errors?.[f]?.[0];
          return (
            <div key={f} className="field" data-invalid={err ? true : undefined}>
              <label htmlFor={`m-${f}`}>{labels[f]}</label>
              <input
                id={`m-${f}`}
                name={f}
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                defaultValue={values[f]}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `m-${f}-err` : undefined}
              />
              {err ? (
                <p id={`m-${f}-err`} className="field__errors">
                  {t(err)}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="button">
          {t("Calculate")}
        </button>
      </Form>
      {result ? (
        <div className="tool__result" role="status">
          <p className="tool__headline">
            {t("Monthly payment")}:{" "}
            <strong>
              <Price amount={result.monthly_payment} />
            </strong>
          </p>
          <dl className="facts">
            <div>
              <dt>{t("Loan amount")}</dt>
              <dd>
                <Price amount={result.principal} />
              </dd>
            </div>
            <div>
              <dt>{t("Total interest")}</dt>
              <dd>
                <Price amount={result.total_interest} />
              </dd>
            </div>
            <div>
              <dt>{t("Total of payments")}</dt>
              <dd>
                <Price amount={result.total_payment} />
              </dd>
            </div>
          </dl>
          {result.amortization ? (
            <section aria-labelledby="amort-h">
              <h2 id="amort-h">{t("Year-by-year amortization")}</h2>
              <div className="table-scroll">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("Year")}</th>
                      <th scope="col">{t("Principal paid")}</th>
                      <th scope="col">{t("Interest paid")}</th>
                      <th scope="col">{t("Balance")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.amortization.map((y) => (
                      <tr key={y.year}>
                        <th scope="row">{y.year}</th>
                        <td>
                          <Price amount={y.principal_paid} />
                        </td>
                        <td>
                          <Price amount={y.interest_paid} />
                        </td>
                        <td>
                          <Price amount={y.balance} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : result.detail_locked ? (
            <aside className="upsell" aria-labelledby="amort-h">
              <h2 id="amort-h">{t("Year-by-year amortization")}</h2>
              <p>{t("The full amortization table comes with the mortgage detail package.")}</p>
              <PackageGateActions
                gate={result.detail_gate}
                backTo={`/mortgage-calculator?${new URLSearchParams(values)}`}
              />
            </aside>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
