// GET /api/public-upload: the web app's share cards read a listing's photo through the API. Anyone
// gets what the public address already shows; never a private file, nor anything outside storage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  await t.storage.put("properties/photo-1.jpg", Buffer.from("a listing's photo"), "image/jpeg");
  await t.storage.put("private/chat/secret.jpg", Buffer.from("a chat attachment"), "image/jpeg");
});
afterAll(() => t?.close());

const ask = (url?: string) =>
  t.api.fetch(
    new Request(`http://test/api/public-upload${url === undefined ? "" : `?url=${encodeURIComponent(url)}`}`),
  );

describe("public-upload", () => {
  it("answers a public upload's bytes, given the address pages show, to anyone", async () => {
    const res = await ask("/uploads/properties/photo-1.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe("a listing's photo");
  });

  it("refuses private files, other sites' addresses and paths out of storage alike", async () => {
    for (const url of [
      "/uploads/private/chat/secret.jpg",
      "/uploads/Private/chat/secret.jpg",
      "/uploads/%70rivate/chat/secret.jpg",
      "/uploads/../package.json",
      "/uploads/%2e%2e/package.json",
      "https://elsewhere.example/uploads/properties/photo-1.jpg",
      "/uploads/properties/no-such.jpg",
    ]) {
      const res = await ask(url);
      expect(res.status, url).toBe(404);
      const body = (await res.json()) as { error: boolean; data: unknown };
      expect(body, url).toMatchObject({ error: true, data: null });
    }
  });

  it("says what is wrong with the address asked", async () => {
    for (const url of [undefined, "", "/uploads/" + "a".repeat(2000)]) {
      const res = await ask(url);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.url).toBeDefined();
    }
  });

  it("is in the API's document", async () => {
    const doc = (await (await t.api.fetch(new Request("http://test/api/openapi.json"))).json()) as {
      paths: Record<string, unknown>;
    };
    expect(doc.paths["/public-upload"]).toBeDefined();
  });
});
