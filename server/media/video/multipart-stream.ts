// A video upload read as it arrives: the file part goes straight to disk (a 200 MB body is never in
// memory), its first bytes are judged before anything is written, and every refusal stops reading
// the request and removes what was written.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES, VideoUploadError, type VideoContainer } from "./errors.ts";
import { SNIFF_BYTES, sniffVideo } from "./sniff.ts";

export interface StreamedUpload {
  /** Our own file name in `dir` (`<uuid>.<container>`), never the sender's. */
  path: string;
  bytes: number;
  /** The sender's file name, for display only: base name, control characters removed, at most 255 characters. */
  filename: string;
  container: VideoContainer;
  fields: Record<string, string>;
}

export interface StreamUploadOptions {
  /** Name of the file part, and the field refusals are reported on. */
  field: string;
  /** Directory the file is written to (must exist). */
  dir: string;
  maxBytes?: number;
}

const FIELD_MAX_BYTES = 10 * 1024;
const MAX_FIELDS = 20;
// What besides the file a legitimate form body can hold: the text fields, part headers and boundaries.
// A declared length beyond the file limit plus this is refused before reading a byte.
const FORM_OVERHEAD_BYTES = MAX_FIELDS * (FIELD_MAX_BYTES + 1024) + 64 * 1024;

export async function streamVideoUpload(
  request: Request,
  options: StreamUploadOptions,
): Promise<StreamedUpload> {
  const { field, dir } = options;
  const maxBytes = options.maxBytes ?? VIDEO_MAX_BYTES;
  const refuse = (message: string = VIDEO_MESSAGES.unreadable, cause?: unknown) =>
    new VideoUploadError(400, message, field, { cause });
  const tooLarge = () => new VideoUploadError(413, VIDEO_MESSAGES.bytes, field);

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw refuse();
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!request.body) throw refuse(VIDEO_MESSAGES.missing);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        // busboy reports the limit when a file *reaches* it, so one byte more lets a file of exactly maxBytes through.
        fileSize: maxBytes + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: FIELD_MAX_BYTES,
        fieldNameSize: 100,
        // Every part, including ones busboy skips (no Content-Disposition): the fields, the file and one spare.
        parts: MAX_FIELDS + 2,
        // Header pairs per part; busboy also caps each part's headers at 16 KB.
        headerPairs: 16,
      },
    });
  } catch (error) {
    // No boundary, or not a multipart type busboy knows.
    throw refuse(VIDEO_MESSAGES.unreadable, error);
  }

  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const stop = new AbortController();
  const fields: Record<string, string> = Object.create(null);
  const id = randomUUID();
  const partialPath = path.join(dir, `${id}.upload`);
  let out: WriteStream | null = null;
  let fileTask: Promise<{ bytes: number; container: VideoContainer }> | null = null;
  let filename = "";
  let failure: unknown = null;

  /** Stops reading the body (the partial file is removed at the end); the first failure wins. */
  const fail = (error: unknown) => {
    if (failure) return;
    failure = error;
    stop.abort(error);
    // On the next tick: busboy calls our handlers from inside its parser and still uses its state
    // after they return.
    process.nextTick(() => {
      source.destroy();
      parser.destroy();
    });
  };
  // Errors after a failure (busboy complains of the body it was stopped in) are already accounted for;
  // until then pipeline() reports them.
  source.on("error", () => {});
  parser.on("error", () => {});
  const cleanUp = async () => {
    if (out) {
      // Only after the write stream has closed: removing the file while its open() is still pending
      // would let the open create it again afterwards.
      if (!out.closed) {
        const closed = once(out, "close").catch(() => {});
        out.destroy();
        await closed;
      }
    }
    await rm(partialPath, { force: true });
  };

  /** Reads the file part: the first bytes are sniffed before the file is even created, then each chunk is written in turn. */
  const receive = async (file: Readable): Promise<{ bytes: number; container: VideoContainer }> => {
    const head: Buffer[] = [];
    let bytes = 0;
    let container: VideoContainer | null = null;
    const start = () => {
      container = sniffVideo(Buffer.concat(head));
      if (!container) throw refuse(VIDEO_MESSAGES.type);
      out = createWriteStream(partialPath, { flags: "wx", mode: 0o600 });
      out.on("error", fail);
      for (const chunk of head) out.write(chunk);
      head.length = 0;
    };
    for await (const chunk of file as AsyncIterable<Buffer>) {
      if (failure) break;
      bytes += chunk.length;
      if (!out) {
        head.push(chunk);
        if (bytes >= SNIFF_BYTES) start();
      } else if (!out.write(chunk)) {
        // Backpressure: busboy, and through it the request body, wait while the disk catches up.
        await once(out, "drain", { signal: stop.signal });
      }
    }
    if (failure) throw failure;
    if (bytes === 0) throw refuse(VIDEO_MESSAGES.missing);
    if (!out) start();
    const written = out as WriteStream | null;
    written!.end();
    await finished(written!);
    return { bytes, container: container! };
  };

  parser.on("file", (name, file, info) => {
    // Destroyed with an error when the parser is; the failure is already known by then.
    file.on("error", () => {});
    if (name !== field || fileTask) {
      file.resume();
      fail(refuse());
      return;
    }
    filename = displayName(info.filename);
    file.on("limit", () => fail(tooLarge()));
    fileTask = receive(file);
    fileTask.catch(fail);
  });
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(refuse());
    else fields[name] = value;
  });
  for (const limit of ["filesLimit", "fieldsLimit", "partsLimit"] as const)
    parser.on(limit, () => fail(refuse()));

  try {
    try {
      // Resolves once busboy has parsed the whole body (it waits until the file part has been read).
      await pipeline(source, parser);
    } catch (error) {
      fail(refuse(VIDEO_MESSAGES.unreadable, error));
    }
    if (failure) throw failure;
    if (!fileTask) throw refuse(VIDEO_MESSAGES.missing);
    const { bytes, container } = await (fileTask as Promise<{ bytes: number; container: VideoContainer }>);
    if (failure) throw failure;
    const finalPath = path.join(dir, `${id}.${container}`);
    await rename(partialPath, finalPath);
    return { path: finalPath, bytes, filename, container, fields: { ...fields } };
  } catch (error) {
    fail(error);
    // Assigned in the "file" handler, which TypeScript's narrowing does not see.
    await (fileTask as Promise<unknown> | null)?.catch(() => {});
    await cleanUp();
    throw failure;
  }
}

function displayName(name: string | undefined): string {
  return (name ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
}
