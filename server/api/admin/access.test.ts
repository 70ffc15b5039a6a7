// Nobody acts as an admin without the claim: every admin call, tried signed out and as a normal
// user, is refused before it reads its input; the claim opens it. New admin calls are covered by
// being in the list. The grant script sets and removes the claim.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { adminAuditLog, settings } from "../../db/schema";
import { createTestApi, signedUp, signedUpAdmin, TEST_PROJECT } from "../../../tests/support/testing";
import { calls } from "../calls";
import type { AnyCall } from "../call";

const run = promisify(execFile);
let t: Awaited<ReturnType<typeof createTestApi>>;
let user: Awaited<ReturnType<typeof signedUp>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
const adminCalls = (Object.values(calls) as AnyCall[]).filter((c) => c.access === "admin");

beforeAll(async () => {
  t = await createTestApi();
  [user, admin] = [await signedUp(t, "Normal Person"), await signedUpAdmin(t, "Site Admin")];
});
afterAll(() => t?.close());

describe("admin calls", () => {
  it("are all under admin/ and there are some", () => {
    expect(adminCalls.length).toBeGreaterThan(1);
    expect(adminCalls.every((c) => c.name.startsWith("admin/"))).toBe(true);
    // And nothing under admin/ is left open.
    expect(
      (Object.values(calls) as AnyCall[])
        .filter((c) => c.name.startsWith("admin/") && c.access !== "admin")
        .map((c) => c.name),
    ).toEqual([]);
  });

  it("answer 401 signed out and 403 to a normal user, and change nothing", async () => {
    const logged = await t.db.select({ n: count() }).from(adminAuditLog);
    for (const c of adminCalls) {
      const init = c.method === "GET" ? {} : { body: { id: 1, status: "approved", reason: "x" } };
      const anonymous = await t.call(c.name, { ...init, method: c.method });
      expect([c.name, anonymous.status]).toEqual([c.name, 401]);
      const normal = await t.call(c.name, { ...init, method: c.method, token: user.token });
      expect([c.name, normal.status, normal.body.message]).toEqual([c.name, 403, "Forbidden"]);
    }
    expect(await t.db.select({ n: count() }).from(adminAuditLog)).toEqual(logged);
  });

  it("open to a token with the admin claim", async () => {
    const r = await t.call("admin/overview", { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.data.users_total).toBeGreaterThan(1);
    expect((await t.call("admin/audit-log", { token: admin.token })).status).toBe(200);
  });

  it("refuse an admin whose claim was taken away, even with a token issued before", async () => {
    const other = await signedUpAdmin(t, "Former Admin");
    expect((await t.call("admin/overview", { token: other.token })).status).toBe(200);
    // Revocation counts in whole seconds from the token's sign-in time.
    await new Promise((r) => setTimeout(r, 1100));
    await t.auth.adminAuth.setCustomUserClaims(other.uid, {});
    await t.auth.revokeSessions(other.uid);
    expect((await t.call("admin/overview", { token: other.token })).status).toBe(401);
  });
});

describe("demo mode", () => {
  it("lets the demo's published admin look but not change; an admin made with admin:grant still can", async () => {
    const uid = `demo-admin-test-${Date.now()}`;
    const email = `${uid}@example.test`;
    await t.auth.adminAuth.createUser({ uid, email, password: "secret123" });
    await t.auth.adminAuth.setCustomUserClaims(uid, { admin: true });
    const demoToken = (await t.auth.signIn(email, "secret123")).idToken;
    await t.db
      .insert(settings)
      .values({ key: "demo_mode", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    try {
      expect((await t.call("admin/overview", { token: demoToken })).status).toBe(200);
      const refused = await t.call("admin/send-notification", {
        token: demoToken,
        body: { to: "user", user_id: user.id, title: "Hello", body: "From the demo" },
      });
      expect([refused.status, refused.body.message]).toEqual([
        403,
        "This Action is Not Allowed in Demo Mode",
      ]);
      const allowed = await t.call("admin/send-notification", {
        token: admin.token,
        body: { to: "user", user_id: user.id, title: "Hello", body: "From a real admin" },
      });
      expect(allowed.status).toBe(200);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, "demo_mode"));
    }
  });
});

describe("npm run admin:grant", () => {
  const env = { ...process.env, FIREBASE_PROJECT_ID: TEST_PROJECT() };
  const grant = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/admin-grant.ts", ...args], { env });

  it("gives the claim, and --revoke takes it away", async () => {
    const person = await signedUp(t, "To Be Admin");
    const out = await grant(person.email);
    expect(out.stdout).toContain(`${person.email} is now an admin`);
    expect((await t.auth.adminAuth.getUser(person.uid)).customClaims).toEqual({ admin: true });
    const token = (await t.auth.signIn(person.email, "secret123")).idToken;
    expect((await t.call("admin/overview", { token })).status).toBe(200);
    await grant("--revoke", person.email);
    expect((await t.auth.adminAuth.getUser(person.uid)).customClaims ?? {}).toEqual({});
  });

  it("says so when no account has the email", async () => {
    const err = await grant("nobody-here@example.test").catch((e: { stderr: string; code: number }) => e);
    expect(err).toMatchObject({ code: 1 });
    expect((err as { stderr: string }).stderr).toContain("No account has the email nobody-here@example.test");
  });
});
