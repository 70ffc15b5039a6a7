// `npm start`: the whole product on embedded defaults — auth emulator, production build, demo data.
// `--dev` (npm run dev): the same, but Vite serves the code and reloads it on change.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync, mkdirSync } from "node:fs";
import path from "node:path";
import { launchAuthEmulator } from "./emulator.mjs";

const DATA_DIR = process.env.DATA_DIR || "./data";
const PORT = process.env.PORT || "3000";

/** Newest modification time under the given folders, to rebuild only when sources changed. */
function newest(dirs) {
  let max = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else max = Math.max(max, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return max;
}

const DEV = process.argv.includes("--dev");
const useEmulator =
  !process.env.FIREBASE_AUTH_EMULATOR_HOST &&
  (process.env.FIREBASE_PROJECT_ID ?? "demo-souq").startsWith("demo-");
mkdirSync(DATA_DIR, { recursive: true });
// The emulator takes ~25 s of CPU to start, and only signing in needs it: it starts beside the build
// and the server, at a lower priority than either, and the demo accounts are made once it answers.
const emulator = useEmulator
  ? launchAuthEmulator({
      config: "firebase.json",
      projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-souq",
      port: 9099,
      dataDir: path.join(DATA_DIR, "firebase"),
      nice: 10,
    })
  : null;
emulator?.ready.catch((error) => {
  console.error(`Could not start the auth emulator: ${error.message}`);
  void stop(1);
});

let server = null;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server?.kill("SIGTERM");
  await emulator?.stop();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));

const buildEntry = "build/server/index.js";
const build =
  (!DEV && !existsSync(buildEntry)) ||
  statSync(buildEntry).mtimeMs < newest(["app", "server", "demo", "locales", "public"]);
// A first start also makes the embedded database and the demo's rows while the app is built: the
// two take a core each, and the server then answers as soon as it starts.
const prepare =
  build &&
  !process.env.DATABASE_URL &&
  process.env.DEMO_DATA !== "off" &&
  !existsSync(path.join(DATA_DIR, "pglite")) &&
  existsSync("node_modules/tsx");
const run = (args, env) =>
  new Promise((resolve) => spawn(process.execPath, args, { stdio: "inherit", env }).on("exit", resolve));
if (build) console.log("Building the app…");
const [built, prepared] = await Promise.all([
  build ? run(["node_modules/@react-router/dev/bin.js", "build"], process.env) : 0,
  prepare ? run(["--import", "tsx", "scripts/prepare-demo.ts"], { ...process.env, DATA_DIR }) : 0,
]);
if (built !== 0) await stop(built ?? 1);
// Not fatal: the server makes the database itself.
if (prepared !== 0) console.log("The database could not be prepared beside the build; the server makes it.");

if (!stopping) {
  server = spawn(process.execPath, ["server.js"], {
    stdio: "inherit",
    env: {
      NODE_ENV: DEV ? "development" : "production",
      // Plain http on localhost: the session cookie cannot be Secure-only here.
      INSECURE_COOKIES: "1",
      // The demo's console is for the person who started it: warnings, not a line per request
      // (LOG_LEVEL=info shows them).
      LOG_LEVEL: "warn",
      ...process.env,
      PORT,
      DATA_DIR,
      ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
    },
  });
  server.on("exit", (code) => stop(code ?? 0));
}
