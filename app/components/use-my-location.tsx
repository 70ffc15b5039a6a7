import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "~/lib/translate";
import type { Envelope } from "~server/api/envelope";

interface Centre {
  city: string;
  lat: number;
  lng: number;
}

/** Great-circle distance is overkill for picking the nearest city; squared degrees do. */
function nearest(centres: Centre[], lat: number, lng: number): Centre | undefined {
  const scale = Math.cos((lat * Math.PI) / 180);
  return centres.reduce<Centre | undefined>((best, c) => {
    const d = (c.lat - lat) ** 2 + ((c.lng - lng) * scale) ** 2;
    const b = best ? (best.lat - lat) ** 2 + ((best.lng - lng) * scale) ** 2 : Infinity;
    return d < b ? c : best;
  }, undefined);
}

type City = { city: string; latitude: number | null; longitude: number | null };

/**
 * The cities' centres, named in the page's language (as the city list names them). Asked only when
 * someone locates themselves, while the browser finds the position: the page does not carry them.
 */
async function cityCentres(locale: string): Promise<Centre[]> {
  const res = await fetch("/api/get-cities-data", {
    headers: { accept: "application/json", "accept-language": locale },
  });
  const body = (await res.json()) as Envelope<City[]>;
  if (body.error) throw new Error(body.message);
  return body.data.flatMap((c) =>
    c.latitude != null && c.longitude != null ? [{ city: c.city, lat: c.latitude, lng: c.longitude }] : [],
  );
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: 600_000, timeout: 10_000 }),
  );
}

/**
 * "Use my location": the browser's position picks the nearest city. It asks only when pressed,
 * or on its own when the visitor already allowed location for this site. Needs JavaScript; the
 * city list beside it works without.
 */
export function UseMyLocation({ current }: { current: string }) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "busy" | "denied" | "unsupported" | "failed">("idle");
  const [ready, setReady] = useState(false);

  const locate = () => {
    if (!("geolocation" in navigator)) return setState("unsupported");
    setState("busy");
    const centres = cityCentres(locale);
    centres.catch(() => {}); // answered below, once the position is known
    position().then(
      async (pos) => {
        let c: Centre | undefined;
        try {
          c = nearest(await centres, pos.coords.latitude, pos.coords.longitude);
        } catch {
          return setState("failed");
        }
        setState("idle");
        if (c && c.city !== current)
          navigate(`?city=${encodeURIComponent(c.city)}`, { preventScrollReset: true, replace: true });
      },
      () => setState("denied"),
    );
  };

  useEffect(() => {
    setReady(true);
    if (current || !navigator.permissions) return;
    navigator.permissions
      .query({ name: "geolocation" })
      .then((p) => {
        if (p.state === "granted") locate();
      })
      .catch(() => {});
    // Runs once after hydration; `locate` reads the latest props when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!ready) return null;
  return (
    <>
      <button type="button" className="button button--ghost" onClick={locate} disabled={state === "busy"}>
        {state === "busy" ? t("Finding you…") : t("Use my location")}
      </button>
      {state === "denied" ? (
        <span className="field__errors" role="status">
          {t("Location is off. Choose a city instead.")}
        </span>
      ) : null}
      {state === "unsupported" ? (
        <span className="field__errors" role="status">
          {t("This browser cannot share its location. Choose a city instead.")}
        </span>
      ) : null}
      {state === "failed" ? (
        <span className="field__errors" role="status">
          {t("The list of cities could not load. Choose a city instead.")}
        </span>
      ) : null}
    </>
  );
}
