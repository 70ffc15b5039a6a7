// Stripe's Payment Element, on our own page: Stripe.js is fetched only here, once the page is alive,
// and the card details go from the browser to Stripe, never through our server. The package itself
// is given by Stripe's signed webhook (or by asking Stripe when the person comes back).
import { useEffect, useRef, useState } from "react";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

export function StripePayment({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let gone = false;
    import("@stripe/stripe-js")
      .then(({ loadStripe }) => loadStripe(publishableKey, { locale: locale === "ar" ? "ar" : "en" }))
      .then((stripe) => {
        if (gone) return;
        if (!stripe || !mountRef.current) throw new Error("Stripe.js did not load");
        const elements = stripe.elements({ clientSecret, appearance: { theme: "stripe" } });
        elements.create("payment").mount(mountRef.current);
        setReady({ stripe, elements });
      })
      .catch(() => !gone && setError("The card form could not load. Check your connection and try again."));
    return () => {
      gone = true;
    };
  }, [publishableKey, clientSecret, locale]);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    // Stripe brings the person back to this page, which then asks Stripe how the payment ended.
    const { error: failed } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: window.location.href.split("?")[0]! },
    });
    setBusy(false);
    if (failed) setError(failed.message ? `${t("Payment failed")}: ${failed.message}` : "Payment failed");
  }

  return (
    <form onSubmit={pay} className="stripe-payment" aria-busy={!ready || busy}>
      <div ref={mountRef} className="stripe-payment__element" />
      {!ready && !error ? <p className="muted">{t("Loading the card form…")}</p> : null}
      {error ? (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <button className="button" type="submit" disabled={!ready || busy}>
        {busy ? t("Paying…") : t("Pay now")}
      </button>
    </form>
  );
}
