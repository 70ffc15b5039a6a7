// The full-screen photo viewer (decision 047): PhotoSwipe over the gallery's own links. Only ever
// loaded by gallery-opener.client.ts on the first tap on a photo, with its styles, so neither is
// part of a listing page's first download.
import PhotoSwipe, { type SlideData } from "photoswipe";
import "photoswipe/style.css";
import "~/styles/gallery.css";
import { countLabel, slideIndex, type ViewerLabels } from "./gallery-data";

function labelsOf(gallery: HTMLElement): ViewerLabels {
  const fallback: ViewerLabels = {
    dialog: "Photos",
    close: "Close",
    zoom: "Zoom",
    previous: "Previous photo",
    next: "Next photo",
    error: "The photo could not be loaded",
  };
  try {
    return { ...fallback, ...(JSON.parse(gallery.dataset.photoViewer || "{}") as Partial<ViewerLabels>) };
  } catch {
    return fallback;
  }
}

/** Each link as a slide: the large image, its size and smaller widths, and the picture on the page. */
function slideOf(link: HTMLAnchorElement): SlideData {
  const img = link.querySelector("img");
  return {
    src: link.href,
    // The page's own WebP widths: a phone's screen takes the 640 px file, a large one the largest.
    srcset: img?.srcset || undefined,
    width: Number(link.dataset.pswpWidth),
    height: Number(link.dataset.pswpHeight),
    alt: img?.alt ?? "",
    // What is on the screen already shows while the large image arrives, and the viewer grows from it.
    msrc: img?.currentSrc || undefined,
    element: link,
    // The page crops its photos to one shape (object-fit: cover).
    thumbCropped: true,
  };
}

export function openViewer(gallery: HTMLElement, opener: HTMLAnchorElement) {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-pswp-width]")];
  const total = links.length;
  if (!total) return;
  const rtl = getComputedStyle(gallery).direction === "rtl";
  const labels = labelsOf(gallery);
  const slides = links.map(slideOf);
  if (rtl) slides.reverse();
  const pswp = new PhotoSwipe({
    dataSource: slides,
    index: slideIndex(Math.max(0, links.indexOf(opener)), total, rtl),
    // The left arrow goes to the slide on the left: in Arabic, the next photo.
    arrowPrevTitle: rtl ? labels.next : labels.previous,
    arrowNextTitle: rtl ? labels.previous : labels.next,
    closeTitle: labels.close,
    zoomTitle: labels.zoom,
    errorMsg: labels.error,
    // Its own count replaces PhotoSwipe's, which would count the reversed slides.
    counter: false,
    // Focus goes back to the photo last seen (below), not to whatever had it before.
    returnFocus: false,
    mainClass: "photo-viewer",
    bgOpacity: 0.92,
  });
  pswp.on("uiRegister", () => {
    pswp.ui?.registerElement({
      name: "photo-count",
      className: "pswp__counter",
      order: 5,
      onInit: (el) => {
        el.setAttribute("aria-live", "polite");
        pswp.on("change", () => {
          el.textContent = countLabel(pswp.currIndex, total, rtl);
        });
      },
    });
  });
  pswp.on("afterInit", () => {
    pswp.element?.setAttribute("aria-label", labels.dialog);
    pswp.element?.setAttribute("aria-modal", "true");
  });
  pswp.on("destroy", () => {
    // The link of the photo last shown: the gallery on the page scrolls to it too.
    const last = links[slideIndex(pswp.currIndex, total, rtl)] ?? opener;
    last.focus({ preventScroll: false });
  });
  pswp.init();
}
