// The database goes away and comes back (decision 041). A PostgreSQL server of this test's own (initdb
// and pg_ctl in a temporary folder, on a free port: a shared server is never touched) under an
// instance taking a steady stream of writes: listings posted, messages both ways, favourites on and
// off. The server is stopped hard (`-m immediate`: a crash as far as clients can tell, with the
// WAL kept) and started again. While it is away every answer is a prompt 503 with the envelope and
// pages are a friendly 503 page; after it returns the instance answers again within 5 s, without a
// restart; and every write it acknowledged is in the database.
import { spawn, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../../server/db/unavailable";
import { missing } from "../support/prerequisites";
import { BUILT, deploymentEnv, freePort, startInstance, type Instance } from "./support";

/** The longest any answer may take, down or not: a request must never hang on the database. */
const PROMPT_MS = 5_000;
/** From the database accepting connections again to the instance answering as before. */
const RECOVERY_MS = 5_000;

/** PostgreSQL's server programs: PG_BIN, the newest Debian/Ubuntu install, or the PATH. */
function findPgBin(): string | null {
  const has = (dir: string) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const dir of [
    ...versions.map((v) => path.join(debian, v, "bin")),
    ...(process.env.PATH ?? "").split(":"),
  ])
    if (dir && has(dir)) return dir;
  return null;
}

/** PostgreSQL refuses to run as root: there its programs run as this account instead. */
const OS_USER = process.env.PG_OS_USER ?? "postgres";
const AS_ROOT = process.getuid?.() === 0;
function osUserIds(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, OS_USER], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return null;
  }
}

const PG_BIN = findPgBin();
const OWNER = AS_ROOT ? osUserIds() : null;
const LACKING = !BUILT
  ? "no production build (npm run build)"
  : !PG_BIN
    ? "no PostgreSQL server programs (initdb, pg_ctl): install PostgreSQL or set PG_BIN"
    : AS_ROOT && !OWNER
      ? `running as root and there is no '${OS_USER}' account to run PostgreSQL as (PG_OS_USER)`
      : "";

/** Runs one of PostgreSQL's programs (as OS_USER under root); resolves with its output, rejects on failure. */
function pgRun(program: string, args: string[], cwd: string): Promise<string> {
  const file = path.join(PG_BIN!, program);
  const [command, argv] = AS_ROOT ? ["runuser", ["-u", OS_USER, "--", file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    // Resolved on exit, not on close: pg_ctl start leaves a server running that must not hold us.
    const child = spawn(command, argv, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${program} ${args.join(" ")} failed (${code}):\n${out}`)),
    );
  });
}

/** A PostgreSQL server in a temporary folder of its own. */
async function privateServer() {
  const dir = mkdtempSync(path.join(tmpdir(), "souq-pg-"));
  if (OWNER) chownSync(dir, OWNER.uid, OWNER.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  await pgRun("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], dir);
  // Durability as in production (fsync and synchronous_commit stay on): an acknowledged commit must
  // survive the hard stop. The socket in the folder: the system's socket directory may not be ours.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=on -c synchronous_commit=on`;
  const start = () =>
    pgRun("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"], dir);
  await start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query("create database souq");
  await admin.end();
  return {
    url: `${base}/souq`,
    start,
    /** A crash as far as clients can tell: no checkpoint, every connection cut; the WAL is kept. */
    crash: () => pgRun("pg_ctl", ["-D", data, "-m", "immediate", "stop"], dir),
    async remove() {
      await pgRun("pg_ctl", ["-D", data, "-m", "fast", "stop"], dir).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Kind = "post" | "message" | "favourite";

/** One request of the load: when it went, what came back. */
interface Attempt {
  kind: Kind;
  started: number;
  ended: number;
  /** 0: no HTTP answer at all (the connection failed, or it took longer than PROMPT_MS). */
  status: number;
  body: { error?: boolean; message?: string; data?: unknown } | null;
  retryAfter: string | null;
  /** What it wrote: a listing's or message's id and text, or a favourite's listing and state. */
  id?: number;
  text?: string;
  property?: number;
  on?: boolean;
}

async function timed(
  kind: Kind,
  send: (signal: AbortSignal) => Promise<Response>,
  extra: Partial<Attempt> = {},
): Promise<Attempt> {
  const started = Date.now();
  try {
    const res = await send(AbortSignal.timeout(PROMPT_MS + 5_000));
    const text = await res.text();
    let body: Attempt["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return {
      kind,
      started,
      ended: Date.now(),
      status: res.status,
      body,
      retryAfter: res.headers.get("retry-after"),
      ...extra,
    };
  } catch (error) {
    return {
      kind,
      started,
      ended: Date.now(),
      status: 0,
      body: { message: String(error) },
      retryAfter: null,
      ...extra,
    };
  }
}

/** A page as a browser asks for it. */
async function page(url: string) {
  const started = Date.now();
  const res = await fetch(url, {
    headers: { accept: "text/html" },
    // A language that is switched off redirects to English: seen as such, not followed.
    redirect: "manual",
    signal: AbortSignal.timeout(PROMPT_MS + 5_000),
  });
  const html = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
    ms: Date.now() - started,
    html,
  };
}

/** A connection of the test's own; the hard stop cuts it, so a lost one is only noted. */
async function connectTo(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  return client;
}

interface Person {
  id: number;
  token: string;
}

/** A JSON call to the instance's API; the status and the envelope. */
async function call(origin: string, name: string, body: unknown, token?: string) {
  const res = await fetch(`${origin}/api/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error: boolean; message: string; data: any } };
}

/** Registers through the API, as the sign-up form does: the account in the identity service and the profile. */
async function register(origin: string, name: string): Promise<Person> {
  const email = `restart-${process.pid}-${Date.now()}-${name.split(" ")[0]!.toLowerCase()}@example.test`;
  const r = await call(origin, "user-register", {
    name,
    email,
    mobile: "+971501234567",
    password: "secret123",
    re_password: "secret123",
  });
  if (r.status !== 200) throw new Error(`user-register: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.data.user.id, token: r.body.data.token };
}

const ok = (a: { status: number }) => a.status >= 200 && a.status < 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A live chat stream as a browser holds it: reconnects (with Last-Event-ID) whenever it ends or
 * cannot open, and collects the ids of the messages it was told of.
 */
function chatStream(origin: string, token: string) {
  const seen = new Set<number>();
  const abort = new AbortController();
  let opened = () => {};
  /** Resolves once the first stream said it is ready: from then on no message can pass it by. */
  const ready = new Promise<void>((resolve) => (opened = resolve));
  let last = "";
  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(`${origin}/api/chat-events`, {
          headers: { authorization: `Bearer ${token}`, ...(last ? { "last-event-id": last } : {}) },
          signal: abort.signal,
        });
        if (res.ok && res.body) {
          let buffer = "";
          const decoder = new TextDecoder();
          const reader = res.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const field = (name: string) =>
                block
                  .split("\n")
                  .find((l) => l.startsWith(`${name}:`))
                  ?.slice(name.length + 1)
                  .trim();
              const id = field("id");
              if (id) last = id;
              if (field("event") === "ready") opened();
              if (field("event") === "message") {
                const event = JSON.parse(field("data") ?? "{}") as { message?: { message_id?: number } };
                if (event.message?.message_id) seen.add(event.message.message_id);
              }
            }
          }
        } else await res.body?.cancel();
      } catch {
        // cut off, or could not open: as a browser, try again shortly
      }
      await sleep(250);
    }
  };
  const running = run();
  return {
    seen,
    ready,
    async close() {
      abort.abort();
      await running;
    },
  };
}

describe.skipIf(missing("Database restart", LACKING))("the database goes away and comes back", () => {
  let server: Awaited<ReturnType<typeof privateServer>>;
  let instance: Instance;
  let db: pg.Client;
  let owner: Person;
  let buyer: Person;
  /** Approved listings of the owner: what messages are about and favourites are put on. */
  let listings: number[] = [];
  let photo: Buffer;

  beforeAll(async () => {
    server = await privateServer();
    instance = await startInstance(deploymentEnv({ DATABASE_URL: server.url }));
    [owner, buyer] = await Promise.all([
      register(instance.origin, "Owner Odile"),
      register(instance.origin, "Buyer Bilal"),
    ]);
    // The owner may post: a complete profile and a package (fixtures: buying one is another test's).
    const profile = await call(
      instance.origin,
      "update_profile",
      { profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" },
      owner.token,
    );
    expect(profile.status).toBe(200);
    db = await connectTo(server.url);
    // English and Arabic switched on, as a site's console would (an empty database has no languages).
    await db.query(
      `insert into languages (code, name, name_in_english, rtl, is_default) values ('en', 'English', 'English', false, true), ('ar', 'العربية', 'Arabic', true, false)`,
    );
    const category = await db.query<{ id: number }>(
      `insert into categories (category, slug_id) values ('Apartment', 'apartment-restart') returning id`,
    );
    const pack = await db.query<{ id: number }>(
      `insert into packages (name, validity_days, is_free) values ('Restart test', 30, true) returning id`,
    );
    const held = await db.query<{ id: number }>(
      `insert into user_packages (user_id, package_id, end_at) values ($1, $2, now() + interval '30 days') returning id`,
      [owner.id, pack.rows[0]!.id],
    );
    await db.query(
      `insert into user_package_features (user_package_id, type, total) values ($1, 'property_list', null)`,
      [held.rows[0]!.id],
    );
    const rows = await db.query<{ id: number }>(
      `insert into properties (slug_id, title, description, category_id, added_by, property_type, price, city, state, country, address, request_status)
       select 'restart-' || n, 'Listing ' || n, 'A listing to talk about', $1, $2, 'rent', 9000, 'Dubai', 'Dubai', 'United Arab Emirates', 'Marina ' || n, 'approved'
       from generate_series(1, 4) n returning id`,
      [category.rows[0]!.id, owner.id],
    );
    listings = rows.rows.map((r) => r.id);
    // As a running server would have (it checkpoints every few minutes): the restart then replays
    // the WAL of the test's load, not of the migrations.
    await db.query("checkpoint");
    photo = await sharp({
      create: { width: 480, height: 320, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
  }, 90_000);

  afterAll(async () => {
    // An instance that ended by itself is what went wrong: its last words say why.
    if (instance && instance.process.exitCode !== null)
      console.log(`The instance ended (${instance.process.exitCode}):\n${instance.output().slice(-4000)}`);
    await db?.end().catch(() => {});
    await instance?.stop();
    await server?.remove();
  });

  it("answers 503 while it is away, recovers by itself within 5 s, and loses no acknowledged write", async () => {
    const { origin } = instance;
    const category = (await db.query<{ id: number }>(`select id from categories limit 1`)).rows[0]!.id;
    const attempts: Attempt[] = [];
    let running = true;
    const api = (name: string, token: string, init: RequestInit) => (signal: AbortSignal) =>
      fetch(`${origin}/api/${name}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
        signal,
      });
    const json = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

    /** One writer: `next(n)` sends its n-th write; paced so that it stays inside the rate limits. */
    const writer = async (paceMs: number, max: number, next: (n: number) => Promise<Attempt>) => {
      for (let n = 0; running && n < max; n++) {
        const a = await next(n);
        attempts.push(a);
        await sleep(paceMs);
      }
    };
    const message = (from: Person, to: Person, tag: string) => (n: number) => {
      const text = `${tag} ${n}`;
      return timed(
        "message",
        api(
          "send_message",
          from.token,
          json({ receiver_id: to.id, property_id: listings[0], message: text }),
        ),
        { text },
      ).then((a) => ({ ...a, id: ok(a) ? (a.body?.data as { message_id: number }).message_id : undefined }));
    };
    const post = (n: number) => {
      const title = `Restart post ${n}`;
      const form = new FormData();
      const fields = {
        title,
        description: "Posted while the database went away and came back.",
        category_id: String(category),
        property_type: "sell",
        price: String(100_000 + n),
        country: "United Arab Emirates",
        state: "Dubai",
        city: "Dubai",
        address: "Marina Walk, Dubai",
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("title_image", new File([new Uint8Array(photo)], "cover.jpg", { type: "image/jpeg" }));
      return timed("post", api("post_property", owner.token, { method: "POST", body: form }), {
        text: title,
      }).then((a) => ({
        ...a,
        id: ok(a) ? (a.body?.data as { id: number }).id : undefined,
      }));
    };
    // Each listing's heart goes on, off, on…: the state after the last acknowledged change is known.
    const favourite = (n: number) => {
      const property = listings[n % listings.length]!;
      const on = Math.floor(n / listings.length) % 2 === 0;
      return timed(
        "favourite",
        api("add_favourite", buyer.token, json({ property_id: property, type: on ? 1 : 0 })),
        {
          property,
          on,
        },
      );
    };

    // The pages the outage is checked on are visited once first, as visitors would have: the site's
    // settings are then in the process's cache, as they are on a running site.
    for (const path of ["/properties", "/ar/properties"])
      expect((await page(`${origin}${path}`)).status).toBe(200);
    const stream = chatStream(origin, owner.token);
    await stream.ready;

    // The chat limit is 30 a minute per sender: 450 ms apart keeps each inside it for the whole test
    // (some 20 acknowledged: a few before the stop, the rest in the 6.5 s after the return).
    const load = Promise.all([
      writer(450, 60, message(buyer, owner, "buyer says")),
      writer(450, 60, message(owner, buyer, "owner says")),
      writer(150, 400, favourite),
      writer(400, 30, post),
    ]);

    await sleep(2_000);
    const stopIssued = Date.now();
    await server.crash();
    const down = Date.now();

    // While it is away: the API, the health checks and the pages.
    await sleep(500);
    const health = await fetch(`${origin}/healthz`);
    const ready = await fetch(`${origin}/readyz`);
    // A search nobody made yet: no page or shared read kept from before can answer it.
    const pageEn = await page(`${origin}/properties?search=outage-${Date.now()}`);
    const pageAr = await page(`${origin}/ar/properties?search=outage-${Date.now()}`);
    await sleep(2_000);

    const restartIssued = Date.now();
    // The moment it accepts connections again, measured from here (not when pg_ctl says so).
    const accepting = (async () => {
      for (;;) {
        const probe = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 1_000 });
        try {
          await probe.connect();
          await probe.query("select 1");
          return Date.now();
        } catch {
          await sleep(20);
        } finally {
          await probe.end().catch(() => {});
        }
      }
    })();
    await server.start();
    const back = await accepting;

    // Recovery: /healthz says ok and a write of each kind is acknowledged.
    let healthyAt = 0;
    while (Date.now() - back < RECOVERY_MS + 2_000) {
      const r = await fetch(`${origin}/healthz`).catch(() => null);
      if (r?.status === 200) {
        healthyAt = Date.now();
        break;
      }
      await sleep(50);
    }
    const firstAck = (kind: Kind) => attempts.find((a) => a.kind === kind && ok(a) && a.ended >= back)?.ended;
    const recoveryDeadline = back + RECOVERY_MS + 2_000;
    while (Date.now() < recoveryDeadline && !(["post", "message", "favourite"] as Kind[]).every(firstAck))
      await sleep(50);
    // Load on past the recovery window, so that writes sent after it (all of which must succeed) are
    // there to look at, then the writers finish what they are doing.
    await sleep(Math.max(0, back + RECOVERY_MS + 1_500 - Date.now()));
    running = false;
    await load;
    const healthAfter = await fetch(`${origin}/healthz`);

    // Live chat catches up: every message the owner was sent reaches the owner's open stream.
    const toOwner = attempts.filter((a) => a.kind === "message" && ok(a) && a.text!.startsWith("buyer says"));
    for (let waited = 0; waited < 5_000 && !toOwner.every((a) => stream.seen.has(a.id!)); waited += 100)
      await sleep(100);
    await stream.close();

    // ---- What it looked like -------------------------------------------------------------------
    const during = attempts.filter((a) => a.started >= down && a.ended <= restartIssued);
    const before = attempts.filter((a) => a.ended < stopIssued);
    const afterRecovery = attempts.filter((a) => a.started >= back + RECOVERY_MS);
    const byStatus = (list: Attempt[]) =>
      Object.entries(
        list.reduce<Record<string, number>>((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {}),
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(", ") || "none";
    const acked = (kind: Kind) => attempts.filter((a) => a.kind === kind && ok(a));
    const recovery = Object.fromEntries(
      (["post", "message", "favourite"] as Kind[]).map((k) => [k, firstAck(k) ? firstAck(k)! - back : null]),
    );
    const slowest = Math.max(...attempts.map((a) => a.ended - a.started));
    console.log(
      [
        "Database restart:",
        `  writes acknowledged: ${acked("post").length} posts, ${acked("message").length} messages, ${acked("favourite").length} favourite changes (of ${attempts.length} sent)`,
        `  answers while it was down (${during.length}): ${byStatus(during)}; slowest ${Math.max(0, ...during.map((a) => a.ended - a.started))} ms`,
        `  answers around the stop and the start: ${byStatus(attempts.filter((a) => !before.includes(a) && !during.includes(a) && a.ended < back))}`,
        `  down for ${restartIssued - down} ms; accepting connections ${back - restartIssued} ms after the start was issued`,
        `  answers to writes sent ${RECOVERY_MS} ms or more after the return (${afterRecovery.length}): ${byStatus(afterRecovery)}`,
        `  back to answering after the database was: /healthz ${healthyAt ? healthyAt - back : "never"} ms, first acknowledged post ${recovery.post} ms, message ${recovery.message} ms, favourite ${recovery.favourite} ms`,
        `  the instance's log: ${instance.output().match(/Database unavailable/g)?.length ?? 0} line(s) for all those 503s (one per 10 s at most)`,
        `  slowest answer of the whole run: ${slowest} ms; live stream saw ${toOwner.filter((a) => stream.seen.has(a.id!)).length}/${toOwner.length} messages to its owner`,
      ].join("\n"),
    );

    // ---- While it was down ---------------------------------------------------------------------
    expect(health.status).toBe(503);
    expect(ready.status).toBe(503);
    for (const [answer, words] of [
      [pageEn, "The service is briefly unavailable"],
      [pageAr, "الخدمة غير متاحة مؤقتاً"],
    ] as const) {
      expect(answer.status).toBe(503);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.ms).toBeLessThan(PROMPT_MS);
      expect(answer.html).toContain(words);
    }
    expect((await page(`${origin}/properties?search=after-${Date.now()}`)).status).toBe(200);
    expect(during.length).toBeGreaterThan(10);
    for (const a of during) {
      expect(a.status, JSON.stringify(a.body)).toBe(503);
      expect(a.body).toEqual({ error: true, message: UNAVAILABLE_MESSAGE, data: null });
      expect(a.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
    }
    // Around the stop and the start: an answer either way, never a failure of ours.
    for (const a of attempts) {
      expect(
        [200, 201, 503],
        `${a.kind} at +${a.started - stopIssued} ms: ${JSON.stringify(a.body)}`,
      ).toContain(a.status);
      expect(a.ended - a.started).toBeLessThan(PROMPT_MS);
    }
    expect(before.length).toBeGreaterThan(0);
    for (const a of before) expect(ok(a), JSON.stringify(a.body)).toBe(true);

    // ---- After it came back --------------------------------------------------------------------
    expect(healthyAt).toBeGreaterThan(0);
    expect(healthyAt - back).toBeLessThanOrEqual(RECOVERY_MS);
    for (const kind of ["post", "message", "favourite"] as Kind[]) {
      expect(recovery[kind], kind).not.toBeNull();
      expect(recovery[kind]!, kind).toBeLessThanOrEqual(RECOVERY_MS);
    }
    // Writes of every kind were sent once the window had passed (else the next line checks nothing).
    expect(new Set(afterRecovery.map((a) => a.kind))).toEqual(new Set(["post", "message", "favourite"]));
    for (const a of afterRecovery) expect(ok(a), JSON.stringify(a.body)).toBe(true);
    expect(healthAfter.status).toBe(200);
    expect(await healthAfter.json()).toMatchObject({ status: "ok", database: "postgres" });
    expect(instance.process.exitCode).toBeNull();
    expect(instance.output()).not.toMatch(/API error|Unhandled|uncaught/i);

    // ---- Every acknowledged write is there -------------------------------------------------------
    await db.end().catch(() => {});
    db = await connectTo(server.url);
    const posts = acked("post");
    const stored = await db.query<{ id: number; title: string }>(
      `select id, title from properties where id = any($1)`,
      [posts.map((a) => a.id)],
    );
    expect(new Map(stored.rows.map((r) => [r.id, r.title]))).toEqual(
      new Map(posts.map((a) => [a.id!, a.text!])),
    );
    const messages = acked("message");
    const kept = await db.query<{ id: number; message: string }>(
      `select id, message from chat_messages where id = any($1)`,
      [messages.map((a) => a.id)],
    );
    expect(new Map(kept.rows.map((r) => [r.id, r.message]))).toEqual(
      new Map(messages.map((a) => [a.id!, a.text!])),
    );
    // A favourite is as its last acknowledged change left it, unless a later change whose answer was
    // lost (the connection cut under its commit) may have been made: then either state is right.
    const hearts = new Set(
      (
        await db.query<{ property_id: number }>(`select property_id from favourites where user_id = $1`, [
          buyer.id,
        ])
      ).rows.map((r) => r.property_id),
    );
    for (const property of listings) {
      const changes = attempts.filter((a) => a.kind === "favourite" && a.property === property);
      let last = changes.length - 1;
      while (last >= 0 && !ok(changes[last]!)) last--;
      if (last < 0) continue;
      const possible = new Set(changes.slice(last).map((a) => a.on));
      expect(possible.has(hearts.has(property)), `listing ${property}`).toBe(true);
    }
    expect(
      toOwner
        .filter((a) => !stream.seen.has(a.id!))
        .map((a) => `${a.text} (+${a.ended - back} ms after the return)`),
    ).toEqual([]);
  }, 60_000);
});
