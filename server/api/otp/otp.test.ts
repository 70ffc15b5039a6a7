// The spec's own one-time codes: six digits by email or text message, kept hashed, ten minutes,
// five tries, once only, for that target only, limited per target and visitor; a right code signs
// in the profile holding the address or number.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApi, emulatorAccount } from "../../../tests/support/testing";
import { otpCodes, users } from "../../db/schema";
import { issueCode } from "./service";
import type { Mail } from "../contact/mailer";
import { captureLogs } from "../../observability/log";

const mails: Mail[] = [];
const texts: { to: string; text: string }[] = [];
let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({
    propertyCount: 4,
    mailer: { send: async (m) => void mails.push(m) },
    sms: { send: async (to, text) => void texts.push({ to, text }) },
  });
});
afterAll(() => t?.close());

let n = 0;
const uniqueEmail = () => `otp-${Date.now()}-${process.pid}-${n++}@example.test`;
const uniqueNumber = () => `+97155${String(Date.now() % 1e7).padStart(7, "0")}${n++ % 10}`.slice(0, 14);
const uniqueIp = () => `198.51.100.${(n++ % 250) + 1}-${Date.now()}`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const lastMailTo = (to: string) => codeIn(mails.filter((m) => m.to === to).at(-1)!.text);
const lastTextTo = (to: string) => codeIn(texts.filter((m) => m.to === to).at(-1)!.text);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("get-otp and verify-otp", () => {
  it("never mails an address a mail library could read as another one", async () => {
    const before = mails.length;
    for (const email of [
      '"someone@evil.test x"@example.test',
      "someone@evil.test,victim@example.test",
      "victim@example.test\r\nBcc: someone@evil.test",
      "someone@evil.test <victim@example.test>",
    ]) {
      const r = await t.call("get-otp", { query: { email }, ip: uniqueIp() });
      expect([email, r.status, r.body.errors?.email]).toEqual([email, 400, ["Email address is invalid"]]);
    }
    expect(mails.length).toBe(before);
  });

  it("mails a six-digit code, keeps only its hash, and a right code signs in a new person with a profile", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    const sent = await t.call("get-otp", { query: { email: email.toUpperCase() }, ip });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("We have sent you a code. It is valid for 10 minutes");
    const code = lastMailTo(email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.target, email));
    expect(row!.code_hash).not.toContain(code);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeCloseTo(10 * 60 * 1000, -4);

    const ok = await t.call("verify-otp", { query: { email, otp: code }, ip });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email, logintype: "email" });
    const principal = await t.auth.verify(ok.body.data.token);
    expect(principal?.uid).toBe(ok.body.data.uid);
    expect(principal?.email).toBe(email);
  });

  it("takes the code in a posted body too, so it never sits in an address", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    expect((await t.call("get-otp", { query: { email }, ip })).status).toBe(200);
    const code = lastMailTo(email);
    const wrong = await t.call("verify-otp", { body: { email, otp: otherCode(code) }, ip });
    expect(wrong.status).toBe(400);
    const ok = await t.call("verify-otp", { body: { email, otp: code }, ip });
    expect(ok.status).toBe(200);
    expect((await t.auth.verify(ok.body.data.token))?.email).toBe(email);
    // The same code is not good twice, whichever way it comes.
    expect((await t.call("verify-otp", { query: { email, otp: code }, ip })).status).toBe(400);
  });

  it("refuses a wrong code, the same code twice, and another person's code", async () => {
    const a = uniqueEmail();
    const b = uniqueEmail();
    const ip = uniqueIp();
    await t.call("get-otp", { query: { email: a }, ip });
    await t.call("get-otp", { query: { email: b }, ip });
    const codeA = lastMailTo(a);
    const codeB = lastMailTo(b);

    const wrong = await t.call("verify-otp", { query: { email: a, otp: otherCode(codeA) }, ip });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp).toEqual(["The code is wrong. Please check it and try again"]);
    if (codeA !== codeB) {
      const foreign = await t.call("verify-otp", { query: { email: a, otp: codeB }, ip });
      expect(foreign.body.errors.otp).toEqual(["The code is wrong. Please check it and try again"]);
    }
    expect((await t.call("verify-otp", { query: { email: a, otp: codeA }, ip })).status).toBe(200);
    const again = await t.call("verify-otp", { query: { email: a, otp: codeA }, ip });
    expect(again.status).toBe(400);
    expect(again.body.errors.otp).toEqual(["This code has already been used. Please ask for a new one"]);
    // B's own code still works for B.
    expect((await t.call("verify-otp", { query: { email: b, otp: codeB }, ip })).status).toBe(200);
  });

  it("a code runs out after ten minutes, and a newer code replaces an older one", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    await t.call("get-otp", { query: { email }, ip });
    const first = lastMailTo(email);
    await t.db
      .update(otpCodes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.target, email));
    const late = await t.call("verify-otp", { query: { email, otp: first }, ip });
    expect(late.body.errors.otp).toEqual(["The code has expired. Please ask for a new one"]);

    await t.call("get-otp", { query: { email }, ip });
    const second = lastMailTo(email);
    await t.call("get-otp", { query: { email }, ip });
    const third = lastMailTo(email);
    if (second !== third) {
      expect((await t.call("verify-otp", { query: { email, otp: second }, ip })).body.errors.otp).toEqual([
        "The code is wrong. Please check it and try again",
      ]);
    }
    expect((await t.call("verify-otp", { query: { email, otp: third }, ip })).status).toBe(200);
  });

  it("allows five tries per code: after that even the right code is refused", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    await t.call("get-otp", { query: { email }, ip });
    const code = lastMailTo(email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.call("verify-otp", { query: { email, otp: otherCode(code) }, ip })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.call("verify-otp", { query: { email, otp: code }, ip });
    expect(right.status).toBe(429);
    expect(right.body.errors.otp).toEqual(["Too many wrong codes. Please ask for a new one"]);
  });

  it("texts a code to a number and signs in the profile that already holds it", async () => {
    const account = await emulatorAccount(t.auth, "Number Holder");
    const number = uniqueNumber();
    // Registered with spaces in the number; the code is asked for in E.164.
    const spaced = `${number.slice(0, 4)} ${number.slice(4, 6)} ${number.slice(6)}`;
    const made = await t.call("user_signup", {
      token: account.idToken,
      body: { name: "Number Holder", email: account.email, mobile: spaced, auth_id: account.uid },
    });
    const ip = uniqueIp();
    expect((await t.call("get-otp", { query: { number: spaced }, ip })).status).toBe(200);
    const code = lastTextTo(number);
    const ok = await t.call("verify-otp", { query: { number, otp: code }, ip });
    expect(ok.status).toBe(200);
    expect(ok.body.data.uid).toBe(account.uid);
    expect(ok.body.data.user.id).toBe(made.body.data.id);
  });

  it("a new number gets its own account and profile", async () => {
    const number = uniqueNumber();
    const ip = uniqueIp();
    await t.call("get-otp", { query: { number }, ip });
    const ok = await t.call("verify-otp", { query: { number, otp: lastTextTo(number) }, ip });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ mobile: number, logintype: "phone" });
    expect((await t.auth.adminAuth.getUser(ok.body.data.uid)).phoneNumber).toBe(number);
  });

  it("says what is missing or wrong, with the spec's messages", async () => {
    const ip = uniqueIp();
    expect((await t.call("get-otp", { query: {}, ip })).body.errors.number).toEqual([
      "Phone number is required",
    ]);
    expect((await t.call("get-otp", { query: { number: "12ab" }, ip })).body.errors.number).toEqual([
      "Phone number is invalid",
    ]);
    expect((await t.call("get-otp", { query: { email: "nope" }, ip })).body.errors.email).toEqual([
      "Email address is invalid",
    ]);
    const noCode = await t.call("verify-otp", { query: { email: uniqueEmail() }, ip });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors.otp).toEqual(["Please enter OTP first"]);
    // Never asked for: nothing to match, and nothing is created.
    const email = uniqueEmail();
    expect((await t.call("verify-otp", { query: { email, otp: "123456" }, ip })).body.errors.otp).toEqual([
      "The code has expired. Please ask for a new one",
    ]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("limits codes per address and per visitor", async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call("get-otp", { query: { email }, ip: uniqueIp() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const ip = uniqueIp();
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i++)
      fromOne.push((await t.call("get-otp", { query: { email: uniqueEmail() }, ip })).status);
    expect(fromOne.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });

  it("in production without a sender refuses to promise a code, and never logs one", async () => {
    const lines: string[] = [];
    const restore = captureLogs({ write: (line: string) => void lines.push(line) });
    vi.stubEnv("NODE_ENV", "production");
    try {
      const target = { kind: "phone" as const, value: uniqueNumber() };
      await expect(issueCode(t.db, target, uniqueIp(), {})).rejects.toMatchObject({
        status: 503,
        message: "Codes cannot be sent right now. Please sign in another way",
      });
      expect(await t.db.select().from(otpCodes).where(eq(otpCodes.target, target.value))).toEqual([]);
      vi.unstubAllEnvs();
      expect(lines.join("")).not.toMatch(/one-time code/);
      // In development the log stands in for the sender.
      await issueCode(t.db, { kind: "email", value: uniqueEmail() }, uniqueIp(), {});
      expect(lines.join("")).toMatch(/"msg":"\[one-time code\] \d{6}"/);
    } finally {
      vi.unstubAllEnvs();
      restore();
    }
  });
});
