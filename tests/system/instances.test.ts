// Two production instances on one PostgreSQL database and one S3-compatible store, as behind a load
// balancer, plus a web tier in front of a separately deployed API: what one does, the other sees.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3 } from "../support/local-s3";
import { call, makeAdmin, person, type Person } from "./accounts";
import { missing } from "../support/prerequisites";
import { deploymentEnv, freshDatabase, LACKING, startInstance, type Instance } from "./support";

const skip = missing("Several instances", LACKING);

describe.skipIf(skip)("several instances on one database and one bucket", () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: pg.Client;
  let a: Instance;
  let b: Instance;
  let owner: Person;
  let buyer: Person;
  let listing: { id: number; slug: string; title: string };

  beforeAll(async () => {
    [s3, database] = await Promise.all([startLocalS3(), freshDatabase("instances")]);
    const env = deploymentEnv({
      DATABASE_URL: database.url,
      ...s3.env,
      // The line saying background work started is an info line: the web tier's test looks for it.
      LOG_LEVEL: "info",
    });
    // Both at once: migrations are run by whichever takes the lock first.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    [owner, buyer] = await Promise.all([person(a.origin, "Owner Olsen"), person(b.origin, "Buyer Bashir")]);
    // A listing to talk about, written as a fixture (posting one needs categories and a package).
    const category = await db.query<{ id: number }>(
      `insert into categories (category, slug_id) values ('Villa', 'villa-system') returning id`,
    );
    const title = `Harbour villa ${Date.now()}`;
    const row = await db.query<{ id: number; slug_id: string }>(
      `insert into properties (slug_id, title, description, category_id, added_by, property_type, price, city, state, country, address, request_status)
       values ($1, $2, 'By the water', $3, $4, 'sell', 450000, 'Dubai', 'Dubai', 'United Arab Emirates', 'Marina 1', 'approved')
       returning id, slug_id`,
      [`harbour-villa-${Date.now()}`, title, category.rows[0]!.id, owner.id],
    );
    listing = { id: row.rows[0]!.id, slug: row.rows[0]!.slug_id, title };
  });

  afterAll(async () => {
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await s3?.stop();
  });

  it("delivers a message sent through one to a live stream held by the other", async () => {
    const stream = await fetch(`${b.origin}/api/chat-events`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let seen = "";
    const until = async (text: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!seen.includes(text)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (!chunk || chunk.done) return seen.includes(text);
        seen += new TextDecoder().decode(chunk.value);
      }
      return true;
    };
    expect(await until("event: ready", 5000)).toBe(true);
    const text = `Is it still for sale? ${Date.now()}`;
    const sentAt = Date.now();
    const sent = await call(a.origin, "send_message", {
      token: buyer.token,
      body: { receiver_id: owner.id, property_id: listing.id, message: text },
    });
    expect(sent.status).toBe(201);
    expect(await until(text, 3000)).toBe(true);
    console.log(`Live message across instances: ${Date.now() - sentAt} ms`);
    await reader.cancel();
  });

  it("holds one rate limit across both", async () => {
    // 30 messages a minute per person, counted in clock minutes: a sender of its own, starting early
    // enough in a minute that all 31 land in one window. Alternate the instances until refused.
    const sender = await person(a.origin, "Sender Salma");
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 10_000) await new Promise((r) => setTimeout(r, leftInMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const via = i % 2 ? a : b;
      const r = await call(via.origin, "send_message", {
        token: sender.token,
        body: { receiver_id: owner.id, property_id: listing.id, message: `Message ${i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual([429]);
  });

  it("shows a settings change made through one on the other within a second", async () => {
    const admin = await makeAdmin(a.origin, await person(a.origin, "Admin Amal"));
    const page = () => fetch(`${b.origin}/`).then((r) => r.text());
    // The other instance has the settings (and this page) in its caches now.
    const before = await page();
    const name = `Harbour Homes ${Date.now()}`;
    expect(before).not.toContain(name);
    const saved = await call(a.origin, "admin/save-settings", {
      token: admin.token,
      body: { company_name: name },
    });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    let shown = false;
    while (!shown && Date.now() - savedAt < 1000) {
      shown = (await page()).includes(name);
      if (!shown) await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown).toBe(true);
    console.log(`Settings change across instances: ${Date.now() - savedAt} ms`);
  });

  it("serves a photo uploaded through one from the other", async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("name", owner.name);
    form.set("profile", new File([photo], "me.jpg", { type: "image/jpeg" }));
    const r = await fetch(`${a.origin}/api/update_profile`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    const body = (await r.json()) as { data: { profile: string } };
    expect(r.status, JSON.stringify(body)).toBe(200);
    const address = new URL(body.data.profile, b.origin);
    const fromB = await fetch(new URL(address.pathname, b.origin));
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toMatch(/^image\//);
    expect(fromB.headers.get("cache-control")).toContain("immutable");
    const fromA = await fetch(new URL(address.pathname, a.origin));
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it("serves an uploaded photo's variants from both, and never the original it kept", async () => {
    // A slide's own image goes through the listing photos' pipeline: WebP and AVIF variants in public,
    // the upload as sent (EXIF, GPS and all) under private/originals/ for reprocessing.
    const admin = await makeAdmin(a.origin, await person(a.origin, "Admin Adel"));
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c84" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Adel's phone" } })
      .toBuffer();
    const form = new FormData();
    form.set("title", "Harbour at dusk");
    form.set("image", new File([new Uint8Array(photo)], "dusk.jpg", { type: "image/jpeg" }));
    const saved = await fetch(`${a.origin}/api/admin/save-slide`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    const body = (await saved.json()) as { data: { id: number } };
    expect(saved.status, JSON.stringify(body)).toBe(200);
    const slide = await db.query<{ image_key: string; image_widths: number[]; image_avif: boolean }>(
      `select image_key, image_widths, image_avif from sliders where id = $1`,
      [body.data.id],
    );
    const { image_key: key, image_widths: widths, image_avif: avif } = slide.rows[0]!;
    expect(widths.length).toBeGreaterThan(0);
    expect(avif).toBe(true);

    // The original is really in the bucket, byte for byte: a 404 below is the guard, not a wrong key.
    const original = `private/originals/${key}.jpg`;
    const bucket = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    try {
      const stored = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: original }));
      expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(photo);
    } finally {
      bucket.destroy();
    }

    for (const instance of [a, b]) {
      for (const address of [`/uploads/${original}`, `/uploads/${original.replace(/^p/, "%70")}`]) {
        const refused = await fetch(`${instance.origin}${address}`);
        expect(refused.status, `${address} from ${instance.origin}`).toBe(404);
        await refused.arrayBuffer();
      }
      for (const [format, type] of [
        ["webp", "image/webp"],
        ["avif", "image/avif"],
      ]) {
        const variant = await fetch(`${instance.origin}/uploads/${key}-${widths[0]}.${format}`);
        expect(variant.status, `${format} from ${instance.origin}`).toBe(200);
        expect(variant.headers.get("content-type")).toBe(type);
        expect(variant.headers.get("cache-control")).toContain("immutable");
        await variant.arrayBuffer();
      }
    }
  });

  it("runs housekeeping once between them, not once each", async () => {
    // Both looked for due work two seconds after they started: each hourly round of the background
    // queue ran once, taken by one of them, and the next hour's waits once.
    const runs = await db.query<{ kind: string; status: string; worker: string | null }>(
      `select kind, status, payload->>'worker' as worker from jobs
       where kind in ('package-expiry', 'prune-chat-events', 'prune-listing-events', 'prune-jobs') order by kind, slot`,
    );
    expect(runs.rows.map((r) => [r.kind, r.status])).toEqual(
      ["package-expiry", "prune-chat-events", "prune-jobs", "prune-listing-events"].flatMap((k) => [
        [k, "ready"],
        [k, "queued"],
      ]),
    );
    const pids = [a.process.pid, b.process.pid].map(String);
    for (const r of runs.rows.filter((r) => r.status === "ready"))
      expect(pids).toContain(r.worker!.split(":").at(-1));
  });

  it("runs a web tier in front of a separate API without a database of its own", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "souq-web-tier-"));
    const web = await startInstance(
      deploymentEnv({ API_ORIGIN: a.origin, DATA_DIR: dataDir, LOG_LEVEL: "info" }),
    );
    try {
      // A public page, drawn from the API's answers.
      const list = await fetch(`${web.origin}/properties`);
      expect(list.status).toBe(200);
      expect(await list.text()).toContain(listing.title);
      // Signing in without JavaScript: the form posts, the session cookie comes back.
      const signIn = await fetch(`${web.origin}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: web.origin },
        body: new URLSearchParams({ email: owner.email, password: owner.password }),
      });
      expect(signIn.status).toBe(302);
      const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
      const profile = await fetch(`${web.origin}/user/profile`, { headers: { cookie } });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(owner.email);
      // The browser's own API calls pass through to the API.
      const viaWeb = await call(web.origin, "get_chats", { token: owner.token });
      expect(viaWeb.status).toBe(200);
      expect(JSON.stringify(viaWeb.body.data)).toContain(buyer.name);
      // No database was opened here, and no background work started: starting it logs one of these
      // lines (the instance behind it shows one; housekeeping itself logs only when it fails, so its
      // name would be missing here whether it ran or not).
      expect(readdirSync(dataDir)).not.toContain("pglite");
      const backgroundWork = /Web push is off|Worker \d+ runs the background work/;
      expect(a.output()).toMatch(backgroundWork);
      expect(web.output()).not.toMatch(backgroundWork);
    } finally {
      await web.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
