// OpenAPI 3.1 from the calls' zod schemas: the document cannot drift from the validation.
import { z } from "zod";
import type { AnyCall } from "./call";

function jsonSchema(schema: z.ZodType) {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const envelope = {
  type: "object",
  required: ["error", "message", "data"],
  properties: {
    error: { type: "boolean" },
    message: { type: "string" },
    data: {},
    total: { type: "integer" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

export function openApiDocument(calls: AnyCall[], serverUrl = "/api") {
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const schema = jsonSchema(call.input) as { properties?: Record<string, unknown>; required?: string[] };
    const op: Record<string, unknown> = {
      operationId: call.name,
      summary: call.summary,
      tags: [call.tag],
      security: call.access === "public" ? [] : call.access === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }],
      responses: {
        "200": { description: "Success", content: { "application/json": { schema: envelope } } },
        "400": { description: "Invalid input: `error` is true and `errors` holds messages per field", content: { "application/json": { schema: envelope } } },
        ...(call.access === "user" ? { "401": { description: "No valid token" }, "403": { description: "Not allowed for this user" } } : {}),
        ...(call.access === "admin" ? { "401": { description: "No valid token" }, "403": { description: "The token has no admin claim" } } : {}),
      },
    };
    if (call.method === "GET") {
      op.parameters = Object.entries(schema.properties ?? {}).map(([name, s]) => ({
        name,
        in: "query",
        required: schema.required?.includes(name) ?? false,
        schema: s,
      }));
    } else {
      op.requestBody = {
        required: true,
        content: {
          "application/json": { schema },
          "application/x-www-form-urlencoded": { schema },
          "multipart/form-data": { schema },
        },
      };
    }
    paths[`/${call.name}`] = { [call.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Souq Estate API",
      version: "1.0.0",
      description: "Every answer is an envelope `{ error, message, data }`; lists add `total`, validation failures add `errors`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A Firebase ID token or a Firebase session cookie" },
      },
    },
    paths,
  };
}
