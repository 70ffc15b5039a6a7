// Photo-like stand-ins for 360° photos, for tests and measurements: a room's bands (ceiling, walls,
// floor) with windows and a door, soft mottling (blurred noise, like texture and light falloff) and
// fine grain (like a camera sensor's), so that JPEG sizes and decoding times are those of real
// panoramas rather than of flat colour (too small) or pure noise (far too large).
import sharp from "sharp";

const PALETTES = [
  ["#f2eee6", "#d9c9ad", "#8a6446"],
  ["#f5f5f2", "#c9d5da", "#b9a888"],
  ["#faf6ee", "#e6dac6", "#6d6862"],
  ["#f1ede9", "#e3cfc3", "#a9774f"],
] as const;

export async function syntheticPanorama(variant: number, width = 4096, quality = 88): Promise<Buffer> {
  const height = width / 2;
  const [ceiling, wall, floor] = PALETTES[variant % PALETTES.length]!;
  const horizon = height / 2;
  const parts: string[] = [
    `<defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${ceiling}"/></linearGradient>`,
    `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="#3a2a1e"/></linearGradient>`,
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb6e6"/><stop offset="1" stop-color="#dcefd0"/></linearGradient></defs>`,
    `<rect width="${width}" height="${horizon - height * 0.18}" fill="url(#c)"/>`,
    `<rect y="${horizon - height * 0.18}" width="${width}" height="${height * 0.36}" fill="${wall}"/>`,
    `<rect y="${horizon + height * 0.18}" width="${width}" height="${height * 0.32}" fill="url(#f)"/>`,
  ];
  for (let k = 0; k < 4; k++) {
    const x = ((k + 0.3 + variant * 0.17) % 4) * (width / 4);
    if (k % 2 === 0)
      parts.push(
        `<rect x="${x}" y="${horizon - height * 0.12}" width="${width * 0.07}" height="${height * 0.2}" fill="url(#s)" stroke="#fff" stroke-width="${width / 400}"/>`,
      );
    else
      parts.push(
        `<rect x="${x}" y="${horizon - height * 0.1}" width="${width * 0.04}" height="${height * 0.28}" fill="#6b4a32"/>`,
      );
    parts.push(
      `<rect x="${(k * width) / 4}" y="${horizon - height * 0.18}" width="${width / 300}" height="${height * 0.36}" fill="#000" opacity="0.08"/>`,
    );
  }
  // Bands and mottling are smooth, so they are made at half size and scaled up; only the grain is
  // made at full size. Seeded noise, so every run measures the same bytes.
  const half = { width: width / 2, height: height / 2 };
  const base = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${half.width}" height="${half.height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  const random = xorshift(0x9e3779b9 ^ (variant + 1));
  const coarse = Buffer.alloc((width / 16) * (height / 16) * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = 128 + (random() + random() + random() - 1.5) * 90;
  const mottle = await sharp(coarse, { raw: { width: width / 16, height: height / 16, channels: 3 } })
    .resize(half.width, half.height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const smooth = new Uint8ClampedArray(base.length);
  for (let i = 0; i < smooth.length; i++) smooth[i] = base[i]! + (mottle[i]! - 128) * 0.35;
  const up = await sharp(smooth, { raw: { ...half, channels: 3 } })
    .resize(width, height, { kernel: "lanczos3" })
    .raw()
    .toBuffer();
  const tile = new Int8Array(1 << 16);
  for (let i = 0; i < tile.length; i++) tile[i] = (random() + random() - 1) * GRAIN;
  const out = new Uint8ClampedArray(up.length);
  // The grain repeats every 65536 bytes, offset per row so it does not line up into a pattern.
  for (let i = 0; i < out.length; i++) out[i] = up[i]! + tile[(i + ((i / (width * 3)) | 0) * 7919) & 0xffff]!;
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Amplitude of the grain, in 8-bit levels: enough to give a 4096 px panorama the 1.5–3 MB of a real one. */
const GRAIN = 20;

function xorshift(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}
