// Where a saved place is. Without JavaScript: a pasted map link or a city's name, or the exact
// coordinates. With it, a map (its chunk loads only then): tap or drag the pin.
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "~/components/map/lazy";
import { FieldErrors } from "~/modules/listings/form/field-errors";

const PinMap = lazy(() => import("~/modules/listings/form/pin-map"));

export function PlacePicker({
  errors,
}: {
  errors: { where?: string[]; latitude?: string[]; longitude?: string[] };
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [pin, setPin] = useState<{ lat: string; lng: string }>({ lat: "", lng: "" });
  const placed =
    pin.lat !== "" && pin.lng !== "" && Number.isFinite(Number(pin.lat)) && Number.isFinite(Number(pin.lng));
  const fieldErrors = (errorId: string, errors?: string[]) => <FieldErrors meta={{ errorId, errors }} />;
  return (
    <>
      <div className="field" data-invalid={errors.where ? true : undefined}>
        <label htmlFor="place-where">{t("Where is it?")}</label>
        <input
          id="place-where"
          name="where"
          placeholder={t("Paste a map link, or type a city")}
          aria-describedby="place-where-hint place-where-errors"
          dir="auto"
        />
        <p id="place-where-hint" className="field__hint">
          {t(
            "A link from Google Maps, Apple Maps or OpenStreetMap places it exactly; a city places it at the city's centre.",
          )}
        </p>
        {fieldErrors("place-where-errors", errors.where)}
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <p className="field__hint">{t("Or tap the map to place the pin.")}</p>
          <PinMap
            latitude={placed ? Number(pin.lat) : null}
            longitude={placed ? Number(pin.lng) : null}
            label={t("The place")}
            onPick={(lat, lng) => setPin({ lat: lat.toFixed(6), lng: lng.toFixed(6) })}
          />
        </Suspense>
      ) : null}
      <details className="place-coords" open={Boolean(errors.latitude || errors.longitude) || placed}>
        <summary>{t("Exact coordinates")}</summary>
        <div className="field-row">
          <div className="field" data-invalid={errors.latitude ? true : undefined}>
            <label htmlFor="place-lat">{t("Latitude")}</label>
            <input
              id="place-lat"
              name="latitude"
              inputMode="decimal"
              dir="ltr"
              value={pin.lat}
              onChange={(e) => setPin((p) => ({ ...p, lat: e.target.value }))}
            />
            {fieldErrors("place-lat-errors", errors.latitude)}
          </div>
          <div className="field" data-invalid={errors.longitude ? true : undefined}>
            <label htmlFor="place-lng">{t("Longitude")}</label>
            <input
              id="place-lng"
              name="longitude"
              inputMode="decimal"
              dir="ltr"
              value={pin.lng}
              onChange={(e) => setPin((p) => ({ ...p, lng: e.target.value }))}
            />
            {fieldErrors("place-lng-errors", errors.longitude)}
          </div>
        </div>
      </details>
    </>
  );
}
