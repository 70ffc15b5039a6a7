// Each call reads at most what it takes: a caller cannot make the server read megabytes that the call
// would refuse anyway, and an upload still takes what its files need.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createTestApi, signedUp } from "../../tests/support/testing";
import { LISTING_BODY_BYTES, PUBLIC_BODY_BYTES } from "./body-limit";

let t: Awaited<ReturnType<typeof createTestApi>>;
let person: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await createTestApi();
  person = await signedUp(t, "Body Limit");
});
afterAll(() => t?.close());

/** A body that keeps coming (1 MB a pull) until `max` bytes, counting what the server read. */
function endless(max = 200 * 1024 * 1024) {
  const read = { bytes: 0 };
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= max) return controller.close();
      read.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, read };
}

const post = (name: string, init: { body: BodyInit; headers?: Record<string, string> }) =>
  t.api.fetch(
    new Request(`http://test/api/${name}`, {
      method: "POST",
      body: init.body,
      headers: init.headers,
      duplex: "half",
    } as RequestInit),
  );

describe("a call reads no more than it takes", () => {
  it("a public call: a declared 2 MB body is refused before it is read, an undeclared one at 64 KB", async () => {
    const big = JSON.stringify({ email: "a@example.test", password: "x".repeat(2 * 1024 * 1024) });
    const declared = await post("user-login", { body: big, headers: { "content-type": "application/json" } });
    expect(declared.status).toBe(413);
    const answer = await declared.json();
    expect(answer).toMatchObject({ error: true, data: null });
    expect(answer.message).toBe("The request is too large: this call takes at most 64 KB");

    const { body, read } = endless();
    const started = Date.now();
    const streamed = await post("user-login", { body, headers: { "content-type": "application/json" } });
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).message).toBe("The request is too large: this call takes at most 64 KB");
    // Stopped at the limit, give or take the chunks already in flight: not the 200 MB on offer.
    expect(read.bytes).toBeLessThan(8 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(PUBLIC_BODY_BYTES).toBe(64 * 1024);
  });

  it("a call that needs an account reads nothing from a caller without one, or with a forged token", async () => {
    const callers: Record<string, string>[] = [
      { "content-type": "multipart/form-data; boundary=x" },
      { "content-type": "multipart/form-data; boundary=x", authorization: "Bearer forged.token.here" },
    ];
    for (const headers of callers) {
      const { body, read } = endless();
      const res = await post("post_property", { body, headers });
      expect(res.status).toBe(401);
      expect(read.bytes).toBeLessThan(8 * 1024 * 1024);
    }
  });

  it("a signed-in call without files takes 1 MB; an upload takes what its files need", async () => {
    const json = JSON.stringify({ name: "y".repeat(1536 * 1024) });
    const fav = await post("add_favourite", {
      body: json,
      headers: { "content-type": "application/json", authorization: `Bearer ${person.token}` },
    });
    expect(fav.status).toBe(413);
    expect((await fav.json()).message).toBe("The request is too large: this call takes at most 1 MB");

    // A 3 MB profile photo (noise does not compress) is over the JSON limit and within the upload's.
    const noise = Buffer.alloc(1000 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const form = new FormData();
    form.set("profile", new File([png], "me.png", { type: "image/png" }));
    const res = await post("update_profile", {
      body: form,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.profile).toMatch(/^\/uploads\//);
  });

  it("the OpenAPI document gives each call's limit", async () => {
    const doc = (await (await t.api.fetch(new Request("http://test/api/openapi.json"))).json()) as {
      paths: Record<string, Record<string, { "x-max-body-bytes"?: number }>>;
    };
    expect(doc.paths["/user-login"]!.post!["x-max-body-bytes"]).toBe(64 * 1024);
    expect(doc.paths["/add_favourite"]!.post!["x-max-body-bytes"]).toBe(1024 * 1024);
    expect(doc.paths["/post_property"]!.post!["x-max-body-bytes"]).toBe(LISTING_BODY_BYTES);
  });
});
