// A photo's ThumbHash (a blurred preview in about 25 bytes) painted behind it until the photo
// arrives. The server writes the hash on the <img> (`data-thumbhash`) and the dominant colour as its
// background, which is all there is without JavaScript; this turns the hash into a picture. It runs
// before React (entry.client.tsx) for the page as sent, and for photos React adds later.
import { thumbHashToDataURL } from "thumbhash";

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Paints the preview behind one photo that is still on its way; a ref callback. */
export function paintPlaceholder(img: HTMLImageElement | null) {
  const hash = img?.dataset.thumbhash;
  if (!img || !hash || img.complete || img.style.backgroundImage) return;
  try {
    img.style.backgroundImage = `url(${thumbHashToDataURL(bytesOf(hash))})`;
  } catch {
    return; // a damaged hash: the dominant colour stays
  }
  img.style.backgroundSize = "cover";
  img.style.backgroundPosition = "center";
  // Once the photo is there the preview has done its work (and no blurred edge shows around it).
  const done = () => {
    img.style.backgroundImage = "";
    img.style.backgroundSize = "";
    img.style.backgroundPosition = "";
  };
  img.addEventListener("load", done, { once: true });
}

/** Every photo of the page that has not arrived yet. */
export function paintPlaceholders(root: ParentNode = document) {
  for (const img of root.querySelectorAll<HTMLImageElement>("img[data-thumbhash]")) paintPlaceholder(img);
}
