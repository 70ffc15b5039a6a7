import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("agents", () => {
  it("agent-list lists agents, verified first, with listing counts and a total", async () => {
    const r = await t.call("agent-list", { query: { limit: "50" } });
    expect(r.status).toBe(200);
    const agents = r.body.data as { type: string; is_verified: boolean; properties_count: number }[];
    expect(agents.length).toBeGreaterThan(5);
    expect(r.body.total).toBe(agents.length);
    expect(agents.every((a) => a.type === "agent")).toBe(true);
    const firstUnverified = agents.findIndex((a) => !a.is_verified);
    if (firstUnverified >= 0) expect(agents.slice(firstUnverified).every((a) => !a.is_verified)).toBe(true);
    expect(r.body.data[0]).not.toHaveProperty("firebase_id");
  });

  it("agent-list searches by name or city", async () => {
    const all = (await t.call("agent-list", { query: { limit: "50" } })).body.data as {
      name: string;
      city: string;
    }[];
    const word = all[0]!.name.split(" ")[0]!.toLowerCase();
    const r = await t.call("agent-list", { query: { search: word } });
    const found = r.body.data as { name: string; city: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    expect(found.every((a) => `${a.name} ${a.city}`.toLowerCase().includes(word))).toBe(true);
  });

  it("agent-properties returns the agent and exactly their listings", async () => {
    const agents = (await t.call("agent-list", { query: { limit: "50" } })).body.data as {
      id: number;
      properties_count: number;
    }[];
    const busy = agents.find((a) => a.properties_count > 0)!;
    const r = await t.call("agent-properties", { query: { id: String(busy.id), limit: "100" } });
    expect(r.body.data.agent.id).toBe(busy.id);
    expect(r.body.total).toBe(busy.properties_count);
    expect(
      (r.body.data.properties as { customer: { id: number } }[]).every((p) => p.customer.id === busy.id),
    ).toBe(true);
  });

  it("unknown or malformed agents are 404 and 400", async () => {
    expect((await t.call("agent-properties", { query: { id: "999999" } })).status).toBe(404);
    const bad = await t.call("agent-properties", { query: { id: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toEqual(["id must be a number"]);
  });
});
