// Copies a folder of uploads (DATA_DIR/uploads of a disk deployment) into another storage, a
// bucket: `npm run uploads:to-s3` (scripts/copy-uploads-to-s3.ts, decision 039). It can be run
// again after an interruption: what is there already with the same size is left alone.
import { opendir, stat } from "node:fs/promises";
import path from "node:path";
import { contentTypeOf } from "./content-type";
import { isSafeKey, type FileStorage } from "./storage.server";

export interface CopyUploadsOptions {
  /** The folder whose files become keys (`photos/a-320.webp` from `<root>/photos/a-320.webp`). */
  root: string;
  storage: FileStorage;
  /** Files copied at once: a bucket answers each one slowly, but many in parallel. */
  concurrency?: number;
  /** One line per failure and a line of progress now and then. */
  log?: (line: string) => void;
}

export interface CopyUploadsReport {
  copied: number;
  skipped: number;
  failed: { key: string; reason: string }[];
}

/** The storage's own half-written files (LocalDiskStorage writes `<name>.<random>.tmp`, then renames). */
const isTemporary = (name: string) => name.endsWith(".tmp");

/** Every file under `root`, as it is found: a folder of a million photos is never listed whole. */
async function* filesUnder(root: string, dir = root): AsyncGenerator<{ file: string; key: string }> {
  for await (const entry of await opendir(dir)) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, file);
    else if (entry.isFile() && !isTemporary(entry.name))
      yield { file, key: path.relative(root, file).split(path.sep).join("/") };
  }
}

export async function copyUploads(options: CopyUploadsOptions): Promise<CopyUploadsReport> {
  const { root, storage, log = () => {} } = options;
  const report: CopyUploadsReport = { copied: 0, skipped: 0, failed: [] };
  const files = filesUnder(path.resolve(root));
  let seen = 0;

  async function copyOne(file: string, key: string) {
    if (!isSafeKey(key)) {
      // The product never names a file so; it cannot become a key (and would not be found by one).
      report.failed.push({ key, reason: "the name cannot be a storage key" });
      log(`failed ${key}: the name cannot be a storage key`);
      return;
    }
    try {
      const [there, here] = await Promise.all([storage.stat(key), stat(file)]);
      // Names change whenever content does, so the same size means the same file, copied before.
      if (there && there.size === here.size) {
        report.skipped++;
        return;
      }
      await storage.putFile(key, file, contentTypeOf(key));
      report.copied++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report.failed.push({ key, reason });
      log(`failed ${key}: ${reason}`);
    }
  }

  // A few workers take the next file from the one walk (an async generator hands them out one by one).
  async function worker() {
    for (;;) {
      const next = await files.next();
      if (next.done) return;
      await copyOne(next.value.file, next.value.key);
      if (++seen % 500 === 0)
        log(
          `${seen} files: ${report.copied} copied, ${report.skipped} skipped, ${report.failed.length} failed`,
        );
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}
