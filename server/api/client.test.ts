// A generated client, type-checked: the OpenAPI document must be complete enough that a mobile
// developer's code, typed by openapi-typescript and calling with openapi-fetch, compiles while reading
// real fields of the answers (tests/client/mobile-script.ts). The same script then runs against the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { createTestApi, signedUp } from "../../tests/support/testing";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCRIPT = path.join(ROOT, "tests/client/mobile-script.ts");

let t: Awaited<ReturnType<typeof createTestApi>>;
let dir: string;
beforeAll(async () => {
  t = await createTestApi();
  dir = mkdtempSync(path.join(tmpdir(), "souq-client-"));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** Compiles the folder's script as a strict project of its own would, and lists what fails. */
function typeErrors(entry: string): string[] {
  const program = ts.createProgram([entry], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return text;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.basename(d.file.fileName)}:${line + 1}:${character + 1} ${text}`;
  });
}

describe("a client generated from the OpenAPI document", () => {
  it("types a mobile script that signs in, searches, opens a listing and sends a message", async () => {
    const res = await t.api.fetch(new Request("http://test/api/openapi.json"));
    expect(res.status).toBe(200);
    const types = astToString(await openapiTS(await res.json()));
    writeFileSync(path.join(dir, "souq-api.ts"), types);
    copyFileSync(SCRIPT, path.join(dir, "mobile-script.ts"));
    // openapi-fetch resolves from the project's own packages, as it would in the app's.
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const errors = typeErrors(path.join(dir, "mobile-script.ts"));
    expect(
      errors,
      `The generated types (${path.join(dir, "souq-api.ts")}) do not fit what the script reads:\n${errors.join("\n")}`,
    ).toEqual([]);
  }, 120_000);

  it("and the script works against the API", async () => {
    const person = await signedUp(t, "Mobile Person");
    // Imported by address: its generated types exist only in the folder above, so the project's own
    // type check must not follow it (tsconfig leaves tests/client out).
    const { mobileSession } = (await import(pathToFileURL(SCRIPT).href)) as {
      mobileSession(options: {
        baseUrl: string;
        email: string;
        password: string;
        fetch: (request: Request) => Response | Promise<Response>;
      }): Promise<{
        token: string;
        found: number;
        listing: { id: number; slug: string; title: string; price: number; ownerName: string };
        messageId: number;
        sentAt: string;
      }>;
    };
    const session = await mobileSession({
      baseUrl: "http://test/api",
      email: person.email,
      password: "secret123",
      fetch: (request) => t.api.fetch(request),
    });
    expect(session.token.length).toBeGreaterThan(20);
    expect(session.found).toBeGreaterThan(0);
    expect(session.listing.title.length).toBeGreaterThan(0);
    expect(session.listing.price).toBeGreaterThan(0);
    expect(session.messageId).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(session.sentAt))).toBe(false);
  }, 60_000);
});
