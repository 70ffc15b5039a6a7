// Imports through the API: addresses fetched from an https stand-in of each portal on loopback
// (the real fetch path: TLS, host checks, redirects), saved pages uploaded, photos brought over
// by the job, and the draft posted with the post-property call.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "selfsigned";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import { setTestNetwork } from "../../net/guarded-fetch";
import { runDueJobs } from "../../queue/worker";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, "fixtures", name), "utf8");

const PAGES: Record<string, string> = {
  "/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html":
    "propertyfinder-sale.html",
  "/property/details-9184406.html": "bayut-sale.html",
  "/property/details-9307711.html": "bayut-rent.html",
  "/property-for-sale/residential/apartmentflat/2025/3/18/sea-view-2br-high-floor-vacant-on-tra-2-581/":
    "dubizzle-sale.html",
  "/en/plp/buy/apartment-for-sale-dubai-search-page-10000001.html": "propertyfinder-search.html",
};
const HOSTS = [
  "www.propertyfinder.ae",
  "static.shared.propertyfinder.ae",
  "www.bayut.com",
  "images.bayut.com",
  "dubai.dubizzle.com",
  "dbz-images.dubizzle.com",
];

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: Awaited<ReturnType<typeof signedUp>>;
let stranger: Awaited<ReturnType<typeof signedUp>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let server: Server;
let photo: Buffer;
const asked: string[] = [];

beforeAll(async () => {
  photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const pems = await generate([{ name: "commonName", value: "portal stand-in" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: HOSTS.map((value) => ({ type: 2, value })) }],
  });
  server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const url = new URL(req.url ?? "/", `https://${(req.headers.host ?? "").replace(/:\d+$/, "")}`);
    asked.push(`${url.hostname}${url.pathname}`);
    if (url.pathname === "/property/details-1000001.html") {
      // A listing address that sends the fetcher to the cloud's metadata service.
      res.writeHead(302, { location: "https://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (url.pathname === "/property/details-1000002.html") {
      res.writeHead(302, { location: "http://www.bayut.com/property/details-9184406.html" });
      return res.end();
    }
    const page = PAGES[url.pathname];
    if (page) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(fixture(page));
    }
    if (
      /\.(jpe?g|webp|png)$/i.test(url.pathname) ||
      url.pathname.startsWith("/thumbnails/") ||
      url.hostname.startsWith("dbz-images")
    ) {
      res.writeHead(200, { "content-type": "image/jpeg" });
      return res.end(photo);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setTestNetwork({
    allowLoopback: true,
    hosts: Object.fromEntries(HOSTS.map((h) => [h, "127.0.0.1"])),
    tls: { ca: pems.cert, port: (server.address() as AddressInfo).port },
  });

  t = await createTestApi();
  owner = await signedUp(t, "Import Owner");
  stranger = await signedUp(t, "Import Stranger");
  admin = await signedUpAdmin(t, "Import Admin");
}, 120_000);

afterAll(async () => {
  setTestNetwork();
  server?.close();
  await t?.close();
});

const deps = () => ({ db: t.db, auth: t.auth, storage: t.storage });

async function upload(callName: string, page: string, token: string) {
  const form = new FormData();
  form.append("upload", new File([fixture(page)], page, { type: "text/html" }));
  const res = await t.api.fetch(
    new Request(`http://test/api/${callName}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );

  return { status: res.status, body: (await res.json()) as any };
}

describe("importing from an address", () => {
  let importId: number;

  it("reads a Property Finder listing into a draft in our terms, then brings its photos", async () => {
    const url =
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html";
    const r = await t.call("scrape-propertyfinder", { token: owner.token, body: { url } });
    expect(r.status).toBe(201);
    const d = r.body.data.draft;
    expect(r.body.data).toMatchObject({
      site: "propertyfinder",
      source_id: "11872435",
      status: "processing",
      user_id: owner.id,
    });
    expect(d.property_type).toBe("sell");
    expect(d.price).toBeGreaterThan(0);
    expect(d.category_id).not.toBeNull();
    expect(d.city).toBe("Dubai");
    expect(d.latitude).toBeCloseTo(25.08, 1);
    expect(d.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Bedrooms", "Bathrooms", "Area"]),
    );
    expect(d.photos).toEqual([]);
    expect(d.photos_expected).toBeGreaterThan(1);
    importId = r.body.data.id;
    expect(r.body.data.form_link).toBe(`/user/add-property?import=${importId}`);

    await runDueJobs(deps(), { kinds: ["listing-import"] });
    const after = await t.call(`listing-imports/${importId}`, { token: owner.token });
    expect(after.body.data.status).toBe("ready");
    expect(after.body.data.draft.photos.length).toBe(d.photos_expected);
    expect(after.body.data.draft.photos[0].url).toMatch(/^\/uploads\/listings\/.+\.webp$/);
    expect(asked.some((a) => a.startsWith("static.shared.propertyfinder.ae/media/images/listing/"))).toBe(
      true,
    );
  }, 60_000);

  it("leads the same listing imported again to the first draft", async () => {
    const url =
      "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html";
    const again = await t.call("scrape-propertyfinder", { token: owner.token, body: { url } });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(importId);
    expect(again.body.message).toBe("You imported this listing before: here is that draft");
    // Someone else importing it gets their own draft.
    expect((await t.call("scrape-propertyfinder", { token: stranger.token, body: { url } })).status).toBe(
      201,
    );
    // Another person's import is not readable.
    expect((await t.call(`listing-imports/${importId}`, { token: stranger.token })).status).toBe(404);
  });

  it("refuses addresses it must not fetch, with the reason on the field", async () => {
    const cases: [string, string, RegExp][] = [
      [
        "scrape-propertyfinder",
        "http://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-dubai-marina-al-sahil-heights-11872435.html",
        /not the address of a Property Finder listing/,
      ],
      [
        "scrape-propertyfinder",
        "https://www.propertyfinder.ae.evil.example/en/plp/buy/x-11872435.html",
        /not the address of a Property Finder listing/,
      ],
      [
        "scrape-propertyfinder",
        "https://www.bayut.com/property/details-9184406.html",
        /This is a Bayut address/,
      ],
      [
        "scrape-buyut",
        "https://www.bayut.com@evil.example/property/details-9184406.html",
        /not the address of a Bayut listing/,
      ],
      [
        "scrape-buyut",
        "https://127.0.0.1/property/details-9184406.html",
        /not the address of a Bayut listing/,
      ],
    ];
    for (const [call, url, message] of cases) {
      const r = await t.call(call, { token: owner.token, body: { url } });
      expect(r.status, url).toBe(400);
      expect(r.body.errors.url[0]).toMatch(message);
    }
    // Redirects are checked too: to a private address, and to plain http.
    for (const url of [
      "https://www.bayut.com/property/details-1000001.html",
      "https://www.bayut.com/property/details-1000002.html",
    ]) {
      const r = await t.call("scrape-buyut", { token: owner.token, body: { url } });
      expect(r.status, url).toBe(502);
      expect(r.body.errors.url[0]).toMatch(/The address led somewhere other than Bayut/);
    }
    expect(asked.some((a) => a.includes("169.254"))).toBe(false);
  });

  it("says what a page without a listing lacks", async () => {
    const r = await t.call("scrape-propertyfinder", {
      token: owner.token,
      body: {
        url: "https://www.propertyfinder.ae/en/plp/buy/apartment-for-sale-dubai-search-page-10000001.html",
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.url[0]).toMatch(/no listing data/);
  });

  it("imports for someone else only as an admin", async () => {
    const url =
      "https://dubai.dubizzle.com/property-for-sale/residential/apartmentflat/2025/3/18/sea-view-2br-high-floor-vacant-on-tra-2-581/";
    expect(
      (await t.call("scrape-dubizzle", { token: stranger.token, body: { url, userId: owner.id } })).status,
    ).toBe(403);
    const r = await t.call("scrape-dubizzle", { token: admin.token, body: { url, userId: owner.id } });
    expect(r.status).toBe(201);
    expect(r.body.data.user_id).toBe(owner.id);
  });
});

describe("importing a saved page", () => {
  it("reads the page the browser saved, and refuses one of another site or not a page", async () => {
    const r = await upload("scrape-buyut", "bayut-rent.html", owner.token);
    expect(r.status).toBe(201);
    expect(r.body.data.draft).toMatchObject({ property_type: "rent", rentduration: "monthly" });
    const wrong = await upload("scrape-dubizzle", "bayut-sale.html", owner.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.upload[0]).toBe("This page is from Bayut, not Dubizzle");
    const form = new FormData();
    form.append("upload", new File([new Uint8Array(photo)], "page.html", { type: "text/html" }));
    const res = await t.api.fetch(
      new Request("http://test/api/scrape-buyut", {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe("posting an imported draft", () => {
  it("posts with the import's photos, once", async () => {
    await t.db.execute(
      sql`update users set mobile = '+971500000001', profile = 'https://example.test/p.jpg', address = 'Dubai' where id = ${owner.id}`,
    );
    const list = await t.call("listing-imports", { token: owner.token, query: {} });
    const imp = list.body.data.find(
      (i: { site: string; status: string }) => i.site === "propertyfinder" && i.status === "ready",
    );
    const d = imp.draft;
    const body = {
      import_id: imp.id,
      title: d.title,
      description: d.description,
      category_id: d.category_id,
      property_type: d.property_type,
      price: d.price,
      city: d.city,
      state: d.state,
      country: d.country,
      address: d.address,
      parameters: d.parameters.map((p: { parameter_id: number; value: string }) => ({
        parameter_id: p.parameter_id,
        value: p.value,
      })),
    };
    const posted = await t.call("post_property", { token: owner.token, body });
    expect(posted.status).toBe(201);
    const own = await t.call("get-own-property", {
      token: owner.token,
      query: { id: String(posted.body.data.id) },
    });
    expect(own.body.data.gallery_images.length + (own.body.data.title_image ? 1 : 0)).toBe(d.photos.length);
    expect((await t.call(`listing-imports/${imp.id}`, { token: owner.token })).body.data.property_id).toBe(
      posted.body.data.id,
    );
    const twice = await t.call("post_property", { token: owner.token, body });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.import_id).toEqual(["This imported listing was posted already"]);
    // Someone else cannot post another person's draft.
    const theirs = await t.call("post_property", { token: stranger.token, body });
    expect(theirs.status).not.toBe(201);
  }, 60_000);
});

describe("an agent's portfolio", () => {
  it("imports up to 20 addresses in the background, each with its own result", async () => {
    expect(
      (
        await t.call("import-listings", {
          token: owner.token,
          body: {
            urls: Array.from(
              { length: 21 },
              (_, i) => `https://www.bayut.com/property/details-${9000000 + i}.html`,
            ),
          },
        })
      ).status,
    ).toBe(400);
    const r = await t.call("import-listings", {
      token: owner.token,
      body: {
        urls: [
          "https://www.bayut.com/property/details-9184406.html",
          "https://www.bayut.com/property/details-9307711.html",
          "https://example.com/not-a-listing",
          "https://www.bayut.com/property/details-1000001.html",
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.imports.map((i: { status: string }) => i.status)).toEqual([
      "queued",
      "queued",
      "failed",
      "queued",
    ]);
    await runDueJobs(deps(), { kinds: ["listing-import"] });
    const batch = await t.call("listing-imports", {
      token: owner.token,
      query: { batch_id: r.body.data.batch_id },
    });
    const [sale, rent, bad, trap] = batch.body.data;
    expect(sale).toMatchObject({ status: "ready", source_id: "9184406" });
    expect(sale.draft.photos.length).toBeGreaterThan(0);
    // Imported before from the saved page: this address leads to that draft.
    expect(rent.duplicate_of).not.toBeNull();
    expect(rent.form_link).toBe(`/user/add-property?import=${rent.duplicate_of}`);
    expect(bad.error).toMatch(/not the address/);
    expect(trap).toMatchObject({ status: "failed" });
    expect(trap.error).toMatch(/somewhere other than Bayut/);
  }, 120_000);
});

describe("where an imported listing is", () => {
  it("keeps the site's place levels and a point in the listing's country, and says what it changed", async () => {
    const bahrain = await upload("scrape-propertyfinder", "propertyfinder-bahrain.html", owner.token);
    expect(bahrain.status).toBe(201);
    expect(bahrain.body.data.draft).toMatchObject({
      state: "Capital Governorate",
      city: "Manama",
      country: "Bahrain",
      address: "Juffair, Manama, Capital Governorate",
      latitude: 26.2137,
      longitude: 50.6039,
    });

    const swapped = await upload("scrape-dubizzle", "dubizzle-swapped-point.html", owner.token);
    expect(swapped.status).toBe(201);
    expect(swapped.body.data.draft).toMatchObject({
      state: "Dubai",
      city: "Dubai",
      country: "United Arab Emirates",
      latitude: 25.0971204,
      longitude: 55.1395117,
    });
    expect(swapped.body.data.draft.notes).toContain(
      "The page gave latitude and longitude the wrong way round; they were swapped back",
    );

    const foreign = await upload("scrape-dubizzle", "dubizzle-foreign-point.html", owner.token);
    expect(foreign.status).toBe(201);
    expect(foreign.body.data.draft).toMatchObject({ city: "Dubai", latitude: null, longitude: null });
    expect(foreign.body.data.draft.notes).toContain(
      "The map position on the page is not in the listing's country and was left out: place the pin on the map",
    );
  }, 60_000);
});
