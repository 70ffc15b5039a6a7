// The floor plan with each room as a box on it. Rendered on the server (boxes are links to the
// room's form); with JavaScript a box can be dragged to move it and resized by its corner, and the
// new place is saved at once through the same action the room's form posts to.
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/translate";
import type { EditorTour } from "./editor";

type Plan = { x: number; y: number; w: number; h: number };
const round = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** A box moved or resized by a pointer's travel (in percent of the plan), kept on the plan. */
export function dragPlan(start: Plan, dx: number, dy: number, mode: "move" | "resize"): Plan {
  if (mode === "move")
    return {
      ...start,
      x: round(clamp(start.x + dx, 0, 100 - start.w)),
      y: round(clamp(start.y + dy, 0, 100 - start.h)),
    };
  return {
    ...start,
    w: round(clamp(start.w + dx, 1, 100 - start.x)),
    h: round(clamp(start.h + dy, 1, 100 - start.y)),
  };
}

export function PlanCanvas({ tour }: { tour: EditorTour }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const box = useRef<HTMLDivElement>(null);
  // While dragging, the box follows the pointer; the server's answer then becomes the truth again.
  const [moving, setMoving] = useState<{ id: number; plan: Plan } | null>(null);
  const plan = tour.floorplanImage;
  const ratio = plan ? plan.height / plan.width : 0.75;

  function start(e: ReactPointerEvent, room: EditorTour["fullRoomData"][number], mode: "move" | "resize") {
    if (!box.current || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const rect = box.current.getBoundingClientRect();
    const from = { x: e.clientX, y: e.clientY };
    const target = e.currentTarget as HTMLElement;
    target.setPointerCapture(e.pointerId);
    let last = room.plan;
    const onMove = (ev: PointerEvent) => {
      last = dragPlan(
        room.plan,
        ((ev.clientX - from.x) / rect.width) * 100,
        ((ev.clientY - from.y) / rect.height) * 100,
        mode,
      );
      setMoving({ id: room.id, plan: last });
    };
    const onUp = () => {
      target.removeEventListener("pointermove", onMove);
      target.removeEventListener("pointerup", onUp);
      target.removeEventListener("pointercancel", onUp);
      if (last !== room.plan) {
        fetcher.submit(
          {
            intent: "move-room",
            room_id: String(room.id),
            x: String(last.x),
            y: String(last.y),
            w: String(last.w),
            h: String(last.h),
          },
          { method: "post", encType: "multipart/form-data" },
        );
      }
      setTimeout(() => setMoving(null), 0);
    };
    target.addEventListener("pointermove", onMove);
    target.addEventListener("pointerup", onUp);
    target.addEventListener("pointercancel", onUp);
  }

  return (
    // A plan is a picture: it does not mirror in right-to-left pages, so positions are from its left edge.
    <div
      className="plan-canvas"
      dir="ltr"
      ref={box}
      style={{ aspectRatio: `${1} / ${ratio}`, background: plan?.dominant ?? undefined }}
      data-saving={fetcher.state !== "idle" || undefined}
    >
      {plan ? (
        <img
          src={plan.variants.at(-1)!.url}
          srcSet={plan.variants.map((v) => `${v.url} ${v.width}w`).join(", ")}
          sizes="(min-width: 60rem) 50rem, 100vw"
          alt={t("Floor plan")}
          className="plan-canvas__image"
        />
      ) : null}
      {tour.fullRoomData.map((room) => {
        const p = moving?.id === room.id ? moving.plan : room.plan;
        return (
          <a
            key={room.id}
            href={`#room-${room.id}`}
            className="plan-canvas__room"
            style={{ left: `${p.x}%`, top: `${p.y}%`, width: `${p.w}%`, height: `${p.h}%` }}
            onPointerDown={(e) => start(e, room, "move")}
            onClick={(e) => moving && e.preventDefault()}
            data-room={room.id}
            draggable={false}
          >
            <span dir="auto">{room.name}</span>
            <span
              className="plan-canvas__handle"
              aria-hidden="true"
              onPointerDown={(e) => start(e, room, "resize")}
            />
          </a>
        );
      })}
      {!plan && !tour.fullRoomData.length ? (
        <p className="plan-canvas__empty">
          {t("Upload a floor plan picture and add rooms to place them here.")}
        </p>
      ) : null}
    </div>
  );
}
