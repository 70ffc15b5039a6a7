import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/subscription-plan";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { FormErrors } from "~/components/form-errors";
import { checkoutAction } from "~/modules/payments/checkout.server";
import { FeatureList, HeldPackages, Money } from "~/modules/payments/ui";
import { ActionNotice } from "~/modules/listings/ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const [{ data }, settings, viewer] = await Promise.all([
    apiData("get-package", {}, { request, locale }),
    apiData("get_payment_settings", {}, { locale }),
    getViewer(request),
  ]);
  return {
    title: getI18n(context).t("Packages"),
    signedIn: Boolean(viewer),
    currency: settings.data.currency.code,
    ...data,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, getLocale(context));
}

export function headers() {
  // Shows the visitor's own usage when signed in.
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Packages" }];
}

export default function SubscriptionPlan({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const { packages, active, signedIn, currency } = loaderData;
  const login = "/login?redirectTo=/subscription-plan";
  return (
    <section className="packages-page">
      <h1>{t("Packages")}</h1>
      <ActionNotice />
      {result && "error" in result ? (
        <FormErrors id="package-errors" errors={result.errors?.package_id ?? [result.error]} />
      ) : null}

      {signedIn ? (
        <section aria-labelledby="mine-h">
          <h2 id="mine-h">{t("Your packages")}</h2>
          <HeldPackages held={active} />
          <p className="packages-page__links">
            <Link to="/user/subscriptions">{t("My subscriptions")}</Link> ·{" "}
            <Link to="/user/transactions">{t("Transaction history")}</Link>
          </p>
        </section>
      ) : (
        <p className="notice">
          <Link to={login}>{t("Sign in")}</Link> {t("to see your packages and what you have used.")}
        </p>
      )}

      <section aria-labelledby="offer-h">
        <h2 id="offer-h">{t("Packages on offer")}</h2>
        <ul className="package-list">
          {packages.map((p) => {
            const free = p.is_free || p.price_minor === 0;
            return (
              <li key={p.id} className="package-card" aria-labelledby={`package-${p.id}`}>
                <h3 id={`package-${p.id}`}>{p.name}</h3>
                <p className="package-card__price">
                  {free ? t("Free") : <Money minor={p.price_minor} currency={currency} />}
                </p>
                <p className="package-card__meta">
                  {t("{{count}} days", { count: p.validity_days })}
                  {p.once_per_user ? ` · ${t("once per account")}` : ""}
                </p>
                <FeatureList features={p.features} />
                <div className="package-card__buy">
                  {!signedIn ? (
                    <Link className="button button--small" to={login}>
                      {t("Sign in to buy")}
                    </Link>
                  ) : p.already_taken ? (
                    <p className="package-card__meta">{t("Already used on this account")}</p>
                  ) : free ? (
                    <Form method="post">
                      <input type="hidden" name="package_id" value={p.id} />
                      <SubmitButton
                        className="button button--small"

                        name="intent"
                        value="free"
                        aria-describedby={`package-${p.id}`}
                      >
                        {t("Get it free")}
                      </SubmitButton>
                    </Form>
                  ) : (
                    <Link
                      className="button button--small"
                      to={`/user/checkout/${p.id}`}
                      aria-describedby={`package-${p.id}`}
                    >
                      {t("Buy")}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <p>
          {t("Need more listings or featured places?")} <Link to="/contact">{t("Contact us")}</Link>
        </p>
      </section>
    </section>
  );
}
