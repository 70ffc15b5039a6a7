// OpenAPI 3.1 from the calls' zod schemas: the document cannot drift from the validation, nor from
// the answers (every API test checks each answer against it, see tests/support/testing.ts).
import { bodyLimitOf } from "./body-limit";
import { pathOf, pathParams, readsQuery } from "./paths";
import { z } from "zod";
import type { AnyCall } from "./call";
import { namedSchemas } from "./output";
import { echoSchema } from "./echo";

const schemaRef = (id: string) => `#/components/schemas/${id}`;
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function jsonSchema(schema: z.ZodType) {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The error answers, by status: every one is the error envelope. */
const ERROR_RESPONSES = {
  400: [
    "BadRequest",
    "Invalid input (a field, or a body that is not a JSON object or a form): `errors` holds messages per field",
  ],
  401: ["Unauthorized", "No valid token: sign in first"],
  403: [
    "Forbidden",
    "Not allowed to this caller: not an admin, an account an admin switched off, not the owner, or a demo account in demo mode",
  ],
  404: ["NotFound", "What the call names does not exist (or is not the caller's to see)"],
  405: [
    "MethodNotAllowed",
    "The call was asked with another method than it takes; `Allow` names the one it takes",
  ],
  409: ["Conflict", "Refused by the current state of things (already done, still in use, a package limit)"],
  413: [
    "PayloadTooLarge",
    "The body is larger than this call takes (`x-max-body-bytes`: 64 KB for a public call, 1 MB for a signed-in one, what its files need for an upload)",
  ],
  429: ["TooManyRequests", "Too many attempts from this visitor or for this address: try again later"],
  500: ["InternalError", "Something went wrong on the server"],
  502: ["BadGateway", "A provider the call relies on (payment gateway, identity provider) failed"],
  503: [
    "ServiceUnavailable",
    "The database is briefly unavailable (a restart, a failover: `Retry-After` says when to try again), or something the call needs is not set up on this server (a mail or text-message sender, a payment gateway)",
  ],
} as const satisfies Record<number, readonly [string, string]>;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

/**
 * The error statuses a call can answer: those the router answers for every call of its kind, and
 * those its handler declares.
 */
export function errorStatuses(call: AnyCall): ErrorStatus[] {
  // 503: any call that reads or writes answers it while the database is away (decision 041).
  const statuses = new Set<ErrorStatus>([400, 405, 500, 503]);
  if (call.access === "user" || call.access === "admin") statuses.add(401);
  if (call.access === "admin") statuses.add(403);
  if (call.method === "POST") {
    statuses.add(413);
    // A switched-off account is refused every change, whatever the call's access (a token may come with any).
    if (!call.openToDeactivated) statuses.add(403);
  }
  for (const s of call.errorStatuses ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** The statuses of a call's successful answers: 200, or 201 when it makes something (or both). */
export const successStatuses = (call: Pick<AnyCall, "created">) =>
  call.created === true ? [201] : call.created ? [200, 201] : [200];

const pascal = (callName: string) =>
  callName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** `admin/save-slide` → `AdminSaveSlideData`: the name of a call's data in components/schemas. */
export const dataSchemaName = (callName: string) => `${pascal(callName)}Data`;

/** `get_property` → `GetPropertyRequest`: the name of what a call's success sends back of its input. */
export const requestSchemaName = (callName: string) => `${pascal(callName)}Request`;

const errorEnvelope = {
  type: "object",
  required: ["error", "message", "data"],
  properties: {
    error: { const: true },
    message: {
      type: "string",
      description: "What went wrong, in the caller's language where it is translated",
    },
    data: { type: "null" },
    errors: { $ref: schemaRef("FieldErrors") },
  },
};

const json = (schema: unknown) => ({ "application/json": { schema } });
const errorContent = json({ $ref: schemaRef("Error") });

/** Addresses under /api that are not calls: files, the live chat stream, gateways' notifications. */
function rawPaths() {
  const bearer = [{ bearer: [] }];
  const idParam = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
  const file = (description: string, types: string[]) => ({
    description,
    content: Object.fromEntries(types.map((t) => [t, { schema: { type: "string", format: "binary" } }])),
  });
  return {
    "/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This document",
        tags: ["documentation"],
        security: [],
        responses: {
          "200": { description: "The OpenAPI 3.1 document of the API", content: json({ type: "object" }) },
        },
      },
    },
    "/docs": {
      get: {
        operationId: "docs",
        summary: "This document as a page to read: every call in plain HTML, interactive with JavaScript",
        tags: ["documentation"],
        security: [],
        responses: {
          "200": {
            description: "The API reference",
            content: { "text/html": { schema: { type: "string" } } },
          },
        },
      },
    },
    "/webhooks/{gateway}": {
      post: {
        operationId: "payment-webhook",
        summary: "A payment gateway's signed notification (the raw body is checked against its signature)",
        tags: ["payments"],
        security: [],
        parameters: [
          {
            name: "gateway",
            in: "path",
            required: true,
            schema: { enum: ["stripe", "paystack", "flutterwave", "paypal"] },
          },
        ],
        requestBody: { required: true, content: { "*/*": { schema: {} } } },
        responses: {
          "200": {
            description: "Applied (or already applied, or not about a payment of ours): `message` says which",
            content: json({
              type: "object",
              required: ["error", "message", "data"],
              properties: { error: { const: false }, message: { type: "string" }, data: { type: "null" } },
            }),
          },
          "400": {
            description: "A wrong signature, or a signed notification that cannot be read",
            content: errorContent,
          },
          "404": { description: "No such gateway, or it is not set up", content: errorContent },
          "413": responseRef("PayloadTooLarge"),
          "500": {
            description:
              "The gateway could not be asked to confirm the notification: it sends it again later",
            content: errorContent,
          },
        },
      },
    },
    "/agent-verification-file/{id}": {
      get: {
        operationId: "agent-verification-file",
        summary: "A file of an agent verification answer, for the person who sent it and admins",
        tags: ["verification"],
        security: bearer,
        parameters: [idParam],
        responses: {
          "200": file("The file as it was uploaded", ["*/*"]),
          "401": responseRef("Unauthorized"),
          "404": { description: "No such file, or not the caller's", content: errorContent },
        },
      },
    },
    "/admin/payment-receipt/{id}": {
      get: {
        operationId: "admin/payment-receipt",
        summary: "The receipt of a bank transfer (admins only)",
        tags: ["admin"],
        security: bearer,
        parameters: [idParam],
        responses: {
          "200": file("The receipt", ["application/pdf", "image/png", "image/jpeg"]),
          "401": responseRef("Unauthorized"),
          "403": responseRef("Forbidden"),
          "404": { description: "No such payment, or it has no receipt", content: errorContent },
        },
      },
    },
    "/chat-events": {
      get: {
        operationId: "chat-events",
        summary:
          "Live chat: a Server-Sent Events stream of the caller's new messages and unread count (resumes after Last-Event-ID)",
        tags: ["chat"],
        security: bearer,
        parameters: [
          { name: "last_event_id", in: "query", required: false, schema: { type: "integer", minimum: 0 } },
          { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description:
              "Events `ready` and `unread` (`{ unread }`) and one per chat event (its id as the event id), until the stream's lifetime ends",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          "401": { description: "No valid token, or the account is switched off", content: errorContent },
        },
      },
    },
    "/virtual-tours/{id}/upload-video": {
      post: {
        operationId: "upload-video",
        summary:
          "Upload the tour's video (multipart field `video`: MP4, MOV or WebM by its bytes, at most 200 MB and 5 minutes), streamed to storage; a background job makes a web-friendly H.264/AAC MP4 and a poster (the tour's `video.status` tells how it stands)",
        tags: ["virtual tours"],
        security: bearer,
        parameters: [idParam],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["video"],
                properties: { video: { type: "string", format: "binary" } },
              },
            },
          },
        },
        responses: {
          "201": {
            description: "Received: the video is being prepared",
            content: json({
              type: "object",
              required: ["error", "message", "data"],
              properties: {
                error: { const: false },
                message: { type: "string" },
                data: { $ref: schemaRef("TourVideo") },
              },
            }),
          },
          "400": {
            description:
              "Not a video we take, unreadable, longer than 5 minutes, or no file: `errors.video` says which",
            content: errorContent,
          },
          "401": responseRef("Unauthorized"),
          "403": {
            description:
              "Not the listing's owner, its photographer or an admin (or no profile, or a switched-off account)",
            content: errorContent,
          },
          "404": { description: "No such tour", content: errorContent },
          "413": { description: "Larger than 200 MB", content: errorContent },
          "429": responseRef("TooManyRequests"),
        },
      },
    },
    "/virtual-tours/{id}/video": {
      get: {
        operationId: "tour-video",
        summary:
          "The tour's web-friendly MP4, with range requests (206 Partial Content) for seeking; a draft's only for its editors",
        tags: ["virtual tours"],
        security: [{}, { bearer: [] }],
        parameters: [
          idParam,
          { name: "Range", in: "header", required: false, schema: { type: "string" } },
          { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
        ],
        responses: {
          "200": file("The whole video", ["video/mp4"]),
          "206": file("The asked range of the video (Content-Range)", ["video/mp4"]),
          "304": { description: "Not modified: the ETag given in If-None-Match is the video's" },
          "400": { description: "The id is not a number", content: errorContent },
          "404": {
            description: "No such tour, not visible to the caller, or no video yet",
            content: errorContent,
          },
          "416": { description: "The range is outside the file (Content-Range: bytes */size)" },
        },
      },
    },
    "/public-upload": {
      get: {
        operationId: "public-upload",
        summary:
          "The bytes of a public upload (a listing's photo, the placeholder image), given the address pages show for it; never a private file",
        tags: ["media"],
        security: [],
        parameters: [
          {
            name: "url",
            in: "query",
            required: true,
            schema: { type: "string", minLength: 1, maxLength: 2000 },
          },
        ],
        responses: {
          "200": file("The file as it was stored", ["*/*"]),
          "400": { description: "No url, or one too long", content: errorContent },
          "404": {
            description: "Not the address of a public upload of this site, or no file there",
            content: errorContent,
          },
        },
      },
    },
    "/static-map": {
      get: {
        operationId: "static-map",
        summary:
          "A map image with a pin at lat, lng: from the TILE_URL tile server with its credit, else a drawn map. PNG; kept once made, with an ETag; immutable for a year when width, height and zoom are all given",
        tags: ["maps"],
        security: [],
        parameters: [
          {
            name: "lat",
            in: "query",
            required: true,
            schema: { type: "number", minimum: -85.05112878, maximum: 85.05112878 },
          },
          {
            name: "lng",
            in: "query",
            required: true,
            schema: { type: "number", minimum: -180, maximum: 180 },
          },
          {
            name: "width",
            in: "query",
            required: false,
            schema: { type: "integer", minimum: 16, maximum: 1280, default: 200 },
          },
          {
            name: "height",
            in: "query",
            required: false,
            schema: { type: "integer", minimum: 16, maximum: 1280, default: 200 },
          },
          {
            name: "zoom",
            in: "query",
            required: false,
            schema: { type: "integer", minimum: 1, maximum: 18, default: 15 },
          },
          { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
        ],
        responses: {
          "200": file("The map, width × height pixels", ["image/png"]),
          "304": { description: "Not modified: the ETag given in If-None-Match is the image's" },
          "400": {
            description: "A parameter missing, out of range, unknown or given twice: `errors` names it",
            content: errorContent,
          },
          "429": responseRef("TooManyRequests"),
        },
      },
    },
    "/chat-file/{id}/{kind}": {
      get: {
        operationId: "chat-file",
        summary: "The file or voice note of a chat message, for its two people",
        tags: ["chat"],
        security: bearer,
        parameters: [
          idParam,
          { name: "kind", in: "path", required: true, schema: { enum: ["file", "audio"] } },
        ],
        responses: {
          "200": file("The file as it was sent", ["*/*"]),
          "401": { description: "No valid token, or the account is switched off", content: errorContent },
          "404": { description: "No such message or file, or not the caller's", content: errorContent },
        },
      },
    },
  };
}

/** The schemas of every call's data and of the pieces they share, as components/schemas. */
function outputSchemas(calls: AnyCall[]) {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of namedSchemas) registry.add(schema, { id });
  const dataRef = new Map<AnyCall, string>();
  for (const call of calls) {
    const known = registry.get(call.output)?.id;
    const id = known ?? dataSchemaName(call.name);
    if (!known) {
      if (registry._idmap.has(id)) throw new Error(`Two calls' data would be named ${id}`);
      registry.add(call.output, { id });
    }
    dataRef.set(call, schemaRef(id));
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: "input",
    uri: schemaRef,
    // Whole numbers carry JavaScript's safe-integer bounds; they say nothing a client needs.
    override: ({ jsonSchema: j }) => {
      if (j.type !== "integer") return;
      if (j.minimum === Number.MIN_SAFE_INTEGER) delete j.minimum;
      if (j.maximum === Number.MAX_SAFE_INTEGER) delete j.maximum;
    },
  });
  if ("__shared" in schemas)
    throw new Error(
      "An output schema is recursive or shared in a way the document cannot name: give it a name with named()",
    );
  const clean = Object.fromEntries(
    Object.entries(schemas).map(([id, s]) => {
      const { $schema: _s, $id: _i, ...rest } = s as Record<string, unknown>;
      return [id, rest];
    }),
  );
  return { schemas: clean, dataRef };
}

const documents = new WeakMap<AnyCall[], ReturnType<typeof buildDocument>>();

export function openApiDocument(calls: AnyCall[], serverUrl = "/api") {
  if (serverUrl !== "/api") return buildDocument(calls, serverUrl);
  let doc = documents.get(calls);
  if (!doc) documents.set(calls, (doc = buildDocument(calls, serverUrl)));
  return doc;
}

/** What each call's success sends back of its input (spec §7), generated from its input schema. */
function requestSchemas(calls: AnyCall[], taken: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const call of calls) {
    const id = requestSchemaName(call.name);
    if (id in taken || id in out) throw new Error(`Two schemas would be named ${id}`);
    out[id] = echoSchema(call);
  }
  return out;
}

function buildDocument(calls: AnyCall[], serverUrl: string) {
  const { schemas, dataRef } = outputSchemas(calls);
  const requests = requestSchemas(calls, schemas);
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const schema = jsonSchema(call.input) as { properties?: Record<string, unknown>; required?: string[] };
    const success = {
      type: "object",
      required: ["error", "message", "data", ...(call.total === true ? ["total"] : []), "request"],
      properties: {
        error: { const: false },
        message: { type: "string" },
        data: { $ref: dataRef.get(call) },
        ...(call.total
          ? {
              total: {
                type: "integer",
                minimum: 0,
                description:
                  call.total === true
                    ? "How many rows match in all (before offset and limit, where the call pages)"
                    : "With a list: how many rows it holds",
              },
            }
          : {}),
        request: {
          $ref: schemaRef(requestSchemaName(call.name)),
          description: "The input as validated; secrets, files, rows and long values left out",
        },
      },
    };
    const responses: Record<string, unknown> = {};
    for (const status of successStatuses(call))
      responses[status] = { description: status === 201 ? "Created" : "Success", content: json(success) };
    for (const status of errorStatuses(call)) responses[status] = responseRef(ERROR_RESPONSES[status][0]);
    const op: Record<string, unknown> = {
      operationId: call.name,
      summary: call.summary,
      tags: [call.tag],
      security:
        call.access === "public" ? [] : call.access === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }],
      responses,
      ...(readsQuery(call.method) ? {} : { "x-max-body-bytes": bodyLimitOf(call) }),
    };
    // Fields named in the path travel there; the rest in the query (reads, deletions) or the body.
    const inPath = pathParams(pathOf(call));
    const pathParameters = inPath.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: schema.properties?.[name] ?? { type: "string" },
    }));
    const rest = Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([name]) => !inPath.includes(name)),
    );
    if (readsQuery(call.method)) {
      op.parameters = [
        ...pathParameters,
        ...Object.entries(rest).map(([name, s]) => ({
          name,
          in: "query",
          required: schema.required?.includes(name) ?? false,
          schema: s,
        })),
      ];
    } else {
      if (pathParameters.length) op.parameters = pathParameters;
      const body = {
        ...schema,
        properties: rest,
        ...(schema.required ? { required: schema.required.filter((n) => !inPath.includes(n)) } : {}),
      };
      op.requestBody = {
        required: true,
        content: {
          "application/json": { schema: body },
          "application/x-www-form-urlencoded": { schema: body },
          "multipart/form-data": { schema: body },
        },
      };
    }
    const key = `/${pathOf(call)}`;
    paths[key] = { ...(paths[key] as Record<string, unknown> | undefined), [call.method.toLowerCase()]: op };
  }
  Object.assign(paths, rawPaths());
  return {
    openapi: "3.1.0",
    info: {
      title: "Souq Estate API",
      version: "1.0.0",
      description:
        "Every answer is an envelope `{ error, message, data }`: `error` is false on success and `data` is the call's answer; lists add `total`. " +
        "A success also carries `request`, the call's input as the server validated it (defaults filled in), so that an answer says what it answers; " +
        "passwords, one-time codes, tokens, keys, files, rows and values longer than 1 KB never come back in it. " +
        "On failure `error` is true, `data` is null and validation failures add `errors` (messages per field). " +
        "A call asked with another method than it takes answers 405 with `Allow`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "A Firebase ID token or a Firebase session cookie",
        },
      },
      schemas: {
        Error: { ...errorEnvelope, description: "The envelope of every failure" },
        FieldErrors: {
          type: "object",
          description:
            "Messages per field of the input (`_form` for the input as a whole, `_identity` for the identity provider's code)",
          additionalProperties: { type: "array", items: { type: "string" } },
        },
        ...schemas,
        ...requests,
      },
      headers: {
        Allow: { description: "The method the call takes", schema: { type: "string" } },
        "Retry-After": {
          description: "Seconds after which to try again (set while the database is away)",
          schema: { type: "integer" },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, [name, description]]) => [
          name,
          {
            description,
            content: errorContent,
            ...(status === "405" ? { headers: { Allow: { $ref: "#/components/headers/Allow" } } } : {}),
            ...(status === "503"
              ? { headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } } }
              : {}),
          },
        ]),
      ),
    },
    paths,
  };
}
