import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/user-checkout";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { FormErrors } from "~/components/form-errors";
import { privateHeaders } from "~/modules/listings/owner.server";
import { checkoutAction } from "~/modules/payments/checkout.server";
import { FeatureList, METHOD_LABEL, Money } from "~/modules/payments/ui";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const [pkgs, pay] = await Promise.all([
    apiData("get-package", {}, { request, locale }),
    apiData("get_payment_settings", {}, { locale }),
  ]);
  const pkg = pkgs.data.packages.find((p) => String(p.id) === params.package_id);
  if (!pkg) throw new Response("Package not found", { status: 404 });
  return {
    title: getI18n(context).t("Buy {{name}}", { name: pkg.name }),
    pkg,
    methods: pay.data.methods,
    currency: pay.data.currency.code,
    noMethod: pay.data.methods.length ? null : pay.message,
  };
}

export const headers = privateHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Buy", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, getLocale(context));
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { pkg, methods, currency, noMethod } = loaderData;
  const free = pkg.is_free || pkg.price_minor === 0;
  const online = methods.filter((m) => m.type !== "bank_transfer");
  const bank = methods.find((m) => m.type === "bank_transfer");
  const errors = result && "errors" in result ? result.errors : undefined;
  return (
    <section className="owner-page checkout">
      <Breadcrumbs trail={[["/subscription-plan", t("Packages")]]} current={pkg.name} />
      <h1>{t("Buy {{name}}", { name: pkg.name })}</h1>
      <div className="package-card checkout__summary">
        <p className="package-card__price">
          {free ? t("Free") : <Money minor={pkg.price_minor} currency={currency} />}
        </p>
        <p className="package-card__meta">{t("{{count}} days", { count: pkg.validity_days })}</p>
        <FeatureList features={pkg.features} />
      </div>
      {result && "error" in result && !errors?.method && !errors?.receipt ? (
        <FormErrors id="checkout-errors" errors={errors?.package_id ?? [result.error]} />
      ) : null}

      {free ? (
        <Form method="post">
          <input type="hidden" name="package_id" value={pkg.id} />
          <button className="button" type="submit" name="intent" value="free">
            {t("Get it free")}
          </button>
        </Form>
      ) : noMethod ? (
        <div className="notice notice--warning" role="alert">
          <p>{t(noMethod)}</p>
          <p className="notice__actions">
            <Link className="button button--small" to="/contact">
              {t("Contact us")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {online.length ? (
            <Form method="post" className="checkout__methods" aria-labelledby="pay-online-h">
              <h2 id="pay-online-h">{t("Pay online")}</h2>
              <input type="hidden" name="package_id" value={pkg.id} />
              {/* A card: on Stripe's hosted Checkout page when scripts are off (the browser sends
                  what is in <noscript> only then), else on our page with the Payment Element,
                  whether or not React has taken over the page yet (decision 050). */}
              <noscript>
                <input type="hidden" name="card_flow" value="hosted" />
              </noscript>
              <fieldset aria-describedby={errors?.method ? "method-error" : undefined}>
                <legend>{t("Pay with")}</legend>
                {online.map((m, i) => (
                  <label key={m.type} className="checkout__method">
                    <input type="radio" name="method" value={m.type} defaultChecked={i === 0} required />{" "}
                    {t(METHOD_LABEL[m.type] ?? m.type)}
                  </label>
                ))}
              </fieldset>
              <FormErrors id="method-error" errors={errors?.method} />
              <button className="button" type="submit" disabled={busy}>
                {t("Continue to payment")}
              </button>
            </Form>
          ) : null}
          {bank ? (
            <Form
              method="post"
              encType="multipart/form-data"
              className="checkout__bank"
              aria-labelledby="bank-h"
            >
              <h2 id="bank-h">{t("Pay by bank transfer")}</h2>
              <p>
                {t(
                  "Transfer the price to this account, then send us the receipt. Your package starts once we have checked it.",
                )}
              </p>
              <p className="checkout__bank-details" dir="auto">
                {bank.details}
              </p>
              <input type="hidden" name="package_id" value={pkg.id} />
              <input type="hidden" name="method" value="bank_transfer" />
              <label htmlFor="receipt">{t("Receipt (PDF, JPEG or PNG)")}</label>
              <input
                id="receipt"
                name="receipt"
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-invalid={errors?.receipt ? true : undefined}
                aria-describedby={errors?.receipt ? "receipt-error" : undefined}
              />
              <FormErrors id="receipt-error" errors={errors?.receipt} />
              <button className="button button--ghost" type="submit" disabled={busy}>
                {t("Send the receipt")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
