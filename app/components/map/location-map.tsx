// A listing's place on a map (a lazy chunk): one pin. Scrolling the page past it never moves the
// map; two fingers or Ctrl + scroll do.
import { useMemo, useState } from "react";
import { Marker } from "react-map-gl/maplibre";
import { BaseMap } from "./base";
import { useTranslation } from "~/lib/translate";

export interface LocationMapProps {
  latitude: number;
  longitude: number;
  title: string;
  /** Shown instead when the browser cannot draw the map (no WebGL). */
  fallback: React.ReactNode;
}

export default function LocationMap({ latitude, longitude, title, fallback }: LocationMapProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const gestures = useMemo(
    () => ({
      "CooperativeGesturesHandler.WindowsHelpText": t("Use Ctrl + scroll to zoom the map"),
      "CooperativeGesturesHandler.MacHelpText": t("Use ⌘ + scroll to zoom the map"),
      "CooperativeGesturesHandler.MobileHelpText": t("Use two fingers to move the map"),
    }),
    [t],
  );
  if (failed) return <>{fallback}</>;
  return (
    <div className="location-map">
      <BaseMap
        initialViewState={{ longitude, latitude, zoom: 14 }}
        cooperativeGestures
        extraLocale={gestures}
        onError={(e) => {
          if (/webgl/i.test(String(e.error?.message))) setFailed(true);
        }}
      >
        <Marker longitude={longitude} latitude={latitude} anchor="bottom">
          <span
            className="map-pin map-pin--place"
            role="img"
            aria-label={t("{{title}} on the map", { title })}
          />
        </Marker>
      </BaseMap>
    </div>
  );
}
