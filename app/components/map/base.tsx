// MapLibre through react-map-gl, set up once. Only the map's lazy chunks import this file, so none
// of MapLibre's JavaScript or CSS is part of a page's first load.
import { forwardRef, useMemo } from "react";
import * as maplibregl from "maplibre-gl";
import MapGL, {
  AttributionControl,
  NavigationControl,
  type MapProps,
  type MapRef,
} from "react-map-gl/maplibre";
// MapLibre starts its worker from a file next to its own module; bundled, that file must be
// named by URL or the worker would be looked for beside our chunk.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import "./map.css";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";

export type { MapRef };

type BaseMapProps = Omit<MapProps, "mapStyle" | "mapLib" | "locale"> & {
  /** More of MapLibre's interface texts, already translated. */
  extraLocale?: Record<string, string>;
};

/** A map with the site's style, translated controls and a label; props as react-map-gl takes them. */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { children, extraLocale, ...props },
  ref,
) {
  const { t } = useTranslation();
  const { env, locale: lang } = useRoot();
  // Controls sit at the end of the line: right in English, left in Arabic.
  const end = lang === "ar" ? "left" : "right";
  const locale = useMemo(
    () => ({
      "Map.Title": t("Map"),
      "Marker.Title": t("Map marker"),
      "NavigationControl.ZoomIn": t("Zoom in"),
      "NavigationControl.ZoomOut": t("Zoom out"),
      "NavigationControl.ResetBearing": t("Reset the map to north"),
      "Popup.Close": t("Close"),
      "AttributionControl.ToggleAttribution": t("Map credits"),
      ...extraLocale,
    }),
    [t, extraLocale],
  );
  return (
    <MapGL
      ref={ref}
      mapLib={maplibregl}
      workerUrl={workerUrl}
      mapStyle={env.mapStyleUrl}
      locale={locale}
      attributionControl={false}
      dragRotate={false}
      touchPitch={false}
      maxPitch={0}
      {...props}
    >
      <NavigationControl position={`top-${end}`} showCompass={false} />
      <AttributionControl compact position={`bottom-${end}`} />
      {children}
    </MapGL>
  );
});
