// Sign-in beyond email and password, against the Firebase Auth emulator: a password reset with the
// mailed code, an email link, a texted phone code, and Google through the provider's callback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, emulatorAccount, signedUp } from "../../../tests/support/testing";
import {
  fakeGoogleIdToken,
  mailedCode,
  textedCode,
  uniquePhone,
} from "../../../tests/fixtures/auth-emulator";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 4 });
});
afterAll(() => t?.close());

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${process.pid}-${n++}@example.test`;
const ip = () => `203.0.113.${(n++ % 250) + 1}-${Date.now()}`;

describe("forgot-password and reset-password", () => {
  it("mails a code that sets a new password once; unknown addresses get the same answer", async () => {
    const a = await emulatorAccount(t.auth, "Forgetful Person");
    const asked = await t.call("forgot-password", { query: { email: a.email }, ip: ip() });
    expect(asked.status).toBe(200);
    const unknown = await t.call("forgot-password", { query: { email: uniqueEmail("nobody") }, ip: ip() });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(asked.body.message);
    expect(asked.body.message).toBe(
      "If an account exists for this email, we have sent a link to reset the password",
    );

    const { oobCode, oobLink } = await mailedCode(a.email, "PASSWORD_RESET");
    expect(decodeURIComponent(oobLink)).toContain("continueUrl=http://test/login");
    expect((await t.call("password-reset-code", { query: { oobCode } })).body.data.email).toBe(a.email);

    const mismatch = await t.call("reset-password", {
      body: { oobCode, password: "newsecret1", re_password: "other" },
    });
    expect(mismatch.body.errors.re_password).toEqual(["Passwords do not match"]);
    const short = await t.call("reset-password", { body: { oobCode, password: "123", re_password: "123" } });
    expect(short.body.errors.password).toEqual(["Password must be 6 characters or more"]);

    const done = await t.call("reset-password", {
      body: { oobCode, password: "newsecret1", re_password: "newsecret1" },
    });
    expect(done.status).toBe(200);
    expect((await t.call("user-login", { body: { email: a.email, password: "newsecret1" } })).status).toBe(
      200,
    );
    expect((await t.call("user-login", { body: { email: a.email, password: "secret123" } })).status).toBe(
      400,
    );

    const reused = await t.call("reset-password", {
      body: { oobCode, password: "another1", re_password: "another1" },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errors._identity).toEqual(["INVALID_OOB_CODE"]);
    expect(
      (await t.call("password-reset-code", { query: { oobCode: "made-up" } })).body.errors._identity,
    ).toEqual(["INVALID_OOB_CODE"]);
  });

  it("is limited per address", async () => {
    const email = uniqueEmail("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call("forgot-password", { query: { email }, ip: ip() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("email-link and email-link-login", () => {
  it("mails a link back to our page; its code with the address signs in and makes the profile once", async () => {
    const email = uniqueEmail("link");
    const sent = await t.call("email-link", {
      body: { email, continue_path: "/ar/login/email-link" },
      ip: ip(),
    });
    expect(sent.status).toBe(200);
    const { oobCode, oobLink } = await mailedCode(email, "EMAIL_SIGNIN");
    expect(decodeURIComponent(oobLink)).toContain("continueUrl=http://test/ar/login/email-link");
    expect(
      (await t.call("email-link", { body: { email, continue_path: "//evil.test/x" }, ip: ip() })).status,
    ).toBe(400);

    const wrongAddress = await t.call("email-link-login", { body: { email: uniqueEmail("other"), oobCode } });
    expect(wrongAddress.status).toBe(400);
    const ok = await t.call("email-link-login", { body: { email, oobCode } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email, logintype: "email_link", name: email.split("@")[0] });
    expect((await t.auth.verify(ok.body.data.token))?.email).toBe(email);
    expect((await t.call("email-link-login", { body: { email, oobCode } })).body.errors._identity).toEqual([
      "INVALID_OOB_CODE",
    ]);

    // A second link lands on the same person and profile.
    await t.call("email-link", { body: { email, continue_path: "/login/email-link" }, ip: ip() });
    const again = await t.call("email-link-login", {
      body: { email, oobCode: (await mailedCode(email, "EMAIL_SIGNIN")).oobCode },
    });
    expect(again.body.data.user.id).toBe(ok.body.data.user.id);
  });

  it("lands a person who registered with a password on their own profile", async () => {
    const a = await emulatorAccount(t.auth, "Password Person");
    const made = await t.call("user_signup", {
      token: a.idToken,
      body: { name: a.name, email: a.email, auth_id: a.uid },
    });
    await t.call("email-link", { body: { email: a.email, continue_path: "/login/email-link" }, ip: ip() });
    const ok = await t.call("email-link-login", {
      body: { email: a.email, oobCode: (await mailedCode(a.email, "EMAIL_SIGNIN")).oobCode },
    });
    expect(ok.body.data.uid).toBe(a.uid);
    expect(ok.body.data.user.id).toBe(made.body.data.id);
  });
});

describe("phone-code and phone-login", () => {
  it("texts a code through the provider; a wrong code is refused, the right one signs in", async () => {
    const number = uniquePhone();
    const sent = await t.call("phone-code", { body: { mobile: number }, ip: ip() });
    expect(sent.status).toBe(200);
    expect(sent.body.data.via).toBe("firebase");
    const { code } = await textedCode(number);
    const session_info = sent.body.data.session_info;
    const wrong = await t.call("phone-login", {
      body: { mobile: number, via: "firebase", session_info, otp: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors._identity).toEqual(["INVALID_CODE"]);
    const empty = await t.call("phone-login", {
      body: { mobile: number, via: "firebase", session_info, otp: "" },
    });
    expect(empty.body.errors.otp).toEqual(["Please enter OTP first"]);
    const ok = await t.call("phone-login", {
      body: { mobile: number, via: "firebase", session_info, otp: code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ mobile: number, logintype: "phone" });
  });

  it("checks the number with the spec's messages", async () => {
    expect((await t.call("phone-code", { body: { mobile: "" }, ip: ip() })).body.errors.mobile).toEqual([
      "Phone number is required",
    ]);
    expect(
      (await t.call("phone-code", { body: { mobile: "0501234567" }, ip: ip() })).body.errors.mobile,
    ).toEqual(["Phone number is invalid"]);
  });

  it("a number that a profile holds signs in that profile, and stays with its account", async () => {
    const a = await emulatorAccount(t.auth, "Phone Owner");
    const number = uniquePhone();
    const made = await t.call("user_signup", {
      token: a.idToken,
      body: { name: a.name, email: a.email, mobile: number, auth_id: a.uid },
    });
    const sent = await t.call("phone-code", { body: { mobile: number }, ip: ip() });
    const ok = await t.call("phone-login", {
      body: {
        mobile: number,
        via: "firebase",
        session_info: sent.body.data.session_info,
        otp: (await textedCode(number)).code,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.uid).toBe(a.uid);
    expect(ok.body.data.user.id).toBe(made.body.data.id);
    expect((await t.auth.adminAuth.getUser(a.uid)).phoneNumber).toBe(number);
  });
});

describe("federated sign-in (Google)", () => {
  it("finishes at our callback with what the provider sent and makes the profile from it", async () => {
    const email = uniqueEmail("google");
    const idToken = fakeGoogleIdToken({ sub: `g-${Date.now()}`, email, name: "Ghada Google" });
    const requestUri = `http://test/login/google/callback?providerId=google.com&id_token=${encodeURIComponent(idToken)}`;
    const ok = await t.call("idp-login", { body: { request_uri: requestUri } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email, name: "Ghada Google", logintype: "google" });
    expect((await t.auth.verify(ok.body.data.token))?.email).toBe(email);
    const again = await t.call("idp-login", { body: { request_uri: requestUri } });
    expect(again.body.data.user.id).toBe(ok.body.data.user.id);

    const broken = await t.call("idp-login", {
      body: { request_uri: "http://test/login/google/callback?providerId=google.com&id_token=not-json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.errors._identity).toEqual(["INVALID_IDP_RESPONSE"]);
  });

  it("the emulator's stand-in for Google cannot take over an account that has a password", async () => {
    const victim = await signedUp(t, "Has A Password");
    const idToken = fakeGoogleIdToken({ sub: `g-${Date.now()}`, email: victim.email, name: "Impostor" });
    const takeover = await t.call("idp-login", {
      body: {
        request_uri: `http://test/login/google/callback?providerId=google.com&id_token=${encodeURIComponent(idToken)}`,
      },
    });
    expect([takeover.status, takeover.body.errors._identity]).toEqual([400, ["EMAIL_EXISTS"]]);
    // Nor with the claims after a fragment, which the emulator reads last, nor with the address of
    // an account our own codes made (it has no provider at all).
    const safe = fakeGoogleIdToken({ sub: `g-safe-${Date.now()}`, email: uniqueEmail("safe") });
    const viaFragment = `http://test/login/google/callback?providerId=google.com&id_token=${encodeURIComponent(safe)}#providerId=google.com&id_token=${encodeURIComponent(idToken)}`;
    const hidden = await t.call("idp-login", { body: { request_uri: viaFragment } });
    expect([hidden.status, hidden.body.errors._identity]).toEqual([400, ["EMAIL_EXISTS"]]);
    const codeMade = await t.auth.adminAuth.createUser({
      email: uniqueEmail("code-made"),
      emailVerified: true,
    });
    const noProvider = fakeGoogleIdToken({ sub: `g-nop-${Date.now()}`, email: codeMade.email! });
    const taken = await t.call("idp-login", {
      body: {
        request_uri: `http://test/login/google/callback?providerId=google.com&id_token=${encodeURIComponent(noProvider)}`,
      },
    });
    expect([taken.status, taken.body.errors._identity]).toEqual([400, ["EMAIL_EXISTS"]]);
    // The account keeps its password and its owner.
    expect(
      (await t.call("user-login", { body: { email: victim.email, password: "secret123" } })).status,
    ).toBe(200);
  });

  it("asks the provider for its sign-in page only for a callback on this site", async () => {
    const other = await t.call("idp-auth-uri", {
      body: { provider_id: "google.com", continue_uri: "https://elsewhere.test/cb" },
    });
    expect(other.body.errors.continue_uri).toEqual(["continue_uri must be on this site"]);
    // The emulator has no hosted provider pages: the method reads as not enabled.
    const emulated = await t.call("idp-auth-uri", {
      body: { provider_id: "google.com", continue_uri: "http://test/login/google/callback" },
    });
    expect(emulated.body.errors._identity).toEqual(["OPERATION_NOT_ALLOWED"]);
  });

  it("sign-in-profile makes the profile of an account the browser signed in itself", async () => {
    const a = await emulatorAccount(t.auth, "Browser Person");
    const r = await t.call("sign-in-profile", { token: a.idToken, body: { logintype: "google" } });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toMatchObject({ email: a.email, name: "Browser Person", logintype: "google" });
    expect((await t.call("sign-in-profile", { body: { logintype: "google" } })).status).toBe(401);
  });
});
