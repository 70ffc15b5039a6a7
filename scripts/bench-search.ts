// get_property latency on a large catalogue: text + filters + bounding box, the way the list and
// map ask; and get-map-clusters over map views from the whole region down to a street. Prints
// p50/p95/max of each over a fixed mix of queries (after a warm-up).
// Usage: tsx scripts/bench-search.ts [--count 100000] [--runs 300]   (DATABASE_URL, or DATA_DIR for PGlite)
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createApi } from "../server/api";
import { AuthService } from "../server/auth/firebase.server";
import { openDatabase } from "../server/db/client.server";
import { LocalDiskStorage } from "../server/media/storage.server";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const count = arg("count", "100000");
const runs = Number(arg("runs", "300"));
const dataDir = process.env.DATA_DIR ?? "./data/bench-large";

// Make sure the catalogue exists (the generator returns at once when it does).
const gen = spawnSync(process.execPath, ["--import", "tsx", "scripts/generate-listings.ts", "--count", count], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } });
if (gen.status !== 0) process.exit(gen.status ?? 1);

const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") });
const api = createApi({
  db: handle.db,
  storage: new LocalDiskStorage({ root: path.join(dataDir, "uploads"), publicBase: "/uploads" }),
  auth: new AuthService({ projectId: "demo-bench", apiKey: "x" }),
});

const boxes = ["55.05,24.95,55.35,25.25", "54.3,24.35,54.6,24.6", "46.55,24.6,46.85,24.85", "31.2,29.9,31.6,30.2", "39.1,21.4,39.3,21.7"];
const words = ["apartment", "villa", "marina", "pool", "sea view", "شقة", "فيلا", "townhouse", "office", "garden"];
const queries: string[] = [];
for (let i = 0; i < 40; i++) {
  const q = new URLSearchParams({ limit: "12" });
  if (i % 2 === 0) q.set("search", words[i % words.length]!);
  if (i % 3 !== 2) q.set("bbox", boxes[i % boxes.length]!);
  if (i % 4 === 0) q.set("property_type", i % 8 === 0 ? "rent" : "sell");
  if (i % 5 === 1) (q.set("min_price", "500000"), q.set("max_price", "5000000"));
  if (i % 6 === 3) q.set("sort", "price_asc");
  if (i % 7 === 2) q.set("pmin_1", "2");
  queries.push(q.toString());
}

const time = async (qs: string, call = "get_property") => {
  const t = performance.now();
  const res = await api.fetch(new Request(`http://bench/api/${call}?${qs}`));
  if (res.status !== 200) throw new Error(`${res.status} for ${qs}: ${await res.text()}`);
  await res.json();
  return performance.now() - t;
};
/** The box a 1280 × 800 pixel map shows around a point at a zoom (512-pixel tiles, Web Mercator). */
function viewport(lng: number, lat: number, zoom: number): string {
  const world = 512 * 2 ** zoom;
  const y = (1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2;
  const latOf = (wy: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * wy))) * 180) / Math.PI;
  const dx = (640 * 360) / world;
  return [Math.max(-180, lng - dx), latOf(y + 400 / world), Math.min(180, lng + dx), latOf(y - 400 / world)].map((v) => v.toFixed(5)).join(",");
}
const centres = [[55.27, 25.2], [54.38, 24.45], [46.7, 24.7], [31.24, 30.04], [39.2, 21.5]] as const;
const mapQueries: string[] = [];
for (let i = 0; i < 40; i++) {
  const [lng, lat] = centres[i % centres.length]!;
  const zoom = 5 + (i % 10); // the Gulf at once … a few streets
  const q = new URLSearchParams({ bbox: viewport(lng, lat, zoom), zoom: String(zoom) });
  if (i % 4 === 0) q.set("property_type", i % 8 === 0 ? "rent" : "sell");
  if (i % 5 === 1) (q.set("min_price", "500000"), q.set("max_price", "5000000"));
  if (i % 6 === 3) q.set("search", words[i % words.length]!);
  if (i % 7 === 2) q.set("pmin_1", "2");
  mapQueries.push(q.toString());
}

const measure = async (list: string[], call?: string) => {
  for (const q of list) await time(q, call); // warm caches and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await time(list[i % list.length]!, call));
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  return { p50_ms: +pct(50).toFixed(1), p95_ms: +pct(95).toFixed(1), max_ms: +samples.at(-1)!.toFixed(1) };
};
const list = await measure(queries);
const map = await measure(mapQueries, "get-map-clusters");
const result = { database: handle.kind, listings: Number(count), runs, ...list, map };
console.log(JSON.stringify(result));
await handle.close();
