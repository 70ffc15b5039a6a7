// The demo's pictures are painted while the site already answers: one at a time in the background,
// in the order the first pages show them, and any file asked for before its turn is painted at once
// (storage reads wait for it). A start on a fresh folder answers in seconds instead of after ~50 s
// of painting, and never shows a missing picture.
import { makeVariants, VARIANT_WIDTHS } from "../../server/media/images.server";
import type { ByteRange, FileStorage } from "../../server/media/storage.server";
import { demoPicture, filesOf, plannedImage, type DemoPicture } from "./pictures";
import type { StoredImage } from "../../server/db/schema";

export const MANIFEST = "demo/manifest.json";

/** A file painted whole (a 360° view, a portrait), not through the image pipeline. */
export interface DemoFile {
  key: string;
  contentType: string;
  paint(): Promise<Buffer>;
}

interface Job {
  files: string[];
  run(): Promise<void>;
  done?: Promise<void>;
}

export class DemoStudio {
  readonly #storage: FileStorage;
  readonly #warn: (error: unknown, what: string) => void;
  readonly #queue: Job[] = [];
  readonly #byFile = new Map<string, Job>();
  #manifest: Record<string, StoredImage> | undefined;
  #manifestWrites = Promise.resolve();
  #stopped = false;
  #running: Promise<void> | undefined;

  constructor(storage: FileStorage, warn: (error: unknown, what: string) => void) {
    this.#storage = storage;
    this.#warn = warn;
  }

  /** What the storage manifest says is painted already, by picture id. */
  async painted(): Promise<Record<string, StoredImage>> {
    if (!this.#manifest) {
      const raw = await this.#storage.get(MANIFEST);
      this.#manifest = raw ? JSON.parse(raw.toString("utf8")) : {};
    }
    return this.#manifest!;
  }

  /** Queues pictures (by id) and files, in the order given; ones painted already are left out. */
  async plan(pictureIds: string[], files: DemoFile[]): Promise<void> {
    const painted = await this.painted();
    for (const id of pictureIds) {
      const picture = demoPicture(id);
      const entry = painted[id];
      // An entry from before AVIF variants existed is painted again, so every photo has both formats.
      if (!picture || (entry && (entry.avif || picture.options.avif === false))) continue;
      this.#add({ files: pictureFiles(picture), run: () => this.#paintPicture(picture) });
    }
    for (const file of files) {
      if (this.#byFile.has(file.key) || (await this.#storage.exists(file.key))) continue;
      this.#add({
        files: [file.key],
        run: async () => this.#storage.put(file.key, await file.paint(), file.contentType),
      });
    }
  }

  #add(job: Job) {
    if (job.files.some((f) => this.#byFile.has(f))) return;
    for (const f of job.files) this.#byFile.set(f, job);
    this.#queue.push(job);
  }

  /** Files still to paint. */
  get pending(): number {
    return this.#queue.filter((j) => !j.done).length;
  }

  /**
   * Paints the queue, one job at a time unless told more (a start that waits for it); settles when
   * all is painted or the studio is stopped.
   */
  run(workers = 1): Promise<void> {
    this.#running ??= (async () => {
      let next = 0;
      const worker = async () => {
        while (!this.#stopped && next < this.#queue.length) {
          await this.#do(this.#queue[next++]!);
          // Requests that arrived meanwhile go first.
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await Promise.all(Array.from({ length: workers }, worker));
      await this.#manifestWrites;
    })();
    return this.#running;
  }

  /** Waits until the file is painted, painting it now if its turn has not come. */
  async ready(key: string): Promise<void> {
    const job = this.#byFile.get(key);
    if (job) await this.#do(job);
  }

  /** Ends the background painting after the job under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
    await this.#manifestWrites;
  }

  #do(job: Job): Promise<void> {
    job.done ??= job.run().then(
      () => {
        for (const f of job.files) this.#byFile.delete(f);
      },
      (error) => {
        for (const f of job.files) this.#byFile.delete(f);
        this.#warn(error, `Could not paint the demo file ${job.files[0]}`);
      },
    );
    return job.done;
  }

  async #paintPicture(picture: DemoPicture) {
    const key = `demo/${picture.id}`;
    const processed = await makeVariants(await picture.paint(), picture.options);
    await Promise.all(
      processed.variants.flatMap((v) => [
        this.#storage.put(`${key}-${v.width}.webp`, v.webp, "image/webp"),
        ...(picture.options.avif === false
          ? []
          : [this.#storage.put(`${key}-${v.width}.avif`, v.avif, "image/avif")]),
      ]),
    );
    const manifest = await this.painted();
    manifest[picture.id] = {
      key,
      width: processed.width,
      height: processed.height,
      widths: processed.variants.map((v) => v.width),
      thumbhash: processed.thumbhash,
      dominant: processed.dominant,
      avif: picture.options.avif !== false,
    };
    // One write at a time, each with everything painted so far: a stop half-way keeps what was done.
    this.#manifestWrites = this.#manifestWrites.then(() =>
      this.#storage.put(MANIFEST, Buffer.from(JSON.stringify(manifest)), "application/json"),
    );
    await this.#manifestWrites;
  }

  /** The storage as the site reads it: a demo file not painted yet is painted before it is read. */
  serving(): FileStorage {
    const s = this.#storage;
    return {
      put: (key, body, type) => s.put(key, body, type),
      putFile: (key, file, type) => s.putFile(key, file, type),
      localPath: (key) => s.localPath(key),
      delete: (key) => s.delete(key),
      publicUrl: (key) => s.publicUrl(key),
      get: async (key) => (await this.ready(key), s.get(key)),
      stat: async (key) => (await this.ready(key), s.stat(key)),
      read: async (key, range?: ByteRange) => (await this.ready(key), s.read(key, range)),
      exists: async (key) => (await this.ready(key), s.exists(key)),
    };
  }
}

/** The files a picture's painting writes: every width it gets, in each format. */
function pictureFiles(picture: DemoPicture): string[] {
  const planned = plannedImage(picture.id);
  // Without a placeholder, every width it could get (no file of a width it lacks is ever asked for).
  const widths = planned?.widths ?? [...(picture.options.widths ?? VARIANT_WIDTHS)];
  return filesOf({ key: `demo/${picture.id}`, widths, avif: picture.options.avif !== false });
}
