// A multipart body read as it arrives: text fields kept as text, each file part written to a file of
// its own in the system's temporary folder and handed on as a File backed by that file (fs.openAsBlob),
// so a 100 MB listing post is never held whole in memory (request.formData() would buffer it all).
// The files live as long as the request: `withUploadScope` removes them once the answer is made.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, openAsBlob } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "./envelope";

const scope = new AsyncLocalStorage<string[]>();
const DIR = path.join(tmpdir(), "souq-uploads");

/** Runs `fn` (one request's handling); every file a multipart body was written to in it is removed after. */
export async function withUploadScope<T>(fn: () => Promise<T>): Promise<T> {
  const files: string[] = [];
  try {
    return await scope.run(files, fn);
  } finally {
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }
}

/** Files of bodies being read right now (tests look: none may be left behind). */
export const UPLOAD_DIR = DIR;

const INVALID = () => new ApiError(400, "Request body is not a valid form");

/**
 * The body as FormData, entries in the order they were sent. The body's size is bounded by the
 * caller (limitBody); here only the number of parts and the size of a text field are, as undici's
 * parser does not bound them at all.
 */
export async function readMultipart(request: Request): Promise<FormData> {
  if (!request.body) throw INVALID();
  const files = scope.getStore();
  mkdirSync(DIR, { recursive: true });
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      defParamCharset: "utf8",
      limits: { fieldSize: 1024 * 1024, fields: 5000, parts: 5000, headerPairs: 100 },
    });
  } catch {
    await request.body.cancel().catch(() => {});
    throw INVALID();
  }
  const entries: Promise<[string, string | File]>[] = [];
  let failure: unknown = null;
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) failure ??= new ApiError(400, `${name} is too long`);
    entries.push(Promise.resolve([name, value]));
  });
  const written: string[] = [];
  parser.on("file", (name, stream, info) => {
    const file = path.join(DIR, randomUUID());
    written.push(file);
    files?.push(file);
    entries.push(
      pipeline(stream, createWriteStream(file)).then(async () => {
        const type = info.mimeType || "application/octet-stream";
        const filename = info.filename ?? "";
        // Outside a request's scope nothing would remove the file: read it and remove it now.
        if (!files) {
          const bytes = await readFile(file);
          await rm(file, { force: true });
          return [name, new File([bytes], filename, { type })];
        }
        return [name, new File([await openAsBlob(file)], filename, { type })];
      }),
    );
  });
  parser.on("partsLimit", () => (failure ??= new ApiError(400, "The form has too many parts")));
  parser.on("fieldsLimit", () => (failure ??= new ApiError(400, "The form has too many fields")));
  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeReadableStream), parser);
    const read = await Promise.all(entries);
    if (failure) throw failure;
    const form = new FormData();
    for (const [name, value] of read) form.append(name, value);
    return form;
  } catch (error) {
    // Files already written are removed by the scope; outside one, now.
    await Promise.allSettled(entries);
    if (!files) await Promise.all(written.map((f) => rm(f, { force: true })));
    throw error instanceof ApiError ? error : INVALID();
  }
}

let patched = false;

/**
 * Pages' forms are read by React Router's actions with `request.formData()`, which in Node gathers
 * the whole body in memory before parsing it. This makes every Request of this process read a
 * multipart body the way the API does (to temporary files, within the request's upload scope);
 * other bodies are read as before. Installed once by the server (server/app.ts).
 */
export function readFormsToDisk(): void {
  if (patched) return;
  patched = true;
  const original = Request.prototype.formData;
  Request.prototype.formData = function formData(this: Request) {
    const type = this.headers.get("content-type") ?? "";
    if (!/^multipart\/form-data/i.test(type) || this.bodyUsed) return original.call(this);
    return readMultipart(this).catch((error: unknown) => {
      // As the platform's own parser fails: a TypeError the actions already expect.
      throw new TypeError(error instanceof Error ? error.message : "Invalid form", { cause: error });
    });
  };
}
