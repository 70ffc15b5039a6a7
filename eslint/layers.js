// The one import rule that the import plugin cannot say: code that may reach the browser takes from
// `server/` only what is safe to ship there. See docs/architecture.md, "What each folder may import".
//
// - A module of `app/` that is not `*.server.*` can end up in the browser bundle. From `server/` it
//   may import values only from contract files (zod schemas, constants and pure functions shared by
//   the API and the forms) or from `*.server.*` modules, which React Router keeps out of the
//   browser's bundle and refuses to build if a browser module still needs them. `import type` is
//   always allowed: types are erased.
// - A contract file may import from `server/` only other contract files, so a contract cannot pull
//   the database into the browser through a chain.
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

export default { rules: { "contract-only": contractOnly } };
