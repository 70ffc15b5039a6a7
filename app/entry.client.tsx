// The page is complete without JavaScript (every link and form works on the server), so React
// itself waits until the visitor reaches for the page: the first touch, click, key or focus.
// A cheap phone that only reads a listing never downloads or runs React DOM (decision 011).
// Pages that need JavaScript on arrival (a message to show, the map view) say so on <html>; they
// hydrate as soon as the page has loaded.

const INTENT = ["pointerdown", "keydown", "focusin", "touchstart", "mouseover"] as const;

let started: Promise<void> | undefined;
function start() {
  for (const type of INTENT) window.removeEventListener(type, start, true);
  started ??= import("./hydrate.client").then((m) => m.hydrate());
  return started;
}

for (const type of INTENT) window.addEventListener(type, start, { capture: true, passive: true });
if (import.meta.env.DEV) void start();
else if (document.documentElement.dataset.hydrate === "eager") {
  // Right after the page's own images and styles, so React never competes with the first photo.
  if (document.readyState === "complete") void start();
  else window.addEventListener("load", () => void start(), { once: true });
}
