// `npm run bench -- --uploads`: what uploads cost everyone else. While three people each post a
// listing with one hostile photo (a 120 × 333 000 strip, and 40-megapixel flat images that are a
// few hundred KB as PNG), or one owner posts a listing with ten ordinary phone photos, a steady stream of /api/web-settings reads (what every page asks)
// is timed, and the server's memory is sampled. Budget (per batch): memory ≤ +300 MB over what it
// was before, web-settings p99 ≤ 300 ms.
import sharp from "sharp";
import { treeMemoryMb } from "./bench-load.mjs";

export const UPLOAD_BUDGET = { memoryGrowthMb: 300, p99Ms: 300 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The images of each batch, made here (nothing to download). */
async function batches() {
  const strip = await sharp({ create: { width: 120, height: 333_000, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const flat = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#3a6" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  // A phone photo: 12 MP with detail enough to weigh what a real one does (a few MB as JPEG).
  const noise = Buffer.alloc(1008 * 756 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const phone = await sharp(noise, { raw: { width: 1008, height: 756, channels: 3 } })
    .resize(4032, 3024, { kernel: "cubic" })
    .jpeg({ quality: 85 })
    .toBuffer();
  return [
    {
      label: "three hostile images",
      // Three people posting at once, each with one hostile photo.
      requests: "each",
      files: [
        { name: "strip.png", type: "image/png", bytes: strip },
        { name: "flat-1.png", type: "image/png", bytes: flat },
        { name: "flat-2.png", type: "image/png", bytes: flat },
      ],
    },
    {
      label: "ten phone photos",
      // One listing with ten photos, as an owner posts it from a phone.
      requests: "one",
      files: Array.from({ length: 10 }, (_, i) => ({
        name: `phone-${i}.jpg`,
        type: "image/jpeg",
        bytes: phone,
      })),
    },
  ];
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A listing's fields, as the post form sends them; the photos are added per batch. */
function listingForm(category) {
  const form = new FormData();
  const fields = {
    title: "Bright flat by the marina (upload test)",
    description: "Two bedrooms, a balcony over the water and a fitted kitchen, posted by the load test.",
    category_id: String(category),
    property_type: "sell",
    price: "1250000",
    country: "United Arab Emirates",
    state: "Dubai",
    city: "Dubai",
    address: "Marina Walk, Dubai Marina, Dubai",
    latitude: "25.08",
    longitude: "55.14",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/**
 * A new owner for each run, with a complete profile and the starter package (every earlier run's
 * listings used up some of a demo owner's).
 */
async function newPoster(base) {
  const email = `upload-bench-${Date.now()}@example.test`;
  const made = await fetch(`${base}/api/user-register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Upload Bench",
      email,
      mobile: "+971501234567",
      password: "bench-secret-1",
      re_password: "bench-secret-1",
    }),
  }).then((r) => r.json());
  const token = made?.data?.token;
  if (!token) throw new Error(`Could not register a poster: ${made?.message}`);
  const profile = await fetch(`${base}/api/update_profile`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ profile: "https://example.test/me.jpg", address: "Marina Walk, Dubai" }),
  });
  if (!profile.ok) throw new Error(`Could not complete the poster's profile: ${profile.status}`);
  return token;
}

/** Each batch posted as listings (post_property), with the reads and the memory watched. */
export async function measureUploads(base, { pid, log }) {
  const token = await newPoster(base);
  const categories = await fetch(`${base}/api/get_categories`).then((r) => r.json());
  const category = categories?.data?.[0]?.id;
  if (!category) throw new Error("No category to post in: is the demo data seeded?");
  const results = [];
  for (const batch of await batches()) {
    log(
      `Uploads: ${batch.label} (${batch.files.map((f) => `${(f.bytes.length / 1024).toFixed(0)} KB`).join(", ")})…`,
    );
    await fetch(`${base}/api/web-settings`).then((r) => r.arrayBuffer());
    await sleep(1000);
    const baseline = treeMemoryMb(pid);
    let peak = baseline;
    let running = true;
    const sampler = (async () => {
      while (running) {
        peak = Math.max(peak, treeMemoryMb(pid));
        await sleep(100);
      }
    })();
    const latencies = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (running) {
        const started = performance.now();
        const r = await fetch(`${base}/api/web-settings`);
        await r.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    });
    const started = Date.now();
    const post = async (files) => {
      const form = listingForm(category);
      files.forEach((file, i) =>
        form.append(
          i === 0 ? "title_image" : "gallery_images[]",
          new File([file.bytes], file.name, { type: file.type }),
        ),
      );
      const r = await fetch(`${base}/api/post_property`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await r.json().catch(() => ({}));
      return { files: files.map((f) => f.name), status: r.status, message: body.message };
    };
    const answers =
      batch.requests === "each"
        ? await Promise.all(batch.files.map((f) => post([f])))
        : [await post(batch.files)];
    const took = Date.now() - started;
    running = false;
    await Promise.all([sampler, ...readers]);
    const sorted = latencies.sort((a, b) => a - b);
    results.push({
      batch: batch.label,
      uploads: answers,
      seconds: Number((took / 1000).toFixed(1)),
      memoryBeforeMb: baseline,
      memoryPeakMb: peak,
      memoryGrowthMb: peak - baseline,
      reads: sorted.length,
      readP50Ms: Math.round(percentile(sorted, 50)),
      readP99Ms: Math.round(percentile(sorted, 99)),
      readMaxMs: Math.round(sorted.at(-1) ?? 0),
    });
  }
  return results;
}

export function uploadRows(results) {
  return results.map((r) => {
    const ok = r.memoryGrowthMb <= UPLOAD_BUDGET.memoryGrowthMb && r.readP99Ms <= UPLOAD_BUDGET.p99Ms;
    const statuses = r.uploads.map((u) => u.status).join(", ");
    return [
      `Uploads: ${r.batch}`,
      `${ok ? "ok" : "MISSED"}: answered ${statuses} in ${r.seconds} s; memory ${r.memoryBeforeMb} → peak ${r.memoryPeakMb} MB (+${r.memoryGrowthMb} MB); /api/web-settings meanwhile: ${r.reads} reads, p50 ${r.readP50Ms} ms, p99 ${r.readP99Ms} ms, max ${r.readMaxMs} ms`,
      ok,
    ];
  });
}
