import { Link } from "react-router";
import type { Route } from "./+types/subscription-plan";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { getViewer } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Price } from "~/components/price";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const [{ data }, viewer] = await Promise.all([apiData("get-package", {}, { request, locale }), getViewer(request)]);
  return { title: getI18n(context).t("Packages"), signedIn: Boolean(viewer), ...data };
}

export function headers() {
  // Shows the visitor's own usage when signed in.
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Packages" }];
}

/** "3 of 5 used", "Unlimited". */
function Usage({ total, used }: { total: number | null; used: number }) {
  const { t } = useTranslation();
  if (total === null) return <>{t("Unlimited")}</>;
  return (
    <>
      <meter min={0} max={total} value={used} aria-hidden="true" /> {t("{{used}} of {{total}} used", { used, total })}
    </>
  );
}

export default function SubscriptionPlan({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale } = useRoot();
  const { packages, active, signedIn } = loaderData;
  const date = new Intl.DateTimeFormat(locale === "ar" ? "ar-AE" : "en-GB", { dateStyle: "medium" });
  return (
    <section className="packages-page">
      <h1>{t("Packages")}</h1>

      {signedIn ? (
        <section aria-labelledby="mine-h">
          <h2 id="mine-h">{t("Your packages")}</h2>
          {active.length ? (
            <ul className="package-list">
              {active.map((h) => (
                <li key={h.id} className="package-card">
                  <h3>{h.name}</h3>
                  <p className="package-card__meta">{t("Valid until {{date}}", { date: date.format(new Date(h.end_at)) })}</p>
                  <dl className="package-card__features">
                    {h.features.map((f) => (
                      <div key={f.type}>
                        <dt>{t(`feature_${f.type}`)}</dt>
                        <dd><Usage total={f.total} used={f.used} /></dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("You have no active package.")}</p>
          )}
        </section>
      ) : (
        <p className="notice">
          <Link to={href("/login?redirectTo=/subscription-plan")}>{t("Sign in")}</Link> {t("to see your packages and what you have used.")}
        </p>
      )}

      <section aria-labelledby="offer-h">
        <h2 id="offer-h">{t("Packages on offer")}</h2>
        <ul className="package-list">
          {packages.map((p) => (
            <li key={p.id} className="package-card">
              <h3>{p.name}</h3>
              <p className="package-card__price">{p.is_free || p.price_minor === 0 ? t("Free") : <Price amount={p.price_minor / 100} />}</p>
              <p className="package-card__meta">{t("{{count}} days", { count: p.validity_days })}{p.once_per_user ? ` · ${t("once per account")}` : ""}</p>
              <ul className="package-card__list">
                {p.features.map((f) => (
                  <li key={f.type}>
                    {t(`feature_${f.type}`)}: {f.limit === null ? t("Unlimited") : f.limit}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p>
          {t("Need more listings or featured places?")} <Link to={href("/contact")}>{t("Contact us")}</Link>
        </p>
      </section>
    </section>
  );
}
