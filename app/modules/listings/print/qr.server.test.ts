import QRCode from "qrcode";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "~server/runtime/env.server";
import { listingUrl, qrCode } from "./qr.server";

/** The dark cells of a path made of `M x y h n v 1 h -n z` rectangles (the sheet's). */
function cellsOfSheetPath(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(n); i++) cells.add(`${Number(x) + i},${y}`);
  return cells;
}

/** The dark cells of the library's own SVG (a stroke along each row's runs), drawn independently. */
async function cellsOfLibrarySvg(payload: string): Promise<Set<string>> {
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 0 });
  const d = svg.match(/<path stroke="#000000" d="([^"]+)"/)![1]!;
  const cells = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === "M") {
      x = Number(a);
      y = Number(b) - 0.5;
    } else if (cmd === "m") x += Number(a);
    else {
      for (let i = 0; i < Number(a); i++) cells.add(`${x + i},${y}`);
      x += Number(a);
    }
  }
  return cells;
}

describe("the printed listing's QR code", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnv();
  });

  it("carries the listing's canonical address in the page's language", () => {
    const req = new Request("http://127.0.0.1:3000/ar/properties-details/villa-1/print?reveal=phone");
    expect(listingUrl(req, "en", "/properties-details/villa-1")).toBe(
      "http://127.0.0.1:3000/properties-details/villa-1",
    );
    const url = listingUrl(req, "ar", "/properties-details/villa-1");
    expect(url).toBe("http://127.0.0.1:3000/ar/properties-details/villa-1");
    expect(qrCode(url).payload).toBe(url);
  });

  it("uses the site's public address behind a proxy, as the canonical link does", () => {
    vi.stubEnv("PUBLIC_ORIGIN", "https://souq.example");
    resetEnv();
    const req = new Request("http://10.0.0.5:3000/project-details/azure/print");
    expect(listingUrl(req, "en", "/project-details/azure")).toBe(
      "https://souq.example/project-details/azure",
    );
  });

  it("draws exactly the symbol the qrcode library makes for that address", async () => {
    for (const payload of [
      "http://127.0.0.1:3000/properties-details/villa-1",
      "https://souq.example/ar/project-details/%D9%85%D8%B4%D8%B1%D9%88%D8%B9",
    ]) {
      const code = qrCode(payload);
      expect(code.size).toBe(QRCode.create(payload, { errorCorrectionLevel: "M" }).modules.size);
      expect(cellsOfSheetPath(code.path)).toEqual(await cellsOfLibrarySvg(payload));
    }
  });

  it("another address is another code", () => {
    const a = qrCode("https://souq.example/properties-details/a");
    const b = qrCode("https://souq.example/properties-details/b");
    expect(a.path).not.toBe(b.path);
  });
});
