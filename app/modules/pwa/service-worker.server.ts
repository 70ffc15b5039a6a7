// /sw.js, the site's service worker at a stable address (decision 048): a few lines that name this
// server's Firebase web app for push, then import the built worker. The worker's code stays one
// static file for every configuration; a new build is noticed because every check for an update
// compares the imported file too (the pages register with updateViaCache "none").
import { createHash } from "node:crypto";
import { publicEnv } from "~server/runtime/env.server";
import { SERVICE_WORKER_CSP } from "~server/security/headers";
import { PUSH_CONFIG_GLOBAL, WORKER_SCRIPT } from "./worker-address";

export function serviceWorkerScript(push: ReturnType<typeof publicEnv>["push"]): string {
  // What the worker needs to start Firebase Messaging: public values, the same the pages are given.
  const config = push
    ? {
        apiKey: push.apiKey,
        projectId: push.projectId,
        messagingSenderId: push.messagingSenderId,
        appId: push.appId,
      }
    : null;
  return [
    "// The site's service worker: push messages and pages to read offline.",
    `self.${PUSH_CONFIG_GLOBAL} = ${JSON.stringify(config)};`,
    `importScripts(${JSON.stringify(WORKER_SCRIPT)});`,
    "",
  ].join("\n");
}

export function serviceWorkerResponse(request: Request): Response {
  const body = serviceWorkerScript(publicEnv().push);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    // Browsers check a worker at least daily whatever this says; no-cache makes every check ask.
    "cache-control": "no-cache",
    etag,
    "content-security-policy": SERVICE_WORKER_CSP,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
