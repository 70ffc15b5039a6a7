// Builds the site's service worker (app/modules/pwa/service-worker.ts: push and offline pages) into
// /firebase-messaging-sw.js: one self-contained classic script (service workers that import modules
// are not supported everywhere), made from the `firebase` package we install rather than Google's
// CDN. It is built beside the client build and lands in its output folder, which the server serves
// as static files; the dev server builds it on first request. /sw.js, the address the site
// registers, imports it (decision 048); browsers registered at the old address keep using it there.
import path from "node:path";
import { build, type Plugin, type ResolvedConfig, type Rollup } from "vite";

const FILE = "firebase-messaging-sw.js";
const ENTRY = "app/modules/pwa/service-worker.ts";

async function bundle(root: string, minify: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: "warn",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: {
        entry: path.resolve(root, ENTRY),
        formats: ["iife"],
        name: "souqServiceWorker",
        fileName: () => FILE,
      },
    },
  });
  for (const output of (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]) {
    const chunk = output.output?.find((o): o is Rollup.OutputChunk => o.type === "chunk" && o.isEntry);
    if (chunk) return chunk.code;
  }
  throw new Error(`Could not build ${FILE}`);
}

export function firebaseMessagingServiceWorker(): Plugin {
  let config: ResolvedConfig;
  let devBuild: Promise<string> | undefined;
  return {
    name: "souq:firebase-messaging-sw",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      if (config.build.ssr) return;
      this.emitFile({ type: "asset", fileName: FILE, source: await bundle(config.root, true) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== `/${FILE}`) return next();
        // Built once per dev server start: the worker's source rarely changes.
        (devBuild ??= bundle(config.root, false)).then((code) => {
          res.setHeader("content-type", "text/javascript; charset=utf-8");
          res.setHeader("cache-control", "no-cache");
          res.end(code);
        }, next);
      });
    },
  };
}
