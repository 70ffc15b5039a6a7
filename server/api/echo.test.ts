// Spec §7's echo (server/api/echo.ts): every field of every call is judged, nothing secret or a file
// ever comes back, whatever the call, and a normal call's success says what it was asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import sharp from "sharp";
import { z } from "zod";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import type { ApiDeps } from "./context";
import { ECHO_VALUE_LIMIT, ECHOED, WITHHELD, echoOf, echoedFields, looksSecret, mayEcho } from "./echo";
import { FileMark, materialize, validArb, type Pools } from "../../tests/support/fuzz-inputs";
import { knownFields, readValue } from "./input";
import { runCall } from "./run";
import { createTestApi, signedUp, signedUpAdmin } from "../../tests/support/testing";

type Json = Record<string, unknown>;

const list = Object.values(calls) as AnyCall[];
const withheld = new Set<string>(Object.values(WITHHELD).flat());
const files = new Set<string>(WITHHELD.file);

const alternatives = (s: Json) => [
  ...((s.anyOf as Json[] | undefined) ?? []),
  ...((s.oneOf as Json[] | undefined) ?? []),
  ...((s.allOf as Json[] | undefined) ?? []),
];

/** Every top-level field a call takes, as the router knows them and as its schema describes them. */
function fieldsOf(call: AnyCall): Map<string, Json[]> {
  const out = new Map<string, Json[]>();
  const walk = (s: Json) => {
    for (const [name, f] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {}))
      out.set(name, [...(out.get(name) ?? []), f]);
    alternatives(s).forEach(walk);
  };
  walk(z.toJSONSchema(call.input, { io: "input", unrepresentable: "any" }) as Json);
  for (const name of knownFields(call.input) ?? []) if (!out.has(name)) out.set(name, []);
  return out;
}

// ---- What a secret is, said here --------------------------------------------------------------
// Written out in this file rather than taken from echo.ts: the echo is held against what a reader
// calls a secret, not against its own lists (a list checked against itself passes whatever it says).

/**
 * Secret fields by name: every secret-like field a call takes today (read off the calls' schemas:
 * sign-in and sign-up, one-time codes and links, devices, the photo shoot's session, gateways'
 * credentials and the bank account) and the usual spellings of those a call may take tomorrow.
 */
const SECRET_FIELDS = [
  // Passwords.
  "password",
  "re_password",
  "new_password",
  "old_password",
  "current_password",
  "confirm_password",
  "passphrase",
  "passcode",
  "pin",
  // Tokens, codes and proofs of who someone is.
  "token",
  "id_token",
  "idToken",
  "access_token",
  "refresh_token",
  "firebase_token",
  "firebase_id",
  "fcm_id",
  "fcm_token",
  "auth_id",
  "authorization",
  "form_token",
  "recaptcha_token",
  "jwt",
  "otp",
  "code",
  "oobCode",
  "verification_code",
  "request_uri",
  "session",
  "session_id",
  "session_info",
  "sessionInfo",
  "cookie",
  // Credentials of payment gateways and services, and the account payments go to.
  "secret",
  "api_key",
  "apiKey",
  "client_secret",
  "private_key",
  "stripe_secret_key",
  "stripe_publishable_key",
  "stripe_webhook_secret",
  "paystack_secret_key",
  "paystack_public_key",
  "flutterwave_secret_key",
  "flutterwave_public_key",
  "flutterwave_webhook_hash",
  "paypal_client_id",
  "paypal_secret",
  "paypal_webhook_id",
  "bank_transfer_details",
  "iban",
  // Cards.
  "card_number",
  "cardNumber",
  "card_expiry",
  "cvc",
  "cvv",
];

/** Words that make any name a secret, in snake_case or camelCase (`new_password`, `clientSecret`). */
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "pwd",
  "pass",
  "passphrase",
  "passcode",
  "pin",
  "token",
  "jwt",
  "bearer",
  "authorization",
  "auth",
  "credential",
  "credentials",
  "otp",
  "oob",
  "code",
  "captcha",
  "recaptcha",
  "session",
  "cookie",
  "firebase",
  "fcm",
  "secret",
  "key",
  "apikey",
  "private",
  "hash",
  "signature",
  "webhook",
  "iban",
  "card",
  "cvc",
  "cvv",
]);

const normalised = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const SECRET_NORMALISED = new Set(SECRET_FIELDS.map(normalised));

function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return SECRET_NORMALISED.has(normalised(name)) || words.some((w) => SECRET_WORDS.has(w));
}

/** The paths of every key of a JSON value, at any depth, that names a secret. */
function secretKeysIn(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeysIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(isSecretName(k) ? [`${path}.${k}`] : []),
    ...secretKeysIn(v, `${path}.${k}`),
  ]);
}

/** Sent as the value of every secret field a schema takes it in, and looked for in every answer. */
const MARK = "s3cr3t-echo-mark";

const fileSchema = (s: Json): boolean =>
  s.format === "binary" ||
  s.contentMediaType !== undefined ||
  (s.type === "array" && !!s.items && fileSchema(s.items as Json)) ||
  alternatives(s).some(fileSchema);

describe("which fields come back", () => {
  it("judges every field of every call: each is on ECHOED or WITHHELD", () => {
    const unjudged: string[] = [];
    for (const call of list)
      for (const name of fieldsOf(call).keys())
        if (!ECHOED.has(name) && !withheld.has(name)) unjudged.push(`${call.name}: ${name}`);
    // A new field is left out until someone decides: add it to ECHOED or WITHHELD in server/api/echo.ts.
    expect(unjudged, "fields on neither list in server/api/echo.ts").toEqual([]);
    expect(
      [...ECHOED].filter((n) => withheld.has(n)),
      "on both lists",
    ).toEqual([]);
  });

  it("allows back no secret: the allow-list and every call's echoed fields hold none of them", () => {
    // A secret put on ECHOED fails here, whether or not echo.ts's own backstop would catch it.
    expect([...ECHOED].filter(isSecretName), "secrets on ECHOED in server/api/echo.ts").toEqual([]);
    const documented = list.flatMap((call) =>
      echoedFields(call)
        .filter(isSecretName)
        .map((name) => `${call.name}: ${name}`),
    );
    expect(documented, "secrets a call may send back").toEqual([]);
    // The list above knows every secret-like field the calls take: each is one of its names.
    const unnamed = list.flatMap((call) =>
      [...fieldsOf(call).keys()]
        .filter((name) => looksSecret(name) && !isSecretName(name))
        .map((name) => `${call.name}: ${name}`),
    );
    expect(unnamed, "secret-like fields this test does not name").toEqual([]);
  });

  it("never echoes a name that reads like a secret, whatever the lists say", () => {
    expect([...ECHOED].filter(looksSecret)).toEqual([]);
    for (const name of [
      "password",
      "re_password",
      "oobCode",
      "otp",
      "recaptcha_token",
      "stripe_secret_key",
      "paystack_public_key",
      "flutterwave_webhook_hash",
      "fcm_id",
      "session_info",
      "apiKey",
      "cardNumber",
      "cvc",
      "pin",
    ])
      expect(looksSecret(name), name).toBe(true);
    for (const name of ["meta_keywords", "author", "passage", "title", "email", "userId", "price_range"])
      expect(looksSecret(name), name).toBe(false);
  });

  it("leaves out every secret and file of every call that takes one, even when the caller sent it", () => {
    let withSecrets = 0;
    let withFiles = 0;
    for (const call of list) {
      const fields = fieldsOf(call);
      const isFile = (name: string) => files.has(name) || (fields.get(name) ?? []).some(fileSchema);
      const secret = (name: string) => withheld.has(name) || looksSecret(name) || isFile(name);
      // What a careless handler could be given: every field there, secrets and files included.
      const sent = Object.fromEntries(
        [...fields.keys()].map((name) => [
          name,
          isFile(name) ? new File(["%PDF-1.7 private"], `${name}.pdf`) : `s3cr3t-${name}`,
        ]),
      );
      const echo = echoOf(call, sent, sent);
      for (const [name, value] of Object.entries(echo)) {
        expect(mayEcho(name), `${call.name} echoes ${name}`).toBe(true);
        expect(value, `${call.name}: ${name}`).not.toBeInstanceOf(Blob);
        expect(JSON.stringify(value), `${call.name}: ${name}`).not.toContain("PDF");
      }
      const secrets = [...fields.keys()].filter(secret);
      for (const name of secrets) {
        expect(echo, `${call.name} sends back ${name}`).not.toHaveProperty(name);
        expect(echoedFields(call), `${call.name} documents ${name}`).not.toContain(name);
      }
      if (secrets.some((n) => !isFile(n))) withSecrets++;
      if (secrets.some(isFile)) withFiles++;
      // A file under a name that may come back is left out too: only values and lists of values return.
      const allFiles = Object.fromEntries([...fields.keys()].map((name) => [name, new Blob(["x"])]));
      expect(echoOf(call, allFiles, allFiles), call.name).toEqual({});
    }
    // The walk met the calls that matter: sign-in, codes, gateways' keys, uploads.
    expect(withSecrets).toBeGreaterThanOrEqual(12);
    expect(withFiles).toBeGreaterThanOrEqual(12);
  });

  it("sends back values and lists of values, small ones: no objects, rows or long text", () => {
    const call = calls.get_property as unknown as AnyCall;
    const long = "x".repeat(ECHO_VALUE_LIMIT);
    const echo = echoOf(
      call,
      {
        city: "Dubai",
        limit: 3,
        facility_ids: [1, 2],
        search: long,
        state: { nested: true },
        max_price: Number.NaN,
        country: undefined,
        not_a_field: "x",
      },
      {},
    );
    expect(echo).toEqual({ city: "Dubai", limit: 3, facility_ids: [1, 2] });
    expect(echoOf(call, { search: long.slice(0, ECHO_VALUE_LIMIT - 2) }, {})).toHaveProperty("search");
  });
});

describe("a success's request, from the API", () => {
  let t: Awaited<ReturnType<typeof createTestApi>>;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApi({ propertyCount: 2 });
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  /** Whatever an answer is, no secret's name at any depth of its `request`, and no secret's value. */
  function expectNoSecrets(where: string, body: { request?: unknown }) {
    expect(secretKeysIn(body.request, "request"), `${where} sends back`).toEqual([]);
    expect(JSON.stringify(body.request ?? null), `${where} sends back a secret's value`).not.toContain(MARK);
  }

  it("leaves every secret out of the success of every call that takes one, each sent in full", async () => {
    const user = await signedUp(t, "Echo Walker");
    const admin = await signedUpAdmin(t, "Echo Walker Admin");
    const deps: ApiDeps = { db: t.db, auth: t.auth, storage: t.storage, listen: t.handle.listen };
    const pools: Pools = {
      ids: [1, 2, 3],
      slugs: ["no-such-listing"],
      emails: ["echo-walk@example.test"],
      photo: () => new File([new Uint8Array(png)], "photo.png", { type: "image/png" }),
    };
    const takers = list.filter((call) => [...fieldsOf(call).keys()].some(isSecretName));
    const unanswered: string[] = [];
    let answers = 0;
    for (const call of takers) {
      const secrets = [...fieldsOf(call).keys()].filter(isSecretName);
      // The envelope is run.ts's own (refusals, validation, the echo); the echo is taken before the
      // handler runs and nothing the handler does reaches it, so the handler answers at once here:
      // every call succeeds whatever its gateway, provider or rows need.
      const quick = { ...call, handler: async () => ({ data: null }) } as AnyCall;
      const token = call.access === "admin" ? admin.token : user.token;
      const accepts = (v: Record<string, unknown>) => call.input.safeParse(materialize(v, pools)).success;
      let answered = 0;
      for (const sample of fc.sample(validArb(call.input, pools), { seed: 45, numRuns: 6 })) {
        if (sample === null || typeof sample !== "object" || Array.isArray(sample)) continue;
        // Each secret the schema takes is sent, as the mark where the schema lets it be any text.
        let input = { ...(sample as Record<string, unknown>) };
        for (const name of secrets) {
          const marked = { ...input, [name]: `${MARK}-${name}` };
          if (accepts(marked)) input = marked;
        }
        const files = Object.values(input).some((v) => [v].flat().some((x) => x instanceof FileMark));
        const { status, body } = await runCall(
          deps,
          quick,
          new Request(`http://test/api/${call.name}`, {
            method: call.method,
            headers: { authorization: `Bearer ${token}` },
          }),
          readValue(materialize(input, pools), files),
        );
        if (status !== 200) continue;
        answered++;
        // As the client reads it: the route sends this envelope as JSON, unchanged (index.ts's reply).
        const answer = JSON.parse(JSON.stringify(body)) as { request?: unknown };
        expectNoSecrets(`${call.name} given ${JSON.stringify(input).slice(0, 300)}`, answer);
      }
      if (answered) answers += answered;
      else unanswered.push(call.name);
    }
    // The walk met the calls that matter (sign-in, codes, devices, gateways' keys) and each answered.
    expect(unanswered, "calls taking a secret that never got past validation here").toEqual([]);
    expect(takers.length).toBeGreaterThanOrEqual(12);
    expect(answers).toBeGreaterThanOrEqual(takers.length);
  });

  it("says what a normal call was asked, defaults filled in and values as validated", async () => {
    const faqs = await t.call("faqs", { query: { limit: "2" } });
    expect(faqs.status).toBe(200);
    expect(faqs.body.request).toEqual({ limit: 2, offset: 0 });
    const list = await t.call("get_property", {
      query: { city: "Dubai", limit: "3", property_type: "rent" },
    });
    expect(list.body.request).toMatchObject({ city: "Dubai", limit: 3, offset: 0 });
    // A refusal is not a success: no request.
    const refused = await t.call("faqs", { query: { limit: "0" } });
    expect(refused.status).toBe(400);
    expect(refused.body).not.toHaveProperty("request");
    for (const [name, r] of Object.entries({ faqs, get_property: list })) expectNoSecrets(name, r.body);
  });

  it("never sends back a password: registering and signing in", async () => {
    const email = `echo${Date.now()}@example.test`;
    const password = "hunter2-secret";
    const reg = await t.call("user-register", {
      body: { name: "Echo Person", email, mobile: "+971501112233", password, re_password: password },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.request).toEqual({ name: "Echo Person", email, mobile: "+971501112233" });
    const login = await t.call("user-login", { body: { email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.request).toEqual({ email });
    expect(JSON.stringify([reg.body, login.body])).not.toContain(password);
    expectNoSecrets("user-register", reg.body);
    expectNoSecrets("user-login", login.body);
  });

  it("never sends back a device token", async () => {
    const person = await signedUp(t, "Echo Device");
    const r = await t.call("update-fcm-id", { token: person.token, body: { fcm_id: "device-token-123" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.request).toEqual({});
    expectNoSecrets("update-fcm-id", r.body);
  });

  it("never sends back a gateway's key or an uploaded file", async () => {
    const admin = await signedUpAdmin(t, "Echo Admin");
    const key = "sk_live_echo_private_4242";
    const form = new FormData();
    form.append("company_name", "Echo Homes");
    form.append("stripe_secret_key", key);
    form.append("web_placeholder_logo", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const res = await t.api.fetch(
      new Request("http://test/api/admin/save-settings", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      }),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text).request).toEqual({ company_name: "Echo Homes" });
    expectNoSecrets("admin/save-settings", JSON.parse(text));
    expect(text).not.toContain(key);
    expect(text).not.toContain("logo.png");
  });
});
