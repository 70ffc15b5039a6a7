import { Link } from "react-router";
import { redirect } from "~/lib/redirect.server";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/user-payment";
import { api } from "~/lib/api.server";
import { getI18n } from "~/lib/i18n.server";
import { localizePath } from "~/lib/i18n";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "~/components/map/lazy";
import { formId, privateHeaders } from "~/modules/listings/owner.server";
import { ActionNotice } from "~/modules/listings/ui";
import { METHOD_LABEL, Money, TransactionStatus } from "~/modules/payments/ui";
import { StripePayment } from "~/modules/payments/stripe-payment";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { signedInStart } from "~/lib/route.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = formId(params.id);
  if (!id) throw new Response("Transaction not found", { status: 404 });
  // Stripe's hosted page comes back with ?session_id=…: never read. What the page says is our own
  // transaction's status (settled by the signed webhook, or by asking Stripe ourselves).
  const canceled = new URL(request.url).searchParams.get("canceled") === "1";
  const res = await api(
    "payment-status",
    { payment_transaction_id: id, canceled: canceled ? "1" : undefined },
    { request, locale },
  );
  if (res.error) throw new Response(res.message, { status: 404 });
  // Coming back from a gateway's cancel link: show the result at the page's plain address.
  if (canceled) throw redirect(localizePath(locale, `/user/payments/${id}`));
  return { title: getI18n(context).t("Payment"), tx: res.data };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { locale } = await signedInStart({ request, context });
  const id = formId(params.id);
  if (!id) throw new Response("Transaction not found", { status: 404 });
  const res = await api("payment-transaction-fail", { payment_transaction_id: id }, { request, locale });
  if (res.error) return { error: res.message };
  throw redirect(localizePath(locale, `/user/payments/${id}`));
}

export const headers = privateHeaders;
// The card form needs JavaScript as soon as the page arrives.
export const handle = { hydrateNow: () => true };

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Payment", noindex: true });
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { tx } = loaderData;
  const retry = `/user/checkout/${tx.package_id}`;
  return (
    <section className="owner-page payment-page">
      <Breadcrumbs trail={[["/user/transactions", t("Transaction history")]]} current={t("Payment")} />
      <h1>{tx.package_name ?? t("Payment")}</h1>
      <ActionNotice result={actionData} />
      <dl className="payment-page__facts">
        <div>
          <dt>{t("Amount")}</dt>
          <dd>
            <Money minor={tx.amount_minor} currency={tx.currency} />
          </dd>
        </div>
        <div>
          <dt>{t("Paid with")}</dt>
          <dd>{t(METHOD_LABEL[tx.payment_gateway] ?? tx.payment_gateway)}</dd>
        </div>
        <div>
          <dt>{t("Status")}</dt>
          <dd>
            <TransactionStatus status={tx.status} />
          </dd>
        </div>
      </dl>

      {tx.status === "success" ? (
        <div className="notice" role="status">
          <p>{t("Payment successful. Your package is active.")}</p>
          <p className="notice__actions">
            <Link className="button button--small" to="/user/subscriptions">
              {t("My subscriptions")}
            </Link>{" "}
            <Link className="button button--ghost button--small" to="/user/add-property">
              {t("Add a property")}
            </Link>
          </p>
        </div>
      ) : tx.status === "failed" ? (
        <div className="notice notice--warning" role="alert">
          <p>{t(tx.reason === "Payment canceled. Please try again later." ? tx.reason : "Payment failed")}</p>
          {tx.reason && tx.reason !== "Payment canceled. Please try again later." ? (
            <p dir="auto">{t(tx.reason)}</p>
          ) : null}
          <p className="notice__actions">
            <Link className="button button--small" to={retry}>
              {t("Try again")}
            </Link>
          </p>
        </div>
      ) : tx.status === "review" ? (
        <p className="notice" role="status">
          {t("We have your receipt. Your package starts as soon as our team has checked the transfer.")}
        </p>
      ) : tx.status === "rejected" ? (
        <div className="notice notice--warning" role="alert">
          <p>{t("Your transfer was not accepted.")}</p>
          {tx.reason ? <p dir="auto">{tx.reason}</p> : null}
          <p className="notice__actions">
            <Link className="button button--small" to="/contact">
              {t("Contact us")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {tx.pay?.client_secret && tx.pay.publishable_key ? (
            hydrated ? (
              <StripePayment publishableKey={tx.pay.publishable_key} clientSecret={tx.pay.client_secret} />
            ) : (
              <p className="notice notice--warning">
                {t("Paying by card needs JavaScript. Turn it on, or cancel and choose a bank transfer.")}
              </p>
            )
          ) : tx.checkout_url ? (
            <p className="notice" role="status">
              {t("This payment is not finished.")}{" "}
              <a className="button button--small" href={tx.checkout_url}>
                {t("Continue to payment")}
              </a>
            </p>
          ) : (
            <p className="notice" role="status">
              {t("Waiting for the payment to be confirmed.")}{" "}
              <Link to={`/user/payments/${tx.id}`}>{t("Check again")}</Link>
            </p>
          )}
          <Form method="post" className="payment-page__cancel">
            <SubmitButton className="button button--ghost button--small">
              {t("Cancel this payment")}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
