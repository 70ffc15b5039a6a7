// GET /api/public-upload?url=<address>: the bytes of a public upload (a listing's photo, the admin's
// placeholder image), for the web app's share cards, which draw them (decision 050). A file, not the
// JSON envelope, so it is mounted beside the calls; a refusal is still the envelope. Only what
// anyone may already see at that address is answered: a private file (a chat attachment, a
// verification document) or an address that is not one of our uploads is "not found".
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { ApiDeps } from "../context";
import { fieldErrors } from "../envelope";
import { contentTypeOf } from "../../media/content-type";
import { publicUploadKey } from "../../media/public-upload.server";

export const publicUploadQuery = z.object({ url: z.string().min(1, "url is required").max(2000) });

const refuse = (c: Context, status: 400 | 404, message: string, errors?: Record<string, string[]>) =>
  c.json({ error: true, message, data: null, ...(errors ? { errors } : {}) }, status);

export function mountPublicUploads(app: Hono, deps: ApiDeps) {
  app.get("/public-upload", async (c) => {
    const parsed = publicUploadQuery.safeParse({ url: c.req.query("url") });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return refuse(c, 400, Object.values(errors)[0]?.[0] ?? "Invalid input", errors);
    }
    const key = publicUploadKey(parsed.data.url);
    const body = key ? await deps.storage.get(key) : null;
    if (!key || !body) return refuse(c, 404, "File not found");
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": contentTypeOf(key),
        "content-length": String(body.length),
        // The same bytes as the public address: kept as long as that address keeps them.
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
