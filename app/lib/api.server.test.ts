// The typed client over HTTP (API_ORIGIN), against a real local server that fails as a separately
// deployed API does: reads are asked again with back-off (spec §9), changes exactly once. Time is the
// client's replaceable clock, so the waits are checked without being waited.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "~server/runtime/env.server";
import { api } from "./api.server";
import {
  ATTEMPT_TIMEOUT_MS,
  ApiUnreachable,
  MAX_DELAY_MS,
  PAGE_RETRY_BUDGET_MS,
  backoff,
  readWithRetries,
  retryAfterMs,
  retryClock,
} from "./api-retry.server";
import { keepEnv } from "../../tests/support/prerequisites";

const restoreApiOrigin = keepEnv("API_ORIGIN");

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let replies: Reply[] = [];
let hits: string[] = [];
let waits: number[] = [];
let now = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    // Each request takes the next reply; the last one stays.
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    reply(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetEnv();
  vi.spyOn(retryClock, "now").mockImplementation(() => now);
  vi.spyOn(retryClock, "sleep").mockImplementation(async (ms) => {
    waits.push(ms);
    now += ms;
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  restoreApiOrigin();
  resetEnv();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  replies = [];
  hits = [];
  waits = [];
  now = 0;
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
/** What a balancer answers when no instance of the API is up: not our envelope. */
const gateway =
  (status: number, headers: Record<string, string> = {}): Reply =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "text/html", ...headers });
    res.end(`<h1>${status}</h1>`);
  };
/** The connection drops before any answer. */
const dropped: Reply = (req) => req.socket.destroy();

const faqs = {
  error: false,
  message: "Data fetched successfully",
  data: [{ id: 1, question: "Q", answer: "A" }],
  total: 1,
  request: { limit: 2, offset: 0 },
};

/** The 503 page a loader throws when the API cannot be reached. */
const unavailable = async (promise: Promise<unknown>) => {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(503);
  expect((thrown as Response).headers.get("retry-after")).toBeTruthy();
};

describe("a read from a separately deployed API", () => {
  it("is asked again after two failures, waiting 1 s then 2 s, and answers what the third brought", async () => {
    replies = [gateway(502), dropped, json(200, faqs)];
    const answer = await api("faqs", { limit: 2 });
    expect(hits).toEqual(["GET /api/faqs?limit=2", "GET /api/faqs?limit=2", "GET /api/faqs?limit=2"]);
    expect(waits).toEqual([1000, 2000]);
    expect(answer.data).toEqual(faqs.data);
    // The app holds its input already: the echo is for clients over the wire.
    expect(answer).not.toHaveProperty("request");
  });

  it("waits what Retry-After asks when it is within the cap", async () => {
    replies = [
      json(503, { error: true, message: "away", data: null }, { "retry-after": "7" }),
      json(200, faqs),
    ];
    await api("faqs", { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(waits).toEqual([7000]);
  });

  it("gives up after three retries (1 s, 2 s, 4 s) with the page that says to try again shortly", async () => {
    replies = [gateway(504)];
    await unavailable(api("faqs", { limit: 2 }));
    expect(hits).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("gives up at once when Retry-After asks for longer than the cap", async () => {
    replies = [gateway(503, { "retry-after": String(MAX_DELAY_MS / 1000 + 1) })];
    await unavailable(api("faqs", { limit: 2 }));
    expect(hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("is not asked again for a refusal (4xx), nor for the API's own 503 about something not set up", async () => {
    replies = [json(404, { error: true, message: "Not found", data: null })];
    const missing = await api("faqs", { limit: 2 });
    expect(missing.message).toBe("Not found");
    replies = [json(503, { error: true, message: "No mail sender", data: null })];
    expect((await api("faqs", { limit: 2 })).message).toBe("No mail sender");
    expect(hits).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it("shares one budget across a page's calls: no retry starts after it", async () => {
    const page = new Request("http://shop.test/properties");
    const away = json(503, { error: true, message: "away", data: null }, { "retry-after": "9" });
    replies = [away, away, json(200, faqs)];
    await api("faqs", { limit: 2 }, { request: page });
    expect(waits).toEqual([9000, 9000]);
    // 18 s of the page's 20 s are spent: one short wait still fits, the next would end past it.
    hits = [];
    waits = [];
    replies = [gateway(502)];
    await unavailable(api("faqs", { limit: 2 }, { request: page }));
    expect(hits).toHaveLength(2);
    expect(waits).toEqual([1000]);
    expect(now).toBeLessThan(PAGE_RETRY_BUDGET_MS);
  });

  it("is sent once when it acts (a code sent by text message)", async () => {
    replies = [gateway(502)];
    await expect(api("get-otp", { number: "+971501112233" })).rejects.toThrow();
    expect(hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("a change sent to a separately deployed API", () => {
  it("is tried exactly once, whatever comes back", async () => {
    replies = [json(502, { error: true, message: "Bad gateway", data: null })];
    const answer = await api("contct_us", {
      first_name: "A",
      last_name: "B",
      email: "a@b.co",
      subject: "Hello",
      message: "A question about a listing",
    });
    expect(answer.error).toBe(true);
    expect(hits).toEqual(["POST /api/contct_us"]);

    hits = [];
    replies = [dropped];
    await expect(
      api("contct_us", {
        first_name: "A",
        last_name: "B",
        email: "a@b.co",
        subject: "Hello",
        message: "A question about a listing",
      }),
    ).rejects.toThrow();
    expect(hits).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("the back-off", () => {
  it("is 1000·2ⁿ ms, capped at 30 000 ms", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterMs("5", 0)).toBe(5000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs(null, 0)).toBeNull();
    expect(retryAfterMs("soon", 0)).toBeNull();
  });

  it("gives each attempt a time limit, and counts a timeout as a lost answer", async () => {
    const signals: AbortSignal[] = [];
    let calls = 0;
    const answer = await readWithRetries(async (signal) => {
      signals.push(signal);
      if (++calls === 1) throw new DOMException("The operation timed out", "TimeoutError");
      return new Response("{}", { headers: { "content-type": "application/json" } });
    }, now + PAGE_RETRY_BUDGET_MS);
    expect(answer.status).toBe(200);
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s instanceof AbortSignal && !s.aborted)).toBe(true);
    expect(waits).toEqual([1000]);
    expect(ATTEMPT_TIMEOUT_MS).toBeLessThan(PAGE_RETRY_BUDGET_MS);
    await expect(
      readWithRetries(async () => {
        throw new TypeError("fetch failed");
      }, now + PAGE_RETRY_BUDGET_MS),
    ).rejects.toBeInstanceOf(ApiUnreachable);
  });
});
