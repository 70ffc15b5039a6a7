// Guessing and flooding: wrong passwords, new accounts and sign-in mail are limited per visitor
// address and per account, counted in the database (so every instance sees the same count), and a
// refusal carries the identity provider's own code so each form shows its "too many" message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApi, signedUp } from "../../../tests/support/testing";
import { IDENTITY_LIMITS, TOO_MANY_CODE } from "./limits";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip: string) =>
  t.call("user-login", { body: { email, password }, ip });

describe("password sign-in", () => {
  it("thirty wrong passwords in a row: the account waits after ten, even for the right password", async () => {
    const p = await signedUp(t, "Guessed");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await login(p.email, `wrong-${i}`, `192.0.2.${i + 1}`)).status);
    const max = IDENTITY_LIMITS.failedSignInsPerAccount.max;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(400));
    expect(statuses.slice(max)).toEqual(Array(30 - max).fill(429));
    const right = await login(p.email, "secret123", "192.0.2.200");
    expect([right.status, right.body.errors]).toEqual([429, { _identity: [TOO_MANY_CODE] }]);
    // Someone else's account is not held up by it.
    const other = await signedUp(t, "Not Guessed");
    expect((await login(other.email, "secret123", "192.0.2.201")).status).toBe(200);
  });

  it("a burst of guesses sent at once cannot all pass before the first failure is known", async () => {
    const p = await signedUp(t, "Burst Target");
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login(p.email, `burst-${i}`, `192.0.2.${100 + i}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(
      IDENTITY_LIMITS.failedSignInsPerAccount.max,
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(
      25 - IDENTITY_LIMITS.failedSignInsPerAccount.max,
    );
  });

  it("right passwords do not use up the allowance", async () => {
    const p = await signedUp(t, "Signs In Often");
    for (let i = 0; i < IDENTITY_LIMITS.failedSignInsPerAccount.max + 3; i++)
      expect((await login(p.email, "secret123", "192.0.2.150")).status).toBe(200);
  });

  it("one visitor spraying one password over many accounts is stopped too", async () => {
    const ip = "198.51.100.9";
    const statuses: number[] = [];
    for (let i = 0; i < IDENTITY_LIMITS.failedSignInsPerIp.max + 2; i++)
      statuses.push((await login(`nobody-${i}@example.test`, "Password1", ip)).status);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
    const p = await signedUp(t, "Innocent");
    expect((await login(p.email, "secret123", ip)).status).toBe(429);
    expect((await login(p.email, "secret123", "198.51.100.10")).status).toBe(200);
  });
});

describe("registration", () => {
  it("is limited per visitor address", async () => {
    const ip = "203.0.113.50";
    // Fill the window's allowance without making a hundred accounts: the count lives in the database.
    await t.db.execute(
      sql`insert into rate_limits (key, window_start, hits) values (${`register:ip:${ip}`}, to_timestamp(floor(extract(epoch from now()) / 3600) * 3600), ${IDENTITY_LIMITS.registrationsPerIp.max})`,
    );
    const r = await t.call("user-register", {
      ip,
      body: {
        name: "Late",
        email: `late-${Date.now()}@example.test`,
        mobile: "+971501234567",
        password: "secret123",
        re_password: "secret123",
      },
    });
    expect([r.status, r.body.errors]).toEqual([429, { _identity: [TOO_MANY_CODE] }]);
    const elsewhere = await t.call("user-register", {
      ip: "203.0.113.51",
      body: {
        name: "On time",
        email: `ontime-${Date.now()}@example.test`,
        mobile: "+971501234567",
        password: "secret123",
        re_password: "secret123",
      },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("reset links and codes", () => {
  it("a few per address an hour, then the provider's code", async () => {
    const email = `reset-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < IDENTITY_LIMITS.messagesPerAccount.max + 1; i++)
      statuses.push((await t.call("forgot-password", { query: { email }, ip: `192.0.2.${50 + i}` })).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const last = await t.call("forgot-password", { query: { email }, ip: "192.0.2.99" });
    expect([last.status, last.body.errors]).toEqual([429, { _identity: [TOO_MANY_CODE] }]);
  });
});
