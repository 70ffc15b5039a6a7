// Node entry: static files first (hashed assets cached for a year), then the product's handler.
// In development Vite serves the modules and reloads server code on change.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { getRequestListener } from "@hono/node-server";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const DATA_DIR = process.env.DATA_DIR || "./data";
const BUILD_DIR = process.env.BUILD_DIR || "build";

const server = express();
server.disable("x-powered-by");
server.use(compression());
// Originals of uploaded photos are kept for reprocessing only: never served (they carry EXIF and GPS).
server.use("/uploads", (req, res, next) => {
  let file;
  try {
    file = decodeURIComponent(req.path);
  } catch {
    return res.sendStatus(400);
  }
  if (/^\/*private(\/|$)/i.test(path.posix.normalize(file.replace(/\\/g, "/")))) return res.sendStatus(404);
  next();
});
// Uploaded and demo photos: file names change whenever the content does.
server.use("/uploads", express.static(path.join(DATA_DIR, "uploads"), { immutable: true, maxAge: "1y", index: false }));

let ready;
if (DEVELOPMENT) {
  const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const { app } = await vite.ssrLoadModule("./server/app.ts");
      return getRequestListener(app.fetch)(req, res);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  ready = vite.ssrLoadModule("./server/app.ts").then((m) => m.ready());
} else {
  const build = await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);
  server.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  server.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
  server.use(getRequestListener(build.app.fetch));
  ready = build.ready();
}

try {
  await ready;
} catch (error) {
  console.error("Could not start:", error);
  process.exit(1);
}
const listener = server.listen(PORT, HOST, () => {
  console.log(`Souq Estate is running on http://localhost:${PORT}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    listener.close();
    process.exit(0);
  });
}
