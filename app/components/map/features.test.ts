import { describe, expect, it } from "vitest";
import type { MapCluster, MapMarker } from "~server/api/listings/property/map";
import { clusterSize, itemsById, toFeatures } from "./features";

const marker: MapMarker = {
  id: 7,
  slug_id: "villa-7",
  title: "Villa",
  price: 1_200_000,
  property_type: "sell",
  rentduration: null,
  latitude: 25.2,
  longitude: 55.3,
  image: null,
  image_avif: null,
};
const cluster: MapCluster = {
  id: "12:3:4",
  count: 1500,
  latitude: 24.5,
  longitude: 54.4,
  bounds: [54, 24, 55, 25],
};
const labels = { count: (c: MapCluster) => `${c.count}`, price: (m: MapMarker) => `AED ${m.price}` };

describe("the map's features", () => {
  it("puts clusters and markers in one collection, with the text and size each layer draws", () => {
    const fc = toFeatures({ clusters: [cluster], markers: [marker] }, labels);
    expect(fc.features.map((f) => [f.properties, f.geometry.coordinates])).toEqual([
      [{ fid: "c12:3:4", kind: "cluster", label: "1500", size: "l" }, [54.4, 24.5]],
      [{ fid: "m7", kind: "marker", label: "AED 1200000" }, [55.3, 25.2]],
    ]);
  });

  it("finds what a click picked by its feature id", () => {
    const items = itemsById({ clusters: [cluster], markers: [marker] });
    expect(items.get("m7")).toEqual({ kind: "marker", item: marker });
    expect(items.get("c12:3:4")).toEqual({ kind: "cluster", item: cluster });
  });

  it("sizes clusters as they grow", () => {
    expect([1, 99, 100, 999, 1000].map(clusterSize)).toEqual(["s", "s", "m", "m", "l"]);
  });
});
