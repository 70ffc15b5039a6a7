import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { reverseGeocode } from "./geocode";

// The configured geocoding service is a third party: msw stands in for it.
const server = setupServer(
  http.get("https://geo.test/reverse", ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("lon") === "103.85") return new HttpResponse(null, { status: 503 });
    return HttpResponse.json({
      display_name: "12 Marina Walk, Dubai Marina, Dubai, United Arab Emirates",
      address: {
        road: "Marina Walk",
        city: "Dubai",
        state: "Dubai",
        country: "United Arab Emirates",
        country_code: "ae",
      },
      echoed: {
        lat: url.searchParams.get("lat"),
        lon: url.searchParams.get("lon"),
        format: url.searchParams.get("format"),
      },
    });
  }),
);

const geocoderUrl = process.env.GEOCODER_URL;
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
// Put back what the process had (not merely nothing): test files share the process.
afterEach(() => {
  server.resetHandlers();
  if (geocoderUrl === undefined) delete process.env.GEOCODER_URL;
  else process.env.GEOCODER_URL = geocoderUrl;
});
afterAll(() => server.close());

describe("reverse geocoding with GEOCODER_URL", () => {
  it("asks the service and keeps its formatted address", async () => {
    process.env.GEOCODER_URL = "https://geo.test/reverse";
    const place = await reverseGeocode(25.08, 55.14, "en");
    expect(place).toEqual({
      city: "Dubai",
      state: "Dubai",
      country: "United Arab Emirates",
      country_code: "AE",
      address: "12 Marina Walk, Dubai Marina, Dubai, United Arab Emirates",
      source: "provider",
    });
  });

  it("falls back to the offline data set when the service fails", async () => {
    process.env.GEOCODER_URL = "https://geo.test/reverse";
    const place = await reverseGeocode(1.29, 103.85, "en");
    expect(place?.source).toBe("offline");
    expect(place?.country).toBe("Singapore");
  });
});
