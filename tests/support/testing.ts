// Test helpers: a fresh API over a fresh database, and real accounts in the auth emulator.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import pg from "pg";
import { CLIENT_IP_HEADER, createApi } from "../../server/api";
import type { Mailer } from "../../server/api/contact/mailer";
import { checkAnswer } from "../../server/api/openapi-check";
import type { SmsSender } from "../../server/api/otp/delivery";
import { AuthService } from "../../server/auth/firebase.server";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.server";
import { seedContent, seedDemo } from "../../demo";
import { LocalDiskStorage } from "../../server/media/storage.server";
import type { PhotoKind } from "../../demo/photos/scenes";
import { missing, postgresMissing } from "./prerequisites";

export const TEST_PROJECT = () => process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test";

/** A flat-coloured photo per kind and variant: the real pipeline, without the drawing time. */
export async function quickPhoto(kind: PhotoKind, variant: number): Promise<Buffer> {
  const hue = (kind.length * 40 + variant * 23) % 255;
  return sharp({
    create: { width: 480, height: 320, channels: 3, background: { r: hue, g: 120, b: 255 - hue } },
  })
    .jpeg()
    .toBuffer();
}

export interface TestDatabase {
  name: string;
  open(): Promise<DatabaseHandle>;
}

/**
 * PGlite always; a real PostgreSQL server as well when DATABASE_URL is set (each suite its own
 * database). Without one the PostgreSQL cases are skipped, and said so; in CI that throws instead.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: () => openDatabase() }];
  const url = process.env.DATABASE_URL;
  if (!missing("The data-layer cases on PostgreSQL", postgresMissing()) && url) {
    list.push({
      name: "postgres",
      async open() {
        const dbName = `souq_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        const u = new URL(url);
        u.pathname = `/${dbName}`;
        const handle = await openDatabase({ url: u.toString() });
        return {
          ...handle,
          async close() {
            await handle.close();
            const c = new pg.Client({ connectionString: url });
            await c.connect();
            await c.query(`drop database if exists ${dbName} with (force)`);
            await c.end();
          },
        };
      },
    });
  }
  return list;
}

/** The key test servers sign emulator tokens with (tests forge and tamper with tokens against it). */
export const TEST_TOKEN_SECRET = "test-token-secret-of-at-least-32-characters";

export function testAuth() {
  return new AuthService({
    projectId: TEST_PROJECT(),
    apiKey: "test-api-key",
    emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
    tokenSecret: TEST_TOKEN_SECRET,
  });
}

async function seedInto(handle: DatabaseHandle, storage: LocalDiskStorage, propertyCount: number) {
  await seedDemo(handle.db, storage, { propertyCount, render: quickPhoto, log: () => {} });
  await seedContent(handle.db, storage, { render: quickPhoto });
}

/**
 * Seeding takes seconds, mostly photo processing, and every API test file needs a seeded database.
 * The first file that asks for a size seeds it once and leaves a snapshot (the PGlite data directory
 * and the uploaded files) in the run's snapshot folder; every other file opens a private copy of it.
 * The folder lives only as long as one test run (see tests/setup/seed-snapshots.ts), so a change to
 * the seed or the migrations can never meet an old snapshot.
 */
async function seededPglite(propertyCount: number, storageRoot: string): Promise<DatabaseHandle> {
  const root = process.env.SOUQ_TEST_SNAPSHOTS;
  if (!root) {
    const handle = await openDatabase();
    await seedInto(
      handle,
      new LocalDiskStorage({ root: storageRoot, publicBase: "/uploads" }),
      propertyCount,
    );
    return handle;
  }
  const dir = path.join(root, `properties-${propertyCount}`);
  const ready = () => existsSync(path.join(dir, "data.tar"));
  let claimed = false;
  try {
    mkdirSync(`${dir}.lock`);
    claimed = true;
  } catch {
    // Another test file is seeding this size: wait for its snapshot.
    for (let waited = 0; !ready() && waited < 180_000; waited += 200) await sleep(200);
  }
  if (claimed || !ready()) {
    const handle = await openDatabase();
    const building = mkdtempSync(path.join(root, "building-"));
    await seedInto(
      handle,
      new LocalDiskStorage({ root: path.join(building, "uploads"), publicBase: "/uploads" }),
      propertyCount,
    );
    writeFileSync(
      path.join(building, "data.tar"),
      new Uint8Array(await (await handle.dump!()).arrayBuffer()),
    );
    await handle.close();
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true }); // someone else finished first: theirs is as good
    }
  }
  cpSync(path.join(dir, "uploads"), storageRoot, { recursive: true });
  return openDatabase({ loadDataDir: new Blob([readFileSync(path.join(dir, "data.tar"))]) });
}

export async function createTestApi(
  options: {
    database?: TestDatabase;
    propertyCount?: number;
    mailer?: Mailer;
    sms?: SmsSender;
    /** Keep shared reads' copies this long, as the server does (none by default). */
    sharedReadSeconds?: number;
  } = {},
) {
  const storageRoot = mkdtempSync(path.join(tmpdir(), "souq-test-"));
  const propertyCount = options.propertyCount ?? 60;
  let handle: DatabaseHandle;
  if (options.database) {
    handle = await options.database.open();
    await seedInto(
      handle,
      new LocalDiskStorage({ root: storageRoot, publicBase: "/uploads" }),
      propertyCount,
    );
  } else {
    handle = await seededPglite(propertyCount, storageRoot);
  }
  const storage = new LocalDiskStorage({ root: storageRoot, publicBase: "/uploads" });
  const auth = testAuth();
  const api = createApi({
    db: handle.db,
    auth,
    storage,
    mailer: options.mailer ?? null,
    sms: options.sms ?? null,
    listen: handle.listen,
    sharedReadSeconds: options.sharedReadSeconds,
  });
  const call = async (
    name: string,
    init: {
      query?: Record<string, string>;
      body?: unknown;
      token?: string;
      lang?: string;
      method?: string;
      ip?: string;
    } = {},
  ) => {
    const qs = init.query ? `?${new URLSearchParams(init.query)}` : "";
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.lang) headers["accept-language"] = init.lang;
    if (init.ip) headers[CLIENT_IP_HEADER] = init.ip;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const method = init.method ?? (init.body !== undefined ? "POST" : "GET");
    const res = await api.fetch(
      new Request(`http://test/api/${name}${qs}`, {
        method,
        headers,
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      }),
    );
    const body = await res.json();
    // Every answer must be one the OpenAPI document describes: its status listed, its body its schema.
    checkAnswer(name, method, res.status, body, res.headers);
    return { status: res.status, body: body as any };
  };
  return { handle, db: handle.db, storage, auth, api, call, close: () => handle.close() };
}

/** A person with a profile here (an emulator account that signed up), and their ID token. */
export async function signedUp(
  t: Pick<Awaited<ReturnType<typeof createTestApi>>, "auth" | "call">,
  name = "Test Person",
) {
  const a = await emulatorAccount(t.auth, name);
  const r = await t.call("user_signup", { token: a.idToken, body: { name, email: a.email, auth_id: a.uid } });
  if (r.status !== 200) throw new Error(`user_signup failed (${r.status}): ${JSON.stringify(r.body)}`);
  return { token: a.idToken, id: r.body.data.id as number, name, email: a.email, uid: a.uid };
}

let counter = 0;
/** A real account in the emulator, and its ID token. */
export async function emulatorAccount(auth: AuthService, name = "Test Person") {
  const email = `t${Date.now()}-${process.pid}-${counter++}@example.test`;
  const r = await auth.signUp(email, "secret123", name);
  return { ...r, email, name };
}

/** A signed-up person with the admin claim, and an ID token that carries it (decision 019). */
export async function signedUpAdmin(
  t: Pick<Awaited<ReturnType<typeof createTestApi>>, "auth" | "call">,
  name = "Test Admin",
) {
  const person = await signedUp(t, name);
  await t.auth.adminAuth.setCustomUserClaims(person.uid, { admin: true });
  // Claims reach a token at sign-in: sign in again for one that has it.
  const fresh = await t.auth.signIn(person.email, "secret123");
  return { ...person, token: fresh.idToken };
}
