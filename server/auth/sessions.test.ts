// Nobody forges a session, even with the Auth emulator (which signs nothing): tokens the server did
// not sign are refused, a changed token is refused, an expired one is refused, and who is an admin
// is read from the account, never from what a token claims.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import {
  createTestApi,
  emulatorAccount,
  signedUp,
  signedUpAdmin,
  TEST_PROJECT,
  TEST_TOKEN_SECRET,
} from "../../tests/support/testing";
import { RECENT_SIGN_IN_SECONDS } from "./firebase.server";

let t: Awaited<ReturnType<typeof createTestApi>>;
let person: Awaited<ReturnType<typeof signedUp>>;
let victim: Awaited<ReturnType<typeof signedUp>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const parts = (token: string) => {
  const [h, p, s] = token.split(".");
  return {
    header: JSON.parse(Buffer.from(h!, "base64url").toString()),
    payload: JSON.parse(Buffer.from(p!, "base64url").toString()) as Record<string, unknown>,
    signature: s!,
  };
};
/** A token as the emulator makes them: no signature at all. */
const unsigned = (payload: Record<string, unknown>) => `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`;

beforeAll(async () => {
  t = await createTestApi();
  [person, victim, admin] = [
    await signedUp(t, "Mallory"),
    await signedUp(t, "Victim"),
    await signedUpAdmin(t, "Real Admin"),
  ];
});
afterAll(() => t?.close());

describe("tokens the server did not sign", () => {
  it("a genuine token works (the control)", async () => {
    const r = await t.call("get-profile", { token: person.token });
    expect([r.status, r.body.data.name]).toEqual([200, "Mallory"]);
    expect(parts(person.token).header).toMatchObject({ alg: "HS256" });
  });

  it("an unsigned token claiming admin for one's own uid is refused by the API", async () => {
    const forged = unsigned({ ...parts(person.token).payload, admin: true });
    for (const name of ["admin/overview", "get-profile"]) {
      const r = await t.call(name, { token: forged });
      expect([name, r.status, r.body.error]).toEqual([name, 401, true]);
    }
  });

  it("the emulator's own token (unsigned) is refused, even for a real account", async () => {
    const raw = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: person.email, password: "secret123", returnSecureToken: true }),
      },
    ).then((r) => r.json() as Promise<{ idToken: string }>);
    expect(parts(raw.idToken).header.alg).toBe("none");
    expect((await t.call("get-profile", { token: raw.idToken })).status).toBe(401);
  });

  it("a token for someone else's uid is refused, unsigned or with a copied signature", async () => {
    const mine = parts(person.token);
    const asVictim = { ...mine.payload, sub: victim.uid, user_id: victim.uid, email: victim.email };
    expect((await t.call("get-profile", { token: unsigned(asVictim) })).status).toBe(401);
    const copied = `${b64(mine.header)}.${b64(asVictim)}.${mine.signature}`;
    expect((await t.call("get-profile", { token: copied })).status).toBe(401);
    // And no change goes through as them.
    const change = await t.call("update_profile", { token: copied, body: { name: "Hacked" } });
    expect(change.status).toBe(401);
    expect((await t.call("get-profile", { token: victim.token })).body.data.name).toBe("Victim");
  });

  it("a token signed with another key, or with the key but another algorithm, is refused", async () => {
    const { payload } = parts(person.token);
    const otherKey = await new SignJWT({ ...payload, admin: true })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("a-guessed-secret-that-is-not-ours-at-all"));
    expect((await t.call("admin/overview", { token: otherKey })).status).toBe(401);
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: "HS512" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    expect((await t.call("get-profile", { token: hs512 })).status).toBe(401);
  });

  it("an expired token is refused", async () => {
    const { payload } = parts(person.token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({ ...payload, iat: past, exp: past + 3600, auth_time: past })
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: "souq-emulator" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    expect((await t.call("get-profile", { token: expired })).status).toBe(401);
  });

  it("a token whose signature was accepted is refused once it expires (the remembered check ends with it)", async () => {
    const { payload } = parts(person.token);
    const now = Math.floor(Date.now() / 1000);
    const soon = await new SignJWT({ ...payload, iat: now, exp: now + 2 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: "souq-emulator" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    expect((await t.call("get-profile", { token: soon })).status).toBe(200);
    await new Promise((r) => setTimeout(r, (now + 2) * 1000 - Date.now() + 100));
    expect((await t.call("get-profile", { token: soon })).status).toBe(401);
  });

  it("a token for another project is refused", async () => {
    const { payload } = parts(person.token);
    const elsewhere = await new SignJWT({
      ...payload,
      aud: "demo-other",
      iss: "https://securetoken.google.com/demo-other",
    })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    expect((await t.call("get-profile", { token: elsewhere })).status).toBe(401);
  });

  it("garbage is refused without a failure", async () => {
    for (const token of ["x", "a.b.c", "....", "eyJ.eyJ.", "Bearer", "%00"]) {
      const r = await t.call("get-profile", { token });
      expect([token, r.status]).toEqual([token, 401]);
    }
  });
});

describe("admin comes from the account", () => {
  it("a correctly signed token that claims admin for a normal account opens nothing", async () => {
    const { payload } = parts(person.token);
    // Even the server's own key cannot make someone an admin: the account has no claim.
    const claiming = await new SignJWT({ ...payload, admin: true })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    const r = await t.call("admin/overview", { token: claiming });
    expect([r.status, r.body.message]).toEqual([403, "Forbidden"]);
  });

  it("an admin's token opens the console; without the claim on the account the same token does not", async () => {
    expect((await t.call("admin/overview", { token: admin.token })).status).toBe(200);
    await t.auth.adminAuth.setCustomUserClaims(admin.uid, {});
    expect((await t.call("admin/overview", { token: admin.token })).status).toBe(403);
    await t.auth.adminAuth.setCustomUserClaims(admin.uid, { admin: true });
    expect((await t.call("admin/overview", { token: admin.token })).status).toBe(200);
  });

  it("a switched-off account's token stops working", async () => {
    const p = await signedUp(t, "Soon Disabled");
    await t.auth.adminAuth.updateUser(p.uid, { disabled: true });
    expect((await t.call("update_profile", { token: p.token, body: { name: "Still here" } })).status).toBe(
      401,
    );
  });
});

describe("session cookies", () => {
  it("are made only from a recent sign-in the server vouched for", async () => {
    const a = await emulatorAccount(t.auth, "Cookie Person");
    const cookie = await t.auth.createSessionCookie(a.idToken);
    expect(parts(cookie).payload.iss).toBe(`https://session.firebase.google.com/${TEST_PROJECT()}`);
    expect((await t.auth.verify(cookie))?.uid).toBe(a.uid);
    // Not from an unsigned token, and not from a sign-in older than the window.
    await expect(t.auth.createSessionCookie(unsigned(parts(a.idToken).payload))).rejects.toThrow();
    const old = Math.floor(Date.now() / 1000) - RECENT_SIGN_IN_SECONDS - 60;
    const stale = await new SignJWT({ ...parts(a.idToken).payload, auth_time: old })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
    await expect(t.auth.createSessionCookie(stale)).rejects.toThrow();
  });

  it("a changed cookie is refused; an ended session is refused where it matters", async () => {
    const a = await emulatorAccount(t.auth, "Ending Person");
    const cookie = await t.auth.createSessionCookie(a.idToken);
    const { header, payload, signature } = parts(cookie);
    expect(
      await t.auth.verify(`${b64(header)}.${b64({ ...payload, sub: victim.uid })}.${signature}`),
    ).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    await t.auth.revokeSessions(a.uid);
    expect(await t.auth.verify(cookie, true)).toBeNull();
  });
});
