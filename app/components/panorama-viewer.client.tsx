// Only ever loaded by the Panorama component's dynamic import, never on a page's first load.
import { useEffect, useRef, useState } from "react";
import { Viewer } from "@photo-sphere-viewer/core";
import "@photo-sphere-viewer/core/index.css";
import { useTranslation } from "~/lib/translate";
import { sphereLabels } from "./sphere-labels";

export default function PanoramaViewer({ url, caption }: { url: string; caption: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    let viewer: Viewer | undefined;
    try {
      viewer = new Viewer({
        container: container.current,
        panorama: url,
        caption,
        navbar: ["zoom", "move", "caption", "fullscreen"],
        // Arrow keys turn the view while the dialog is open (it holds the focus).
        keyboard: "always",
        lang: {
          ...sphereLabels(t),
          loading: t("Loading the 360° view…"),
          loadError: t("The 360° view could not be loaded."),
        },
      });
      viewer.addEventListener("ready", () => container.current?.setAttribute("data-ready", ""), {
        once: true,
      });
    } catch {
      // No WebGL (old phones, some locked-down browsers): say so and offer the flat image.
      setFailed(true);
    }
    return () => viewer?.destroy();
  }, [url, caption, t]);

  if (failed) {
    return (
      <p className="panorama__loading" role="alert">
        {t("This browser cannot show 360° views.")} <a href={url}>{t("Open the image instead")}</a>
      </p>
    );
  }
  return <div ref={container} className="panorama__viewer" />;
}
