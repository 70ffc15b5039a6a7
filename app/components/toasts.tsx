import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "~/lib/constants";

// The toast library loads after the page is interactive: it is not needed to read the page.
const Toaster = lazy(() => import("react-hot-toast").then((m) => ({ default: m.Toaster })));

export function showToast(type: "success" | "error", message: string) {
  void import("react-hot-toast").then(({ toast }) =>
    type === "error" ? toast.error(message) : toast.success(message),
  );
}

/** Spec §9: top-right, 5000 ms. */
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
        toastOptions={{ duration: TOAST_DURATION_MS }}
      />
    </Suspense>
  );
}
