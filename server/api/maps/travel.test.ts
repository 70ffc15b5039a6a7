import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../runtime/env.server";
import { createTestApi } from "../../../tests/support/testing";
import {
  DETOUR_FACTOR,
  clearTravelCache,
  computeTravel,
  estimateTravel,
  greatCircleMeters,
  travelTimes,
} from "./travel";
import { keepEnv } from "../../../tests/support/prerequisites";

// An OSRM stand-in on 127.0.0.1, answering in the shape of OSRM's HTTP API (route service, v1).
let osrm: Server;
let osrmUrl: string;
const requests: string[] = [];
/** What the stand-in does next: answer, refuse with OSRM's error shape, or stall. */
let behaviour: "ok" | "no-route" | "slow" | "car-for-everything" = "ok";

const MARINA = { latitude: 25.0805, longitude: 55.1403 };
const DOWNTOWN = { latitude: 25.1972, longitude: 55.2744 };

beforeAll(async () => {
  osrm = createServer((req, res) => {
    requests.push(req.url!);
    const m = /^\/route\/v1\/(driving|foot|bicycle)\/([-\d.]+),([-\d.]+);([-\d.]+),([-\d.]+)\?/.exec(
      req.url!,
    );
    if (!m) {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(JSON.stringify({ code: "InvalidUrl", message: "URL string malformed" }));
    }
    if (behaviour === "slow") return setTimeout(() => res.end("{}"), 5_000);
    if (behaviour === "no-route") {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(JSON.stringify({ code: "NoRoute", message: "Impossible route between points" }));
    }
    const profile = behaviour === "car-for-everything" ? "driving" : m[1]!;
    const distance = 21_345.6;
    const duration = { driving: 1_510.2, foot: 15_368.8, bicycle: 5_122.9 }[profile]!;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        code: "Ok",
        routes: [
          {
            distance,
            duration,
            weight: duration,
            weight_name: "routability",
            legs: [{ distance, duration, steps: [], summary: "" }],
          },
        ],
        waypoints: [
          { name: "", location: [Number(m[2]), Number(m[3])], distance: 3.1, hint: "x" },
          { name: "", location: [Number(m[4]), Number(m[5])], distance: 1.2, hint: "y" },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => osrm.listen(0, "127.0.0.1", resolve));
  osrmUrl = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
});
const restoreRouting = keepEnv("ROUTING_URL");
afterEach(() => {
  restoreRouting();
  resetEnv();
  clearTravelCache();
  behaviour = "ok";
  requests.length = 0;
});
afterAll(async () => {
  osrm.closeAllConnections();
  await new Promise((resolve) => osrm.close(resolve));
});

function useRouter() {
  process.env.ROUTING_URL = osrmUrl;
  resetEnv();
}

describe("the estimate", () => {
  it("is the straight line × the detour factor at a typical speed", () => {
    const straight = greatCircleMeters(MARINA, DOWNTOWN);
    // A degree of latitude is 111.2 km; Marina to Downtown is about 18.7 km as the crow flies.
    expect(greatCircleMeters({ latitude: 0, longitude: 10 }, { latitude: 1, longitude: 10 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(straight).toBeGreaterThan(18_500);
    expect(straight).toBeLessThan(19_000);
    const drive = estimateTravel(MARINA, DOWNTOWN, "DRIVE");
    expect(drive.distance_meters).toBe(Math.round(straight * DETOUR_FACTOR));
    expect(drive.duration_seconds).toBe(Math.round((straight * DETOUR_FACTOR) / (35 / 3.6)));
    expect(estimateTravel(MARINA, DOWNTOWN, "WALK").duration_seconds).toBe(
      Math.round((straight * DETOUR_FACTOR) / (5 / 3.6)),
    );
    expect(estimateTravel(MARINA, DOWNTOWN, "BICYCLE").duration_seconds).toBe(
      Math.round((straight * DETOUR_FACTOR) / (15 / 3.6)),
    );
    expect(drive).toMatchObject({ estimated: true, source: "estimate", travelMode: "DRIVE" });
  });

  it("answers without a router", async () => {
    expect(await computeTravel(MARINA, DOWNTOWN, "WALK")).toEqual(estimateTravel(MARINA, DOWNTOWN, "WALK"));
    expect(requests).toEqual([]);
  });
});

describe("with ROUTING_URL (an OSRM server)", () => {
  it("asks the router with the mode's profile, longitude first", async () => {
    useRouter();
    const drive = await computeTravel(MARINA, DOWNTOWN, "DRIVE");
    expect(drive).toEqual({
      travelMode: "DRIVE",
      distance_meters: 21_346,
      duration_seconds: 1_510,
      estimated: false,
      source: "osrm",
    });
    expect(requests[0]).toBe(
      "/route/v1/driving/55.140300,25.080500;55.274400,25.197200?overview=false&alternatives=false&steps=false",
    );
    expect((await computeTravel(MARINA, DOWNTOWN, "WALK")).duration_seconds).toBe(15_369);
    expect(requests[1]).toContain("/route/v1/foot/");
    // A motorbike goes the car's way, and is still called what was asked.
    const bike = await computeTravel(MARINA, DOWNTOWN, "TWO_WHEELER");
    expect(bike).toMatchObject({ travelMode: "TWO_WHEELER", duration_seconds: 1_510, source: "osrm" });
  });

  it("keeps answers: three places × three modes ask the router once each", async () => {
    useRouter();
    const places = [
      DOWNTOWN,
      { latitude: 25.2285, longitude: 55.3273 },
      { latitude: 25.1124, longitude: 55.139 },
    ];
    for (let round = 0; round < 3; round++)
      for (const place of places) await travelTimes(MARINA, place, ["DRIVE", "WALK", "BICYCLE"]);
    expect(requests).toHaveLength(9);
    // The same place a few metres off is the same question; a motorbike shares the car's answer.
    await computeTravel({ latitude: 25.08051, longitude: 55.14031 }, DOWNTOWN, "DRIVE");
    await computeTravel(MARINA, DOWNTOWN, "TWO_WHEELER");
    expect(requests).toHaveLength(9);
  });

  it("asks once when the same question comes twice at once", async () => {
    useRouter();
    await Promise.all([computeTravel(MARINA, DOWNTOWN), computeTravel(MARINA, DOWNTOWN)]);
    expect(requests).toHaveLength(1);
  });

  it("estimates when the router finds no route (OSRM's error shape)", async () => {
    useRouter();
    behaviour = "no-route";
    expect(await computeTravel(MARINA, DOWNTOWN, "DRIVE")).toEqual(estimateTravel(MARINA, DOWNTOWN, "DRIVE"));
  });

  it("estimates when the router is too slow, within its time-out", async () => {
    useRouter();
    behaviour = "slow";
    const started = Date.now();
    expect((await computeTravel(MARINA, DOWNTOWN, "BICYCLE")).source).toBe("estimate");
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("estimates when the router is down", async () => {
    process.env.ROUTING_URL = "http://127.0.0.1:9";
    resetEnv();
    expect((await computeTravel(MARINA, DOWNTOWN, "DRIVE")).source).toBe("estimate");
  });

  it("does not believe a walk at car speed (a router that holds only the car profile)", async () => {
    useRouter();
    behaviour = "car-for-everything";
    expect((await computeTravel(MARINA, DOWNTOWN, "WALK")).source).toBe("estimate");
    expect((await computeTravel(MARINA, DOWNTOWN, "DRIVE")).source).toBe("osrm");
  });

  it("travelTimes answers each mode asked for", async () => {
    useRouter();
    const times = await travelTimes(MARINA, DOWNTOWN, ["DRIVE", "WALK"]);
    expect(Object.keys(times)).toEqual(["DRIVE", "WALK"]);
    expect(times.DRIVE.duration_seconds).toBe(1_510);
    expect(times.WALK.duration_seconds).toBe(15_369);
  });
});

describe("compute-route", () => {
  let t: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("takes each point as text, as an object, as { lat, lng } or as a Google Routes waypoint", async () => {
    useRouter();
    const shapes = [
      { origin: "25.0805,55.1403", destination: "25.1972, 55.2744" },
      { origin: MARINA, destination: DOWNTOWN },
      // The Google Maps JavaScript API's LatLng.toJSON(), Leaflet's and MapLibre's points.
      { origin: { lat: 25.0805, lng: 55.1403 }, destination: { lat: "25.1972", lng: "55.2744" } },
      {
        origin: { location: { latLng: MARINA } },
        destination: { location: { latLng: DOWNTOWN } },
        travelMode: "DRIVE",
      },
    ];
    for (const body of shapes) {
      const r = await t.call("compute-route", { body });
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body.data).toEqual({
        travelMode: "DRIVE",
        distance_meters: 21_346,
        duration_seconds: 1_510,
        distanceMeters: 21_346,
        duration: "1510s",
        estimated: false,
        source: "osrm",
      });
    }
  });

  it("estimates without a router, and says so", async () => {
    const r = await t.call("compute-route", {
      body: { origin: MARINA, destination: DOWNTOWN, travelMode: "WALK" },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ travelMode: "WALK", estimated: true, source: "estimate" });
    expect(r.body.data.duration).toBe(`${r.body.data.duration_seconds}s`);
  });

  it("refuses points that are not places and modes it does not know", async () => {
    for (const [body, field] of [
      [{ origin: "25.08", destination: DOWNTOWN }, "origin"],
      [{ origin: MARINA, destination: "95.1,55.2" }, "destination"],
      [{ origin: { latitude: 25, longitude: 190 }, destination: DOWNTOWN }, "origin"],
      [{ origin: MARINA, destination: { lat: -91, lng: 55 } }, "destination"],
      [{ origin: { lat: 25.08 }, destination: DOWNTOWN }, "origin"],
      [{ origin: MARINA }, "destination"],
      [{ origin: MARINA, destination: DOWNTOWN, travelMode: "TRANSIT" }, "travelMode"],
    ] as const) {
      const r = await t.call("compute-route", { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[field], JSON.stringify(r.body)).toBeDefined();
    }
  });
});
