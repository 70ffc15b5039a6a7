import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "~/lib/constants";

// The toast library loads after the page is interactive: it is not needed to read the page.
const Toaster = lazy(() => import("./swipe-toaster"));

export function showToast(type: "success" | "error", message: string) {
  void import("react-hot-toast").then(({ toast }) =>
    type === "error" ? toast.error(message) : toast.success(message),
  );
}

// The library draws its toasts white with inline styles: the page's colours instead, so a toast
// follows the light or dark scheme as the rest of the page does (app.css, decision 049).
const TOAST_STYLE = {
  background: "var(--card)",
  color: "var(--ink)",
  border: "1px solid var(--line)",
  boxShadow: "var(--shadow)",
};

/** Spec §9: top-right, 5000 ms, dismissed by a swipe (./swipe-toaster.tsx). */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the sticky header, so a message never covers the account buttons. */}
      <Toaster
        position="top-right"
        containerStyle={{ top: "5rem" }}
        toastOptions={{ duration: TOAST_DURATION_MS, style: TOAST_STYLE }}
      />
    </Suspense>
  );
}
