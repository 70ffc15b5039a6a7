import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";
import { checkAnswer } from "../openapi-check";
import { panoramaJpeg } from "../../../tests/support/test-pictures";

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: Awaited<ReturnType<typeof signedUp>>;
let stranger: Awaited<ReturnType<typeof signedUp>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
let propertyId: number;
let slug: string;

const file = (bytes: Buffer, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

/** A multipart call, its answer checked against the OpenAPI document like every other. */
async function form(method: string, path: string, body: FormData, token?: string) {
  const res = await t.api.fetch(
    new Request(`http://test/api/${path}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body,
    }),
  );
  const json = await res.json();
  checkAnswer(path, method, res.status, json, res.headers);

  return { status: res.status, body: json as any };
}

function fd(fields: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await signedUp(t, "Tour Owner");
  stranger = await signedUp(t, "Someone Else");
  admin = await signedUpAdmin(t, "Tour Admin");
  const { rows } = await t.db.execute<{ id: number; slug_id: string }>(
    sql`select id, slug_id from properties where request_status = 'approved' and status = 'active' order by id limit 1`,
  );
  propertyId = Number(rows[0]!.id);
  slug = rows[0]!.slug_id;
  await t.db.execute(sql`update properties set added_by = ${owner.id} where id = ${propertyId}`);
}, 120_000);
afterAll(() => t?.close());

describe("virtual tours", () => {
  let tourId: number;

  it("makes an empty draft for the owner only, once", async () => {
    const refused = await t.call("draft-tours/get", {
      query: { property_id: String(propertyId) },
      token: stranger.token,
    });
    expect(refused.status).toBe(403);
    const first = await t.call("draft-tours/get", {
      query: { property_id: String(propertyId) },
      token: owner.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      property_id: propertyId,
      status: "draft",
      fullRoomData: [],
      can_edit: true,
    });
    tourId = first.body.data.id;
    const again = await t.call("draft-tours/get", {
      query: { property_id: String(propertyId) },
      token: owner.token,
    });
    expect(again.body.data.id).toBe(tourId);
    expect((await t.call("draft-tours/get", { query: {}, token: owner.token })).status).toBe(400);
  });

  it("hides a draft from visitors and strangers", async () => {
    expect((await t.call(`virtual-tours/${tourId}`)).status).toBe(404);
    expect((await t.call(`virtual-tours/${tourId}`, { token: stranger.token })).status).toBe(404);
    expect((await t.call(`virtual-tours/property/${propertyId}`)).status).toBe(404);
    expect((await t.call(`virtual-tours/${tourId}`, { token: owner.token })).status).toBe(200);
  });

  it("adds rooms with panoramas, checked 2:1 by their pixels, in phone and desktop sizes", async () => {
    const wide = await form(
      "POST",
      `virtual-tours/${tourId}/rooms`,
      fd({ name: "Living room", kind: "panorama", image: file(await panoramaJpeg(1024, 700), "room.jpg") }),
      owner.token,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.errors.image).toEqual(["A 360° photo must be twice as wide as it is tall"]);
    const text = await form(
      "POST",
      `virtual-tours/${tourId}/rooms`,
      fd({ name: "Kitchen", image: file(Buffer.from("not a photo"), "room.jpg") }),
      owner.token,
    );
    expect(text.status).toBe(400);

    const living = await form(
      "POST",
      `virtual-tours/${tourId}/rooms`,
      fd({
        name: "Living room",
        kind: "panorama",
        image: file(await panoramaJpeg(), "a.jpg"),
        x: "5",
        y: "5",
        w: "40",
        h: "40",
      }),
      owner.token,
    );
    expect(living.status).toBe(201);
    const room = living.body.data.fullRoomData[0];
    expect(room).toMatchObject({
      name: "Living room",
      kind: "panorama",
      plan: { x: 5, y: 5, w: 40, h: 40 },
      links: [],
    });
    expect(room.image.variants.map((v: { width: number }) => v.width)).toEqual([512, 1024]);
    expect(room.image.small).toMatch(/-512\.webp$/);
    const stored = await t.storage.get(room.image.small.replace("/uploads/", ""));
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();

    const kitchen = await form(
      "POST",
      `virtual-tours/${tourId}/rooms`,
      fd({
        name: "Kitchen",
        kind: "photo",
        image: file(await panoramaJpeg(800, 600), "k.jpg"),
        x: "45",
        y: "5",
        w: "30",
        h: "40",
      }),
      owner.token,
    );
    expect(kitchen.status).toBe(201);
    expect(kitchen.body.data.fullRoomData).toHaveLength(2);

    const notYours = await form(
      "POST",
      `virtual-tours/${tourId}/rooms`,
      fd({ name: "Attic" }),
      stranger.token,
    );
    expect(notYours.status).toBe(403);
  });

  it("links rooms and places them on the plan through fullRoomData, refusing links outside the tour", async () => {
    const tour = (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data;
    const [living, kitchen] = tour.fullRoomData;
    const rooms = [
      {
        id: living.id,
        name: "Living room",
        plan: { x: 5, y: 5, w: 40, h: 40 },
        links: [{ to: kitchen.id, yaw: 90 }],
      },
      {
        id: kitchen.id,
        name: "Kitchen",
        plan: { x: 45, y: 5, w: 30, h: 40 },
        links: [{ to: living.id, yaw: -90 }],
      },
      { name: "Balcony", plan: { x: 5, y: 50, w: 40, h: 20 }, links: [{ to: living.id, yaw: 370 }] },
    ];
    const saved = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { name: "Walk through", fullRoomData: rooms },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.name).toBe("Walk through");
    expect(saved.body.data.fullRoomData.map((r: { name: string }) => r.name)).toEqual([
      "Living room",
      "Kitchen",
      "Balcony",
    ]);
    expect(saved.body.data.fullRoomData[0].links).toEqual([{ to: kitchen.id, yaw: 90 }]);
    expect(saved.body.data.fullRoomData[2].links).toEqual([{ to: living.id, yaw: 10 }]);

    const bad = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { fullRoomData: [{ id: living.id, name: "Living room", links: [{ to: 999999, yaw: 0 }] }] },
    });
    expect(bad.status).toBe(400);
    const foreign = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { fullRoomData: [{ id: 999999, name: "Elsewhere" }] },
    });
    expect(foreign.status).toBe(400);
    const offPlan = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { fullRoomData: [{ name: "Huge", plan: { x: 80, y: 0, w: 40, h: 10 } }] },
    });
    expect(offPlan.status).toBe(400);
    // Nothing of the refused payloads was written.
    expect(
      (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data.fullRoomData,
    ).toHaveLength(3);

    const stranger1 = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: stranger.token,
      body: { name: "Mine now" },
    });
    expect(stranger1.status).toBe(403);
  });

  it("changes a room's links and place with a plain form", async () => {
    const tour = (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data;
    const [living, kitchen, balcony] = tour.fullRoomData;
    const r = await form(
      "PUT",
      `virtual-tours/${tourId}/rooms/${balcony.id}`,
      fd({
        name: "Terrace",
        x: "10",
        y: "60",
        w: "30",
        h: "20",
        "links[0][to]": String(living.id),
        "links[0][yaw]": "-45",
        "links[1][to]": String(kitchen.id),
        "links[1][yaw]": "0",
        "links[2][to]": "",
        links_set: "1",
      }),
      owner.token,
    );
    expect(r.status).toBe(200);
    const terrace = r.body.data.fullRoomData.find((x: { id: number }) => x.id === balcony.id);
    expect(terrace).toMatchObject({
      name: "Terrace",
      plan: { x: 10, y: 60, w: 30, h: 20 },
      links: [
        { to: living.id, yaw: -45 },
        { to: kitchen.id, yaw: 0 },
      ],
    });
    const self = await form(
      "PUT",
      `virtual-tours/${tourId}/rooms/${balcony.id}`,
      fd({ "links[0][to]": String(balcony.id), "links[0][yaw]": "0" }),
      owner.token,
    );
    expect(self.status).toBe(400);
    expect(
      (
        await form(
          "PUT",
          `virtual-tours/${tourId}/rooms/${balcony.id}`,
          fd({ name: "Taken" }),
          stranger.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(`virtual-tours/${tourId}/rooms/${balcony.id}`, {
          method: "DELETE",
          token: stranger.token,
        })
      ).status,
    ).toBe(403);
  });

  it("takes a floor plan picture", async () => {
    const plan = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(
      (
        await form(
          "PUT",
          `virtual-tours/${tourId}/floorplan`,
          fd({ floorplanImage: file(plan, "plan.png", "image/png") }),
          stranger.token,
        )
      ).status,
    ).toBe(403);
    const r = await form(
      "PUT",
      `virtual-tours/${tourId}/floorplan`,
      fd({ floorplanImage: file(plan, "plan.png", "image/png"), plan_width_m: "14" }),
      owner.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.floorplanImage).toMatchObject({ width: 800, height: 600 });
    expect(r.body.data.plan_width_m).toBe(14);
  });

  it("publishes: visitors see it, the card has the badge, the filter finds it", async () => {
    expect(
      (
        await t.call(`virtual-tours/${tourId}`, {
          method: "PUT",
          token: stranger.token,
          body: { publish: true },
        })
      ).status,
    ).toBe(403);
    const r = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { publish: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe("published");
    const seen = await t.call(`virtual-tours/property/${propertyId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.can_edit).toBe(false);
    expect(seen.body.data.fullRoomData.length).toBe(3);
    const list = await t.call("get_property", { query: { with_tour: "1" } });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([propertyId]);
    expect(list.body.data[0].has_tour).toBe(true);
    const one = await t.call("get_property", { query: { slug_id: slug } });
    expect(one.body.data[0].has_tour).toBe(true);
    // A published tour is never left without a picture (its listing says it has a tour).
    const emptied = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: owner.token,
      body: { fullRoomData: [] },
    });
    expect(emptied.status).toBe(400);
    expect(
      (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data.fullRoomData,
    ).toHaveLength(3);
    // A premium listing's tour is for members, like the rest of it.
    await t.db.execute(sql`update properties set is_premium = true where id = ${propertyId}`);
    expect((await t.call(`virtual-tours/property/${propertyId}`)).status).toBe(404);
    expect((await t.call(`virtual-tours/property/${propertyId}`, { token: owner.token })).status).toBe(200);
    await t.db.execute(sql`update properties set is_premium = false where id = ${propertyId}`);
  });

  it("lets an admin change any tour, and withdrawing removes the badge", async () => {
    const r = await t.call(`virtual-tours/${tourId}`, {
      method: "PUT",
      token: admin.token,
      body: { publish: false },
    });
    expect(r.status).toBe(200);
    expect((await t.call(`virtual-tours/${tourId}`)).status).toBe(404);
    const list = await t.call("get_property", { query: { with_tour: "1" } });
    expect(list.body.data).toEqual([]);
  });

  it("refuses to publish a tour without pictures", async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from properties where added_by <> ${owner.id} order by id desc limit 1`,
    );
    const other = Number(rows[0]!.id);
    await t.db.execute(sql`update properties set added_by = ${stranger.id} where id = ${other}`);
    const d = await t.call("draft-tours/get", {
      query: { property_id: String(other) },
      token: stranger.token,
    });
    const r = await t.call(`virtual-tours/${d.body.data.id}`, {
      method: "PUT",
      token: stranger.token,
      body: { publish: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Add at least one room with a picture before publishing the tour");
  });

  it("removes a room and every door that led to it", async () => {
    const before = (await t.call(`virtual-tours/${tourId}`, { token: owner.token })).body.data.fullRoomData;
    const kitchen = before.find((r: { name: string }) => r.name === "Kitchen");
    expect(before.some((r: { links: { to: number }[] }) => r.links.some((l) => l.to === kitchen.id))).toBe(
      true,
    );
    const r = await t.call(`virtual-tours/${tourId}/rooms/${kitchen.id}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.fullRoomData.map((x: { name: string }) => x.name)).toEqual(["Living room", "Terrace"]);
    for (const room of r.body.data.fullRoomData)
      expect(room.links.some((l: { to: number }) => l.to === kitchen.id)).toBe(false);
    expect(
      (await t.call(`virtual-tours/${tourId}/rooms/${kitchen.id}`, { method: "DELETE", token: owner.token }))
        .status,
    ).toBe(404);
  });
});
