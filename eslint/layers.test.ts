// The layers of docs/architecture.md, as the linter sees them: each rule refuses the import it
// exists for and lets the ordinary one through. Real files of the project are named, so a rule that
// stopped resolving imports would fail here rather than pass everything.
import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const layerRules = (list: string[]) =>
  list.filter((p) => /import-x\/no-restricted-paths|layers\/contract-only|import-x\/no-cycle/.test(p));

describe("import layers", () => {
  it("a component may not import a feature module", async () => {
    const found = await problems(
      "app/components/example.tsx",
      'import { PropertyCard } from "~/modules/listings/property/property-card";\nexport const X = PropertyCard;\n',
    );
    expect(layerRules(found).join("\n")).toMatch(/no-restricted-paths.*app\/components/);
    expect(
      layerRules(
        await problems(
          "app/components/example.tsx",
          'import { formatPrice } from "~/lib/format";\nexport const X = formatPrice;\n',
        ),
      ),
    ).toEqual([]);
  });

  it("app/lib imports no feature and not the root route", async () => {
    for (const code of [
      'import { PropertyCard } from "~/modules/listings/property/property-card";\nexport const X = PropertyCard;\n',
      'import { loader } from "~/root";\nexport const X = loader;\n',
    ]) {
      expect(layerRules(await problems("app/lib/example.ts", code)).join("\n")).toMatch(/app\/lib is shared/);
    }
  });

  it("browser code imports from server/ only contracts, .server modules and types", async () => {
    const refused = await problems(
      "app/modules/example.tsx",
      'import { searchListingIds } from "~server/api/listings/property/service";\nexport const X = searchListingIds;\n',
    );
    expect(layerRules(refused).join("\n")).toMatch(/layers\/contract-only/);
    for (const code of [
      'import { GATES } from "~server/api/packages/contract";\nexport const X = GATES;\n',
      'import { env } from "~server/runtime/env.server";\nexport const X = env;\n',
      'import type { CallData } from "~server/api/calls";\nexport type X = CallData<"get_property">;\n',
    ]) {
      expect(layerRules(await problems("app/modules/example.tsx", code))).toEqual([]);
    }
  });

  it("a contract imports only other contracts", async () => {
    const found = await problems(
      "server/api/example/schema.ts",
      'import { db } from "../../db/client.server";\nexport const X = db;\n',
    );
    expect(layerRules(found).join("\n")).toMatch(/A contract file imports/);
  });

  it("the demo data goes through services", async () => {
    const found = await problems(
      "demo/seed/example.ts",
      'import { takeListingQuota } from "../../server/api/packages/quota";\nexport const X = takeListingQuota;\n',
    );
    expect(layerRules(found).join("\n")).toMatch(/demo data goes through/);
    expect(
      layerRules(
        await problems(
          "demo/seed/example.ts",
          'import { giveStarterPackage } from "../../server/api/packages/service";\nexport const X = giveStarterPackage;\n',
        ),
      ),
    ).toEqual([]);
  });

  it("the product reaches the demo data only through the runtime's one entry", async () => {
    const elsewhere = await problems(
      "server/api/example.ts",
      'import { seedIfEmpty } from "../../demo";\nexport const X = seedIfEmpty;\n',
    );
    expect(layerRules(elsewhere).join("\n")).toMatch(/Only server\/runtime\/runtime.server.ts uses the demo/);
    const inside = await problems(
      "server/runtime/runtime.server.ts",
      'import { demoCatalog } from "../../demo/seed/catalog";\nexport const X = demoCatalog;\n',
    );
    expect(layerRules(inside).join("\n")).toMatch(/Only server\/runtime\/runtime.server.ts uses the demo/);
    expect(
      layerRules(
        await problems(
          "server/runtime/runtime.server.ts",
          'import { seedIfEmpty } from "../../demo";\nexport const X = seedIfEmpty;\n',
        ),
      ),
    ).toEqual([]);
  });

  it("the server does not import the web app", async () => {
    const found = await problems(
      "server/api/example.ts",
      'import { api } from "~/lib/api.server";\nexport const X = api;\n',
    );
    expect(layerRules(found).join("\n")).toMatch(/does not depend on the web app/);
  });

  it("an import circle is refused", async () => {
    // users/service.ts imports packages/service.ts: importing users/service back closes a circle.
    const found = await problems(
      "server/api/packages/service.ts",
      'import { isProfileComplete } from "../users/service";\nexport const X = isProfileComplete;\n',
    );
    expect(layerRules(found).join("\n")).toMatch(/no-cycle/);
  });
});
