// A tour's floor plan with its rooms drawn on it, as plain HTML: it needs no script, so the page's
// first paint and visitors without JavaScript get it, and the owner's editor can draw over it.
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { clampRect, pageSrcSet, PLAIN_PLAN_SIZE, type PlanImageView, type PlanRect } from "./tour-data";

export interface FloorPlanRoom {
  id: number;
  name: string;
  /** In percent of the plan's width (x, w) and height (y, h), from its top left corner. */
  plan: PlanRect;
}

export interface FloorPlanProps {
  /** The floor plan picture; without one the rooms are drawn on a plain square. */
  image: PlanImageView | null;
  rooms: FloorPlanRoom[];
  /** The room to highlight (the one being looked at, or edited). */
  currentRoomId?: number | null;
  /** Where a room's rectangle leads; without it the rectangles are labelled boxes, not links. */
  linkTo?: (room: FloorPlanRoom) => string | undefined;
  /** The plan's accessible name; "Floor plan" by default. */
  label?: string;
  /** `sizes` of the plan picture. */
  sizes?: string;
  className?: string;
  /** Drawn over the plan, in the same box (an editor's handles). */
  children?: ReactNode;
}

export function FloorPlan({
  image,
  rooms,
  currentRoomId = null,
  linkTo,
  label,
  sizes = "(min-width: 64rem) 40rem, 100vw",
  className,
  children,
}: FloorPlanProps) {
  const { t } = useTranslation();
  const ratio = image ? `${image.width} / ${image.height}` : `${PLAIN_PLAN_SIZE} / ${PLAIN_PLAN_SIZE}`;
  return (
    <figure
      className={className ? `floor-plan ${className}` : "floor-plan"}
      aria-label={label ?? t("Floor plan")}
    >
      {/* A plan is a picture: it does not mirror in Arabic. Its rooms' x is from the picture's left
          edge whatever the page's direction, so the box is left to right and rooms are placed by `left`. */}
      <div
        className={image ? "floor-plan__box" : "floor-plan__box floor-plan__box--plain"}
        dir="ltr"
        style={{ aspectRatio: ratio }}
      >
        {image ? (
          <img
            className="floor-plan__image"
            src={image.variants[0]?.url ?? image.url}
            srcSet={pageSrcSet(image)}
            sizes={sizes}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            style={image.dominant ? { backgroundColor: image.dominant } : undefined}
          />
        ) : null}
        <ul className="floor-plan__rooms">
          {rooms.map((room) => {
            const r = clampRect(room.plan);
            const current = room.id === currentRoomId;
            const href = linkTo?.(room);
            const name = (
              <span className="floor-plan__name" dir="auto">
                {room.name}
              </span>
            );
            return (
              <li
                key={room.id}
                className="floor-plan__room"
                data-room-id={room.id}
                data-current={current ? "" : undefined}
                style={{ left: `${r.x}%`, top: `${r.y}%`, width: `${r.w}%`, height: `${r.h}%` }}
              >
                {href ? (
                  <a className="floor-plan__area" href={href} aria-current={current ? "location" : undefined}>
                    {name}
                  </a>
                ) : (
                  <span className="floor-plan__area">{name}</span>
                )}
              </li>
            );
          })}
        </ul>
        {children}
      </div>
    </figure>
  );
}
