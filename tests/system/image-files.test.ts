// The image's file set, run. The Dockerfile's runtime stage is read (its COPY lines: no list is kept
// here), the same files are laid out in a temporary folder from this working tree, and the server is
// started from that folder in production mode on PostgreSQL with S3 storage. A file the server needs
// that the Dockerfile does not copy stops it from starting (or fails a page), and the test names it.
// Docker cannot run on the machines this is developed on, so this stands in for building the image.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3 } from "../support/local-s3";
import { missing } from "../support/prerequisites";
import { deploymentEnv, freshDatabase, LACKING, ROOT, startInstance, type Instance } from "./support";

// ---------------------------------------------------------------------------------------------------
// Reading the Dockerfile
// ---------------------------------------------------------------------------------------------------

interface Copy {
  /** Where it is in the Dockerfile, for messages. */
  line: number;
  text: string;
  /** The stage it copies from; null: the build context (this working tree). */
  from: string | null;
  sources: string[];
  destination: string;
}

interface Stage {
  name: string | null;
  workdir: string;
  env: Record<string, string>;
  copies: Copy[];
}

/** The stages with what this test needs of them: working folder, ENV, COPY. */
function readStages(dockerfile: string): Stage[] {
  // Docker joins lines that end with a backslash and drops comment lines, even inside such a run.
  const instructions: { line: number; text: string }[] = [];
  let pending: { line: number; text: string } | null = null;
  dockerfile.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith("#") || (!pending && line === "")) return;
    pending ??= { line: index + 1, text: "" };
    if (line.endsWith("\\")) {
      pending.text += `${line.slice(0, -1)} `;
      return;
    }
    pending.text += line;
    instructions.push(pending);
    pending = null;
  });

  const stages: Stage[] = [];
  for (const { line, text } of instructions) {
    const [, keyword = "", rest = ""] = /^(\S+)\s*(.*)$/.exec(text) ?? [];
    const stage = stages.at(-1);
    switch (keyword.toUpperCase()) {
      case "FROM": {
        const name = /\sAS\s+(\S+)\s*$/i.exec(rest)?.[1] ?? null;
        stages.push({ name, workdir: "/", env: {}, copies: [] });
        break;
      }
      case "WORKDIR":
        if (stage) stage.workdir = path.posix.resolve(stage.workdir, rest.trim());
        break;
      case "ENV":
        if (stage) Object.assign(stage.env, parseEnv(rest));
        break;
      case "COPY":
      case "ADD":
        if (stage) stage.copies.push(parseCopy(line, text, rest));
        break;
    }
  }
  return stages;
}

/** `ENV A=1 B="two words"` (and the old `ENV A 1`). */
function parseEnv(rest: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!/^\S+=/.test(rest)) {
    const [, key = "", value = ""] = /^(\S+)\s+(.*)$/.exec(rest) ?? [];
    out[key] = value;
    return out;
  }
  for (const m of rest.matchAll(/(\S+?)=("(?:[^"\\]|\\.)*"|\S*)/g))
    out[m[1]!] = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
  return out;
}

function parseCopy(line: number, text: string, rest: string): Copy {
  const words = rest.trim().split(/\s+/);
  let from: string | null = null;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    const [name, value] = flag.slice(2).split("=", 2);
    if (name === "from") from = value ?? null;
    // Ownership, mode and layer linking change no file's presence; these others change which files.
    else if (!["chown", "chmod", "link"].includes(name!))
      throw new Error(`Dockerfile line ${line}: this test does not understand ${flag} (${text})`);
  }
  const args = words[0]?.startsWith("[") ? (JSON.parse(words.join(" ")) as string[]) : words;
  if (args.length < 2) throw new Error(`Dockerfile line ${line}: a COPY needs a source and a destination`);
  return { line, text, from, sources: args.slice(0, -1), destination: args.at(-1)! };
}

/** `.dockerignore`: what the build context leaves out (anchored at its root, `!` takes back). */
function readDockerignore(file: string): (relative: string) => boolean {
  const rules = existsSync(file)
    ? readFileSync(file, "utf8")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith("#"))
        .map((l) => {
          const negated = l.startsWith("!");
          const pattern = path.posix
            .normalize((negated ? l.slice(1) : l).replace(/^\/+/, ""))
            .replace(/\/$/, "");
          return { negated, match: globRegExp(pattern) };
        })
    : [];
  return (relative) => {
    // A pattern that matches a folder leaves out everything in it.
    const prefixes = relative.split("/").map((_, i, all) => all.slice(0, i + 1).join("/"));
    let ignored = false;
    for (const rule of rules) if (prefixes.some((p) => rule.match.test(p))) ignored = !rule.negated;
    return ignored;
  };
}

/** Docker's patterns: `*` and `?` within a name, `**` across folders. */
function globRegExp(pattern: string): RegExp {
  const body = pattern
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) =>
      part === "**" || part === "**/"
        ? "(?:.*/)?"
        : part === "*"
          ? "[^/]*"
          : part === "?"
            ? "[^/]"
            : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${body}$`);
}

// ---------------------------------------------------------------------------------------------------
// Laying the files out as the image has them
// ---------------------------------------------------------------------------------------------------

/**
 * The folders of the production dependency tree (what `npm ci` then `npm prune --omit=dev` leaves in
 * the build stage), relative to node_modules. Nested ones travel inside their parents.
 */
function productionPackages(): string[] {
  const listed = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // npm ls exits non-zero on any oddity of the tree (an extraneous package, say) but lists it all.
  const modules = path.join(ROOT, "node_modules") + path.sep;
  const folders = listed.stdout
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith(modules));
  if (folders.length === 0) throw new Error(`npm ls listed no production packages:\n${listed.stderr}`);
  return folders
    .filter((f) => !folders.some((other) => other !== f && f.startsWith(other + path.sep)))
    .map((f) => path.relative(path.join(ROOT, "node_modules"), f));
}

/**
 * Hard links (a copy across file systems): quick, and each file keeps a path of its own under the
 * folder, so it resolves its neighbours there, never back in the repo.
 */
function linkTree(from: string, to: string, skip: (source: string) => boolean = () => false) {
  if (skip(from)) return;
  const stat = lstatSync(from);
  if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) linkTree(path.join(from, name), path.join(to, name), skip);
    return;
  }
  mkdirSync(path.dirname(to), { recursive: true });
  rmSync(to, { force: true }); // a later COPY replaces what an earlier one put there
  if (stat.isSymbolicLink()) return symlinkSync(readlinkSync(from), to);
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Expands `*`, `?` and `[…]` in a path relative to `base`, as Docker does for COPY sources. */
function expand(base: string, relative: string, ignored: (relative: string) => boolean): string[] {
  let found = [""];
  for (const segment of relative.split("/").filter(Boolean)) {
    if (!/[*?[]/.test(segment)) {
      found = found.map((f) => path.posix.join(f, segment));
      continue;
    }
    const match = globRegExp(segment);
    found = found.flatMap((f) => {
      const folder = path.join(base, f);
      if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
      return readdirSync(folder)
        .filter((name) => match.test(name))
        .map((name) => path.posix.join(f, name))
        .filter((p) => !ignored(p));
    });
  }
  return found;
}

interface Layout {
  /** The runtime stage's working folder inside `rootfs`: where the server starts. */
  cwd: string;
  /** The runtime stage's ENV. */
  env: Record<string, string>;
  /** The COPY lines laid out, for messages. */
  copies: string[];
}

/**
 * Builds the runtime stage's files under `rootfs` (the image's `/`) from this working tree: the
 * build stage is taken to be this tree after `COPY . .` (less .dockerignore), with its own
 * node_modules (production dependencies only) and build/ (the production build that exists).
 */
function layOut(rootfs: string): Layout {
  const stages = readStages(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const runtime = stages.at(-1);
  if (!runtime) throw new Error("The Dockerfile has no stage");
  const ignored = readDockerignore(path.join(ROOT, ".dockerignore"));
  const copies: string[] = [];
  let packages: string[] | undefined;

  for (const copy of runtime.copies) {
    const stage = copy.from === null ? null : stages.find((s) => s.name === copy.from);
    if (copy.from !== null && !stage)
      throw new Error(
        `Dockerfile line ${copy.line}: copies from "${copy.from}", which this test cannot lay out`,
      );
    const relatives = copy.sources.flatMap((source) => {
      // Inside a stage a source is a path in its file system; the stage's working folder is the
      // build context's root (`COPY . .`).
      const relative = stage
        ? path.posix.relative(stage.workdir, path.posix.resolve("/", source))
        : path.posix.normalize(source).replace(/^(\.\/|\/)+/, "");
      // Outside the working folder, or all of it (node_modules and build/ with the rest), this test
      // has no counterpart of the build stage to lay out.
      if (relative.startsWith("..") || (stage && relative === ""))
        throw new Error(`Dockerfile line ${copy.line}: this test cannot lay out ${source} of "${copy.from}"`);
      // What the build stage makes itself (`npm ci`, the build) rather than takes from the context.
      const top = relative.split("/")[0];
      const byBuild = stage !== null && (top === "node_modules" || top === "build");
      const matches = byBuild ? [relative] : expand(ROOT, relative, ignored);
      const present = matches.filter((m) => m === "" || !ignored(m) || byBuild);
      if (present.length === 0 || !present.every((m) => existsSync(path.join(ROOT, m))))
        throw new Error(
          `Dockerfile line ${copy.line}: ${source} is not in the build stage (nothing in this working tree matches it, or .dockerignore leaves it out): ${copy.text}`,
        );
      return present;
    });

    const destination = path.posix.resolve(runtime.workdir, copy.destination);
    const intoFolder = copy.destination.endsWith("/") || relatives.length > 1;
    for (const relative of relatives) {
      const source = path.join(ROOT, relative);
      const isFolder = statSync(source).isDirectory();
      const target = path.join(
        rootfs,
        isFolder || !intoFolder ? destination : path.posix.join(destination, path.posix.basename(relative)),
      );
      if (stage && relative === "node_modules") {
        // A link per package (some 40 000 files otherwise); the server runs with --preserve-symlinks,
        // so a package finds its dependencies in this folder, not in the repo's node_modules.
        packages ??= productionPackages();
        for (const pkg of packages) {
          mkdirSync(path.dirname(path.join(target, pkg)), { recursive: true });
          symlinkSync(path.join(source, pkg), path.join(target, pkg), "dir");
        }
      } else if (stage && relative.startsWith("node_modules/")) {
        throw new Error(
          `Dockerfile line ${copy.line}: copies part of node_modules, which this test cannot judge`,
        );
      } else {
        const fromBuild = stage !== null && relative.split("/")[0] === "build";
        linkTree(
          source,
          target,
          (file) => !fromBuild && ignored(path.relative(ROOT, file).split(path.sep).join("/")),
        );
      }
    }
    copies.push(copy.text);
  }
  return { cwd: path.join(rootfs, runtime.workdir), env: runtime.env, copies };
}

/** The path a failed start was looking for, relative to the image's root, when it says one. */
function missingPath(output: string, rootfs: string): string | null {
  const m =
    /Cannot find (?:module|package) '([^']+)'/.exec(output) ??
    /Can't find (\S+) file/.exec(output) ?? // the migrator's own words for its journal
    /ENOENT[^']*'([^']+)'/.exec(output) ??
    /no such file or directory[^']*'([^']+)'/.exec(output);
  if (!m) return null;
  const said = m[1]!.replace(/^file:\/\//, "");
  return said.startsWith(rootfs) ? `/${path.relative(rootfs, said)}` : said;
}

// ---------------------------------------------------------------------------------------------------

const skip = missing("The image's file set", LACKING);

describe.skipIf(skip)("the image's file set (the Dockerfile's runtime stage)", () => {
  let rootfs: string;
  let layout: Layout;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: Instance | undefined;
  let home: Response;
  let homeHtml: string;

  beforeAll(async () => {
    rootfs = mkdtempSync(path.join(tmpdir(), "souq-image-"));
    layout = layOut(rootfs);
    [s3, database] = await Promise.all([startLocalS3(), freshDatabase("image")]);
    // What the image sets, less where it listens and keeps its data: a port, loopback and a temporary
    // folder of the instance's own here (/data would be this machine's).
    const { DATA_DIR: _data, PORT: _port, HOST: _host, ...imageEnv } = layout.env;
    const env = {
      ...imageEnv,
      ...deploymentEnv({ DATABASE_URL: database.url, ...s3.env }),
      // Two workers, as a container on a machine with cores: the cluster's primary and its workers
      // each start from these files.
      WEB_CONCURRENCY: "2",
      // Module paths stay those of the links in node_modules (see layOut), as real folders would.
      NODE_OPTIONS: "--preserve-symlinks",
    };
    try {
      server = await startInstance(env, { cwd: layout.cwd });
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      const absent = missingPath(said, rootfs);
      throw new Error(
        [
          absent
            ? `The server started from the image's files looked for ${absent}, which the Dockerfile's runtime stage does not copy.`
            : "The server did not start from the image's files.",
          `Its COPY lines:\n  ${layout.copies.join("\n  ")}`,
          said,
        ].join("\n"),
        { cause: error },
      );
    }
    home = await fetch(`${server.origin}/`);
    homeHtml = await home.text();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await s3?.stop();
    if (rootfs) rmSync(rootfs, { recursive: true, force: true });
  });

  it("runs without the development packages", () => {
    // Those `npm prune --omit=dev` removes: flagged `dev` in the lockfile. Optional peers of production
    // packages (typescript, @types/react) are not flagged so, and stay in the image as they do here.
    const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.keys(lock.packages).filter((folder) => lock.packages[folder]!.dev);
    expect(devOnly).toContain("node_modules/vite");
    expect(devOnly.filter((folder) => existsSync(path.join(layout.cwd, folder)))).toEqual([]);
  });

  it("serves the home page and the list of properties as HTML", async () => {
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(homeHtml).toMatch(/<html[^>]*lang="en"/);
    const list = await fetch(`${server!.origin}/properties`);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await list.text()).toContain("</html>");
  });

  it("answers the API in its envelope", async () => {
    const answer = await fetch(`${server!.origin}/api/web-settings`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { error: boolean; message: string; data: unknown };
    expect(body).toMatchObject({ error: false, message: expect.any(String) });
    expect(body.data).toEqual(expect.objectContaining({ languages: expect.any(Array) }));
  });

  it("serves the built client's files that a page links to", async () => {
    const assets = [...homeHtml.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    const asset = await fetch(`${server!.origin}${assets[0]}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript|css/);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  it("ran the migrations it ships", async () => {
    const journal = JSON.parse(
      readFileSync(path.join(layout.cwd, "server/db/migrations/meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const applied = await db.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const table = await db.query<{ t: string | null }>(
        "select to_regclass('public.properties')::text as t",
      );
      expect(table.rows[0]!.t).toBe("properties");
    } finally {
      await db.end();
    }
  });

  it("answers a language's translation file, read from locales/ when asked", async () => {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db
      .query(
        "insert into languages (code, name, name_in_english, rtl) values ('ar', 'العربية', 'Arabic', true)",
      )
      .finally(() => db.end());
    const answer = await fetch(`${server!.origin}/api/get_languages?language_code=ar&web_language_file=1`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { file_name?: Record<string, string> } };
    expect(Object.keys(body.data.file_name ?? {}).length).toBeGreaterThan(0);
  });

  it("reads a public file from the bucket", async () => {
    // Written straight into the bucket: the server then reads it with the SDK from the image's files.
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: s3.env.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: "system-test/image-files.txt",
        Body: "from the bucket",
        ContentType: "text/plain",
      }),
    );
    client.destroy();
    const file = await fetch(`${server!.origin}/uploads/system-test/image-files.txt`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("from the bucket");
  });

  it("never looked for a file it did not find", () => {
    // A file read only when a page asks for it (a translation, an icon) shows up here, not at start.
    const output = server!.output();
    const absent = missingPath(output, rootfs);
    expect(absent, `The server looked for ${absent}:\n${output}`).toBeNull();
  });
});
