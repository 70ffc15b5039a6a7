// The page is complete without JavaScript (every link and form works on the server), so React
// itself waits until the visitor reaches for the page: the first touch, click, key or focus.
// A cheap phone that only reads a listing never downloads or runs React DOM (decision 011).
// Pages that need JavaScript on arrival (a message to show, the map view) say so on <html>; they
// hydrate as soon as the page has loaded.

import { loadDictionary } from "./lib/dictionary";
import { paintPlaceholders } from "./lib/placeholder";
import { registerServiceWorker } from "./modules/pwa/register.client";

// Photos still on their way show their blurred preview, not just a colour (React is not needed for
// it). In development React hydrates at once and its images paint their own (a style changed before
// hydrating would be reported as a mismatch there).
if (!import.meta.env.DEV) paintPlaceholders();

const INTENT = ["pointerdown", "keydown", "focusin", "touchstart", "mouseover"] as const;

// The first touch is often the start of typing. What the visitor types or picks while React is
// still loading is remembered here and put back once React is in charge, because hydrating a
// field can reset it to the server's value (a textarea loses its text, a caret jumps).
type Typed = { value?: string; checked?: boolean; start?: number | null; end?: number | null };
const typed = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, Typed>();
function remember(e: Event) {
  const el = e.target;
  if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio"))
    typed.set(el, { checked: el.checked });
  else if (el instanceof HTMLSelectElement) typed.set(el, { value: el.value });
  else if ((el instanceof HTMLInputElement && el.type !== "file") || el instanceof HTMLTextAreaElement) {
    let start: number | null = null;
    let end: number | null = null;
    try {
      ({ selectionStart: start, selectionEnd: end } = el);
    } catch {
      // number and email inputs have no selection
    }
    typed.set(el, { value: el.value, start, end });
  }
}
for (const type of ["input", "change"]) window.addEventListener(type, remember, true);

function restoreTyped() {
  for (const type of ["input", "change"]) window.removeEventListener(type, remember, true);
  for (const [el, was] of typed) {
    if (!el.isConnected) continue;
    if (was.checked !== undefined && el instanceof HTMLInputElement) {
      if (el.checked !== was.checked) el.click(); // a click, so React's onChange sees it
      continue;
    }
    if (was.value === undefined || el.value === was.value) continue;
    // The prototype's setter, so React's value tracking notices the change and the event reaches onChange.
    const proto =
      el instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : el instanceof HTMLSelectElement
          ? HTMLSelectElement.prototype
          : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, was.value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    if (document.activeElement === el && !(el instanceof HTMLSelectElement) && was.start != null) {
      try {
        el.setSelectionRange(was.start, was.end ?? was.start);
      } catch {
        // no selection on this input type
      }
    }
  }
  typed.clear();
}

// A link followed or a form sent before React is in charge is a document navigation already under
// way. Hydrating now would let the router's first history update (it stamps the current entry)
// cancel that navigation in Chromium: the tap would do nothing. A page being left is not hydrated.
let leaving = false;
function noteLeaving(e: Event) {
  if (e.defaultPrevented) return;
  if (e.type === "submit") {
    leaving = true;
    return;
  }
  const m = e as MouseEvent;
  if (m.button !== 0 || m.metaKey || m.ctrlKey || m.shiftKey || m.altKey) return;
  const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
  if (link.target && link.target !== "_self") return;
  if (link.origin !== window.location.origin) return;
  // Only the hash changes: no document navigation to protect.
  if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash)
    return;
  leaving = true;
}
// Bubble phase on window: by then React (once it listens on the document) has had its say.
for (const type of ["click", "submit"]) window.addEventListener(type, noteLeaving);
// Back from the back/forward cache: the navigation did happen, this page is simply shown again.
window.addEventListener("pageshow", (e) => {
  if (!e.persisted || !leaving) return;
  leaving = false;
  started = undefined;
  listen();
});

let started: Promise<void> | undefined;
function start() {
  for (const type of INTENT) window.removeEventListener(type, start, true);
  // The page's translations travel apart from its data (decision 030): React renders the page
  // again while hydrating and must find the same words, so both arrive before it starts.
  const dictionary = document.documentElement.dataset.dictionary;
  started ??= Promise.all([import("./hydrate.client"), dictionary ? loadDictionary(dictionary) : null]).then(
    ([m]) => {
      if (leaving) return;
      for (const type of ["click", "submit"]) window.removeEventListener(type, noteLeaving);
      m.hydrate(restoreTyped);
    },
    () => {
      // Offline for a moment: the page goes on working as the server sent it; the next touch tries again.
      started = undefined;
      listen();
    },
  );
  return started;
}

function listen() {
  for (const type of INTENT) window.addEventListener(type, start, { capture: true, passive: true });
}

listen();
// Offline pages and push (decision 048); not in development, where a worker answering page loads
// would stand between the developer and the dev server.
if (import.meta.env.PROD) registerServiceWorker();
if (import.meta.env.DEV) void start();
else if (document.documentElement.dataset.hydrate === "eager") {
  // Right after the page's own images and styles, so React never competes with the first photo.
  if (document.readyState === "complete") void start();
  else window.addEventListener("load", () => void start(), { once: true });
}
