// For the few API addresses that answer with something other than the JSON envelope (a private
// file, a live stream): the caller from the same bearer token, and a file answer.
import type { Context } from "hono";

export function bearer(c: Context): string | null {
  return bearerOf(c.req.raw);
}

export function bearerOf(request: Request): string | null {
  const h = request.headers.get("authorization");
  return h?.startsWith("Bearer ") ? h.slice(7).trim() || null : null;
}

/** Content-Disposition for a stored name: a plain ASCII fallback and the name itself (RFC 6266). */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A private file for its reader. Photos and sound open in the browser; a PDF is downloaded rather
 * than rendered on our origin. Never kept by a shared cache.
 */
export function privateFileResponse(body: Buffer, file: { type: string; name: string }, cache: string) {
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": file.type,
      "content-length": String(body.length),
      "content-disposition": disposition(
        file.type === "application/pdf" ? "attachment" : "inline",
        file.name,
      ),
      "cache-control": cache,
      "x-content-type-options": "nosniff",
    },
  });
}
