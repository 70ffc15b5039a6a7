// Spec §7's echo (server/api/echo.ts): every field of every call is judged, nothing secret or a file
// ever comes back, whatever the call, and a normal call's success says what it was asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { z } from "zod";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import { ECHO_VALUE_LIMIT, ECHOED, WITHHELD, echoOf, echoedFields, looksSecret, mayEcho } from "./echo";
import { knownFields } from "./input";
import { createTestApi, signedUp, signedUpAdmin } from "../testing";

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
  beforeAll(async () => {
    t = await createTestApi({ propertyCount: 2 });
  });
  afterAll(() => t?.close());

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
  });

  it("never sends back a device token", async () => {
    const person = await signedUp(t, "Echo Device");
    const r = await t.call("update-fcm-id", { token: person.token, body: { fcm_id: "device-token-123" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.request).toEqual({});
  });

  it("never sends back a gateway's key or an uploaded file", async () => {
    const admin = await signedUpAdmin(t, "Echo Admin");
    const key = "sk_live_echo_private_4242";
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
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
    expect(text).not.toContain(key);
    expect(text).not.toContain("logo.png");
  });
});
