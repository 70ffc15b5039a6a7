// The API's shared reads (a listing, a list of results, home's sections) asked over HTTP by someone
// not signed in: the same for every such caller, so a process answers them from its copy for a few
// seconds, as the pages already do (decision 036). A copy is dropped as soon as the content it was
// read from changes, in every process on the database (migration 0030 announces the change; the
// copies are kept under `public:`, the prefix those notices drop). At a busy hour one read of the
// database serves every caller of that second instead of each caller queueing for their own.
import { calls } from "./api/calls";
import { requestLanguage } from "./api/i18n";
import { pathOf } from "./api/paths";
import { forgetHere, memo } from "./memo.server";

const SHARED_PATHS = new Set(
  Object.values(calls)
    .filter((c) => "shared" in c && c.shared && c.method === "GET" && !pathOf(c).includes("{"))
    .map((c) => `/api/${pathOf(c)}`),
);

/** An answer larger than this is not kept: a few hundred copies must fit in memory comfortably. */
const MAX_KEPT_BYTES = 256 * 1024;
/** Headers that belong to one answer, never to a copy given to another caller. */
const OWN_HEADERS = new Set(["set-cookie", "date", "x-request-id", "content-length", "content-encoding"]);

interface Kept {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

function cacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("authorization")) return false;
  return SHARED_PATHS.has(new URL(request.url).pathname);
}

export async function sharedApiRead(
  request: Request,
  seconds: number,
  answer: () => Promise<Response>,
): Promise<Response> {
  if (seconds <= 0 || !cacheable(request)) return answer();
  const url = new URL(request.url);
  const lang = requestLanguage(request.headers.get("accept-language"), ["en", "ar"]);
  const key = `public:http ${lang} ${url.pathname}${url.search}`;
  const kept = await memo<Kept>(key, seconds * 1000, async () => {
    const res = await answer();
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = [...res.headers].filter(([name]) => !OWN_HEADERS.has(name));
    return { status: res.status, headers, body };
  });
  // Only a plain success is kept for others; an error or an outsized answer is read afresh next time.
  if (kept.status !== 200 || (kept.body?.byteLength ?? 0) > MAX_KEPT_BYTES) forgetHere(key);
  // A list of its own: an answer's headers change on the way out (its encoding, its request's id),
  // and the copy's must not change with them (a Headers may keep writing to the list it was made
  // from, as one that records raw headers for a mocking library does).
  return new Response(kept.body as BodyInit | null, {
    status: kept.status,
    headers: [...kept.headers],
  });
}
