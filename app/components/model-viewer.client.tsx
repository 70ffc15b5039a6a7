// The dollhouse in 3D. Only ever loaded through React.lazy (see model-viewer.tsx), so three.js and
// its loaders stay out of every page's first download; all three imports live in this file.
import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import {
  Box3,
  DirectionalLight,
  HemisphereLight,
  MathUtils,
  Mesh,
  PerspectiveCamera,
  Scene,
  Sphere,
  SRGBColorSpace,
  Texture,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { frameStyle, stillStyle, type ModelViewerProps } from "./model-frame";

/** The opening view: from the south-east, 25° round from due south, 60° above the horizon (the still's view). */
const AZIMUTH = MathUtils.degToRad(25);
const ELEVATION = MathUtils.degToRad(60);
const FOV = 35;
/** Sharper than this costs battery on phones without looking better. */
const MAX_PIXEL_RATIO = 2;
/** One slow turn a minute while nobody touches it (never with reduced motion). */
const AUTO_ROTATE_SPEED = 1;

type Status = "loading" | "ready" | "error";

export default function ModelViewer({ src, still, alt, labels, className, style }: ModelViewerProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>("loading");
  // The hint on how to move goes once the visitor has moved the view.
  const [moved, setMoved] = useState(false);
  const resetRef = useRef<() => void>(() => {});
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const altRef = useRef(alt);
  altRef.current = alt;

  useEffect(() => {
    const container = mount.current;
    if (!container) return;
    setStatus("loading");
    let disposed = false;
    const abort = new AbortController();

    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, alpha: true, powerPreference: "low-power" });
    } catch {
      // No WebGL (old phones, locked-down browsers): the still stays, with a message.
      setStatus("error");
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    renderer.outputColorSpace = SRGBColorSpace;
    const canvas = renderer.domElement;
    canvasRef.current = canvas;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", altRef.current);
    // Focusable, so arrow keys can move the view (with Shift they turn it).
    canvas.tabIndex = 0;
    Object.assign(canvas.style, {
      inlineSize: "100%",
      blockSize: "100%",
      display: "block",
      outlineOffset: "-3px",
    });
    container.append(canvas);

    const scene = new Scene();
    // Soft daylight: a sky/ground fill for every face, and one low-strength sun from the upper left so
    // walls facing different ways read apart (as in the still).
    scene.add(new HemisphereLight(0xffffff, 0xb8b0a4, 2.6));
    const sun = new DirectionalLight(0xffffff, 1.1);
    sun.position.set(-5, 10, 3.5);
    scene.add(sun);

    const camera = new PerspectiveCamera(FOV, 1, 0.05, 1000);
    const controls = new OrbitControls(camera, canvas);
    controls.enableDamping = true;
    controls.dampingFactor = 0.08;
    controls.screenSpacePanning = true;
    // Stay above the floor: a dollhouse has nothing to see from below.
    controls.maxPolarAngle = MathUtils.degToRad(82);
    controls.listenToKeyEvents(canvas);
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    const stopAutoRotate = () => {
      controls.autoRotate = false;
      setMoved(true);
    };
    controls.addEventListener("start", stopAutoRotate);

    let frameRequested = false;
    let lastFrame = performance.now();
    const render = () => {
      frameRequested = false;
      // Auto-rotation by elapsed time, so it turns at the same pace on 60 and 120 Hz screens (capped
      // so a frame after a pause does not jump).
      const now = performance.now();
      const seconds = Math.min(0.1, (now - lastFrame) / 1000);
      lastFrame = now;
      // update() carries damping and auto-rotation on; keep drawing while the view still moves.
      const moving = controls.update(seconds);
      renderer.render(scene, camera);
      if (moving || controls.autoRotate) requestRender();
    };
    const requestRender = () => {
      if (frameRequested || disposed) return;
      frameRequested = true;
      requestAnimationFrame(render);
    };
    controls.addEventListener("change", requestRender);

    const resize = () => {
      const width = container.clientWidth;
      const height = container.clientHeight;
      if (!width || !height) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    resize();

    const onContextLost = (event: Event) => {
      event.preventDefault();
      setStatus("error");
    };
    canvas.addEventListener("webglcontextlost", onContextLost);

    let model: Object3D | null = null;
    const frameModel = (object: Object3D) => {
      const box = new Box3().setFromObject(object);
      const centre = box.getCenter(new Vector3());
      const radius = box.getBoundingSphere(new Sphere()).radius || 1;
      // Far enough that the whole sphere fits the narrower of the two fields of view.
      const vertical = MathUtils.degToRad(FOV) / 2;
      const horizontal = Math.atan(Math.tan(vertical) * Math.max(camera.aspect, 0.1));
      const distance = (radius / Math.sin(Math.min(vertical, horizontal))) * 1.02;
      controls.target.copy(centre);
      camera.position.set(
        centre.x + distance * Math.sin(AZIMUTH) * Math.cos(ELEVATION),
        centre.y + distance * Math.sin(ELEVATION),
        centre.z + distance * Math.cos(AZIMUTH) * Math.cos(ELEVATION),
      );
      camera.near = Math.max(0.01, distance / 100);
      camera.far = distance * 10;
      camera.updateProjectionMatrix();
      controls.minDistance = radius * 0.3;
      controls.maxDistance = distance * 3;
      controls.update();
      controls.saveState();
    };

    resetRef.current = () => {
      controls.reset();
      requestRender();
    };

    (async () => {
      try {
        const response = await fetch(src, { signal: abort.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = await response.arrayBuffer();
        const gltf = await new GLTFLoader().parseAsync(data, "");
        if (disposed) {
          disposeObject(gltf.scene);
          return;
        }
        model = gltf.scene;
        const anisotropy = Math.min(8, renderer.capabilities.getMaxAnisotropy());
        model.traverse((object) => {
          if (!(object instanceof Mesh)) return;
          for (const material of materialsOf(object)) {
            for (const texture of texturesOf(material)) texture.anisotropy = anisotropy;
          }
        });
        scene.add(model);
        frameModel(model);
        controls.autoRotate = !reducedMotion?.matches;
        controls.autoRotateSpeed = AUTO_ROTATE_SPEED;
        // The still goes once the first frame is on screen, not before.
        renderer.render(scene, camera);
        requestAnimationFrame(() => {
          if (disposed) return;
          setStatus("ready");
          requestRender();
        });
      } catch {
        if (!disposed) setStatus("error");
      }
    })();

    const onMotionPreference = () => {
      if (reducedMotion?.matches) controls.autoRotate = false;
    };
    reducedMotion?.addEventListener?.("change", onMotionPreference);

    return () => {
      disposed = true;
      abort.abort();
      observer.disconnect();
      reducedMotion?.removeEventListener?.("change", onMotionPreference);
      canvas.removeEventListener("webglcontextlost", onContextLost);
      controls.removeEventListener("start", stopAutoRotate);
      controls.removeEventListener("change", requestRender);
      controls.stopListenToKeyEvents();
      controls.dispose();
      if (model) disposeObject(model);
      renderer.dispose();
      // Browsers allow only a few live WebGL contexts: give this one back now, not at GC.
      renderer.forceContextLoss();
      canvas.remove();
      canvasRef.current = null;
      resetRef.current = () => {};
    };
  }, [src]);

  // The description can change (another language) without reloading the model.
  useEffect(() => {
    canvasRef.current?.setAttribute("aria-label", alt);
  }, [alt]);

  const reset = useCallback(() => resetRef.current(), []);

  return (
    <div className={className} style={{ ...frameStyle, ...style }} aria-busy={status === "loading"}>
      {/* The canvas goes in here, outside what React renders. */}
      <div ref={mount} style={stillStyle} />
      {status !== "ready" && still ? (
        <img src={still} alt={status === "error" ? alt : ""} style={stillStyle} decoding="async" />
      ) : null}
      {status === "loading" ? (
        <p role="status" style={{ ...noteStyle, insetBlockEnd: "0.75rem" }}>
          {labels.loading}
        </p>
      ) : null}
      {status === "error" ? (
        <p role="alert" style={{ ...noteStyle, insetBlockEnd: "0.75rem" }}>
          {labels.error}
        </p>
      ) : null}
      {status === "ready" ? (
        <>
          <button type="button" onClick={reset} style={buttonStyle}>
            {labels.resetView}
          </button>
          {labels.hint && !moved ? (
            <p style={{ ...noteStyle, insetBlockEnd: "0.75rem", pointerEvents: "none" }} aria-hidden="true">
              {labels.hint}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

const noteStyle: CSSProperties = {
  position: "absolute",
  insetInline: "0.75rem",
  margin: 0,
  marginInline: "auto",
  inlineSize: "fit-content",
  maxInlineSize: "calc(100% - 1.5rem)",
  paddingBlock: "0.35rem",
  paddingInline: "0.75rem",
  borderRadius: "999px",
  backgroundColor: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  fontSize: "0.875rem",
  textAlign: "center",
};

const buttonStyle: CSSProperties = {
  position: "absolute",
  insetBlockStart: "0.75rem",
  insetInlineEnd: "0.75rem",
  paddingBlock: "0.4rem",
  paddingInline: "0.8rem",
  border: "1px solid rgba(17, 24, 39, 0.15)",
  borderRadius: "999px",
  backgroundColor: "rgba(255, 255, 255, 0.92)",
  color: "#111827",
  font: "inherit",
  fontSize: "0.875rem",
  cursor: "pointer",
  minBlockSize: "2.5rem",
};

function materialsOf(mesh: Mesh): Material[] {
  return Array.isArray(mesh.material) ? mesh.material : [mesh.material];
}

function texturesOf(material: Material): Texture[] {
  return Object.values(material).filter((value): value is Texture => value instanceof Texture);
}

/** Frees what the GPU holds for a model: geometry buffers, textures (and their image bitmaps), materials. */
function disposeObject(root: Object3D) {
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    object.geometry.dispose();
    for (const material of materialsOf(object)) {
      for (const texture of texturesOf(material)) {
        const image = texture.source.data as { close?: () => void } | null;
        texture.dispose();
        // GLTFLoader decodes into ImageBitmaps, which are not garbage-collected on their own.
        image?.close?.();
      }
      material.dispose();
    }
  });
}
