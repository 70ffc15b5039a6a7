// React Router publishes a production build (no development warnings) beside its development one,
// but its package's exports name only the development build, so Node loads that one whatever
// NODE_ENV says (remix-run/react-router#14102). The server build therefore bundles React Router from
// its production files: every importer on the server with it (@react-router/node, remix-i18next),
// so that one copy serves them all (two copies would not share the router's context objects), and
// React Router's own dependencies from where it installed them (its `cookie` is a newer major than
// the one the project's root holds). The browser build and development are left as they are.
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** Every package of the server bundle that imports "react-router", and React Router's own dependencies. */
const BUNDLED = ["react-router", "@react-router/node", "remix-i18next", "cookie", "set-cookie-parser"];

export function productionReactRouter(): Plugin {
  const entry = path.join(
    path.dirname(require.resolve("react-router/package.json")),
    "dist/production/index.mjs",
  );
  return {
    name: "souq:production-react-router",
    apply: "build",
    config(_config, { isSsrBuild }) {
      if (!isSsrBuild) return;
      return {
        resolve: { alias: [{ find: /^react-router$/, replacement: entry }] },
        ssr: { noExternal: BUNDLED },
      };
    },
  };
}
