// The map search's answer as one GeoJSON collection, drawn by MapLibre's layers (map-search.tsx)
// instead of a DOM element per marker: panning moves one canvas, not hundreds of positioned buttons.
import type { MapCluster, MapMarker } from "~server/api/listings/property/map";

export type MapItem = { kind: "cluster"; item: MapCluster } | { kind: "marker"; item: MapMarker };

/** What a layer reads of a feature: its kind, its label (price or count) and, for clusters, a size. */
export interface ItemProperties {
  /** One id for both kinds ("c…" or "m…"): layers filter by it, clicks find the item by it. */
  fid: string;
  kind: MapItem["kind"];
  label: string;
  size?: "s" | "m" | "l";
}

export const clusterFid = (c: MapCluster) => `c${c.id}`;
export const markerFid = (m: MapMarker) => `m${m.id}`;

/** Cluster sizes as the count grows: small under 100, medium under 1000, large from there. */
export const clusterSize = (count: number): "s" | "m" | "l" =>
  count >= 1000 ? "l" : count >= 100 ? "m" : "s";

export interface FeatureCollectionOf<P> {
  type: "FeatureCollection";
  features: { type: "Feature"; geometry: { type: "Point"; coordinates: [number, number] }; properties: P }[];
}

/** Clusters first, markers after (drawn above them), each with the text it shows. */
export function toFeatures(
  answer: { clusters: MapCluster[]; markers: MapMarker[] },
  labels: { count: (c: MapCluster) => string; price: (m: MapMarker) => string },
): FeatureCollectionOf<ItemProperties> {
  const point = (longitude: number, latitude: number) => ({
    type: "Point" as const,
    coordinates: [longitude, latitude] as [number, number],
  });
  return {
    type: "FeatureCollection",
    features: [
      ...answer.clusters.map((c) => ({
        type: "Feature" as const,
        geometry: point(c.longitude, c.latitude),
        properties: {
          fid: clusterFid(c),
          kind: "cluster" as const,
          label: labels.count(c),
          size: clusterSize(c.count),
        },
      })),
      ...answer.markers.map((m) => ({
        type: "Feature" as const,
        geometry: point(m.longitude, m.latitude),
        properties: { fid: markerFid(m), kind: "marker" as const, label: labels.price(m) },
      })),
    ],
  };
}

/** Items by feature id, for what a click or a key picked. */
export function itemsById(answer: { clusters: MapCluster[]; markers: MapMarker[] }): Map<string, MapItem> {
  const out = new Map<string, MapItem>();
  for (const c of answer.clusters) out.set(clusterFid(c), { kind: "cluster", item: c });
  for (const m of answer.markers) out.set(markerFid(m), { kind: "marker", item: m });
  return out;
}
