// What the 3D viewer and its still picture share: their props and the frame they stand in. Apart from
// model-viewer.tsx so that the lazily loaded viewer can use them without importing its own loader.
import type { CSSProperties } from "react";

export interface ModelViewerLabels {
  /** Said while the model downloads, e.g. "Loading the 3D model…". */
  loading: string;
  /** Said when the model cannot be shown (download failed, or no WebGL). */
  error: string;
  /** The button that brings the view back to where it started. */
  resetView: string;
  /** A line on how to move around, e.g. "Drag to turn, pinch or scroll to zoom". */
  hint?: string;
}

export interface ModelViewerProps {
  /** The model (GLB). */
  src: string;
  /** The still picture of the same model, shown until the first 3D frame (and if the 3D view fails). */
  still?: string;
  /** What the model shows, for people who cannot see it, e.g. "3D model of the flat's six rooms". */
  alt: string;
  labels: ModelViewerLabels;
  className?: string;
  style?: CSSProperties;
}

/** The frame the viewer and its still share, so nothing moves when one replaces the other. */
export const frameStyle: CSSProperties = {
  position: "relative",
  inlineSize: "100%",
  aspectRatio: "4 / 3",
  overflow: "hidden",
  backgroundColor: "#eef1f5",
  borderRadius: "0.5rem",
};

export const stillStyle: CSSProperties = {
  position: "absolute",
  insetBlock: 0,
  insetInline: 0,
  inlineSize: "100%",
  blockSize: "100%",
  objectFit: "contain",
};
