// A tap on a listing's photo opens the full-screen viewer (decision 047). The photos are plain
// links to the large image, so without JavaScript a tap opens the photo itself. This listener is
// on the document from the moment the listing's code arrives, before React (which waits for the
// visitor's first touch, decision 011): the first tap is the one that opens the viewer. The viewer
// (PhotoSwipe and its styles) is downloaded on that tap, never with the page.

/** The photo links of a gallery that offers the viewer. */
const PHOTO = "[data-photo-viewer] a[data-pswp-width]";

let opening = false;

function onClick(e: MouseEvent) {
  // A click the page handled already, or one that asks for a new tab or a download, stays the browser's.
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(PHOTO) : null;
  const gallery = link?.closest<HTMLElement>("[data-photo-viewer]");
  if (!link || !gallery) return;
  e.preventDefault();
  if (opening) return;
  opening = true;
  import("./gallery-viewer.client")
    .then(
      (viewer) => viewer.openViewer(gallery, link),
      // Offline for a moment: the photo itself, as without JavaScript.
      () => window.location.assign(link.href),
    )
    .finally(() => (opening = false));
}

// Once per document, however often this module is evaluated (development reloads it).
// Not on the server, where the build leaves `.client` modules empty (and a test imports it as is).
const MARK = "__photoViewer";
if (typeof document !== "undefined") {
  const doc = document as Document & { [MARK]?: boolean };
  if (!doc[MARK]) {
    doc[MARK] = true;
    document.addEventListener("click", onClick);
  }
}
