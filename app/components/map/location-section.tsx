// A listing's location: the address, coordinates and a link to OpenStreetMap, with a drawn pin in
// place of a map (no JavaScript, no tiles). In the browser it becomes a real map once the section
// scrolls near the screen, unless the visitor asked to save data: then a button offers it.
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { LocationMap } from "./lazy";

export interface LocationSectionProps {
  latitude: number | null;
  longitude: number | null;
  place: string;
  title: string;
  /** A picture of the place from the tile server (static-map), when one is configured. */
  picture?: string | null;
}

export function LocationSection({ latitude, longitude, place, title, picture }: LocationSectionProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [mode, setMode] = useState<"static" | "offer" | "map">("static");
  const located = latitude != null && longitude != null;

  useEffect(() => {
    if (!located || !ref.current) return;
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData) return setMode("offer");
    if (!("IntersectionObserver" in window)) return setMode("map");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setMode("map");
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [located]);

  // With a tile server, a real picture of the streets around (lazy, so it costs nothing above the fold);
  // without one, the drawn hint, which costs no request.
  const drawn = picture ? (
    <img
      className="location__static"
      src={picture}
      alt={t("{{title}} on the map", { title })}
      width={640}
      height={320}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <StaticPin label={t("{{title}} on the map", { title })} />
  );
  return (
    <section ref={ref} className="location" aria-labelledby="location-h" data-map={mode}>
      <h2 id="location-h">{t("Location")}</h2>
      <p className="location__place" dir="auto">
        {place}
      </p>
      {latitude != null && longitude != null ? (
        <>
          <div className="location__frame">
            {mode === "map" ? (
              <Suspense fallback={drawn}>
                <LocationMap latitude={latitude} longitude={longitude} title={title} fallback={drawn} />
              </Suspense>
            ) : (
              drawn
            )}
            {mode === "offer" ? (
              <button type="button" className="button location__show" onClick={() => setMode("map")}>
                {t("Show map")}
              </button>
            ) : null}
          </div>
          <p className="location__meta">
            <span>
              {t("Coordinates")}{" "}
              <bdi dir="ltr">
                {latitude.toFixed(5)}, {longitude.toFixed(5)}
              </bdi>
            </span>
            <a
              href={`https://www.openstreetmap.org/?mlat=${latitude.toFixed(5)}&mlon=${longitude.toFixed(5)}#map=16/${latitude.toFixed(5)}/${longitude.toFixed(5)}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("Open in OpenStreetMap")}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}

/** A street grid and a pin, drawn inline: a hint of a map that costs no request. */
function StaticPin({ label }: { label: string }) {
  return (
    <svg
      className="location__static"
      viewBox="0 0 320 180"
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="320" height="180" fill="#e5ecef" />
      <g stroke="#fff" strokeWidth="6" fill="none">
        <path d="M0 60h320M0 128h320M70 0v180M200 0v180M260 0l-60 180" />
      </g>
      <g stroke="#fff" strokeWidth="2" fill="none" opacity="0.8">
        <path d="M0 20h320M0 95h320M0 160h320M30 0v180M130 0v180M300 0v180" />
      </g>
      <path
        d="M160 44c-14 0-25 11-25 25 0 19 25 45 25 45s25-26 25-45c0-14-11-25-25-25z"
        fill="#0f766e"
        stroke="#fff"
        strokeWidth="3"
      />
      <circle cx="160" cy="69" r="9" fill="#fff" />
    </svg>
  );
}
