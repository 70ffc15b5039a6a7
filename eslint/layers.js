// The import rules that the import plugin cannot say. See docs/architecture.md, "What each folder
// may import".
//
// contract-only: code that may reach the browser takes from `server/` only what is safe to ship there.
// - A module of `app/` that is not `*.server.*` can end up in the browser bundle. From `server/` it
//   may import values only from contract files (zod schemas, constants and pure functions shared by
//   the API and the forms) or from `*.server.*` modules, which React Router keeps out of the
//   browser's bundle and refuses to build if a browser module still needs them. `import type` is
//   always allowed: types are erased.
// - A contract file may import from `server/` only other contract files, so a contract cannot pull
//   the database into the browser through a chain.
//
// through-api: `app/` (its server modules too) reaches the database, the identity service and file
// storage only through the API, so that every read and change passes the API's access checks; the
// few pieces of plumbing that must touch them are listed below, each with its reason.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "server") + path.sep;
const appDir = path.join(root, "app") + path.sep;

/**
 * Contract files: under `server/` but not `server/db/`, a file in a `contract/` folder or named
 * `contract.ts`, `schema.ts` or `*-schema.ts`.
 */
export const isContract = (file) =>
  file.startsWith(serverDir) &&
  !file.startsWith(path.join(serverDir, "db") + path.sep) &&
  (/[/\\]contract[/\\]/.test(file) || /[/\\](contract|schema|[\w-]+-schema)(\.tsx?)?$/.test(file));
const isServerOnly = (file) => /\.server(\.[cm]?[jt]sx?)?$/.test(file) || /\.server$/.test(file);

/** Where an import specifier points, as an absolute path without guessing its extension. */
function target(specifier, importer) {
  if (specifier.startsWith("~server/")) return path.join(serverDir, specifier.slice("~server/".length));
  if (specifier.startsWith("~/")) return path.join(appDir, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
  return null;
}

const isTypeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type"));

const contractOnly = {
  meta: {
    type: "problem",
    docs: { description: "Browser code and contracts import from server/ only contracts" },
    schema: [],
    messages: {
      browser:
        "`{{file}}` can reach the browser: import from server/ only contract files (contract.ts, schema.ts, *-schema.ts), *.server modules or types, not `{{specifier}}`.",
      contract:
        "A contract file imports from server/ only other contract files or types, not `{{specifier}}`.",
    },
  },
  create(context) {
    const file = context.filename;
    const inApp = file.startsWith(appDir) && !isServerOnly(file);
    const inContract = isContract(file);
    if (!inApp && !inContract) return {};
    const check = (node) => {
      if (!node.source || isTypeOnly(node)) return;
      const specifier = node.source.value;
      const to = target(specifier, file);
      if (!to || !to.startsWith(serverDir)) return;
      if (isContract(to)) return;
      if (inApp && isServerOnly(to)) return;
      context.report({
        node: node.source,
        messageId: inApp ? "browser" : "contract",
        data: { specifier, file: path.relative(root, file) },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal") check({ source: node.source });
      },
    };
  },
};

/**
 * What the web app reaches only through the API (docs/architecture.md): the database, the identity
 * service and file storage, and the runtime that holds all three. Contract files and `import type`
 * stay allowed (a schema or a type carries no connection).
 */
const behindApi = [
  { dir: "server/db", what: "the database" },
  { dir: "server/auth", what: "the identity service" },
  // All of media but the one module that only draws: storage, its buckets, the upload server.
  { dir: "server/media", what: "file storage" },
  { file: "server/runtime/runtime.server.ts", what: "the runtime (database, identity service, storage)" },
];

/**
 * The narrow exceptions, importer → module (paths from the repository's root), each with its reason.
 * Nothing else in `app/` may import these.
 */
const plumbing = [
  // The client dispatches a call inside this process when the API runs here: the runtime's API,
  // never its database or storage.
  { importer: "app/lib/api.server.ts", module: "server/runtime/runtime.server.ts" },
  // The session cookie is the web app's own: it is made from a fresh ID token and checked on every
  // request (the viewer, cheaply, without a call), and revoked at sign-out.
  { importer: "app/lib/session.server.ts", module: "server/runtime/runtime.server.ts" },
  { importer: "app/lib/session.server.ts", module: "server/auth/firebase.server.ts" },
  // What an outage of the database looks like (its message, Retry-After): constants, no connection.
  { importer: "app/lib/api.server.ts", module: "server/db/unavailable.ts" },
  { importer: "app/entry.server.tsx", module: "server/db/unavailable.ts" },
  // The share card is drawn in the web process from bytes the API gave; this module reads no storage.
  { importer: "app/modules/share-card/card.server.ts", module: "server/media/share-card.server.ts" },
];

/** The repository path of a target without its extension guessed: `a/b` matches `a/b.ts`. */
const sameModule = (to, module) => to === module || to === module.replace(/\.[cm]?[jt]sx?$/, "");

const throughApi = {
  meta: {
    type: "problem",
    docs: { description: "app/ reaches the database, identity service and storage only through the API" },
    schema: [],
    messages: {
      behindApi:
        "`{{file}}` reaches {{what}} through the API (app/lib/api.server.ts), not by importing `{{specifier}}`.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(appDir)) return {};
    const importer = path.relative(root, file).split(path.sep).join("/");
    const check = (node) => {
      if (!node.source || isTypeOnly(node)) return;
      const specifier = node.source.value;
      const absolute = target(specifier, file);
      if (!absolute || !absolute.startsWith(serverDir) || isContract(absolute)) return;
      const to = path.relative(root, absolute).split(path.sep).join("/");
      const layer = behindApi.find((l) =>
        l.dir ? to === l.dir || to.startsWith(`${l.dir}/`) : sameModule(to, l.file),
      );
      if (!layer) return;
      if (plumbing.some((p) => p.importer === importer && sameModule(to, p.module))) return;
      context.report({
        node: node.source,
        messageId: "behindApi",
        data: { specifier, what: layer.what, file: importer },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal") check({ source: node.source });
      },
    };
  },
};

export default { rules: { "contract-only": contractOnly, "through-api": throughApi } };
