// The list page's map (a lazy chunk): markers and clusters for the visible box from
// get-map-clusters, with the list's filters. Moving the map reports the new box so the page can
// put it in the URL and list the same area.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Marker, Popup, type MarkerEvent } from "react-map-gl/maplibre";
import { BaseMap, type MapRef } from "./base";
import { fitBox, formatBbox, type Box } from "./bbox";
import { useTranslation } from "~/lib/translate";
import { useHref, useRoot } from "~/lib/use-root";
import { Price } from "~/components/price";
import { withSuffix } from "~/lib/format";
import type { MapCluster, MapMarker } from "~server/api/properties/map";
import type { Envelope } from "~server/api/envelope";

type Answer = { clusters: MapCluster[]; markers: MapMarker[]; clustered: boolean };

export interface MapSearchProps {
  /** The list's filters as get-map-clusters takes them (no box, no paging). */
  query: string;
  /** Where the map opens. */
  start: Box;
  /** The area in the page's URL, if any: the first answer counts that area, as the list does. */
  area: string | null;
  /** The box after the visitor moved the map ("w,s,e,n"). */
  onBoxChange: (bbox: string) => void;
}

/** Waits this long after the map stops before asking: a pan is often several moves. */
const SETTLE_MS = 300;
/** Below this zoom markers are dots; from it on they show their price. */
const DOTS_BELOW_ZOOM = 11;
/** The card opens on whichever side of a pin has room; pins stand about 36 px above their point. */
const POPUP_OFFSET = {
  top: [0, 4],
  "top-left": [0, 4],
  "top-right": [0, 4],
  bottom: [0, -36],
  "bottom-left": [0, -36],
  "bottom-right": [0, -36],
  left: [8, -18],
  right: [-8, -18],
  center: [0, 0],
} satisfies Record<string, [number, number]>;

export default function MapSearch({ query, start, area, onBoxChange }: MapSearchProps) {
  const { t } = useTranslation();
  const href = useHref();
  const { locale, settings } = useRoot();
  const mapRef = useRef<MapRef>(null);
  const [answer, setAnswer] = useState<(Answer & { total: number }) | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error" | "unsupported">("loading");
  const [selected, setSelected] = useState<MapMarker | null>(null);
  const [zoom, setZoom] = useState(0);
  const firstArea = useRef(area);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastBox = useRef<string | null>(null);
  const report = useRef(onBoxChange);
  report.current = onBoxChange;

  const load = useCallback(
    async (bbox: string, zoom: number) => {
      // Only the newest answer matters: an older one still on its way is dropped.
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState("loading");
      try {
        const res = await fetch(`/api/get-map-clusters?${query ? `${query}&` : ""}bbox=${bbox}&zoom=${zoom.toFixed(2)}`, {
          signal: controller.signal,
          headers: { accept: "application/json", "accept-language": locale },
        });
        const body = (await res.json()) as Envelope<Answer>;
        if (body.error) throw new Error(body.message);
        setAnswer({ ...body.data, total: body.total ?? 0 });
        setState("ready");
      } catch (error) {
        if ((error as Error).name !== "AbortError") setState("error");
      }
    },
    [query, locale],
  );

  const settle = useCallback(
    (fromUser: boolean) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const map = mapRef.current;
        if (!map) return;
        const b = map.getBounds();
        const bbox = formatBbox(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
        // The map shows a little more than a shared area (its shape differs): until the visitor
        // moves it, count the area itself, so the map and the list beside it agree.
        const asked = !fromUser && firstArea.current ? firstArea.current : bbox;
        if (fromUser) firstArea.current = null;
        setZoom(map.getZoom());
        void load(asked, map.getZoom());
        if (fromUser && bbox !== lastBox.current) report.current(bbox);
        lastBox.current = bbox;
      }, SETTLE_MS);
    },
    [load],
  );

  // New filters (the form above was sent): ask again for the same view.
  useEffect(() => {
    if (mapRef.current) settle(false);
  }, [settle]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const openCluster = (c: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    const camera = map.cameraForBounds(fitBox(c.bounds), { padding: 48, maxZoom: 18 });
    const zoom = map.getZoom();
    // Listings at one spot cannot be told apart by zooming: come closer anyway, the list shows them.
    if (!camera || (camera.zoom ?? 0) <= zoom + 0.5) map.easeTo({ center: [c.longitude, c.latitude], zoom: Math.min(zoom + 2, 20) });
    else map.easeTo({ ...camera });
  };

  const money = (amount: number) => `${settings.currency_symbol} ${withSuffix(amount, settings.currency_code)}`;
  const countText =
    state === "error"
      ? t("The map could not load the properties. Move the map to try again.")
      : answer
        ? t("{{count}} properties in this map area", { count: answer.total })
        : t("Loading the map…");

  if (state === "unsupported") return <p className="map-panel__note">{t("This browser cannot show the map. The list below shows the same properties.")}</p>;

  return (
    <div
      className="map-search"
      data-state={state}
      data-items={answer ? answer.clusters.length + answer.markers.length : 0}
      onKeyDown={(e) => {
        if (e.key === "Escape" && selected) setSelected(null);
      }}
    >
      <BaseMap
        ref={mapRef}
        initialViewState={{ bounds: fitBox(start), fitBoundsOptions: { padding: 16 } }}
        onLoad={() => settle(false)}
        onMoveEnd={() => settle(true)}
        onError={(e) => {
          // WebGL missing is final; a failed tile or style request is not.
          if (/webgl/i.test(String(e.error?.message))) setState("unsupported");
        }}
        onClick={() => setSelected(null)}
      >
        {answer?.clusters.map((c) => (
          <Marker key={c.id} longitude={c.longitude} latitude={c.latitude} anchor="center">
            <button
              type="button"
              className={`map-cluster map-cluster--${c.count >= 1000 ? "l" : c.count >= 100 ? "m" : "s"}`}
              aria-label={t("{{count}} properties here, zoom in", { count: c.count })}
              onClick={(e) => {
                e.stopPropagation();
                openCluster(c);
              }}
            >
              {c.count >= 1000 ? withSuffix(c.count, "") : c.count}
            </button>
          </Marker>
        ))}
        {answer?.markers.map((m) => (
          <Marker
            key={m.id}
            longitude={m.longitude}
            latitude={m.latitude}
            anchor="bottom"
            onClick={(e: MarkerEvent<MouseEvent>) => {
              e.originalEvent.stopPropagation();
              setSelected(m);
            }}
          >
            {/* Far out, prices would pile up: a dot until the visitor comes closer (the name says it all). */}
            <button
              type="button"
              className={`map-pin${zoom < DOTS_BELOW_ZOOM ? " map-pin--dot" : ""}${selected?.id === m.id ? " map-pin--active" : ""}`}
              aria-label={`${m.title}, ${money(m.price)}`}
              aria-haspopup="dialog"
              aria-expanded={selected?.id === m.id}
            >
              {zoom < DOTS_BELOW_ZOOM ? null : <bdi>{money(m.price)}</bdi>}
            </button>
          </Marker>
        ))}
        {selected ? (
          <Popup longitude={selected.longitude} latitude={selected.latitude} offset={POPUP_OFFSET} maxWidth="16rem" onClose={() => setSelected(null)} closeOnClick={false}>
            <div className="map-card" role="dialog" aria-label={selected.title}>
              {selected.image ? (
                <picture>
                  {selected.image_avif ? <source type="image/avif" srcSet={selected.image_avif} /> : null}
                  <img src={selected.image} alt="" width={240} height={160} loading="lazy" decoding="async" />
                </picture>
              ) : null}
              <p className="map-card__price">
                <Price amount={selected.price} />
                {selected.rentduration ? <span className="card__per"> / {t(`per_${selected.rentduration}`)}</span> : null}
              </p>
              <p className="map-card__title" dir="auto">{selected.title}</p>
              <Link to={href(`/properties-details/${selected.slug_id}`)} className="button button--small">
                {t("View property")}
              </Link>
            </div>
          </Popup>
        ) : null}
      </BaseMap>
      <p className="map-search__status" role="status" aria-live="polite">
        {countText}
      </p>
    </div>
  );
}
