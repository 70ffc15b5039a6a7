// The tour editor's page body. Each part is its own form posting to the page's action (intent),
// so everything works without JavaScript; scripts add dragging on the plan, upload progress for
// the video and a live status for the background work.
import type { ReactNode } from "react";
import { Form, SubmitButton } from "~/components/submit-form";
import { CheckAgain, useRefreshWhile } from "~/components/while-working";
import type { CallData } from "~server/api/calls";
import { MAX_LINKS } from "~server/api/tours/schema";
import { useTranslation } from "~/lib/translate";
import { FieldErrors } from "~/modules/listings/form/field-errors";
import { useAddress } from "~/lib/use-root";
import type { EditorRefusal } from "./editor.server";
import { PlanCanvas } from "./plan-canvas";
import { VideoUpload } from "./video-upload";
import "~/styles/tour-editor.css";

export type EditorTour = CallData<"draft-tours-get">;
type Room = EditorTour["fullRoomData"][number];

/** Messages of one form's field, and the value that form sent (kept after a refusal). */
function useFormState(refused: EditorRefusal | undefined, form: string) {
  const mine = refused?.form === form ? refused : undefined;
  return {
    mine,
    errors: (field: string) =>
      mine?.errors[field] ?? Object.entries(mine?.errors ?? {}).find(([k]) => k.startsWith(`${field}.`))?.[1],
    value: (field: string, fallback: string | number | null | undefined) =>
      mine ? (mine.values[field] ?? "") : (fallback ?? ""),
    /** The refusal's headline, when no field carries it. */
    general: mine && Object.keys(mine.errors).length === 0 ? mine.message : undefined,
  };
}

/** A form's messages for one field: the list under the field that its aria-describedby names. */
function Errors({ id, list }: { id: string; list?: string[] }) {
  return <FieldErrors meta={{ errorId: id, errors: list }} />;
}

function Field({
  id,
  label,
  errors,
  children,
  hint,
}: {
  id: string;
  label: string;
  errors?: string[];
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="field" data-invalid={errors ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      <Errors id={`${id}-error`} list={errors} />
    </div>
  );
}

function Submit({ children, intent, ghost }: { children: ReactNode; intent: string; ghost?: boolean }) {
  return (
    <SubmitButton
      name="intent"
      value={intent}
      className={ghost ? "button button--ghost button--small" : "button"}
    >
      {children}
    </SubmitButton>
  );
}

export function TourEditor({
  tour,
  refused,
  propertyId,
}: {
  tour: EditorTour;
  refused?: EditorRefusal;
  propertyId: number;
}) {
  const { t } = useTranslation();
  const address = useAddress();
  const working =
    tour.model?.status === "queued" ||
    tour.model?.status === "processing" ||
    tour.video?.status === "queued" ||
    tour.video?.status === "processing";
  // While a build or a video waits or runs, the page keeps itself up to date.
  useRefreshWhile(working);
  const withPictures = tour.fullRoomData.filter((r) => r.image).length;
  const publish = useFormState(refused, "publish");

  return (
    <div className="tour-editor__body">
      <CheckAgain when={working} />
      <section aria-labelledby="tour-status-h" className="tour-editor__status">
        <h2 id="tour-status-h">
          {tour.status === "published"
            ? t("Published: visitors see this tour")
            : t("Draft: only you see this tour")}
        </h2>
        <p>
          {t("{{rooms}} rooms, {{pictures}} with a picture", {
            rooms: tour.fullRoomData.length,
            pictures: withPictures,
          })}
        </p>
        {tour.can_publish ? (
          <Form method="post" encType="multipart/form-data">
            {tour.status === "published" ? (
              <Submit intent="withdraw" ghost>
                {t("Withdraw the tour")}
              </Submit>
            ) : (
              <Submit intent="publish">{t("Publish the tour")}</Submit>
            )}
          </Form>
        ) : (
          <p>{t("The owner publishes the tour once you mark the shoot as done and they approve it.")}</p>
        )}
        <Errors id="publish-error" list={publish.mine ? [publish.mine.message] : undefined} />
        {tour.can_publish ? (
          <p>
            <a href={address(`/user/photo-sessions?property_id=${propertyId}`)}>
              {t("Ask a photographer to make the tour")}
            </a>
          </p>
        ) : null}
      </section>

      <DetailsForm tour={tour} refused={refused} />

      <section aria-labelledby="tour-plan-h" className="tour-editor__plan">
        <h2 id="tour-plan-h">{t("Floor plan")}</h2>
        <p>
          {t(
            "Each room is a box on the plan. Drag a box to move it and its corner to resize it, or type its place in the room's form below.",
          )}
        </p>
        <PlanCanvas tour={tour} />
        <FloorplanForm tour={tour} refused={refused} />
      </section>

      <section aria-labelledby="tour-rooms-h" className="tour-editor__rooms">
        <h2 id="tour-rooms-h">{t("Rooms")}</h2>
        {tour.fullRoomData.length === 0 ? (
          <p className="empty-state">{t("No rooms yet. Add the first room below.")}</p>
        ) : null}
        <ol className="tour-rooms">
          {tour.fullRoomData.map((room) => (
            <li key={room.id} id={`room-${room.id}`}>
              <RoomForm room={room} rooms={tour.fullRoomData} refused={refused} />
            </li>
          ))}
        </ol>
        <AddRoomForm refused={refused} />
      </section>

      <section aria-labelledby="tour-video-h" className="tour-editor__video">
        <h2 id="tour-video-h">{t("Video")}</h2>
        <p>
          {t("MP4, MOV or WebM, up to 200 MB and 5 minutes. We make a version that plays on every phone.")}
        </p>
        {tour.video?.status === "ready" && tour.video.url ? (
          <video
            controls
            preload="none"
            poster={tour.video.poster ?? undefined}
            src={address(`/user/tours/${propertyId}/video`)}
            className="tour-editor__video-player"
            width={tour.video.width ?? undefined}
            height={tour.video.height ?? undefined}
          />
        ) : null}
        <JobStatus state={tour.video} what="video" />
        <VideoUpload
          propertyId={propertyId}
          refused={refused?.form === "video" ? refused.message : undefined}
        />
      </section>

      <section aria-labelledby="tour-model-h" className="tour-editor__model">
        <h2 id="tour-model-h">{t("3D model")}</h2>
        <p>
          {t(
            "A dollhouse of the home built from the rooms on the floor plan: floors, walls and doorways where rooms link, dressed with the rooms' pictures.",
          )}
        </p>
        {tour.model?.still ? (
          <img
            src={tour.model.still}
            alt={t("The 3D model of the home seen from above")}
            className="tour-editor__still"
          />
        ) : null}
        <JobStatus state={tour.model} what="model" />
        {tour.model?.url ? (
          <p>
            <a href={tour.model.url} download>
              {t("Download the model (GLB, {{size}})", {
                size: `${Math.max(1, Math.round((tour.model.bytes ?? 0) / 1024))} KB`,
              })}
            </a>
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data">
          <Submit intent="build-model">
            {tour.model?.url ? t("Build the 3D model again") : t("Build the 3D model")}
          </Submit>
        </Form>
        <Errors id="model-error" list={refused?.form === "model" ? [refused.message] : undefined} />
      </section>
    </div>
  );
}

function JobStatus({
  state,
  what,
}: {
  state: EditorTour["model"] | EditorTour["video"];
  what: "video" | "model";
}) {
  const { t } = useTranslation();
  if (!state) return null;
  const text =
    state.status === "queued"
      ? t("Waiting to start…")
      : state.status === "processing"
        ? what === "video"
          ? t("Preparing the video…")
          : t("Building the 3D model…")
        : state.status === "failed"
          ? `${what === "video" ? t("The video could not be prepared") : t("The 3D model could not be built")}: ${t(state.error ?? "")}`
          : what === "model" && "stale" in state && state.stale
            ? t("The rooms changed since this model was built")
            : what === "video"
              ? t("The video is ready")
              : t("The 3D model is ready");
  return (
    <p
      className={state.status === "failed" ? "form-error" : "notice"}
      role="status"
      data-job-status={state.status}
    >
      {text}
    </p>
  );
}

function DetailsForm({ tour, refused }: { tour: EditorTour; refused?: EditorRefusal }) {
  const { t } = useTranslation();
  const f = useFormState(refused, "save-tour");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="owner-form tour-editor__details"
      aria-labelledby="tour-details-h"
    >
      <h2 id="tour-details-h">{t("Tour details")}</h2>
      <Field id="tour-name" label={t("Tour name")} errors={f.errors("name")}>
        <input
          id="tour-name"
          name="name"
          defaultValue={f.value("name", tour.name)}
          maxLength={120}
          dir="auto"
          aria-describedby="tour-name-error"
        />
      </Field>
      <Field id="tour-start" label={t("First room")} errors={f.errors("start_room_id")}>
        <select
          id="tour-start"
          name="start_room_id"
          defaultValue={String(f.value("start_room_id", tour.start_room_id))}
          aria-describedby="tour-start-error"
        >
          <option value="">{t("The first in the list")}</option>
          {tour.fullRoomData.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="tour-editor__pair">
        <Field
          id="tour-width"
          label={t("Plan width (metres)")}
          errors={f.errors("plan_width_m")}
          hint={t("How many metres the floor plan spans from side to side: the 3D model's scale.")}
        >
          <input
            id="tour-width"
            name="plan_width_m"
            type="number"
            inputMode="decimal"
            step="0.1"
            min={3}
            max={100}
            defaultValue={f.value("plan_width_m", tour.plan_width_m)}
            aria-describedby="tour-width-error"
          />
        </Field>
        <Field id="tour-ceiling" label={t("Ceiling height (metres)")} errors={f.errors("ceiling_height")}>
          <input
            id="tour-ceiling"
            name="ceiling_height"
            type="number"
            inputMode="decimal"
            step="0.1"
            min={2}
            max={6}
            defaultValue={f.value("ceiling_height", tour.ceiling_height)}
            aria-describedby="tour-ceiling-error"
          />
        </Field>
      </div>
      <Submit intent="save-tour">{t("Save")}</Submit>
    </Form>
  );
}

function FloorplanForm({ tour, refused }: { tour: EditorTour; refused?: EditorRefusal }) {
  const { t } = useTranslation();
  const f = useFormState(refused, "floorplan");
  return (
    <Form method="post" encType="multipart/form-data" className="owner-form tour-editor__floorplan">
      <Field
        id="plan-image"
        label={
          tour.floorplanImage ? t("Replace the floor plan picture") : t("Floor plan picture (JPEG or PNG)")
        }
        errors={f.errors("floorplanImage")}
      >
        <input
          id="plan-image"
          name="floorplanImage"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby="plan-image-error"
        />
      </Field>
      <input type="hidden" name="plan_width_m" value={tour.plan_width_m} />
      <Submit intent="floorplan">{t("Upload the floor plan")}</Submit>
    </Form>
  );
}

function RoomForm({ room, rooms, refused }: { room: Room; rooms: Room[]; refused?: EditorRefusal }) {
  const { t } = useTranslation();
  const f = useFormState(refused, `room-${room.id}`);
  const others = rooms.filter((r) => r.id !== room.id);
  // The room's links and an empty row for a new one (every link is shown: the form replaces them all).
  const rows = Math.min(MAX_LINKS, others.length, Math.max(room.links.length + 1, 1));
  const p = (name: string) => `room-${room.id}-${name}`;
  return (
    <article className="tour-room" aria-labelledby={p("title")}>
      <div className="tour-room__picture" style={{ background: room.image?.dominant ?? undefined }}>
        {room.image ? (
          <img
            src={room.image.small}
            alt=""
            width={room.image.variants[0]!.width}
            height={Math.round((room.image.variants[0]!.width * room.image.height) / room.image.width)}
            loading="lazy"
          />
        ) : (
          <span>{t("No picture yet")}</span>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" className="owner-form tour-room__form">
        <h3 id={p("title")} dir="auto">
          {room.name}
        </h3>
        {f.general ? (
          <p className="form-error" role="alert">
            {t(f.general)}
          </p>
        ) : null}
        <input type="hidden" name="room_id" value={room.id} />
        <Field id={p("name")} label={t("Room name")} errors={f.errors("name")}>
          <input
            id={p("name")}
            name="name"
            defaultValue={f.value("name", room.name)}
            maxLength={60}
            dir="auto"
            required
            aria-describedby={`${p("name")}-error`}
          />
        </Field>
        <fieldset className="tour-room__kind">
          <legend>{t("Picture")}</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="panorama"
              defaultChecked={f.value("kind", room.kind) === "panorama"}
            />{" "}
            {t("360° panorama")}
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              value="photo"
              defaultChecked={f.value("kind", room.kind) === "photo"}
            />{" "}
            {t("Photo")}
          </label>
        </fieldset>
        <Field
          id={p("image")}
          label={room.image ? t("Replace the picture") : t("Upload a picture")}
          errors={f.errors("image")}
          hint={t("A 360° panorama is twice as wide as it is tall (JPEG or PNG, up to 25 MB).")}
        >
          <input
            id={p("image")}
            name="image"
            type="file"
            accept="image/jpeg,image/png"
            aria-describedby={`${p("image")}-error`}
          />
        </Field>
        <fieldset className="tour-room__place">
          <legend>{t("Place on the floor plan (percent)")}</legend>
          {(
            [
              ["x", t("From the left"), room.plan.x],
              ["y", t("From the top"), room.plan.y],
              ["w", t("Width"), room.plan.w],
              ["h", t("Height"), room.plan.h],
            ] as const
          ).map(([name, label, v]) => (
            <Field key={name} id={p(name)} label={label} errors={f.errors(name)}>
              <input
                id={p(name)}
                name={name}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="0.1"
                defaultValue={f.value(name, v)}
                aria-describedby={`${p(name)}-error`}
              />
            </Field>
          ))}
        </fieldset>
        {others.length ? (
          <fieldset className="tour-room__links">
            <legend>{t("Doors to other rooms")}</legend>
            <p className="field__hint">
              {t("Direction: degrees from the centre of the panorama, to the right is positive.")}
            </p>
            {Array.from({ length: rows }, (_, i) => {
              const link = room.links[i];
              const to = f.value(`links[${i}][to]`, link?.to);
              const yaw = f.value(`links[${i}][yaw]`, link?.yaw ?? 0);
              return (
                <div key={i} className="tour-room__link">
                  <label htmlFor={p(`link-${i}`)}>{t("Door {{n}} leads to", { n: i + 1 })}</label>
                  <select id={p(`link-${i}`)} name={`links[${i}][to]`} defaultValue={String(to)}>
                    <option value="">{t("No room")}</option>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                  <label htmlFor={p(`yaw-${i}`)}>{t("Direction")}</label>
                  <input
                    id={p(`yaw-${i}`)}
                    name={`links[${i}][yaw]`}
                    type="number"
                    min={-180}
                    max={180}
                    step="1"
                    defaultValue={yaw}
                  />
                </div>
              );
            })}
            <Errors id={`${p("links")}-error`} list={f.errors("links")} />
          </fieldset>
        ) : null}
        <div className="tour-room__actions">
          <Submit intent="save-room">{t("Save room")}</Submit>
          <Submit intent="delete-room" ghost>
            {t("Remove room")}
          </Submit>
        </div>
      </Form>
    </article>
  );
}

function AddRoomForm({ refused }: { refused?: EditorRefusal }) {
  const { t } = useTranslation();
  const f = useFormState(refused, "add-room");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="owner-form tour-editor__add"
      aria-labelledby="add-room-h"
    >
      <h3 id="add-room-h">{t("Add a room")}</h3>
      {f.general ? (
        <p className="form-error" role="alert">
          {t(f.general)}
        </p>
      ) : null}
      <Field id="new-room-name" label={t("Room name")} errors={f.errors("name")}>
        <input
          id="new-room-name"
          name="name"
          defaultValue={f.value("name", "")}
          maxLength={60}
          dir="auto"
          list="room-names"
          aria-describedby="new-room-name-error"
        />
      </Field>
      <datalist id="room-names">
        {["Living room", "Kitchen", "Bedroom", "Bathroom", "Balcony", "Hall", "Dining room", "Study"].map(
          (n) => (
            <option key={n} value={t(n)} />
          ),
        )}
      </datalist>
      <fieldset>
        <legend>{t("Picture")}</legend>
        <label>
          <input
            type="radio"
            name="kind"
            value="panorama"
            defaultChecked={f.value("kind", "panorama") !== "photo"}
          />{" "}
          {t("360° panorama")}
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            value="photo"
            defaultChecked={f.value("kind", "panorama") === "photo"}
          />{" "}
          {t("Photo")}
        </label>
      </fieldset>
      <Field
        id="new-room-image"
        label={t("Upload a picture")}
        errors={f.errors("image")}
        hint={t("A 360° panorama is twice as wide as it is tall (JPEG or PNG, up to 25 MB).")}
      >
        <input
          id="new-room-image"
          name="image"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby="new-room-image-error"
        />
      </Field>
      <Submit intent="add-room">{t("Add room")}</Submit>
    </Form>
  );
}
