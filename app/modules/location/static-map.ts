/** The address of the API's picture of a place (static-map), rounded so that one image serves many visits. */
export function staticMapPath(lat: number, lng: number, width = 640, height = 320, zoom = 15): string {
  return `/api/static-map?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&width=${width}&height=${height}&zoom=${zoom}`;
}
