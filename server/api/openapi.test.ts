// The OpenAPI document as a contract: valid OpenAPI 3.1, and every call with the schema of its answer
// and every status it can answer. (That the answers match it is checked in every API test: see
// server/api/openapi-check.ts.)
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { z } from "zod";
import type { AnyCall } from "./call";
import { calls } from "./calls";
import {
  dataSchemaName,
  errorStatuses,
  openApiDocument,
  requestSchemaName,
  successStatuses,
} from "./openapi";
import { ECHOED, looksSecret } from "./echo";
import { checkAnswer } from "./openapi-check";
import { pathOf } from "./paths";

type Json = Record<string, any>;

const list = Object.values(calls) as AnyCall[];
const doc = openApiDocument(list) as unknown as Json;
const operation = (call: AnyCall) =>
  doc.paths[`/${pathOf(call)}`]?.[call.method.toLowerCase()] as Json | undefined;
const resolve = (node: Json): Json =>
  typeof node.$ref === "string"
    ? resolve(
        (node.$ref as string)
          .slice(2)
          .split("/")
          .reduce((n: Json, k) => n[k], doc),
      )
    : node;

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("every call has an output schema, and its operation's success envelope refers to it", () => {
    expect(list.length).toBeGreaterThan(150);
    for (const call of list) {
      expect(call.output, call.name).toBeInstanceOf(z.ZodType);
      const op = operation(call);
      expect(op, call.name).toBeDefined();
      expect(op!.operationId).toBe(call.name);
      for (const status of successStatuses(call)) {
        const schema = op!.responses[status]?.content?.["application/json"]?.schema as Json;
        expect(schema, `${call.name} ${status}`).toBeDefined();
        expect(schema.properties.error).toEqual({ const: false });
        expect(schema.required).toEqual(expect.arrayContaining(["error", "message", "data"]));
        const ref = schema.properties.data.$ref as string;
        expect(ref, call.name).toMatch(/^#\/components\/schemas\//);
        expect(resolve(schema.properties.data), call.name).toBeTypeOf("object");
        // `total` is documented exactly where the call says so, and required where it always comes.
        expect("total" in schema.properties, call.name).toBe(Boolean(call.total));
        expect(schema.required.includes("total"), call.name).toBe(call.total === true);
        // Spec §7: every success carries its request back.
        expect(schema.required, call.name).toContain("request");
        expect(schema.properties.request.$ref).toBe(`#/components/schemas/${requestSchemaName(call.name)}`);
      }
    }
  });

  it("documents what each call sends back of its input: never a secret, a file or a row", () => {
    const fileLike = (s: Json): boolean =>
      s.format === "binary" ||
      s.contentMediaType !== undefined ||
      [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(fileLike);
    const rowLike = (s: Json): boolean =>
      s.type === "object" ||
      s.properties !== undefined ||
      (s.type === "array" && s.items && rowLike(s.items)) ||
      [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(rowLike);
    let echoed = 0;
    for (const call of list) {
      const schema = doc.components.schemas[requestSchemaName(call.name)] as Json;
      expect(schema, call.name).toMatchObject({ type: "object" });
      // Any field may be left out (absent, too long): none is promised.
      expect(schema.required, call.name).toBeUndefined();
      for (const [name, field] of Object.entries(schema.properties as Record<string, Json>)) {
        const where = `${call.name}: request.${name}`;
        expect(ECHOED.has(name), where).toBe(true);
        expect(looksSecret(name), where).toBe(false);
        expect(fileLike(field), where).toBe(false);
        expect(rowLike(field), where).toBe(false);
        echoed++;
      }
    }
    expect(echoed).toBeGreaterThan(500);
    const names = (call: string) =>
      Object.keys(doc.components.schemas[requestSchemaName(call)].properties as Json);
    expect(names("user-login")).toEqual(["email"]);
    expect(names("user-register")).toEqual(["name", "email", "mobile"]);
    expect(names("get_property")).toEqual(expect.arrayContaining(["limit", "offset", "category_id", "city"]));
    expect(names("admin/save-settings")).not.toEqual(expect.arrayContaining(["stripe_secret_key"]));
  });

  it("every call lists the error statuses it can answer, each with the error envelope", () => {
    for (const call of list) {
      const responses = operation(call)!.responses as Json;
      const statuses = Object.keys(responses).map(Number);
      const expected = [400, 405, 500, 503];
      if (call.access === "user" || call.access === "admin") expected.push(401);
      if (call.access === "admin") expected.push(403);
      if (call.method === "POST") expected.push(413);
      if (call.method === "POST" && !call.openToDeactivated) expected.push(403);
      expect(statuses, call.name).toEqual(
        expect.arrayContaining([...expected, ...(call.errorStatuses ?? [])]),
      );
      expect(errorStatuses(call), call.name).toEqual(statuses.filter((s) => s >= 400));
      for (const status of errorStatuses(call)) {
        const response = resolve(responses[status]);
        expect(response.content["application/json"].schema, `${call.name} ${status}`).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
    }
    expect(resolve(doc.components.responses.MethodNotAllowed).headers.Allow).toBeDefined();
    expect(resolve(doc.components.responses.ServiceUnavailable).headers["Retry-After"]).toBeDefined();
    expect(doc.components.schemas.Error).toMatchObject({
      required: ["error", "message", "data"],
      properties: { error: { const: true }, data: { type: "null" } },
    });
  });

  it("names the shared pieces once and refers to them", () => {
    for (const name of [
      "Property",
      "ProjectCard",
      "Image",
      "Profile",
      "Agent",
      "Developer",
      "Transaction",
      "ChatMessage",
      "CategoryRef",
      "Gate",
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.components.schemas[dataSchemaName("get_property")]).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Property" },
    });
    const text = JSON.stringify(doc);
    // Every reference resolves.
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g))
      expect(() => resolve({ $ref: ref }), ref).not.toThrow();
  });

  it("documents the addresses that are not calls", () => {
    expect(doc.paths["/webhooks/{gateway}"].post.responses["200"]).toBeDefined();
    expect(doc.paths["/chat-events"].get.responses["200"].content["text/event-stream"]).toBeDefined();
    expect(doc.paths["/admin/payment-receipt/{id}"].get.responses["403"]).toBeDefined();
  });
});

describe("the answer check", () => {
  const ok = (data: unknown, extra: Json = {}) => ({
    error: false,
    message: "Data fetched successfully",
    data,
    request: { offset: 0 },
    ...extra,
  });
  const headers = new Headers();

  it("passes a documented answer and refuses undocumented fields, missing ones and statuses", () => {
    const faq = { id: 1, question: "Q", answer: "A" };
    expect(() => checkAnswer("faqs", "GET", 200, ok([faq], { total: 1 }), headers)).not.toThrow();
    expect(() => checkAnswer("faqs", "GET", 200, ok([{ ...faq, secret: 1 }], { total: 1 }), headers)).toThrow(
      /data\.0: sends "secret"/,
    );
    expect(() =>
      checkAnswer("faqs", "GET", 200, ok([{ id: 1, question: "Q" }], { total: 1 }), headers),
    ).toThrow(/lacks "answer"/);
    expect(() => checkAnswer("faqs", "GET", 200, ok([faq]), headers)).toThrow(/lacks "total"/);
    expect(() => checkAnswer("faqs", "GET", 404, { error: true, message: "x", data: null }, headers)).toThrow(
      /404 is not documented/,
    );
    expect(() =>
      checkAnswer(
        "faqs",
        "GET",
        400,
        { error: true, message: "x", data: null, errors: { limit: ["bad"] } },
        headers,
      ),
    ).not.toThrow();
    expect(() => checkAnswer("faqs", "GET", 400, { error: true, message: "x", data: {} }, headers)).toThrow(
      /data: must be null/,
    );
  });

  it("holds the echoed request to the document: a field it does not name fails, a missing one too", () => {
    const signedIn = { token: "t", uid: "u" };
    expect(() =>
      checkAnswer("faqs", "GET", 200, ok([], { total: 0, request: { limit: 5 } }), headers),
    ).not.toThrow();
    expect(() =>
      checkAnswer("faqs", "GET", 200, ok([], { total: 0, request: { limit: "5" } }), headers),
    ).toThrow(/request\.limit: must be integer/);
    expect(() =>
      checkAnswer("faqs", "GET", 200, { error: false, message: "x", data: [], total: 0 }, headers),
    ).toThrow(/lacks "request"/);
    // A password sent back is a field the document does not name.
    expect(() =>
      checkAnswer("user-login", "POST", 200, ok(signedIn, { request: { email: "a@b.c" } }), headers),
    ).not.toThrow();
    expect(() =>
      checkAnswer(
        "user-login",
        "POST",
        200,
        ok(signedIn, { request: { email: "a@b.c", password: "hunter2" } }),
        headers,
      ),
    ).toThrow(/request: sends "password"/);
  });

  it("checks dates as ISO strings", () => {
    const row = { id: 1, status: "new", created_at: "2026-01-31T09:30:00.000Z" };
    const answer = (created_at: string) =>
      ok(
        {
          messages: [
            { ...row, created_at, name: "A", email: "a@b.c", subject: "s", message: "m", user_id: null },
          ],
          messages_total: 1,
          new_messages: 1,
          blocks: [],
          blocks_total: 0,
          blocks_limit: 30,
        },
        { total: 1 },
      );
    expect(() => checkAnswer("admin/inbox", "GET", 200, answer(row.created_at), headers)).not.toThrow();
    expect(() => checkAnswer("admin/inbox", "GET", 200, answer("31/01/2026"), headers)).toThrow(
      /created_at: must match format "date-time"/,
    );
  });

  it("expects 405 with Allow for another method, and 404 for an unknown address", () => {
    const refusal = { error: true, message: "faqs takes GET only", data: null };
    expect(() =>
      checkAnswer("faqs", "POST", 405, refusal, new Headers({ allow: "GET, HEAD" })),
    ).not.toThrow();
    expect(() => checkAnswer("faqs", "POST", 405, refusal, headers)).toThrow(/Allow/);
    expect(() => checkAnswer("faqs", "POST", 404, refusal, headers)).toThrow(/expected 405/);
    expect(() =>
      checkAnswer(
        "no_such_call",
        "GET",
        404,
        { error: true, message: "Unknown API call", data: null },
        headers,
      ),
    ).not.toThrow();
  });
});
