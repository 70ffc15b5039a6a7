// `npm start`: the whole product on embedded defaults — auth emulator, production build, demo data.
// `--dev` (npm run dev): the same, but Vite serves the code and reloads it on change.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, mkdirSync } from "node:fs";
import path from "node:path";
import { startAuthEmulator } from "./emulator.mjs";

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
const buildEntry = "build/server/index.js";
if (
  (!DEV && !existsSync(buildEntry)) ||
  statSync(buildEntry).mtimeMs < newest(["app", "server", "locales", "public"])
) {
  console.log("Building the app…");
  const r = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

mkdirSync(DATA_DIR, { recursive: true });
const useEmulator =
  !process.env.FIREBASE_AUTH_EMULATOR_HOST &&
  (process.env.FIREBASE_PROJECT_ID ?? "demo-souq").startsWith("demo-");
const emulator = useEmulator
  ? await startAuthEmulator({
      config: "firebase.json",
      projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-souq",
      port: 9099,
      dataDir: path.join(DATA_DIR, "firebase"),
    })
  : null;

const server = spawn(process.execPath, ["server.js"], {
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

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  await emulator?.stop();
  process.exit(code);
}
server.on("exit", (code) => stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
