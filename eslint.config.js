// Lint: the language's usual mistakes, the rules of hooks, and the layers of docs/architecture.md
// as import rules, so a boundary is checked by `npm test` instead of remembered.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./eslint/layers.js";

const tests = ["**/*.test.*", "**/*.testing.*", "tests/**", "scripts/**"];

/** `target` may not import `from`: the layers, lowest first. */
const zones = [
  {
    target: "app/lib",
    from: ["app/modules", "app/routes", "app/components", "app/root.tsx"],
    message: "app/lib is shared by every feature: it imports no feature, component, route or root.",
  },
  {
    target: "app/components",
    from: ["app/modules", "app/routes", "app/root.tsx"],
    message: "app/components are the product's building blocks: they import no feature module or route.",
  },
  {
    target: "app/modules",
    from: ["app/routes", "app/root.tsx"],
    message: "A feature module is used by routes, never the other way round.",
  },
  {
    // server/app.ts is where the two meet: it mounts the web app's build beside the API.
    target: ["server/*/**", "server/!(app).ts"],
    from: ["app"],
    message: "The server does not depend on the web app (server/app.ts alone assembles the two).",
  },
  {
    target: "demo",
    from: ["server/api/**/*"],
    except: ["**/service.ts", "**/*-service.ts", "**/contract.ts", "**/schema.ts", "**/*-schema.ts"],
    message: "The demo data goes through the features' services, not their internals.",
  },
  {
    // The product runs without the demo: only the runtime reaches it, through its one entry.
    target: ["app", "server/!(runtime)/**", "server/runtime/!(runtime.server).ts", "server/*.ts"],
    from: ["demo"],
    message: "Only server/runtime/runtime.server.ts uses the demo data, through demo/index.ts.",
  },
  {
    target: "server/runtime/runtime.server.ts",
    from: ["demo"],
    except: ["./index.ts"],
    message: "Only server/runtime/runtime.server.ts uses the demo data, through demo/index.ts.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "data/",
      ".react-router/",
      "test-results/",
      "test-results-*/",
      "playwright-report/",
      "bench-results/",
      ".test-data*/",
      ".scratch/",
      "public/",
      "server/db/migrations/",
      "**/*.json",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, layers },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      // Our sanitisers match control characters on purpose (U+0000 cannot be stored, and so on).
      "no-control-regex": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
      "layers/contract-only": "error",
      "layers/through-api": "error",
    },
  },
  {
    // The server writes through its logger (server/node/log.js), whose redaction keeps tokens,
    // cookies and codes out of every line: a console call would go around it. Code that runs in
    // the browser (*.client.*, components, hooks) keeps the console, the browser's own log.
    files: [
      "server.js",
      "server/**/*.{js,ts}",
      "demo/**/*.ts",
      "app/**/*.server.{ts,tsx}",
      "app/entry.server.tsx",
      "app/routes/**",
    ],
    ignores: ["server/media/video/measure.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: tests,
    rules: {
      "no-console": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "import-x/no-restricted-paths": "off",
      "layers/contract-only": "off",
      "layers/through-api": "off",
    },
  },
  prettier,
);
