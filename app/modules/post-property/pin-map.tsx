// The posting form's map (a lazy chunk, loaded once React runs): tap or drag the pin to place the
// listing; the form then asks the server what is there.
import { useState } from "react";
import { Marker } from "react-map-gl/maplibre";
import { BaseMap } from "~/components/map/base";
import { useTranslation } from "~/lib/translate";

export default function PinMap({ latitude, longitude, onPick }: { latitude: number | null; longitude: number | null; onPick: (latitude: number, longitude: number) => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const placed = latitude !== null && longitude !== null;
  return (
    <div className="location-map post-form__map">
      <BaseMap
        initialViewState={placed ? { latitude, longitude, zoom: 13 } : { latitude: 25.2, longitude: 55.27, zoom: 4 }}
        cooperativeGestures
        onClick={(e) => onPick(e.lngLat.lat, e.lngLat.lng)}
        onError={(e) => {
          if (/webgl/i.test(String(e.error?.message))) setFailed(true);
        }}
      >
        {placed && (
          <Marker latitude={latitude} longitude={longitude} anchor="bottom" draggable onDragEnd={(e) => onPick(e.lngLat.lat, e.lngLat.lng)}>
            <span className="map-pin map-pin--place" role="img" aria-label={t("The property's place on the map")} />
          </Marker>
        )}
      </BaseMap>
    </div>
  );
}
