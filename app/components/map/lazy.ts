// The map modules, loaded on demand: a page's first load carries none of MapLibre, only these
// two import() calls. Both chunks share one MapLibre chunk.
import { lazy, useEffect, useState } from "react";

export const MapSearch = lazy(() => import("./map-search"));
export const LocationMap = lazy(() => import("./location-map"));

/** False on the server and during hydration; maps render only after it, in the browser. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
