// The printed listing's QR code (decision 047): made on the server with `qrcode`, sent as the path of
// an inline SVG, so the sheet needs no script, no image request and no other site to show it.
import { siteOrigin } from "~/lib/origin.server";
import QRCode from "qrcode";
import { localizePath, type Locale } from "~/lib/i18n";

export interface QrCode {
  /** What a phone reads from it: the listing's address. */
  payload: string;
  /** Modules per side, without the quiet zone around them. */
  size: number;
  /** The dark modules as one SVG path, in module units (a 0 0 size size view box). */
  path: string;
}

/**
 * The listing's canonical address in the page's language (as its <link rel="canonical"> says, see
 * app/lib/seo.ts): the site's public origin, or the request's own without one.
 */
export function listingUrl(request: Request, locale: Locale, path: string): string {
  return siteOrigin(request) + localizePath(locale, path);
}

/**
 * The code of `payload`. Error correction M (15 %): a sheet folded or marked with a pen still
 * scans, and a listing's address stays a small symbol. Each row's runs of dark modules become one
 * rectangle of the path, so a listing's code is a few kilobytes of markup at most.
 */
export function qrCode(payload: string): QrCode {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const { size, data } = modules;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  }
  return { payload, size, path };
}
