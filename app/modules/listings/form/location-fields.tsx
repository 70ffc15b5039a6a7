// Where a listing is: country from a list, state and city typed with suggestions, the address and
// the coordinates. Without JavaScript that is all. With it, a map pin (its chunk loads only then)
// and typed coordinates both fill in the city, state, country and address from the server's
// reverse geocoding, which the person can still correct.
import { Suspense, lazy, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "~/components/map/lazy";
import { FieldErrors, type ErrorMeta } from "./field-errors";

const PinMap = lazy(() => import("~/modules/listings/form/pin-map"));

export interface PlaceOptions {
  countries: { code: string; name: string }[];
  states: string[];
  cities: string[];
}

export interface LocationFieldsProps {
  /** Prefix of the inputs' ids (`<prefix>-country`…), unique on the page. */
  idPrefix: string;
  /** The address field's name in the payload: `address` for a property, `location` for a project. */
  addressName: string;
  places: PlaceOptions;
  /** The form's values; the address is read under `addressName`. */
  defaults: Record<string, string | undefined>;
  /** Answers `?latitude=…&longitude=…` with the place there, as JSON (null when none). */
  geocodeUrl: string;
  /** The pin's name for screen readers. */
  pinLabel: string;
  err: (name: string) => ErrorMeta;
  /** Further fields of the section, after the coordinates. */
  children?: ReactNode;
}

type Found = { city: string; state: string; country: string; address: string };
type FromLink = Partial<Found> & { latitude?: string; longitude?: string; error?: string };

export function LocationFields({
  idPrefix,
  addressName,
  places,
  defaults,
  geocodeUrl,
  pinLabel,
  err,
  children,
}: LocationFieldsProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [place, setPlace] = useState({
    country: defaults.country ?? "",
    state: defaults.state ?? "",
    city: defaults.city ?? "",
    address: defaults[addressName] ?? "",
    latitude: defaults.latitude ?? "",
    longitude: defaults.longitude ?? "",
  });
  const asked = useRef(0);
  // Typed coordinates move the pin; the map follows only when asked, not at every keystroke.
  const [recentre, setRecentre] = useState(0);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (name: keyof typeof place) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setPlace((p) => ({ ...p, [name]: value }));
  };
  const latitude = place.latitude.trim() === "" ? NaN : Number(place.latitude);
  const longitude = place.longitude.trim() === "" ? NaN : Number(place.longitude);
  const placed = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

  /** The pin was put down: its coordinates, then the place there. */
  function pick(lat: number, lon: number) {
    const coords = { latitude: lat.toFixed(6), longitude: lon.toFixed(6) };
    setPlace((p) => ({ ...p, ...coords }));
    void lookUp(coords.latitude, coords.longitude);
  }

  async function lookUp(lat: string, lon: string) {
    // Only the latest question's answer fills the form: a slow answer for an older pin is dropped.
    const question = ++asked.current;
    const url = new URL(geocodeUrl, window.location.href);
    url.searchParams.set("latitude", lat);
    url.searchParams.set("longitude", lon);
    const res = await fetch(url, { headers: { accept: "application/json" } }).catch(() => null);
    const found = res?.ok ? ((await res.json().catch(() => null)) as Found | null) : null;
    if (found && question === asked.current)
      setPlace((p) => ({
        ...p,
        country: found.country,
        state: found.state,
        city: found.city,
        address: found.address,
      }));
  }

  const [link, setLink] = useState({ busy: false, error: "" });
  /** A pasted map link (Google, Apple, OpenStreetMap…): the pin goes where it points, and the address follows. */
  async function fromLink(value: string) {
    if (!value.trim()) return;
    setLink({ busy: true, error: "" });
    const url = new URL(geocodeUrl, window.location.href);
    url.searchParams.set("map_link", value.trim());
    const res = await fetch(url, { headers: { accept: "application/json" } }).catch(() => null);
    const found = (await res?.json().catch(() => null)) as FromLink | null;
    if (!res?.ok || !found?.latitude || !found.longitude)
      return setLink({ busy: false, error: found?.error ?? t("This link is not a map link we can open") });
    setLink({ busy: false, error: "" });
    setPlace((p) => ({
      ...p,
      ...(found.city
        ? {
            country: found.country ?? "",
            state: found.state ?? "",
            city: found.city,
            address: found.address ?? "",
          }
        : {}),
      latitude: found.latitude!,
      longitude: found.longitude!,
    }));
    setRecentre((n) => n + 1);
  }

  return (
    <fieldset className="post-form__section" data-invalid={err("location").errors ? true : undefined}>
      <legend>{t("Location")}</legend>
      {hydrated && (
        <Suspense fallback={<p className="field__hint">{t("Loading the map…")}</p>}>
          <PinMap
            latitude={placed ? latitude : null}
            longitude={placed ? longitude : null}
            label={pinLabel}
            onPick={pick}
            recentre={recentre}
          />
        </Suspense>
      )}
      <p className="field__hint">
        {hydrated
          ? t("Drop the pin on the map to fill in the address, or type it.")
          : t("Choose the country, then type the state, city and address.")}
      </p>
      <div className="field-row">
        <div className="field">
          <label htmlFor={id("country")}>{t("Country")}</label>
          <select id={id("country")} name="country" value={place.country} onChange={set("country")}>
            <option value="">{t("Choose a country")}</option>
            {place.country && !places.countries.some((c) => c.name === place.country) && (
              <option value={place.country}>{place.country}</option>
            )}
            {places.countries.map((c) => (
              <option key={c.code} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={id("state")}>{t("State")}</label>
          <input
            id={id("state")}
            name="state"
            list={id("states")}
            value={place.state}
            onChange={set("state")}
            autoComplete="address-level1"
            dir="auto"
          />
          <datalist id={id("states")}>
            {places.states.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={id("city")}>{t("City")}</label>
          <input
            id={id("city")}
            name="city"
            list={id("cities")}
            value={place.city}
            onChange={set("city")}
            autoComplete="address-level2"
            dir="auto"
          />
          <datalist id={id("cities")}>
            {places.cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={id(addressName)}>{t("Address")}</label>
          <input
            id={id(addressName)}
            name={addressName}
            value={place.address}
            onChange={set("address")}
            autoComplete="street-address"
            dir="auto"
          />
        </div>
      </div>
      <div className="field" data-invalid={err("map_link").errors || link.error ? true : undefined}>
        <label htmlFor={id("map_link")}>{t("Map link (optional)")}</label>
        <input
          id={id("map_link")}
          name="map_link"
          inputMode="url"
          dir="ltr"
          placeholder="https://maps.app.goo.gl/…"
          aria-describedby={`${id("map_link")}-hint`}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData("text");
            if (pasted) void fromLink(pasted);
          }}
          onBlur={(e) => void fromLink(e.target.value)}
        />
        <p id={`${id("map_link")}-hint`} className="field__hint">
          {link.busy
            ? t("Finding the place…")
            : t("Paste a link from Google Maps, Apple Maps or OpenStreetMap to place the pin there.")}
        </p>
        {link.error ? <p className="field__errors">{t(link.error)}</p> : null}
        <FieldErrors meta={err("map_link")} />
      </div>
      <div className="field-row">
        <div className="field" data-invalid={err("latitude").errors ? true : undefined}>
          <label htmlFor={id("latitude")}>{t("Latitude")}</label>
          <input
            id={id("latitude")}
            name="latitude"
            type="number"
            step="any"
            min={-90}
            max={90}
            value={place.latitude}
            onChange={set("latitude")}
            dir="ltr"
          />
          <FieldErrors meta={err("latitude")} />
        </div>
        <div className="field" data-invalid={err("longitude").errors ? true : undefined}>
          <label htmlFor={id("longitude")}>{t("Longitude")}</label>
          <input
            id={id("longitude")}
            name="longitude"
            type="number"
            step="any"
            min={-180}
            max={180}
            value={place.longitude}
            onChange={set("longitude")}
            dir="ltr"
          />
          <FieldErrors meta={err("longitude")} />
        </div>
      </div>
      {hydrated && (
        // The map is no help to a keyboard or screen reader; typed coordinates find the address too.
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!placed}
          onClick={() => {
            setRecentre((n) => n + 1);
            void lookUp(place.latitude.trim(), place.longitude.trim());
          }}
        >
          {t("Fill in the address from the coordinates")}
        </button>
      )}
      {children}
      <FieldErrors meta={err("location")} />
    </fieldset>
  );
}
