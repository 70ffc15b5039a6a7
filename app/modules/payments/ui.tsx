// What the package and payment pages share: a package's features, what is used of them, and a
// transaction's status in words.
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { formatPrice } from "~/lib/format";

export type PaymentStatus = "pending" | "success" | "failed" | "review" | "rejected";

const STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: "Pending",
  success: "Success",
  failed: "Failed",
  review: "In review",
  rejected: "Rejected",
};

export const METHOD_LABEL: Record<string, string> = {
  stripe: "Card (Stripe)",
  paystack: "Paystack",
  flutterwave: "Flutterwave",
  paypal: "PayPal",
  bank_transfer: "Bank transfer",
  free: "Free",
};

export function TransactionStatus({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge--pay-${status}`}>{t(STATUS_LABEL[status])}</span>;
}

/** An amount in minor units of its currency, as the site shows money (spec §9: two decimals). */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  const { locale, settings } = useRoot();
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const symbol = currency === settings.currency_code ? settings.currency_symbol : currency;
  return <bdi>{formatPrice(minor / 10 ** digits, { locale, currency, symbol, suffix: false })}</bdi>;
}

/** "3 of 5 used", "Unlimited". */
export function Usage({ total, used }: { total: number | null; used: number }) {
  const { t } = useTranslation();
  if (total === null) return <>{t("Unlimited")}</>;
  return (
    <>
      <meter min={0} max={total} value={used} aria-hidden="true" />{" "}
      {t("{{used}} of {{total}} used", { used, total })}
    </>
  );
}

/** A package's features: a count, or 'Unlimited' (spec §9). */
export function FeatureList({ features }: { features: { type: string; limit: number | null }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="package-card__list">
      {features.map((f) => (
        <li key={f.type}>
          {t(`feature_${f.type}`)}: {f.limit === null ? t("Unlimited") : f.limit}
        </li>
      ))}
    </ul>
  );
}

export interface HeldPackage {
  id: number;
  name: string;
  end_at: string;
  features: { type: string; total: number | null; used: number }[];
}

/** The packages a person holds now, with used and total per feature. */
export function HeldPackages({ held }: { held: HeldPackage[] }) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const date = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  if (!held.length) return <p>{t("You have no active package.")}</p>;
  return (
    <ul className="package-list">
      {held.map((h) => (
        <li key={h.id} className="package-card">
          <h3>{h.name}</h3>
          <p className="package-card__meta">
            {t("Valid until {{date}}", { date: date.format(new Date(h.end_at)) })}
          </p>
          <dl className="package-card__features">
            {h.features.map((f) => (
              <div key={f.type}>
                <dt>{t(`feature_${f.type}`)}</dt>
                <dd>
                  <Usage total={f.total} used={f.used} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
