// The 360° viewer's controls in the page's language, for the single panorama and the tour alike.
type T = (key: string) => string;

/** photo-sphere-viewer's navbar labels and hints, translated. */
export function sphereLabels(t: T) {
  return {
    zoom: t("Zoom"),
    zoomOut: t("Zoom out"),
    zoomIn: t("Zoom in"),
    moveUp: t("Look up"),
    moveDown: t("Look down"),
    moveLeft: t("Look left"),
    moveRight: t("Look right"),
    fullscreen: t("Full screen"),
    twoFingers: t("Use two fingers to look around"),
    ctrlZoom: t("Use ctrl + scroll to zoom"),
    webglError: t("This browser cannot show 360° views."),
  };
}
