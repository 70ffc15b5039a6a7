// The request handler of the whole product: health check, the API at /api, then the web app.
// Built by Vite into build/server/index.js; server.js serves static files in front of it.
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { getRuntime } from "./runtime.server";

const handleDocument = createRequestHandler(
  // Virtual module provided by the React Router Vite plugin.
  () => import("virtual:react-router/server-build"),
  process.env.NODE_ENV,
);

export const app = new Hono();

app.get("/healthz", async (c) => {
  try {
    const { database } = await getRuntime();
    await database.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: database.kind });
  } catch (e) {
    return c.json({ status: "error", message: (e as Error).message }, 503);
  }
});

app.all("/api/*", async (c) => (await getRuntime()).api.fetch(c.req.raw));

app.all("*", async (c) => {
  await getRuntime();
  return handleDocument(c.req.raw, new RouterContextProvider());
});

/** Opens the database (and seeds the demo) before the first request arrives. */
export const ready = () => getRuntime().then(() => undefined);
