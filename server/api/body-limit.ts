// How much of a request body a call may make the server read. Every call has a limit of its own: a
// JSON or sign-in call a few dozen KB to 1 MB, an upload what its files need. The limit is checked
// before the body is read (a declared length over it is refused at once) and while it arrives (a
// body without a declared length stops at the limit), so nobody can make the server read megabytes
// that the call would refuse anyway. A call that needs an account reads no body at all from a
// caller without one, and an upload is read only after the caller's token has been checked.
import type { AnyCall } from "./call";
import type { ApiDeps } from "./context";
import { readsQuery } from "./paths";
import { bearerOf } from "./raw";

const KB = 1024;
const MB = 1024 * KB;

/** A public call's body: a sign-in, a sign-up, a contact message, a view counted. */
export const PUBLIC_BODY_BYTES = 64 * KB;
/** A signed-in person's or an admin's call without files. */
export const JSON_BODY_BYTES = 1 * MB;
/** One photo or document (10 MB at most, server/api/uploads.server.ts) and the form around it. */
export const ONE_FILE_BODY_BYTES = 11 * MB;
/** A room's 360° photo (25 MB at most) and the form around it. */
export const TOUR_ROOM_BODY_BYTES = 26 * MB;
/** A chat message with a file (10 MB) and a voice note (5 MB). */
export const MESSAGE_BODY_BYTES = 16 * MB;
/** An agent's verification: the team's questions, a few of them files of 10 MB at most. */
export const VERIFICATION_BODY_BYTES = 60 * MB;
/** A listing with all its photos, documents and files (each file has its own cap besides). */
export const LISTING_BODY_BYTES = 120 * MB;

export const BODY_TOO_LARGE = (limit: number) =>
  `The request is too large: this call takes at most ${limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`}`;

/** The most a call's body may hold. */
export function bodyLimitOf(call: Pick<AnyCall, "access" | "maxBodyBytes">): number {
  return (
    call.maxBodyBytes ??
    (call.access === "user" || call.access === "admin" ? JSON_BODY_BYTES : PUBLIC_BODY_BYTES)
  );
}

/** Thrown while a body without a declared length runs past its limit. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE(limit));
  }
}

/**
 * The request with its body held to `limit`: "too large" when its declared length is over it;
 * otherwise the same request, whose body errors with `BodyTooLarge` once more than `limit` bytes
 * have come (a declared length is held by the HTTP server itself: it reads no more than it says).
 */
export function limitBody(request: Request, limit: number): Request | "too large" {
  if (!request.body) return request;
  const declared = request.headers.get("content-length");
  if (declared !== null && !request.headers.has("transfer-encoding"))
    return Number(declared) > limit ? "too large" : request;
  let seen = 0;
  const overrun = new BodyTooLarge(limit);
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          controller.error(overrun);
          tripped.add(limited);
        } else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Request(request, { body: counted, duplex: "half" } as RequestInit);
  return limited;
}

const tripped = new WeakSet<Request>();

/** Whether reading this request's body stopped at its limit (the reader sees only "invalid"). */
export const ranPastLimit = (request: Request) => tripped.has(request);

/**
 * The request as its call may read it: without its body when the call needs an account and none is
 * presented (or, for an upload, the token does not hold), so the refusal costs nothing; held to the
 * call's limit otherwise. A declared length over the limit is answered 413 at once.
 */
export async function boundedRequest(
  auth: Pick<ApiDeps["auth"], "verify">,
  call: Pick<AnyCall, "access" | "method" | "maxBodyBytes">,
  request: Request,
  limit = bodyLimitOf(call),
): Promise<Request | Response> {
  if (readsQuery(call.method) || !request.body) return request;
  const token = bearerOf(request);
  const bodiless = () => {
    const headers = new Headers(request.headers);
    for (const h of ["content-type", "content-length", "transfer-encoding"]) headers.delete(h);
    return new Request(request.url, { method: request.method, headers });
  };
  if (call.access === "user" || call.access === "admin") {
    if (!token) return bodiless();
    // An upload is read only for a caller whose token holds (checked again, as always, by the call).
    if (limit > JSON_BODY_BYTES && !(await auth.verify(token, true).catch(() => null))) return bodiless();
  }
  const bounded = limitBody(request, limit);
  if (bounded !== "too large") return bounded;
  const message = BODY_TOO_LARGE(limit);
  return Response.json(
    { error: true, message, data: null },
    { status: 413, headers: { Connection: "close" } },
  );
}
