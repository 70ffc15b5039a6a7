import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedApiRead } from "./api-cache";
import { forgetHere } from "./memo.server";
import { provideRuntime, type Runtime } from "./runtime.server";

describe("the API's shared reads for callers not signed in", () => {
  let restoreRuntime: (() => void) | undefined;
  beforeAll(() => {
    // The copies listen for the database's notices of change; here nothing changes.
    restoreRuntime = provideRuntime({
      database: { listen: async () => async () => {} },
    } as unknown as Runtime);
  });
  // Test files share the process: the next one gets the runtime it had, and none of the made-up
  // answers kept here as copies of real reads.
  afterAll(() => {
    forgetHere("public:");
    restoreRuntime?.();
  });

  let answered = 0;
  const answer =
    (status = 200) =>
    async () => {
      answered++;
      return Response.json(
        { error: status !== 200, data: [answered] },
        { status, headers: { "x-request-id": `r${answered}` } },
      );
    };
  const read = (url: string, headers: Record<string, string> = {}, status = 200) =>
    sharedApiRead(new Request(`http://x${url}`, { headers }), 30, answer(status)).then(async (r) => ({
      status: r.status,
      body: await r.json(),
      id: r.headers.get("x-request-id"),
    }));

  it("answers the same read from one copy until the content changes", async () => {
    const first = await read("/api/get_property?limit=12");
    const second = await read("/api/get_property?limit=12");
    expect(second.body).toEqual(first.body);
    // A copy carries no other caller's own headers.
    expect(second.id).toBeNull();
    // Another language, another query: each its own copy.
    expect((await read("/api/get_property?limit=12", { "accept-language": "ar" })).body).not.toEqual(
      first.body,
    );
    expect((await read("/api/get_property?limit=13")).body).not.toEqual(first.body);
    // A change announced (migration 0030's notice) drops the copies.
    forgetHere("public:");
    expect((await read("/api/get_property?limit=12")).body).not.toEqual(first.body);
  });

  it("never shares a signed-in caller's read, a write, a call that is not shared or an error", async () => {
    const signedIn = () => read("/api/get_property?limit=5", { authorization: "Bearer t" });
    expect((await signedIn()).body).not.toEqual((await signedIn()).body);
    const own = () => read("/api/get_user_recommendation");
    expect((await own()).body).not.toEqual((await own()).body);
    const failing = () => read("/api/get_property?limit=99", {}, 503);
    expect((await failing()).body).not.toEqual((await failing()).body);
  });
});
