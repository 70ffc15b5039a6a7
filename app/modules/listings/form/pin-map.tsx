// A listing form's map (a lazy chunk, loaded once React runs): tap or drag the pin to place the
// listing; the form then asks the server what is there.
import { useEffect, useRef, useState } from "react";
import { Marker } from "react-map-gl/maplibre";
import { BaseMap, type MapRef } from "~/components/map/base";

export interface PinMapProps {
  latitude: number | null;
  longitude: number | null;
  /** The pin's name for screen readers. */
  label: string;
  onPick: (latitude: number, longitude: number) => void;
  /** Changes when the map should bring the pin into view (coordinates typed rather than picked). */
  recentre?: number;
}

export default function PinMap({ latitude, longitude, label, onPick, recentre = 0 }: PinMapProps) {
  const [failed, setFailed] = useState(false);
  const map = useRef<MapRef>(null);
  const placed = latitude !== null && longitude !== null;

  useEffect(() => {
    const m = map.current;
    if (!recentre || !m || latitude === null || longitude === null) return;
    if (!m.getBounds().contains([longitude, latitude]))
      m.jumpTo({ center: [longitude, latitude], zoom: Math.max(m.getZoom(), 12) });
    // Only the request moves the map; the coordinates it reads are those of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recentre]);

  if (failed) return null;
  return (
    // Not `location-map`: its height (100%, in the map chunk's styles, which load later) would win
    // over the form's and leave the map 0 pixels tall.
    <div className="post-form__map">
      <BaseMap
        ref={map}
        initialViewState={
          placed ? { latitude, longitude, zoom: 13 } : { latitude: 25.2, longitude: 55.27, zoom: 4 }
        }
        cooperativeGestures
        onClick={(e) => onPick(e.lngLat.lat, e.lngLat.lng)}
        onError={(e) => {
          if (/webgl/i.test(String(e.error?.message))) setFailed(true);
        }}
      >
        {placed && (
          <Marker
            latitude={latitude}
            longitude={longitude}
            anchor="bottom"
            draggable
            onDragEnd={(e) => onPick(e.lngLat.lat, e.lngLat.lng)}
          >
            <span className="map-pin map-pin--place" role="img" aria-label={label} />
          </Marker>
        )}
      </BaseMap>
    </div>
  );
}
