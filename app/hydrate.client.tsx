// React takes over the server-rendered page; from here on links and forms run in the browser.
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Once React is in charge: puts back what was typed meanwhile (`onHydrated`), then marks
 * <html data-hydrated> (tests and styles can rely on it).
 */
function Hydrated({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => {
    onHydrated?.();
    document.documentElement.dataset.hydrated = "";
    // Once: StrictMode's second run finds nothing left to put back.
  }, [onHydrated]);
  return null;
}

export function hydrate(onHydrated?: () => void) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <Hydrated onHydrated={onHydrated} />
      </StrictMode>,
    );
  });
}
