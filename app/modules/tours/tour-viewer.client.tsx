// The walk-through: rooms as spheres you turn around in, arrows to the next rooms and the floor plan
// as a mini map. Only ever loaded by the tour section's dynamic import once a visitor opens the tour,
// so three.js and photo-sphere-viewer are never part of the listing page's first download.
import { sphereLabels } from "~/components/sphere-labels";
import { useEffect, useMemo, useRef, useState } from "react";
import { CONSTANTS, Viewer, type PanoData } from "@photo-sphere-viewer/core";
import {
  VirtualTourPlugin,
  type VirtualTourLink,
  type VirtualTourNode,
} from "@photo-sphere-viewer/virtual-tour-plugin";
import { MapPlugin, type MapHotspotStyle } from "@photo-sphere-viewer/map-plugin";
import "@photo-sphere-viewer/core/index.css";
import "@photo-sphere-viewer/virtual-tour-plugin/index.css";
import "@photo-sphere-viewer/map-plugin/index.css";
import { useTranslation } from "~/lib/translate";
import {
  isConstrained,
  mapImageOf,
  placementOf,
  planCentre,
  sharpUrl,
  viewableRooms,
  type NetworkHint,
  type TourView,
} from "./tour-data";

export interface TourViewerProps {
  tour: Pick<TourView, "fullRoomData" | "floorplanImage">;
  /** The room to open in (it must have a picture). */
  startRoomId: number;
}

/** Phone-sized or narrow windows get phone-sized pictures. */
const NARROW = "(max-width: 60rem)";

function networkHint(): NetworkHint {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return {
    narrow: window.matchMedia(NARROW).matches,
    saveData: connection?.saveData,
    effectiveType: connection?.effectiveType,
  };
}

// Hotspots on the mini map: the room you are in stands out in the site's colour, the others are white
// dots with a dark ring (visible on light and dark plans alike).
const SPOT: MapHotspotStyle = {
  size: 14,
  color: "#ffffff",
  borderSize: 3,
  borderColor: "#1f2937",
  hoverColor: "#f59e0b",
};
const CURRENT_SPOT: MapHotspotStyle = {
  size: 18,
  color: "#0f766e",
  borderSize: 3,
  borderColor: "#ffffff",
  hoverColor: "#0f766e",
};

/** An arrow pointing ahead, drawn in the link's colour (the plugin's own arrow is not exported). */
const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">' +
  '<circle cx="50" cy="50" r="44" fill="rgb(0 0 0 / 0.35)" stroke="currentColor" stroke-width="6"/>' +
  '<path d="M50 26 76 56 66 64 50 46 34 64 24 56z" fill="currentColor"/></svg>';

export default function TourViewer({ tour, startRoomId }: TourViewerProps) {
  const { t } = useTranslation();
  // The viewer is built once per opening: new translations after a revalidation must not rebuild it.
  const translate = useRef(t);
  translate.current = t;
  const container = useRef<HTMLDivElement>(null);
  const tourPlugin = useRef<VirtualTourPlugin | null>(null);
  const [current, setCurrent] = useState(String(startRoomId));
  const [failed, setFailed] = useState(false);
  const rooms = useMemo(() => viewableRooms(tour.fullRoomData), [tour.fullRoomData]);

  useEffect(() => {
    const element = container.current;
    if (!element || !rooms.length) return;
    const t = translate.current;
    const hint = networkHint();
    const map = mapImageOf(tour.floorplanImage, tour.fullRoomData);
    const names = new Map(rooms.map((r) => [String(r.id), r.name]));
    const ids = new Set(rooms.map((r) => r.id));
    const kinds = new Map(rooms.map((r) => [String(r.id), r.kind]));
    const rtl = getComputedStyle(element).direction === "rtl";
    let destroyed = false;
    // Set once the viewer exists, below; the arrows made before then read it when pressed.
    // eslint-disable-next-line prefer-const
    let plugin: VirtualTourPlugin | undefined;

    /** The link to the next room as a real button: named, reachable by Tab, and pressed by Enter too. */
    const arrow = (link: VirtualTourLink) => {
      const button = document.createElement("button");
      button.type = "button";
      // The viewer ignores presses on this class, so a click is handled once, here, and also lands when
      // the arrow sits over a part of the sphere a flat photo leaves empty (where the viewer sees no click).
      button.className = `psv-virtual-tour-arrow tour-viewer__arrow ${CONSTANTS.CAPTURE_EVENTS_CLASS}`;
      button.innerHTML = ARROW_SVG;
      button.dataset.roomId = link.nodeId;
      button.setAttribute("aria-label", t("Go to {{room}}", { room: names.get(link.nodeId) ?? "" }));
      button.addEventListener("click", (e) => {
        e.stopPropagation();
        void plugin?.setCurrentNode(link.nodeId, undefined, link).catch(() => {});
      });
      return button;
    };

    const nodes: VirtualTourNode[] = rooms.map((room) => {
      const place = placementOf(room.kind);
      return {
        id: String(room.id),
        // The small picture first: something to look at within a second or two on a slow network.
        panorama: room.image.small,
        thumbnail: room.image.small,
        name: room.name,
        caption: room.name,
        // From the loaded file's own size, so the small and the sharp picture cover the same angles.
        panoData: ((img: HTMLImageElement) => place(img.width, img.height)) as (
          img: HTMLImageElement,
        ) => PanoData,
        links: room.links
          .filter((l) => ids.has(l.to) && l.to !== room.id)
          .map((l) => ({ nodeId: String(l.to), position: { yaw: `${l.yaw}deg`, pitch: 0 } })),
        map: { ...planCentre(room.plan, map), ...(room.id === startRoomId ? CURRENT_SPOT : SPOT) },
      };
    });

    let viewer: Viewer;
    try {
      viewer = new Viewer({
        container: element,
        navbar: ["zoom", "move", "caption", "fullscreen"],
        // Arrow keys turn the view while the dialog is open (it holds the focus).
        keyboard: "always",
        lang: {
          ...sphereLabels(t),
          close: t("Close"),
          loading: t("Loading the virtual tour…"),
          loadError: t("This room's picture could not be loaded."),
          map: t("Floor plan"),
          mapMaximize: t("Enlarge the floor plan"),
          mapMinimize: t("Shrink the floor plan"),
          mapReset: t("Back to this room on the plan"),
          mapNorth: t("Back to this room on the plan"),
        },
        plugins: [
          MapPlugin.withConfig({
            imageUrl: map.url,
            size: "11rem",
            // Bottom corner on the reading side's start: left in English, right in Arabic.
            position: ["bottom", rtl ? "right" : "left"],
            shape: "square",
            // A plan keeps its orientation; nothing tells which way a panorama's centre faces on it,
            // so no direction cone either, only the pin on the room you are in.
            static: true,
            coneSize: 0,
            pinSize: 22,
            spotStyle: SPOT,
            buttons: { north: false },
          }),
          VirtualTourPlugin.withConfig({
            nodes,
            startNodeId: String(startRoomId),
            renderMode: "3d",
            // Fetch the next rooms' small pictures ahead, unless the visitor saves data.
            preload: !isConstrained({ ...hint, narrow: false }),
            map: { imageUrl: map.url, size: { width: map.width, height: map.height } },
            arrowStyle: { element: arrow, size: { width: 64, height: 64 } },
            // The plugin keeps looking the way you were going; a flat photo only covers its middle
            // 90°, so it always opens facing its centre instead of, say, a black 120° to the side.
            transitionOptions: (to) =>
              kinds.get(to.id) === "photo" ? { rotation: false, rotateTo: { yaw: 0, pitch: 0 } } : {},
          }),
        ],
      });
    } catch {
      // No WebGL (old phones, some locked-down browsers): the rooms' photos on the page remain.
      setFailed(true);
      return;
    }
    plugin = viewer.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
    tourPlugin.current = plugin;

    // Escape shrinks an enlarged plan first (the map does that itself); only then does it close the
    // dialog. The map has shrunk by the time the dialog hears of it, so its state is read on the way down.
    const mapPlugin = viewer.getPlugin<MapPlugin>(MapPlugin);
    const dialog = element.closest("dialog");
    let escapeShrinksPlan = false;
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === "Escape") escapeShrinksPlan = Boolean(mapPlugin?.component.maximized);
    };
    const keepOpen = (e: Event) => {
      if (escapeShrinksPlan) e.preventDefault();
      escapeShrinksPlan = false;
    };
    dialog?.addEventListener("keydown", onEscape, true);
    dialog?.addEventListener("cancel", keepOpen);

    // Arrow keys in the room list choose a room; they must not turn the view at the same time.
    viewer.addEventListener("key-press", (e) => {
      const target = e.originalEvent.target as HTMLElement | null;
      if (target?.closest("select, input, textarea")) e.preventDefault();
    });

    /** Rooms whose sharp picture has been shown: next time they open with it. */
    const sharpShown = new Map<string, string>();
    let highlighted = String(startRoomId);

    plugin.addEventListener("node-changed", ({ node, data }) => {
      if (destroyed) return;
      const from = data.fromNode?.id ?? highlighted;
      setCurrent(node.id);
      element.dataset.currentRoom = node.id;
      if (from !== node.id) {
        plugin!.updateNode({
          id: from,
          map: { ...planCentre(rooms.find((r) => String(r.id) === from)!.plan, map), ...SPOT },
          ...(sharpShown.has(from) ? { panorama: sharpShown.get(from) } : {}),
        });
        plugin!.updateNode({
          id: node.id,
          map: { ...planCentre(rooms.find((r) => String(r.id) === node.id)!.plan, map), ...CURRENT_SPOT },
        });
      }
      highlighted = node.id;
      const room = rooms.find((r) => String(r.id) === node.id);
      if (!room) return;
      const sharp = sharpUrl(room.image, hint);
      if (sharp === node.panorama) return;
      // The sharp picture loads into the viewer's cache, then replaces the small one where the visitor
      // is looking (no position given: the view stays), unless they have moved on meanwhile.
      viewer.textureLoader
        .loadFile(sharp, undefined, sharp)
        .then(() => {
          // The viewer clears `loadingPromise` (typed as always set) once no panorama is loading.
          const loading = viewer.state.loadingPromise as Promise<unknown> | null;
          if (destroyed || plugin!.getCurrentNode()?.id !== node.id || loading) return false;
          return viewer.setPanorama(sharp, {
            caption: node.caption,
            panoData: node.panoData,
            transition: false,
            showLoader: false,
          });
        })
        .then((shown) => {
          if (shown) sharpShown.set(node.id, sharp);
        })
        // A failed or cancelled download leaves the small picture; nothing to tell.
        .catch(() => {});
    });

    viewer.addEventListener("ready", () => element.setAttribute("data-ready", ""), { once: true });
    element.dataset.currentRoom = String(startRoomId);

    return () => {
      destroyed = true;
      tourPlugin.current = null;
      dialog?.removeEventListener("keydown", onEscape, true);
      dialog?.removeEventListener("cancel", keepOpen);
      viewer.destroy();
    };
  }, [rooms, tour.floorplanImage, tour.fullRoomData, startRoomId]);

  const currentName = rooms.find((r) => String(r.id) === current)?.name ?? "";

  if (failed) {
    return (
      <p className="tour-viewer__message" role="alert">
        {t("This browser cannot show 360° views.")}{" "}
        {t("The rooms' pictures are on the page, under the floor plan.")}
      </p>
    );
  }
  return (
    <div className="tour-viewer">
      <div className="tour-viewer__rooms">
        <label htmlFor="tour-viewer-room">{t("Room")}</label>
        <select
          id="tour-viewer-room"
          name="room"
          value={current}
          onChange={(e) => {
            setCurrent(e.target.value);
            void tourPlugin.current?.setCurrentNode(e.target.value).catch(() => {});
          }}
        >
          {rooms.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </select>
        <p className="visually-hidden" role="status">
          {t("You are in: {{room}}", { room: currentName })}
        </p>
      </div>
      <div ref={container} className="tour-viewer__sphere" />
    </div>
  );
}
