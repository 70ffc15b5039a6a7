// The list page's map (a lazy chunk): markers and clusters for the visible box from
// get-map-clusters, with the list's filters. Moving the map reports the new box so the page can
// put it in the URL and list the same area.
//
// Markers and clusters are MapLibre layers over one GeoJSON source, not a DOM element each: with up
// to 500 of them, DOM markers are moved one by one on every frame of a pan, which a cheap phone
// cannot keep up with. Keyboards and screen readers get the same items as a list of buttons after
// the map (MapList): each opens its card or zooms into its cluster, and shows which one it is on
// the map while it has focus.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Layer, Popup, Source, type MapLayerMouseEvent } from "react-map-gl/maplibre";
import type { ExpressionSpecification, FilterSpecification, MapGeoJSONFeature, PointLike } from "maplibre-gl";
import { BaseMap, type MapRef } from "./base";
import { fitBox, formatBbox, type Box } from "./bbox";
import { itemsById, markerFid, clusterFid, toFeatures, type ItemProperties, type MapItem } from "./features";
import { coloursOf, countImage, pinImage, provideLabels, type MapColours } from "./labels";
import { useTranslation } from "~/lib/translate";
import { useRoot } from "~/lib/use-root";
import { Price } from "~/components/price";
import { shortCount, withSuffix } from "~/lib/format";
import type { MapCluster, MapMarker } from "~server/api/listings/property/map";
import type { Envelope } from "~server/api/envelope";

type Answer = { clusters: MapCluster[]; markers: MapMarker[]; clustered: boolean };
type ListOpen = (item: MapItem, button: HTMLButtonElement, fromKeyboard: boolean) => void;

/** Passed with a move the visitor asked for by other means than dragging (opening a cluster). */
const BY_VISITOR = { byVisitor: true } as const;

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
/** A tap this close to a marker (in pixels) counts as on it: dots are small under a finger. */
const TAP_SLOP = 10;
/** The card opens on whichever side of a marker has room; pins stand about 30 px above their point, dots around it. */
const popupOffset = (pins: boolean) => {
  const up = pins ? -32 : -10;
  const down = pins ? 4 : 10;
  return {
    top: [0, down],
    "top-left": [0, down],
    "top-right": [0, down],
    bottom: [0, up],
    "bottom-left": [0, up],
    "bottom-right": [0, up],
    left: [10, pins ? -16 : 0],
    right: [-10, pins ? -16 : 0],
    center: [0, 0],
  } satisfies Record<string, [number, number]>;
};

const SOURCE = "map-search";
const kindIs = (kind: ItemProperties["kind"]): ExpressionSpecification => ["==", ["get", "kind"], kind];
const CLUSTER_RADIUS: ExpressionSpecification = ["match", ["get", "size"], "l", 26, "m", 22, 18];
/** Every layer a click or a hover looks at. */
const INTERACTIVE = ["clusters", "cluster-counts", "dots", "dots-active", "pins", "pins-active"];

export default function MapSearch({ query, start, area, onBoxChange }: MapSearchProps) {
  const { t } = useTranslation();
  const { locale, settings } = useRoot();
  const mapRef = useRef<MapRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState<(Answer & { total: number }) | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error" | "unsupported">("loading");
  const [selected, setSelected] = useState<MapMarker | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [colours, setColours] = useState<MapColours | null>(null);
  const [zoom, setZoom] = useState(0);
  const firstArea = useRef(area);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastBox = useRef<string | null>(null);
  const report = useRef(onBoxChange);
  report.current = onBoxChange;
  /** The list button a card was opened from: focus goes back to it when the card closes. */
  const opener = useRef<HTMLButtonElement | null>(null);
  const cardLink = useRef<HTMLAnchorElement | null>(null);
  const focusCard = useRef(false);
  // One function for the list's whole life, so hovering the map does not render its buttons again.
  const openFromList = useRef<ListOpen>(() => {});
  const onOpenFromList = useCallback<ListOpen>((...args) => openFromList.current(...args), []);

  const load = useCallback(
    async (bbox: string, zoom: number) => {
      // Only the newest answer matters: an older one still on its way is dropped.
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState("loading");
      try {
        const res = await fetch(
          `/api/get-map-clusters?${query ? `${query}&` : ""}bbox=${bbox}&zoom=${zoom.toFixed(2)}`,
          {
            signal: controller.signal,
            headers: { accept: "application/json", "accept-language": locale },
          },
        );
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

  // Pins and counts are drawn in the page's font and colours when a layer first needs them; the
  // drawing is in place (onLoad) before the layers first render.
  const stopLabels = useRef<(() => void) | null>(null);
  useEffect(() => () => stopLabels.current?.(), []);

  // A card opened from the keyboard takes the focus, so its link is the next thing to reach.
  useEffect(() => {
    if (selected && focusCard.current) cardLink.current?.focus();
    focusCard.current = false;
  }, [selected]);

  const money = useCallback(
    (amount: number) => `${settings.currency_symbol} ${withSuffix(amount, settings.currency_code)}`,
    [settings.currency_symbol, settings.currency_code],
  );
  const features = useMemo(
    () =>
      answer
        ? toFeatures(answer, {
            count: (c) => (c.count >= 1000 ? shortCount(c.count) : String(c.count)),
            price: (m) => money(m.price),
          })
        : null,
    [answer, money],
  );
  const byId = useMemo(() => (answer ? itemsById(answer) : new Map<string, MapItem>()), [answer]);

  const openCluster = (c: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    const camera = map.cameraForBounds(fitBox(c.bounds), { padding: 48, maxZoom: 18 });
    const zoom = map.getZoom();
    // Listings at one spot cannot be told apart by zooming: come closer anyway, the list shows them.
    if (!camera || (camera.zoom ?? 0) <= zoom + 0.5)
      map.easeTo({ center: [c.longitude, c.latitude], zoom: Math.min(zoom + 2, 20) }, BY_VISITOR);
    else map.easeTo({ ...camera }, BY_VISITOR);
  };

  const open = (item: MapItem | undefined) => {
    if (!item) return setSelected(null);
    if (item.kind === "cluster") {
      setSelected(null);
      openCluster(item.item);
    } else setSelected(item.item);
  };

  /** What is under a click or a tap: the topmost item there, else the nearest one within TAP_SLOP. */
  const pick = (e: MapLayerMouseEvent): MapItem | undefined => {
    const map = mapRef.current;
    if (!map) return undefined;
    const layers = INTERACTIVE.filter((id) => map.getLayer(id));
    const at = (box: PointLike | [PointLike, PointLike]) =>
      map.queryRenderedFeatures(box, { layers }) as MapGeoJSONFeature[];
    const fidOf = (f: MapGeoJSONFeature) => (f.properties as ItemProperties).fid;
    const hit = e.features?.[0] ?? at(e.point)[0];
    if (hit) return byId.get(fidOf(hit));
    const { x, y } = e.point;
    const near = at([
      [x - TAP_SLOP, y - TAP_SLOP],
      [x + TAP_SLOP, y + TAP_SLOP],
    ]);
    let best: MapGeoJSONFeature | undefined;
    let bestDistance = Infinity;
    for (const f of near) {
      if (f.geometry.type !== "Point") continue;
      const p = map.project(f.geometry.coordinates as [number, number]);
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d < bestDistance) [best, bestDistance] = [f, d];
    }
    return best ? byId.get(fidOf(best)) : undefined;
  };

  const highlighted = [selected ? markerFid(selected) : null, hovered, focused].filter(
    (x): x is string => x !== null,
  );
  const isHighlighted: ExpressionSpecification = ["in", ["get", "fid"], ["literal", highlighted]];
  const activeMarkers: FilterSpecification = ["all", kindIs("marker"), isHighlighted];

  const countText =
    state === "error"
      ? t("The map could not load the properties. Move the map to try again.")
      : answer
        ? t("{{count}} properties in this map area", { count: answer.total })
        : t("Loading the map…");

  if (state === "unsupported")
    return (
      <p className="map-panel__note">
        {t("This browser cannot show the map. The list below shows the same properties.")}
      </p>
    );

  const closeCard = () => {
    setSelected(null);
    opener.current?.focus();
    opener.current = null;
  };
  openFromList.current = (item, button, fromKeyboard) => {
    opener.current = button;
    focusCard.current = fromKeyboard && item.kind === "marker";
    open(item);
  };

  return (
    <div
      ref={frame}
      className="map-search"
      data-state={state}
      data-items={answer ? answer.clusters.length + answer.markers.length : 0}
      onKeyDown={(e) => {
        if (e.key === "Escape" && selected) closeCard();
      }}
    >
      <BaseMap
        ref={mapRef}
        initialViewState={{ bounds: fitBox(start), fitBoundsOptions: { padding: 16 } }}
        onLoad={(e) => {
          const found = coloursOf(frame.current ?? document.documentElement);
          stopLabels.current?.();
          stopLabels.current = provideLabels(e.target, found);
          setColours(found);
          settle(false);
        }}
        // Only the visitor's own moves change the address: the map also moves when its box changes
        // size (the page settling after Back), which must leave the area the address names alone.
        onMoveEnd={(e) =>
          settle(Boolean(e.originalEvent) || (e as unknown as typeof BY_VISITOR).byVisitor === true)
        }
        onError={(e) => {
          // WebGL missing is final; a failed tile or style request is not.
          if (/webgl/i.test(String(e.error?.message))) setState("unsupported");
        }}
        interactiveLayerIds={INTERACTIVE}
        cursor={hovered ? "pointer" : undefined}
        onMouseMove={(e) => {
          const fid = (e.features?.[0]?.properties as ItemProperties | undefined)?.fid ?? null;
          if (fid !== hovered) setHovered(fid);
        }}
        onMouseLeave={() => setHovered(null)}
        onClick={(e) => {
          opener.current = null;
          open(pick(e));
        }}
      >
        {features && colours ? (
          <Source id={SOURCE} type="geojson" data={features}>
            <Layer
              id="cluster-shadows"
              type="circle"
              filter={kindIs("cluster")}
              paint={{
                "circle-radius": ["+", CLUSTER_RADIUS, 1.5],
                "circle-color": "#000000",
                "circle-opacity": 0.22,
                "circle-blur": 0.35,
                "circle-translate": [0, 1],
              }}
            />
            <Layer
              id="clusters"
              type="circle"
              filter={kindIs("cluster")}
              paint={{
                "circle-radius": CLUSTER_RADIUS,
                "circle-color": colours.brand,
                "circle-stroke-width": 2,
                "circle-stroke-color": "#ffffff",
              }}
            />
            <Layer
              id="cluster-focus"
              type="circle"
              filter={["all", kindIs("cluster"), isHighlighted]}
              paint={{
                "circle-radius": ["+", CLUSTER_RADIUS, 4],
                "circle-opacity": 0,
                "circle-stroke-width": 3,
                "circle-stroke-color": "#f59e0b",
              }}
            />
            <Layer
              id="cluster-counts"
              type="symbol"
              filter={kindIs("cluster")}
              layout={{ "icon-image": countImage, "icon-allow-overlap": true, "icon-ignore-placement": true }}
            />
            {/* Far out, prices would pile up: a dot until the visitor comes closer. */}
            <Layer
              id="dots"
              type="circle"
              maxzoom={DOTS_BELOW_ZOOM}
              filter={kindIs("marker")}
              paint={{
                "circle-radius": 8,
                "circle-color": colours.brand,
                "circle-stroke-width": 2,
                "circle-stroke-color": "#ffffff",
              }}
            />
            <Layer
              id="dots-active"
              type="circle"
              maxzoom={DOTS_BELOW_ZOOM}
              filter={activeMarkers}
              paint={{
                "circle-radius": 8,
                "circle-color": colours.featured,
                "circle-stroke-width": 2,
                "circle-stroke-color": "#ffffff",
              }}
            />
            <Layer
              id="pins"
              type="symbol"
              minzoom={DOTS_BELOW_ZOOM}
              filter={kindIs("marker")}
              layout={{
                "icon-image": pinImage("n"),
                "icon-anchor": "bottom",
                "icon-allow-overlap": true,
                "icon-ignore-placement": true,
              }}
            />
            <Layer
              id="pins-active"
              type="symbol"
              minzoom={DOTS_BELOW_ZOOM}
              filter={activeMarkers}
              layout={{
                "icon-image": pinImage("a"),
                "icon-anchor": "bottom",
                "icon-allow-overlap": true,
                "icon-ignore-placement": true,
              }}
            />
          </Source>
        ) : null}
        {selected ? (
          <Popup
            longitude={selected.longitude}
            latitude={selected.latitude}
            offset={popupOffset(zoom >= DOTS_BELOW_ZOOM)}
            maxWidth="16rem"
            onClose={closeCard}
            closeOnClick={false}
          >
            <div className="map-card" role="dialog" aria-label={selected.title}>
              {selected.image ? (
                <picture>
                  {selected.image_avif ? <source type="image/avif" srcSet={selected.image_avif} /> : null}
                  <img src={selected.image} alt="" width={240} height={160} loading="lazy" decoding="async" />
                </picture>
              ) : null}
              <p className="map-card__price">
                <Price amount={selected.price} />
                {selected.rentduration ? (
                  <span className="card__per"> / {t(`per_${selected.rentduration}`)}</span>
                ) : null}
              </p>
              <p className="map-card__title" dir="auto">
                {selected.title}
              </p>
              <Link
                ref={cardLink}
                to={`/properties-details/${selected.slug_id}`}
                className="button button--small"
              >
                {t("View property")}
              </Link>
            </div>
          </Popup>
        ) : null}
      </BaseMap>
      <p className="map-search__status" role="status" aria-live="polite">
        {countText}
      </p>
      {answer ? (
        <MapList
          answer={answer}
          money={money}
          selected={selected}
          onFocusItem={setFocused}
          onOpen={onOpenFromList}
        />
      ) : null}
    </div>
  );
}

/**
 * The map's items for keyboards and screen readers, in a list after the map: a button per cluster
 * ("12 properties here, zoom in") and per marker (its title and price, opening its card). Each is
 * out of sight until it has the focus; then it shows at the foot of the map and its marker is
 * highlighted, as a focused marker button was before.
 */
const MapList = memo(function MapList({
  answer,
  money,
  selected,
  onFocusItem,
  onOpen,
}: {
  answer: Answer;
  money: (amount: number) => string;
  selected: MapMarker | null;
  onFocusItem: (fid: string | null) => void;
  onOpen: ListOpen;
}) {
  const { t } = useTranslation();
  const blur = () => onFocusItem(null);
  // A click from a key (Enter, Space) has no pointer position: `detail` is 0.
  const fromKeyboard = (e: React.MouseEvent) => e.detail === 0;
  return (
    <ul className="map-list">
      {answer.clusters.map((c) => (
        <li key={clusterFid(c)}>
          <button
            type="button"
            className="map-list__item"
            onFocus={() => onFocusItem(clusterFid(c))}
            onBlur={blur}
            onClick={(e) => onOpen({ kind: "cluster", item: c }, e.currentTarget, fromKeyboard(e))}
          >
            {t("{{count}} properties here, zoom in", { count: c.count })}
          </button>
        </li>
      ))}
      {answer.markers.map((m) => (
        <li key={markerFid(m)}>
          <button
            type="button"
            className="map-list__item"
            aria-haspopup="dialog"
            aria-expanded={selected?.id === m.id}
            onFocus={() => onFocusItem(markerFid(m))}
            onBlur={blur}
            onClick={(e) => onOpen({ kind: "marker", item: m }, e.currentTarget, fromKeyboard(e))}
          >
            <span dir="auto">{m.title}</span>, <bdi>{money(m.price)}</bdi>
          </button>
        </li>
      ))}
    </ul>
  );
});
