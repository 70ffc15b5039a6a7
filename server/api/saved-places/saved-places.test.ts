// Saved places through the API: added, listed and removed by their owner only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signedUp, signedUpAdmin } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("user-saved-places", () => {
  it("adds a place, lists the person's places, removes one", async () => {
    const p = await signedUp(t, "Place Keeper");
    const home = await t.call("user-saved-places", {
      token: p.token,
      body: { name: "Home", latitude: 25.08, longitude: 55.14, details: "Marina" },
    });
    expect(home.status).toBe(201);
    expect(home.body.data).toMatchObject({
      customer_id: p.id,
      name: "Home",
      latitude: 25.08,
      longitude: 55.14,
      details: "Marina",
    });
    await t.call("user-saved-places", {
      token: p.token,
      body: { customer_id: p.id, name: "Work", latitude: "25.2", longitude: "55.27" },
    });
    const list = await t.call(`user-saved-places/customer/${p.id}`, { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(["Home", "Work"]);
    const gone = await t.call(`user-saved-places/${home.body.data.id}`, { token: p.token, method: "DELETE" });
    expect(gone.status).toBe(200);
    expect(
      (await t.call(`user-saved-places/customer/${p.id}`, { token: p.token })).body.data.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(["Work"]);
  });

  it("keeps one place when the same save is sent twice at once", async () => {
    const p = await signedUp(t, "Place Twice");
    const body = { name: "Gym", latitude: 25.1, longitude: 55.2 };
    const send = () => t.call("user-saved-places", { token: p.token, body });
    const [first, second] = await Promise.all([send(), send()]);
    expect(second.body.data.id).toBe(first.body.data.id);
    await t.call("user-saved-places", { token: p.token, body: { ...body, name: "Pool" } });
    const list = await t.call(`user-saved-places/customer/${p.id}`, { token: p.token });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(["Gym", "Pool"]);
  });

  it("checks the fields and says so on each", async () => {
    const p = await signedUp(t, "Place Mistaker");
    const bad = await t.call("user-saved-places", {
      token: p.token,
      body: { name: " ", latitude: 91, longitude: "east" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ["Name is required"],
      latitude: ["Latitude must be between -90 and 90"],
      longitude: ["Longitude must be a number"],
    });
    expect((await t.call(`user-saved-places/customer/${p.id}`, { token: p.token })).body.total).toBe(0);
    expect((await t.call("user-saved-places/customer/abc", { token: p.token })).status).toBe(400);
  });

  it("nobody reads, adds to or removes another person's places; an admin may read them", async () => {
    const owner = await signedUp(t, "Place Owner");
    const other = await signedUp(t, "Place Snoop");
    const place = (
      await t.call("user-saved-places", {
        token: owner.token,
        body: { name: "School", latitude: 25.1, longitude: 55.2 },
      })
    ).body.data;
    expect((await t.call(`user-saved-places/customer/${owner.id}`, { token: other.token })).status).toBe(403);
    expect((await t.call(`user-saved-places/customer/${owner.id}`)).status).toBe(401);
    expect(
      (
        await t.call("user-saved-places", {
          token: other.token,
          body: { customer_id: owner.id, name: "Mine now", latitude: 1, longitude: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(`user-saved-places/${place.id}`, { token: other.token, method: "DELETE" })).status,
    ).toBe(404);
    expect((await t.call(`user-saved-places/${place.id}`, { method: "DELETE" })).status).toBe(401);
    const admin = await signedUpAdmin(t, "Place Admin");
    expect((await t.call(`user-saved-places/customer/${owner.id}`, { token: admin.token })).body.total).toBe(
      1,
    );
    expect(
      (await t.call(`user-saved-places/customer/${owner.id}`, { token: owner.token })).body.data[0].name,
    ).toBe("School");
  });

  it("a path with a method it does not take answers 405 naming the methods", async () => {
    const p = await signedUp(t, "Method Tester");
    const r = await t.call(`user-saved-places/customer/${p.id}`, { token: p.token, method: "DELETE" });
    expect(r.status).toBe(405);
    const prefs = await t.call("personalised-fields", { token: p.token, method: "PUT", body: {} });
    expect(prefs.status).toBe(405);
  });
});
