// A tour's video and 3D model, end to end through the API and the job table.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { checkAnswer } from "../openapi-check";
import { runDueJobs } from "../../queue/worker";
import { ffmpegPath } from "../../media/video/ffmpeg";
import { panoramaJpeg } from "../../../tests/support/test-pictures";

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: Awaited<ReturnType<typeof signedUp>>;
let stranger: Awaited<ReturnType<typeof signedUp>>;
let tourId: number;
let clip: Buffer;

async function send(
  method: string,
  p: string,
  body?: FormData,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await t.api.fetch(
    new Request(`http://test/api/${p}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body,
    }),
  );
  return res;
}

async function json(res: Response, p: string, method: string) {
  const body = await res.json();
  checkAnswer(p, method, res.status, body, res.headers);

  return body as any;
}

const videoForm = (bytes: Buffer, name = "tour.mp4", type = "video/mp4") => {
  const f = new FormData();
  f.append("video", new File([new Uint8Array(bytes)], name, { type }));
  return f;
};

beforeAll(async () => {
  t = await createTestApi();
  owner = await signedUp(t, "Video Owner");
  stranger = await signedUp(t, "Video Stranger");
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from properties where request_status = 'approved' and status = 'active' order by id desc limit 1`,
  );
  const propertyId = Number(rows[0]!.id);
  await t.db.execute(sql`update properties set added_by = ${owner.id} where id = ${propertyId}`);
  tourId = (
    await t.call("draft-tours/get", { query: { property_id: String(propertyId) }, token: owner.token })
  ).body.data.id;
  const dir = mkdtempSync(path.join(tmpdir(), "souq-clip-"));
  const file = path.join(dir, "clip.mov");
  // Two seconds of a test picture with a tone, as a phone's MOV would carry them.
  execFileSync(ffmpegPath(), [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x360:rate=15:duration=2",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  clip = readFileSync(file);
}, 120_000);
afterAll(() => t?.close());

describe("tour video", () => {
  it("refuses strangers, files that are not videos, and answers 'Failed' cleanly", async () => {
    expect(
      (await send("POST", `virtual-tours/${tourId}/upload-video`, videoForm(clip), stranger.token)).status,
    ).toBe(403);
    expect((await send("POST", `virtual-tours/${tourId}/upload-video`, videoForm(clip))).status).toBe(401);
    const text = await json(
      await send(
        "POST",
        `virtual-tours/${tourId}/upload-video`,
        videoForm(Buffer.from("just some text, not a film at all".repeat(20))),
        owner.token,
      ),
      `virtual-tours/${tourId}/upload-video`,
      "POST",
    );
    expect(text.errors.video).toEqual(["Videos must be MP4, MOV or WebM"]);
    const none = await send("POST", `virtual-tours/${tourId}/upload-video`, new FormData(), owner.token);
    expect(none.status).toBe(400);
    // A field the call does not read is named, not dropped.
    const extra = videoForm(clip);
    extra.append("title", "Walk-through");
    const named = await json(
      await send("POST", `virtual-tours/${tourId}/upload-video`, extra, owner.token),
      `virtual-tours/${tourId}/upload-video`,
      "POST",
    );
    expect(named.errors).toEqual({ title: ["upload-video does not take title"] });
  });

  it("takes a MOV, prepares an H.264 MP4 with a poster in the background, and serves it in ranges", async () => {
    const res = await send(
      "POST",
      `virtual-tours/${tourId}/upload-video`,
      videoForm(clip, "walk.mov", "video/quicktime"),
      owner.token,
    );
    const body = await json(res, `virtual-tours/${tourId}/upload-video`, "POST");
    expect(res.status).toBe(201);
    expect(body.data.status).toBe("queued");
    const ran = await runDueJobs({ db: t.db, auth: t.auth, storage: t.storage }, { kinds: ["tour-video"] });
    expect(ran).toHaveLength(1);
    const tour = (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data;
    expect(tour.video).toMatchObject({
      status: "ready",
      width: 640,
      height: 360,
      url: `/api/virtual-tours/${tourId}/video`,
    });
    expect(tour.video.duration).toBeGreaterThan(1.5);
    expect(tour.video.poster).toMatch(/-poster\.jpg$/);

    // A draft's video is its editors' only.
    expect((await send("GET", `virtual-tours/${tourId}/video`)).status).toBe(404);
    const whole = await send("GET", `virtual-tours/${tourId}/video`, undefined, owner.token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    // Fast start: the index (moov) comes before the media (mdat).
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    const part = await send("GET", `virtual-tours/${tourId}/video`, undefined, owner.token, {
      range: "bytes=0-99",
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }, 120_000);
});

describe("tour 3D model", () => {
  it("builds a GLB and a still from the rooms in the background, for the tour's editors", async () => {
    expect(
      (
        await t.call(`virtual-tours/${tourId}/create-3d-model`, {
          method: "POST",
          token: owner.token,
          body: {},
        })
      ).status,
    ).toBe(400);
    for (const [name, x] of [
      ["Living room", 0],
      ["Kitchen", 40],
    ] as const) {
      const f = new FormData();
      f.append("name", name);
      f.append("image", new File([new Uint8Array(await panoramaJpeg())], "p.jpg", { type: "image/jpeg" }));
      f.append("x", String(x));
      f.append("y", "0");
      f.append("w", "40");
      f.append("h", "50");
      expect((await send("POST", `virtual-tours/${tourId}/rooms`, f, owner.token)).status).toBe(201);
    }
    const rooms = (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data.fullRoomData;
    await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: {
        fullRoomData: [
          {
            id: rooms[0].id,
            name: "Living room",
            plan: rooms[0].plan,
            links: [{ to: rooms[1].id, yaw: 90 }],
          },
          { id: rooms[1].id, name: "Kitchen", plan: rooms[1].plan },
        ],
      },
    });

    expect(
      (
        await t.call(`virtual-tours/${tourId}/create-3d-model`, {
          method: "POST",
          token: stranger.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    const started = await t.call(`virtual-tours/${tourId}/create-3d-model`, {
      method: "POST",
      token: owner.token,
      body: {},
    });
    expect(started.status).toBe(201);
    expect(started.body.data.status).toBe("queued");
    // Asking again while it waits answers the same build.
    expect(
      (
        await t.call(`virtual-tours/${tourId}/create-3d-model`, {
          method: "POST",
          token: owner.token,
          body: {},
        })
      ).status,
    ).toBe(200);
    // Visitors see nothing of a draft's model.
    expect((await t.call(`virtual-tours/${tourId}/get-3d-model`)).status).toBe(404);

    const ran = await runDueJobs({ db: t.db, auth: t.auth, storage: t.storage }, { kinds: ["tour-model"] });
    expect(ran).toHaveLength(1);
    const model = (await t.call(`virtual-tours/${tourId}/get-3d-model`, { token: owner.token })).body.data;
    expect(model).toMatchObject({ status: "ready", rooms: 2, stale: false, error: null });
    const glb = await t.storage.get(model.url.replace("/uploads/", ""));
    expect(glb!.subarray(0, 4).toString("latin1")).toBe("glTF");
    expect(glb!.length).toBe(model.bytes);
    expect(await t.storage.exists(model.still.replace("/uploads/", ""))).toBe(true);

    // Changing a room makes the model out of date until it is built again.
    await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: {
        fullRoomData: [
          { id: rooms[0].id, name: "Lounge", plan: rooms[0].plan },
          { id: rooms[1].id, name: "Kitchen", plan: rooms[1].plan },
        ],
      },
    });
    expect(
      (await t.call(`virtual-tours/${tourId}/get-3d-model`, { token: owner.token })).body.data.stale,
    ).toBe(true);
  }, 120_000);

  it("survives a worker that died: its lease runs out and another takes the job", async () => {
    await t.call(`virtual-tours/${tourId}/create-3d-model`, { method: "POST", token: owner.token, body: {} });
    // A worker claimed it and vanished (its lease ran out long ago).
    await t.db.execute(
      sql`update jobs set status = 'processing', attempts = 1, lease_until = now() - interval '1 minute' where kind = 'tour-model' and status = 'queued'`,
    );
    const ran = await runDueJobs({ db: t.db, auth: t.auth, storage: t.storage }, { kinds: ["tour-model"] });
    expect(ran).toHaveLength(1);
    expect(
      (await t.call(`virtual-tours/${tourId}/get-3d-model`, { token: owner.token })).body.data,
    ).toMatchObject({ status: "ready", stale: false });
  }, 120_000);

  it("once published, plays the video and shows the model to every visitor", async () => {
    expect(
      (
        await t.call(`virtual-tours/${tourId}`, {
          method: "PUT",
          token: owner.token,
          body: { publish: true },
        })
      ).status,
    ).toBe(200);
    const video = await send("GET", `virtual-tours/${tourId}/video`, undefined, undefined, {
      range: "bytes=0-9",
    });
    expect(video.status).toBe(206);
    expect(video.headers.get("cache-control")).toMatch(/^public/);
    const model = await t.call(`virtual-tours/${tourId}/get-3d-model`);
    expect(model.body.data).toMatchObject({ status: "ready" });
    expect(model.body.data.url).toMatch(/\.glb$/);
  });
});
