// React takes over the server-rendered page; from here on links and forms run in the browser.
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** Marks <html data-hydrated> once React is in charge (tests and styles can rely on it). */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

export function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <Hydrated />
      </StrictMode>,
    );
  });
}
