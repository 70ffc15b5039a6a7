import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translate";

// The viewer (three.js and photo-sphere-viewer, about 170 KB gzip) loads only when asked for.
const PanoramaViewer = lazy(() => import("./panorama-viewer.client"));

/**
 * A listing's 360° image. Without JavaScript (or before React has loaded) it is a link to the
 * image itself; with JavaScript the button opens a viewer you can turn around in, in a dialog.
 */
export function Panorama({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);

  return (
    <section aria-labelledby="pano-h" className="panorama">
      <h2 id="pano-h">{t("360° view")}</h2>
      <p>{t("Look around the room as if you were standing in it.")}</p>
      {ready ? (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t("Open the 360° view")}
        </button>
      ) : (
        <a className="button" href={url} target="_blank" rel="noreferrer">
          {t("Open the 360° view")}
        </a>
      )}
      {open ? (
        <dialog
          ref={dialog}
          className="panorama__dialog"
          aria-label={t("360° view")}
          onClose={() => setOpen(false)}
        >
          <form method="dialog" className="panorama__bar">
            <p className="panorama__title" dir="auto">
              {title}
            </p>
            <button type="submit" className="button button--small">
              {t("Close")}
            </button>
          </form>
          <Suspense
            fallback={
              <p className="panorama__loading" role="status">
                {t("Loading the 360° view…")}
              </p>
            }
          >
            <PanoramaViewer url={url} caption={title} />
          </Suspense>
        </dialog>
      ) : null}
    </section>
  );
}
