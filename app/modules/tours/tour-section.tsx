// A listing's virtual tour on its page. As HTML it is complete on its own: the floor plan with the
// rooms on it, each room's picture with links to the next rooms, the video and the 3D model's
// picture. With JavaScript, buttons open the walk-through and the 3D model in full-screen dialogs;
// their code loads only then.
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { ModelViewer } from "~/components/model-viewer";
import { FloorPlan } from "./floor-plan";
import { fileSize, pageSrcSet, roomAnchor, startRoom, type TourView } from "./tour-data";
import "~/styles/tours.css";

// three.js and photo-sphere-viewer with its tour and map plugins: fetched when the tour is opened.
const TourViewer = lazy(() => import("./tour-viewer.client"));

/** A list of rooms, two or three abreast on wide screens, one on phones. */
const ROOM_SIZES = "(min-width: 64rem) 20rem, (min-width: 40rem) 45vw, 92vw";

export function TourSection({ tour, title }: { tour: TourView; title: string }) {
  const { t, locale } = useTranslation();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState<"tour" | "model" | null>(null);
  useEffect(() => setReady(true), []);

  const rooms = tour.fullRoomData;
  const names = new Map(rooms.map((r) => [r.id, r.name]));
  const start = startRoom(tour);
  const video =
    tour.video?.status === "ready" && tour.video.url ? { ...tour.video, url: tour.video.url } : null;
  const model = tour.model?.url ? { ...tour.model, url: tour.model.url } : null;
  const modelAlt = t("3D model of {{title}}", { title });
  const close = () => setOpen(null);

  return (
    <section aria-labelledby="tour-h" className="tour" id="virtual-tour">
      <h2 id="tour-h">{t("Virtual tour")}</h2>
      <p>{t("Walk through the home room by room: choose a room on the floor plan or in the list.")}</p>
      {ready && (start || model) ? (
        <p className="tour__actions">
          {start ? (
            <button type="button" className="button" onClick={() => setOpen("tour")}>
              {t("Open the virtual tour")}
            </button>
          ) : null}
          {model ? (
            <button type="button" className="button button--ghost" onClick={() => setOpen("model")}>
              {t("Open the 3D model")}
            </button>
          ) : null}
        </p>
      ) : null}

      <FloorPlan
        image={tour.floorplanImage}
        rooms={rooms}
        currentRoomId={start?.id}
        linkTo={(r) => `#${roomAnchor(r.id)}`}
        label={t("Floor plan")}
      />

      <h3 id="tour-rooms-h">{t("Rooms")}</h3>
      <ol className="tour__rooms" aria-labelledby="tour-rooms-h">
        {rooms.map((room, i) => {
          const next = room.links.filter((l) => names.has(l.to) && l.to !== room.id);
          return (
            <li key={room.id} id={roomAnchor(room.id)} className="tour__room">
              {room.image ? (
                <img
                  className={
                    room.kind === "panorama" ? "tour__picture tour__picture--panorama" : "tour__picture"
                  }
                  src={room.image.small}
                  srcSet={pageSrcSet(room.image)}
                  sizes={ROOM_SIZES}
                  alt={room.name}
                  width={room.image.width}
                  height={room.image.height}
                  // The first room loads with the page, but after the gallery above it: low priority,
                  // which also keeps it out of the preloads React puts in the document's head.
                  loading={i === 0 ? undefined : "lazy"}
                  fetchPriority={i === 0 ? "low" : undefined}
                  decoding="async"
                  style={room.image.dominant ? { backgroundColor: room.image.dominant } : undefined}
                />
              ) : (
                <div className="tour__nopicture" aria-hidden="true" />
              )}
              <h4 className="tour__name" dir="auto">
                {room.name}
              </h4>
              {room.image && room.kind === "panorama" ? <p className="tour__kind">{t("360° view")}</p> : null}
              {next.length ? (
                <ul className="tour__next">
                  {next.map((l) => (
                    <li key={l.to}>
                      <a href={`#${roomAnchor(l.to)}`}>
                        {t("Next: {{room}}", { room: names.get(l.to) ?? "" })}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>

      {video ? (
        <div className="tour__video">
          <h3 id="tour-video-h">{t("Video walk-through")}</h3>
          <video
            controls
            preload="none"
            poster={video.poster ?? undefined}
            src={video.url}
            width={video.width ?? undefined}
            height={video.height ?? undefined}
            aria-labelledby="tour-video-h"
          >
            <a href={video.url} download>
              {t("Download the video")}
            </a>
          </video>
        </div>
      ) : null}

      {model ? (
        <div className="tour__model">
          <h3 id="tour-model-h">{t("3D model")}</h3>
          {model.still ? (
            <img className="tour__still" src={model.still} alt={modelAlt} loading="lazy" decoding="async" />
          ) : null}
          <p>
            <a href={model.url} download>
              {t("Download the 3D model (GLB)")}
            </a>
            {model.bytes ? <span className="tour__size"> · {fileSize(model.bytes, locale)}</span> : null}
          </p>
        </div>
      ) : null}

      {open === "tour" && start ? (
        <TourDialog
          labelId="tour-dialog-h"
          heading={t("Virtual tour of {{title}}", { title })}
          onClose={close}
        >
          <LoadBoundary
            message={t("The virtual tour could not be loaded. Check your connection and try again.")}
          >
            <Suspense
              fallback={
                <p className="tour-dialog__message" role="status">
                  {t("Loading the virtual tour…")}
                </p>
              }
            >
              <TourViewer tour={tour} startRoomId={start.id} />
            </Suspense>
          </LoadBoundary>
        </TourDialog>
      ) : null}

      {open === "model" && model ? (
        <TourDialog labelId="model-dialog-h" heading={modelAlt} onClose={close}>
          <div className="tour-dialog__model">
            <LoadBoundary
              message={t("The 3D model could not be loaded. Check your connection and try again.")}
            >
              <ModelViewer
                src={model.url}
                still={model.still ?? undefined}
                alt={modelAlt}
                className="tour-dialog__model-frame"
                labels={{
                  loading: t("Loading the 3D model…"),
                  error: t("The 3D model could not be shown."),
                  resetView: t("Back to the first view"),
                  hint: t("Drag to turn, pinch or scroll to zoom"),
                }}
              />
            </LoadBoundary>
          </div>
        </TourDialog>
      ) : null}
    </section>
  );
}

/** A full-screen modal dialog: a title, a close button; Escape closes it (the browser's dialog does). */
function TourDialog({
  labelId,
  heading,
  onClose,
  children,
}: {
  labelId: string;
  heading: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="tour-dialog" aria-labelledby={labelId} onClose={onClose}>
      <form method="dialog" className="tour-dialog__bar">
        <h2 id={labelId} className="tour-dialog__title" dir="auto">
          {heading}
        </h2>
        <button type="submit" className="button button--small">
          {t("Close")}
        </button>
      </form>
      {children}
    </dialog>
  );
}

/**
 * A viewer's code that fails to download (the connection dropped) would otherwise take the whole
 * listing page down to its error screen; here it only says so in the dialog.
 */
class LoadBoundary extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <p className="tour-dialog__message" role="alert">
        {this.props.message}
      </p>
    ) : (
      this.props.children
    );
  }
}
