// `user-register-profile`: the registration form with JavaScript, after the browser made the
// Firebase account. The profile is the caller's own; a refused one leaves no account behind, and an
// account that has a profile is never removed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, emulatorAccount, signedUp } from "../../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const exists = (uid: string) =>
  t.auth.adminAuth.getUser(uid).then(
    () => true,
    () => false,
  );

describe("user-register-profile", () => {
  it("needs the new account's token", async () => {
    const anon = await t.call("user-register-profile", {
      body: { name: "Nobody", email: "nobody@example.test", mobile: "+971501234567" },
    });
    expect(anon.status).toBe(401);
    const forged = await t.call("user-register-profile", {
      token: "not-a-token",
      body: { name: "Nobody", email: "nobody@example.test", mobile: "+971501234567" },
    });
    expect(forged.status).toBe(401);
  });

  it("creates the caller's profile once; no field can name another account", async () => {
    const acct = await emulatorAccount(t.auth, "Huda Rahman");
    const other = await signedUp(t, "Someone Else");
    const named = await t.call("user-register-profile", {
      token: acct.idToken,
      body: { name: "Huda Rahman", email: acct.email, mobile: "+971501234567", auth_id: other.uid },
    });
    expect(named.status).toBe(400);
    expect(named.body.errors.auth_id).toBeDefined();
    const made = await t.call("user-register-profile", {
      token: acct.idToken,
      body: { name: "Huda Rahman", email: acct.email, mobile: "+971501234567" },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: "Huda Rahman", email: acct.email, mobile: "+971501234567" });
    const own = await t.call("get-profile", { token: acct.idToken });
    expect(own.body.data.id).toBe(made.body.data.id);
    expect(made.body.data.id).not.toBe(other.id);
    const again = await t.call("user-register-profile", {
      token: acct.idToken,
      body: { name: "Huda Rahman", email: acct.email, mobile: "+971501234567" },
    });
    expect(again.body.data.id).toBe(made.body.data.id);
  });

  it("a refused profile (the email is taken) removes the new account, so the person can try again", async () => {
    const owner = await signedUp(t, "Email Owner");
    const acct = await emulatorAccount(t.auth, "Late Comer");
    const refused = await t.call("user-register-profile", {
      token: acct.idToken,
      body: { name: "Late Comer", email: owner.email, mobile: "+971501234568" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.email).toEqual(["Email already in use"]);
    expect(await exists(acct.uid)).toBe(false);
    // The owner of the email keeps their account.
    expect(await exists(owner.uid)).toBe(true);
  });

  it("never removes an account that has a profile", async () => {
    const person = await signedUp(t, "Has Profile");
    const taken = await signedUp(t, "Taken Email");
    const res = await t.call("user-register-profile", {
      token: person.token,
      body: { name: "Has Profile", email: taken.email, mobile: "+971501234569" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: person.id, email: person.email });
    expect(await exists(person.uid)).toBe(true);
  });

  it("invalid fields are refused before anything is made or removed", async () => {
    const acct = await emulatorAccount(t.auth, "Bad Phone");
    const res = await t.call("user-register-profile", {
      token: acct.idToken,
      body: { name: "Bad Phone", email: acct.email, mobile: "call me" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.mobile).toBeDefined();
    expect(await exists(acct.uid)).toBe(true);
    expect((await t.call("get-profile", { token: acct.idToken })).body.error).toBe(true);
  });
});
