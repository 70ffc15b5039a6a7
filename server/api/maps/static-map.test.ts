import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../runtime/env.server";
import { setTestNetwork } from "../../net/guarded-fetch";
import { createTestApi } from "../../../tests/support/testing";
import { checkAnswer } from "../openapi-check";
import { staticMapKey } from "./static-map";
import { keepEnv } from "../../../tests/support/prerequisites";

// A tile server played by a local one on 127.0.0.1: every tile one flat colour, so the colour can be
// looked for in the image; or every tile missing.
const TILE_COLOUR = { r: 12, g: 200, b: 40 };
let tiles: Server;
let tileBase: string;
const tileRequests: string[] = [];
let tilesDown = false;
let tilePng: Buffer;

let t: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  tilePng = await sharp({ create: { width: 256, height: 256, channels: 3, background: TILE_COLOUR } })
    .png()
    .toBuffer();
  tiles = createServer((req, res) => {
    tileRequests.push(req.url!);
    if (tilesDown || !/^\/\d+\/\d+\/\d+\.png$/.test(req.url!)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(tilePng);
  });
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  tileBase = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  t = await createTestApi();
});
const restoreTileSettings = keepEnv("TILE_URL", "TILE_ATTRIBUTION");
afterEach(() => {
  restoreTileSettings();
  resetEnv();
  setTestNetwork();
  tilesDown = false;
  tileRequests.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => tiles.close(resolve));
  await t?.close();
});

function useTiles() {
  process.env.TILE_URL = `${tileBase}/{z}/{x}/{y}.png`;
  resetEnv();
  // The tile server is on loopback only in this test.
  setTestNetwork({ allowLoopback: true });
}

async function image(query: string, headers: Record<string, string> = {}) {
  const res = await t.api.fetch(new Request(`http://test/api/static-map?${query}`, { headers }));
  const body = Buffer.from(await res.arrayBuffer());
  // Images are checked against the document too: their status must be one it lists.
  checkAnswer("static-map", "GET", res.status, null, res.headers);
  return { res, body };
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

/** The slippy-map tile of a position (the usual formula, written independently of the renderer). */
function tileOf(lat: number, lng: number, z: number) {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * n),
  };
}

describe("static-map without a tile server", () => {
  it("draws a PNG of the size asked, 200 × 200 by default", async () => {
    const plain = await image("lat=25.0805&lng=55.1403");
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get("content-type")).toBe("image/png");
    expect(await sharp(plain.body).metadata()).toMatchObject({ format: "png", width: 200, height: 200 });
    expect(plain.res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    // A drawn map gives way to real tiles once a server is set up: a day, not a year.
    expect(plain.res.headers.get("cache-control")).toBe("public, max-age=86400");
    for (const [w, h] of [
      [320, 180],
      [16, 16],
      [1280, 64],
    ]) {
      const { body } = await image(`lat=-33.8568&lng=151.2153&width=${w}&height=${h}&zoom=12`);
      expect(await sharp(body).metadata(), `${w}×${h}`).toMatchObject({ width: w, height: h });
    }
  });

  it("draws the same place the same way", async () => {
    const key = staticMapKey({ lat: 48.8584, lng: 2.2945, zoom: 14, width: 120, height: 90 }, null);
    const first = await image("lat=48.8584&lng=2.2945&zoom=14&width=120&height=90");
    await t.storage.delete(key);
    const again = await image("lat=48.8584&lng=2.2945&zoom=14&width=120&height=90");
    expect(again.body.equals(first.body)).toBe(true);
  });
});

describe("static-map from tiles", () => {
  it("composes the tiles under the view, with the pin and the credit on top", async () => {
    useTiles();
    const { res, body } = await image("lat=25.0805&lng=55.1403&zoom=15&width=300&height=200");
    expect(res.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ format: "png", width: 300, height: 200 });
    const centre = tileOf(25.0805, 55.1403, 15);
    expect(tileRequests).toContain(`/15/${centre.x}/${centre.y}.png`);
    expect(tileRequests.every((p) => p.startsWith("/15/"))).toBe(true);
    // A corner is the tile's colour (the palette may move it by a shade).
    const corner = await pixel(body, 4, 4);
    for (const c of ["r", "g", "b"] as const)
      expect(Math.abs(corner[c] - TILE_COLOUR[c]), `${c} of ${JSON.stringify(corner)}`).toBeLessThanOrEqual(
        4,
      );
    // The pin's body, just above its tip at the centre, is red.
    const pin = await pixel(body, 150, 86);
    expect(pin.r).toBeGreaterThan(180);
    expect(pin.g).toBeLessThan(90);
    // The credit's backdrop lightens the bottom-right corner.
    expect((await pixel(body, 298, 185)).r).toBeGreaterThan(150);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("keeps the image: a second request reads it from storage and asks no tile server", async () => {
    useTiles();
    const query = "lat=24.4539&lng=54.3773&zoom=13&width=256&height=256";
    const first = await image(query);
    expect(first.res.status).toBe(200);
    const asked = tileRequests.length;
    expect(asked).toBeGreaterThan(0);
    const key = staticMapKey(
      { lat: 24.4539, lng: 54.3773, zoom: 13, width: 256, height: 256 },
      { template: process.env.TILE_URL!, attribution: "© OpenStreetMap contributors" },
    );
    expect((await t.storage.get(key))?.equals(first.body)).toBe(true);
    // Swap the kept file for a marker: the answer is the marker, so it came from storage.
    const marker = await sharp({
      create: { width: 256, height: 256, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    await t.storage.put(key, marker, "image/png");
    const second = await image(query);
    expect(second.body.equals(marker)).toBe(true);
    expect(tileRequests.length).toBe(asked);
    // An unchanged image is not sent again.
    const etag = second.res.headers.get("etag")!;
    const third = await image(query, { "if-none-match": etag });
    expect(third.res.status).toBe(304);
    expect(third.body.length).toBe(0);
  });

  it("gives a shorter lifetime when defaults filled the view", async () => {
    useTiles();
    const { res, body } = await image("lat=51.5072&lng=-0.1276");
    expect(await sharp(body).metadata()).toMatchObject({ width: 200, height: 200 });
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800");
  });

  it("draws the map instead when the tile server fails, and does not keep it", async () => {
    useTiles();
    tilesDown = true;
    const { res, body } = await image("lat=40.7484&lng=-73.9857&zoom=16&width=150&height=100");
    expect(res.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ format: "png", width: 150, height: 100 });
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const key = staticMapKey(
      { lat: 40.7484, lng: -73.9857, zoom: 16, width: 150, height: 100 },
      { template: process.env.TILE_URL!, attribution: "© OpenStreetMap contributors" },
    );
    expect(await t.storage.exists(key)).toBe(false);
  });

  it("asks no tile server on loopback unless a test allows it", async () => {
    useTiles();
    setTestNetwork();
    const { res } = await image("lat=35.6586&lng=139.7454&zoom=15&width=100&height=100");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(tileRequests).toEqual([]);
  });
});

describe("static-map refusals", () => {
  it.each([
    ["lat=86&lng=10", "lat"],
    ["lat=-90&lng=10", "lat"],
    ["lat=10&lng=181", "lng"],
    ["lat=abc&lng=10", "lat"],
    ["lng=10", "lat"],
    ["lat=10", "lng"],
    ["lat=&lng=10", "lat"],
    ["lat=10&lng=10&width=2000", "width"],
    ["lat=10&lng=10&width=8", "width"],
    ["lat=10&lng=10&height=1281", "height"],
    ["lat=10&lng=10&height=12.5", "height"],
    ["lat=10&lng=10&zoom=0", "zoom"],
    ["lat=10&lng=10&zoom=19", "zoom"],
    ["lat=10&lng=10&size=200x200", "size"],
    ["lat=10&lat=11&lng=10", "lat"],
  ])("%s → 400 on %s", async (query, field) => {
    const r = await t.call(`static-map?${query}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(true);
    expect(r.body.errors[field], JSON.stringify(r.body)).toBeDefined();
  });
});
