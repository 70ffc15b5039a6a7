import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setTestNetwork } from "../../net/guarded-fetch";
import { createTestApi } from "../../../tests/support/testing";
import { coordinatesFromMapUrl, coordinatesFromPage, mapLinkUrl } from "./map-links";

describe("coordinatesFromMapUrl", () => {
  it.each([
    // Google: the place (!3d!4d) wins over the view's centre (@).
    [
      "https://www.google.com/maps/place/Burj+Khalifa/@25.1972,55.2744,17z/data=!3m1!4b1!4m6!3m5!1s0x3e5f43!8m2!3d25.197197!4d55.2743764!16zL20vMDNjNWR5",
      25.197197,
      55.2743764,
    ],
    ["https://www.google.com/maps/@25.0805,55.1403,15z", 25.0805, 55.1403],
    ["https://maps.google.com/?q=25.2048,55.2708", 25.2048, 55.2708],
    ["https://maps.google.com/maps?q=loc:24.4539,54.3773", 24.4539, 54.3773],
    ["https://www.google.com/maps/search/?api=1&query=21.4225%2C39.8262", 21.4225, 39.8262],
    ["https://www.google.com/maps/dir/?api=1&destination=24.7136,46.6753", 24.7136, 46.6753],
    ["https://maps.google.com/?ll=30.0444,31.2357&z=12", 30.0444, 31.2357],
    ["https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=48.8584,2.2945", 48.8584, 2.2945],
    // OpenStreetMap
    ["https://www.openstreetmap.org/?mlat=51.5072&mlon=-0.1276#map=16/51.5072/-0.1276", 51.5072, -0.1276],
    ["https://www.openstreetmap.org/#map=17/-33.85680/151.21530", -33.8568, 151.2153],
    // Apple
    ["https://maps.apple.com/?ll=40.7484,-73.9857&q=Empire%20State", 40.7484, -73.9857],
    ["https://maps.apple.com/?q=35.6586,139.7454", 35.6586, 139.7454],
    ["https://maps.apple.com/place?coordinate=41.8902,12.4922&name=Colosseum", 41.8902, 12.4922],
    // Waze
    ["https://www.waze.com/ul?ll=25.1124%2C55.1390&navigate=yes&zoom=17", 25.1124, 55.139],
    ["https://www.waze.com/live-map/directions?to=ll.25.1124%2C55.1390", 25.1124, 55.139],
    // Bing and HERE
    ["https://www.bing.com/maps?cp=47.6097~-122.3331&lvl=11", 47.6097, -122.3331],
    ["https://share.here.com/l/52.5308,13.3847,Berlin?z=14", 52.5308, 13.3847],
    ["https://wego.here.com/?map=52.5308,13.3847,15,normal", 52.5308, 13.3847],
    // A consent page that carries the real link.
    [
      "https://consent.google.com/ml?continue=https://www.google.com/maps/@25.0805,55.1403,15z&gl=AE",
      25.0805,
      55.1403,
    ],
  ])("%s", (url, latitude, longitude) => {
    expect(coordinatesFromMapUrl(url)).toEqual({ latitude, longitude });
  });

  it.each([
    "https://maps.app.goo.gl/abcdEFGH",
    "https://www.google.com/maps/place/Dubai+Mall",
    "https://maps.google.com/?q=flat+12,+5",
    "https://www.google.com/maps/@95.1,55.1,15z", // latitude out of range
    "https://maps.google.com/?q=25.1,200.5", // longitude out of range
    "https://maps.google.com/?q=0.0,0.0", // the "missing value" in the sea
    "not a url",
  ])("none in %s", (url) => {
    expect(coordinatesFromMapUrl(url)).toBeNull();
  });
});

describe("coordinatesFromPage", () => {
  it("reads a static-map preview, an og link or @lat,lng from a page", () => {
    expect(
      coordinatesFromPage(
        `<meta content="https://maps.google.com/maps/api/staticmap?center=25.1972%2C55.2744&amp;zoom=15" property="og:image">`,
      ),
    ).toEqual({ latitude: 25.1972, longitude: 55.2744 });
    expect(
      coordinatesFromPage(
        `<link rel="canonical" href="https://www.openstreetmap.org/#map=15/51.5072/-0.1276">`,
      ),
    ).toEqual({ latitude: 51.5072, longitude: -0.1276 });
    expect(coordinatesFromPage(`<script>var u="/maps/@24.4539,54.3773,12z"</script>`)).toEqual({
      latitude: 24.4539,
      longitude: 54.3773,
    });
    expect(coordinatesFromPage("<html>nothing here</html>")).toBeNull();
  });
});

describe("mapLinkUrl", () => {
  it("takes links of the map services only, with or without the scheme", () => {
    expect(mapLinkUrl("maps.app.goo.gl/abc")?.href).toBe("https://maps.app.goo.gl/abc");
    expect(mapLinkUrl("https://www.openstreetmap.org/#map=1/2.5/3.5")).not.toBeNull();
    for (const bad of [
      "https://evil.example/@25.1,55.1",
      "http://127.0.0.1/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "https://user:pw@maps.app.goo.gl/x",
      "https://maps.app.goo.gl.evil.example/x",
      "",
    ]) {
      expect(mapLinkUrl(bad), bad).toBeNull();
    }
  });
});

// ---- expand-shorturl through the API, with a stand-in playing the map services on 127.0.0.1 ------

let t: Awaited<ReturnType<typeof createTestApi>>;
let far: Server;
let port: number;
let asked = 0;

beforeAll(async () => {
  t = await createTestApi();
  far = createServer((req, res) => {
    asked++;
    const at = (host: string, path: string) => `http://${host}:${port}${path}`;
    if (req.url === "/short") {
      res.writeHead(302, {
        location: at("www.google.com", "/maps/place/Marina/@25.0805,55.1403,15z/data=!3d25.0810!4d55.1399"),
      });
      return res.end();
    }
    if (req.url === "/to-page") {
      res.writeHead(301, { location: at("www.google.com", "/maps/page") });
      return res.end();
    }
    if (req.url === "/maps/page")
      return res.end(
        `<html><head><meta content="https://maps.google.com/maps/api/staticmap?center=24.4539%2C54.3773&amp;zoom=12" property="og:image"></head></html>`,
      );
    if (req.url === "/nowhere") return res.end("<html>no position</html>");
    if (req.url === "/away") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (req.url === "/consent") {
      res.writeHead(302, {
        location: "https://consent.google.com/ml?continue=https://www.google.com/maps/@21.4225,39.8262,15z",
      });
      return res.end();
    }
    if (req.url === "/gone") {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(500);
    res.end();
  });
  await new Promise<void>((resolve) => far.listen(0, "127.0.0.1", resolve));
  port = (far.address() as AddressInfo).port;
});
afterEach(() => setTestNetwork());
afterAll(async () => {
  await new Promise((resolve) => far.close(resolve));
  await t?.close();
});

/** The map services' names lead to the stand-in, and loopback is let through (for this test only). */
const standIn = () =>
  setTestNetwork({
    allowLoopback: true,
    hosts: { "maps.app.goo.gl": "127.0.0.1", "www.google.com": "127.0.0.1", "goo.gl": "127.0.0.1" },
  });
const expand = (short_url: string, ip = "203.0.113.10") =>
  t.call("expand-shorturl", { body: { short_url }, ip });

describe("expand-shorturl", () => {
  it("follows a short link to the place's coordinates", async () => {
    standIn();
    const r = await expand(`http://maps.app.goo.gl:${port}/short`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      short_url: `http://maps.app.goo.gl:${port}/short`,
      url: `http://www.google.com:${port}/maps/place/Marina/@25.0805,55.1403,15z/data=!3d25.0810!4d55.1399`,
      latitude: 25.081,
      longitude: 55.1399,
    });
  });

  it("reads a long link without asking anyone", async () => {
    const before = asked;
    const r = await expand("https://www.google.com/maps/@25.0805,55.1403,15z");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      latitude: 25.0805,
      longitude: 55.1403,
      url: "https://www.google.com/maps/@25.0805,55.1403,15z",
    });
    expect(asked).toBe(before);
  });

  it("reads the page a link ends on when the link itself has no position", async () => {
    standIn();
    const r = await expand(`http://goo.gl:${port}/to-page`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ latitude: 24.4539, longitude: 54.3773 });
  });

  it("reads the position from a redirect it will not follow (a consent page)", async () => {
    standIn();
    const r = await expand(`http://goo.gl:${port}/consent`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ latitude: 21.4225, longitude: 39.8262 });
  });

  it("refuses links that are not map links with a field error", async () => {
    for (const short_url of [
      "https://evil.example/@25.1,55.1",
      "http://127.0.0.1/x",
      "file:///etc/passwd",
      "hello",
    ]) {
      const r = await expand(short_url);
      expect(r.status, short_url).toBe(400);
      expect(r.body.errors.short_url).toEqual(["This link is not a map link we can open"]);
    }
    expect((await t.call("expand-shorturl", { body: {} })).body.errors.short_url).toBeDefined();
  });

  it("answers 502 when the link leads to a private address, fails, or names no position", async () => {
    standIn();
    for (const path of ["/away", "/gone", "/nowhere"]) {
      const r = await expand(`http://goo.gl:${port}${path}`);
      expect(r.status, path).toBe(502);
      expect(r.body.message).toMatch(/\w/);
    }
    // Without the test's permission, loopback itself is refused.
    setTestNetwork({ hosts: { "goo.gl": "127.0.0.1" } });
    const r = await expand(`http://goo.gl:${port}/short`);
    expect(r.status).toBe(502);
  });

  it("limits the links one visitor makes us follow", async () => {
    standIn();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await expand(`http://goo.gl:${port}/nowhere`, "198.51.100.77")).status);
    expect(statuses.slice(0, 30).every((s) => s === 502)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Long links ask no one, so they do not count.
    expect((await expand("https://maps.google.com/?q=25.2048,55.2708", "198.51.100.77")).status).toBe(200);
  });
});
