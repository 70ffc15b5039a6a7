import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readFormsToDisk, readMultipart, UPLOAD_DIR, withUploadScope } from "./multipart";
import { ApiError } from "./envelope";

const post = (form: FormData) => new Request("http://x/api/upload", { method: "POST", body: form });
const leftBehind = () => (existsSync(UPLOAD_DIR) ? readdirSync(UPLOAD_DIR).length : 0);

describe("a multipart body read to disk", () => {
  it("keeps fields and files in their order, each file on disk only while the call lasts", async () => {
    const before = leftBehind();
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const form = new FormData();
    form.append("title", "Villa — فيلا");
    form.append("gallery_images[]", new File([big], "one.jpg", { type: "image/jpeg" }));
    form.append("gallery_images[]", new File([Buffer.from("second")], "صورة.png", { type: "image/png" }));
    form.append("empty", new File([], "", { type: "application/octet-stream" }));
    form.append("title", "again");
    const read = await withUploadScope(async () => {
      const got = await readMultipart(post(form));
      // While the call runs the files are on disk, not in memory.
      expect(leftBehind()).toBe(before + 3);
      const [first, second] = got.getAll("gallery_images[]") as File[];
      return {
        names: [...got.keys()],
        titles: got.getAll("title"),
        first: {
          name: first!.name,
          type: first!.type,
          same: Buffer.from(await first!.arrayBuffer()).equals(big),
        },
        second: { name: second!.name, text: await second!.text() },
        empty: (got.get("empty") as File).size,
      };
    });
    expect(read).toEqual({
      names: ["title", "gallery_images[]", "gallery_images[]", "empty", "title"],
      titles: ["Villa — فيلا", "again"],
      first: { name: "one.jpg", type: "image/jpeg", same: true },
      second: { name: "صورة.png", text: "second" },
      empty: 0,
    });
    expect(leftBehind()).toBe(before);
  });

  it("refuses a body that is not a form, and leaves no file behind", async () => {
    const before = leftBehind();
    const broken = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\npartial',
    });
    await expect(withUploadScope(() => readMultipart(broken))).rejects.toBeInstanceOf(ApiError);
    const noBoundary = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    await expect(withUploadScope(() => readMultipart(noBoundary))).rejects.toMatchObject({ status: 400 });
    expect(leftBehind()).toBe(before);
  });

  it("refuses more parts than a form of ours ever has", async () => {
    const form = new FormData();
    for (let i = 0; i < 5001; i++) form.append(`f${i}`, "x");
    await expect(withUploadScope(() => readMultipart(post(form)))).rejects.toMatchObject({
      status: 400,
      message: "The form has too many parts",
    });
  });

  it("reads a page action's form the same way (request.formData), other bodies as before", async () => {
    readFormsToDisk();
    const before = leftBehind();
    const form = new FormData();
    form.append("title", "Flat");
    form.append("photo", new File([Buffer.alloc(1024 * 1024, 1)], "p.jpg", { type: "image/jpeg" }));
    const seen = await withUploadScope(async () => {
      const got = await post(form).formData();
      const onDisk = leftBehind() - before;
      return { onDisk, title: got.get("title"), size: (got.get("photo") as File).size };
    });
    expect(seen).toEqual({ onDisk: 1, title: "Flat", size: 1024 * 1024 });
    expect(leftBehind()).toBe(before);
    const plain = new Request("http://x/", { method: "POST", body: new URLSearchParams({ q: "villa" }) });
    expect((await plain.formData()).get("q")).toBe("villa");
    const broken = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: "--b\r\nnot a part",
    });
    await expect(withUploadScope(() => broken.formData())).rejects.toBeInstanceOf(TypeError);
  });
});
