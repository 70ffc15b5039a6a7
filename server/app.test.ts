import { describe, expect, it, onTestFinished } from "vitest";
import { MAX_REQUEST_MB, TOO_LARGE_MESSAGE, app, isCrossSitePost, setStopping } from "./app";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { provideRuntime, type Runtime } from "./runtime/runtime.server";

const post = (headers: Record<string, string>) =>
  new Request("http://shop.test/login", { method: "POST", headers: { host: "shop.test", ...headers } });

describe("cross-site form posts", () => {
  it("accepts posts from our own pages", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSitePost(post({ origin: "http://shop.test" }))).toBe(false);
    expect(isCrossSitePost(new Request("http://shop.test/properties"))).toBe(false);
  });
  it("refuses posts from other sites", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "null" }))).toBe(true);
  });
  it("believes a forwarded host only behind a trusted proxy", () => {
    const forged = post({ origin: "https://evil.test", "x-forwarded-host": "evil.test" });
    const before = process.env.TRUST_PROXY;
    try {
      delete process.env.TRUST_PROXY;
      expect(isCrossSitePost(forged)).toBe(true);
      process.env.TRUST_PROXY = "1";
      expect(
        isCrossSitePost(post({ origin: "https://shop.example", "x-forwarded-host": "shop.example" })),
      ).toBe(false);
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});

describe("request size", () => {
  it("refuses a request larger than the cap before reading it, with the API's envelope under /api", async () => {
    const big = String(MAX_REQUEST_MB * 1024 * 1024 + 1);
    const res = await app.fetch(
      new Request("http://shop.test/api/post_property", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": big },
        body: "--x--",
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: true, message: TOO_LARGE_MESSAGE, data: null });
    // A cookie's name proves nothing: a session that does not hold gets an anonymous form's 1 MB
    // (a signed-in person's uploads: server/http/front-http.test.ts).
    const page = await app.fetch(
      new Request("http://shop.test/user/add-property", {
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(2 ** 21),
          cookie: "__session=anything",
        },
        body: "--x--",
      }),
    );
    expect(page.status).toBe(413);
    expect(await page.text()).toBe("The request is too large: this call takes at most 1 MB");
    // …and a page's form from someone not signed in is never more than 1 MB.
    const anonymous = await app.fetch(
      new Request("http://shop.test/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 ** 21) },
        body: "a=b",
      }),
    );
    expect(anonymous.status).toBe(413);
    expect(await anonymous.text()).toBe("The request is too large: this call takes at most 1 MB");
  });

  it("lets only a tour's video past the general cap, up to its own", async () => {
    const big = String(MAX_REQUEST_MB * 1024 * 1024 + 1);
    const post = (url: string, length: string) =>
      app.fetch(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": length },
          body: "--x--",
        }),
      );
    // The editor's other forms keep the general limit…
    expect((await post("http://shop.test/user/tours/5", big)).status).toBe(413);
    expect((await post("http://shop.test/ar/user/tours/5?upload=photo", big)).status).toBe(413);
    // …and a video larger than its own cap is refused before it is read (the pages' video uploads,
    // open to signed-in people only: server/http/front-http.test.ts).
    const res = await post("http://shop.test/api/virtual-tours/5/upload-video", String(211 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect((await res.json()).errors.video).toEqual(["Videos must be at most 200 MB"]);
    // A page's video upload by someone not signed in is an anonymous form: 1 MB.
    const anonymous = await post("http://shop.test/user/tours/5?upload=video", String(2 ** 21));
    expect(anonymous.status).toBe(413);
  });

  it("counts a body sent without a length as it streams", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > MAX_REQUEST_MB + 2) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await app.fetch(
      new Request("http://shop.test/login", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    // A page's form from someone not signed in stops at 1 MB, a few chunks in (an API call's own
    // limit is counted the same way: server/api/body-limit.test.ts).
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });
});

describe("health", () => {
  it("is live while it runs, ready while the database answers, and not ready once it begins to stop", async () => {
    // A database of its own, empty: readiness only asks it to answer.
    const pglite = new PGlite();
    const restore = provideRuntime({ database: { db: drizzle(pglite) } } as unknown as Runtime);
    onTestFinished(restore);
    const get = async (path: string) => {
      const res = await app.fetch(new Request(`http://shop.test${path}`));
      return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
    };
    expect(await get("/livez")).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
    expect(await get("/readyz")).toEqual({ status: 200, body: { status: "ok" }, cache: "no-store" });
    expect(await get("/healthz")).toEqual({
      status: 200,
      body: { status: "ok", database: undefined },
      cache: "no-store",
    });
    setStopping(true);
    try {
      // A load balancer stops sending new requests; the container is not restarted for it.
      expect(await get("/readyz")).toEqual({ status: 503, body: { status: "stopping" }, cache: "no-store" });
      expect((await get("/livez")).status).toBe(200);
    } finally {
      setStopping(false);
    }
    // The database gone: not ready (and nothing of why told to the world), still live.
    await pglite.close();
    expect(await get("/readyz")).toEqual({ status: 503, body: { status: "unavailable" }, cache: "no-store" });
    expect(await get("/healthz")).toEqual({ status: 503, body: { status: "error" }, cache: "no-store" });
    expect((await get("/livez")).status).toBe(200);
  });
});
