import { Link } from "react-router";
import { durationParts } from "~/lib/format";
import { useTranslation } from "~/lib/translate";
import type { Commute } from "./commute.server";

const MODE_LABEL = { DRIVE: "By car", WALK: "On foot", BICYCLE: "By bicycle" } as const;

/** "From your places": distance and travel times from each saved place; "about" where estimated. */
export function CommuteSection({ commutes, signedIn }: { commutes: Commute[] | null; signedIn: boolean }) {
  const { t, locale } = useTranslation();
  if (commutes === null) return null;
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  // Spec §9: from 24 hours on, days (a long walk between cities, say).
  const duration = (total: number) => {
    const { days, hours, minutes } = durationParts(total);
    if (days) return t("{{d}} d {{h}} h", { d: days, h: hours });
    return hours ? t("{{h}} h {{m}} min", { h: hours, m: minutes }) : t("{{m}} min", { m: minutes });
  };
  return (
    <section className="commute" aria-labelledby="commute-h">
      <h2 id="commute-h">{t("From your places")}</h2>
      {commutes.length ? (
        <ul className="commute__list">
          {commutes.map((c) => (
            <li key={c.place}>
              <span className="commute__place" dir="auto">
                {t(c.place)}
              </span>{" "}
              · {t("{{distance}} km", { distance: km.format(c.distance_km) })}
              <span className="commute__times">
                {c.trips.map((trip) => (
                  <span key={trip.mode}>
                    {t(MODE_LABEL[trip.mode])}:{" "}
                    {trip.estimated
                      ? t("about {{time}}", { time: duration(trip.minutes) })
                      : duration(trip.minutes)}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          {signedIn ? (
            <Link to="/user/saved-places">
              {t("Save your home, work or school to see how far each home is.")}
            </Link>
          ) : (
            <Link to="/login">{t("Sign in and save your places to see how far each home is.")}</Link>
          )}
        </p>
      )}
    </section>
  );
}
