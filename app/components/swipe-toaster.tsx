// The toast container (spec §9: top-right, 5000 ms, drag dismiss at 80%), loaded after the page is
// interactive (./toasts.tsx). A toast follows a finger or a mouse dragged sideways; let go past 80%
// of its width it is dismissed, short of that it slides back. Either direction works, so the
// gesture is the same in English and in Arabic, where the container's "right" is the left (its
// toasts are placed at the row's end, and an Arabic row ends on the left). A close button does the
// same for a keyboard, a screen reader or anyone who does not drag.
import { useRef, useState, type PointerEvent } from "react";
import { ToastBar, Toaster, toast as toasts, type Toast, type ToasterProps } from "react-hot-toast";
import { TOAST_SWIPE_DISMISS } from "~/lib/constants";
import { useTranslation } from "~/lib/translate";
import "~/styles/feedback.css";

/** How far a press moves before it is a drag: a tap on a link in a toast stays a tap. */
const DRAG_START_PX = 6;

/** Whether letting go after moving `moved` pixels sideways dismisses a toast `width` pixels wide. */
export function swipeDismisses(moved: number, width: number): boolean {
  return width > 0 && Math.abs(moved) >= width * TOAST_SWIPE_DISMISS;
}

/** react-hot-toast's container (its options as given), each toast swipeable and with a close button. */
export default function SwipeToaster(props: Omit<ToasterProps, "children">) {
  return <Toaster {...props}>{(item) => <SwipeToast item={item} />}</Toaster>;
}

type Press = { pointer: number; x: number; width: number; dragging: boolean };

function SwipeToast({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const press = useRef<Press | null>(null);
  const [drag, setDrag] = useState<{ offset: number; width: number; state: "rest" | "drag" | "gone" }>({
    offset: 0,
    width: 1,
    state: "rest",
  });

  function down(e: PointerEvent<HTMLDivElement>) {
    if (!e.isPrimary || e.button !== 0 || drag.state === "gone") return;
    if (e.target instanceof Element && e.target.closest("button")) return;
    press.current = {
      pointer: e.pointerId,
      x: e.clientX,
      width: e.currentTarget.offsetWidth,
      dragging: false,
    };
  }

  function move(e: PointerEvent<HTMLDivElement>) {
    const p = press.current;
    if (!p || e.pointerId !== p.pointer) return;
    const offset = e.clientX - p.x;
    if (!p.dragging) {
      if (Math.abs(offset) < DRAG_START_PX) return;
      p.dragging = true;
      // From here the toast has the pointer, even when it leaves the toast or the window.
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    setDrag({ offset, width: p.width, state: "drag" });
  }

  function up(e: PointerEvent<HTMLDivElement>) {
    const p = press.current;
    if (!p || e.pointerId !== p.pointer) return;
    press.current = null;
    if (!p.dragging) return;
    const offset = e.clientX - p.x;
    if (swipeDismisses(offset, p.width)) {
      // Off the way it was going; the library then takes it out of the page.
      setDrag({ offset: Math.sign(offset) * p.width * 1.2, width: p.width, state: "gone" });
      toasts.dismiss(item.id);
    } else {
      setDrag({ offset: 0, width: p.width, state: "rest" });
    }
  }

  function cancel() {
    press.current = null;
    setDrag((d) => (d.state === "gone" ? d : { offset: 0, width: d.width, state: "rest" }));
  }

  const faded = drag.state === "gone" ? 1 : Math.min(Math.abs(drag.offset) / drag.width, 1);
  return (
    <div
      className="toast-swipe"
      data-state={drag.state}
      style={
        drag.offset ? { transform: `translateX(${drag.offset}px)`, opacity: 1 - faded * 0.7 } : undefined
      }
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      // The pointer taken away mid-drag (not by letting go): back to where it was.
      onLostPointerCapture={() => {
        if (press.current?.dragging) cancel();
      }}
    >
      <ToastBar toast={item}>
        {({ icon, message }) => (
          <>
            {icon}
            {message}
            <button
              type="button"
              className="toast-swipe__close"
              aria-label={t("Close message")}
              onClick={() => toasts.dismiss(item.id)}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </>
        )}
      </ToastBar>
    </div>
  );
}
