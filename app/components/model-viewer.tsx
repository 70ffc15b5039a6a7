import { lazy, Suspense } from "react";
import { frameStyle, stillStyle, type ModelViewerProps } from "./model-frame";

export type { ModelViewerLabels, ModelViewerProps } from "./model-frame";

// three.js (about 150 KB gzip) is only fetched when a visitor opens the 3D view.
const ModelViewerClient = lazy(() => import("./model-viewer.client"));

/** The still picture in the viewer's frame: the 3D view's placeholder, and all there is without JavaScript. */
export function ModelStill({
  still,
  alt,
  className,
  style,
}: Pick<ModelViewerProps, "still" | "alt" | "className" | "style">) {
  return (
    <div className={className} style={{ ...frameStyle, ...style }}>
      {still ? <img src={still} alt={alt} style={stillStyle} decoding="async" /> : null}
    </div>
  );
}

/** The 3D viewer, loaded on first render; until then (and while the model downloads) the still. */
export function ModelViewer(props: ModelViewerProps) {
  return (
    <Suspense
      fallback={
        <ModelStill still={props.still} alt={props.alt} className={props.className} style={props.style} />
      }
    >
      <ModelViewerClient {...props} />
    </Suspense>
  );
}
