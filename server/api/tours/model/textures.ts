// Pictures for the dollhouse's surfaces, made from a room's 360° photo. Each texel of a wall or
// floor is a point in the room; it is looked up in the panorama along the ray from where the camera
// stood (the room's centre, 1.5 m up), so straight edges stay straight and corners meet. Done in plain
// JavaScript over raw pixels from sharp: the textures are small and this keeps the maths in one place.
import sharp from "sharp";
import { ModelInputError } from "./contract";
import { perimeterPoint, type Rect } from "./geometry";

export interface RawImage {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, rows top to bottom. */
  data: Uint8Array;
}

export type Rgb = [number, number, number];

/** Panoramas are read at most this wide: more detail than the textures can hold is only decoding time. */
export const PANORAMA_READ_WIDTH = 2048;
/** Where the 360° camera is assumed to have stood, in millimetres above the floor. */
export const CAMERA_HEIGHT = 1500;
/** A 2:1 image within this much is taken as a full sphere. */
const ASPECT_TOLERANCE = 0.06;
/** Decoding stops rather than allocate for an image beyond this (a 16K panorama is 134 M pixels). */
const PIXEL_LIMIT = 150_000_000;

async function readMeta(bytes: Uint8Array, label: string, what: string) {
  try {
    const meta = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    return meta;
  } catch {
    throw new ModelInputError(`The ${what} of room “${label}” could not be read as an image.`);
  }
}

/**
 * The panorama as raw RGB at most `maxWidth` wide, or null when the image is not 2:1 (a partial
 * sphere or a flat photo sent as a panorama), which the caller then treats as a photo.
 */
export async function readPanorama(
  bytes: Uint8Array,
  label: string,
  maxWidth = PANORAMA_READ_WIDTH,
): Promise<RawImage | null> {
  const meta = await readMeta(bytes, label, "360° photo");
  // EXIF orientation 5–8 swaps width and height.
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (Math.abs(w / h - 2) > 2 * ASPECT_TOLERANCE) return null;
  const width = Math.max(64, Math.min(maxWidth, w - (w % 2)));
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .resize(width, width / 2, { fit: "fill", kernel: "lanczos3" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch {
    throw new ModelInputError(`The 360° photo of room “${label}” could not be read as an image.`);
  }
}

/**
 * Bilinear look-ups in an equirectangular image, summed into `sum` (columns wrap round, rows stop
 * at the poles). Positions are in pixels, as fractional columns and rows.
 */
function sampler(img: RawImage) {
  const { width: W, height: H, data } = img;
  const sum = { r: 0, g: 0, b: 0 };
  const add = (fx: number, fy: number) => {
    if (fy < 0) fy = 0;
    else if (fy > H - 1) fy = H - 1;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = fx - x0;
    const ty = fy - y0;
    const xa = x0 < 0 ? x0 + W : x0 >= W ? x0 - W : x0;
    const xb = xa + 1 === W ? 0 : xa + 1;
    const yb = y0 + 1 < H ? y0 + 1 : y0;
    const i00 = (y0 * W + xa) * 3;
    const i10 = (y0 * W + xb) * 3;
    const i01 = (yb * W + xa) * 3;
    const i11 = (yb * W + xb) * 3;
    const w00 = (1 - tx) * (1 - ty);
    const w10 = tx * (1 - ty);
    const w01 = (1 - tx) * ty;
    const w11 = tx * ty;
    sum.r += data[i00]! * w00 + data[i10]! * w10 + data[i01]! * w01 + data[i11]! * w11;
    sum.g += data[i00 + 1]! * w00 + data[i10 + 1]! * w10 + data[i01 + 1]! * w01 + data[i11 + 1]! * w11;
    sum.b += data[i00 + 2]! * w00 + data[i10 + 2]! * w10 + data[i01 + 2]! * w01 + data[i11 + 2]! * w11;
  };
  return { sum, add };
}

// Yaw 0 looks north (-z) from the image's centre column and turns clockwise seen from above (east
// at +90°); pitch +90° (up) is the top row.
const columnOf = (img: RawImage, dx: number, dz: number) =>
  (0.5 + Math.atan2(dx, -dz) / (2 * Math.PI)) * img.width - 0.5;
const rowOf = (img: RawImage, dy: number, horizontal: number) =>
  (0.5 - Math.atan2(dy, horizontal) / Math.PI) * img.height - 0.5;

/** Sub-samples per texel along each axis: the panorama is finer than the textures near the camera. */
const SUPER = 2;
const SAMPLES = SUPER * SUPER;

/**
 * The room's four walls as one strip, `width` texels once round the room (clockwise from the
 * north-west corner, see perimeterFraction) by `height` from the ceiling down to the floor.
 */
export function wallTexture(
  pano: RawImage,
  interior: Rect,
  ceiling: number,
  width: number,
  height: number,
): RawImage {
  const cx = (interior.x0 + interior.x1) / 2;
  const cz = (interior.z0 + interior.z1) / 2;
  const eye = Math.min(CAMERA_HEIGHT, ceiling - 100);
  const out = new Uint8Array(width * height * 3);
  const { sum, add } = sampler(pano);
  // A column of the strip is one direction from the camera at one distance: work those out once.
  const columns = width * SUPER;
  const fx = new Float64Array(columns);
  const dist = new Float64Array(columns);
  for (let i = 0; i < columns; i++) {
    const p = perimeterPoint(interior, (i + 0.5) / columns);
    fx[i] = columnOf(pano, p.x - cx, p.z - cz);
    dist[i] = Math.hypot(p.x - cx, p.z - cz);
  }
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      sum.r = sum.g = sum.b = 0;
      for (let sj = 0; sj < SUPER; sj++) {
        const dy = ceiling * (1 - (j + (sj + 0.5) / SUPER) / height) - eye;
        for (let si = 0; si < SUPER; si++) {
          const c = i * SUPER + si;
          add(fx[c]!, rowOf(pano, dy, dist[c]!));
        }
      }
      const o = (j * width + i) * 3;
      out[o] = Math.round(sum.r / SAMPLES);
      out[o + 1] = Math.round(sum.g / SAMPLES);
      out[o + 2] = Math.round(sum.b / SAMPLES);
    }
  }
  return { width, height, data: out };
}

/** The floor seen from straight above: the panorama's lower half laid back onto the room's outline. */
export function floorTexture(
  pano: RawImage,
  outline: Rect,
  interior: Rect,
  width: number,
  height: number,
): RawImage {
  const cx = (interior.x0 + interior.x1) / 2;
  const cz = (interior.z0 + interior.z1) / 2;
  const w = outline.x1 - outline.x0;
  const d = outline.z1 - outline.z0;
  const out = new Uint8Array(width * height * 3);
  const { sum, add } = sampler(pano);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      sum.r = sum.g = sum.b = 0;
      for (let sj = 0; sj < SUPER; sj++) {
        const dz = outline.z0 + (d * (j + (sj + 0.5) / SUPER)) / height - cz;
        for (let si = 0; si < SUPER; si++) {
          const dx = outline.x0 + (w * (i + (si + 0.5) / SUPER)) / width - cx;
          add(columnOf(pano, dx, dz), rowOf(pano, -CAMERA_HEIGHT, Math.hypot(dx, dz)));
        }
      }
      const o = (j * width + i) * 3;
      out[o] = Math.round(sum.r / SAMPLES);
      out[o + 1] = Math.round(sum.g / SAMPLES);
      out[o + 2] = Math.round(sum.b / SAMPLES);
    }
  }
  return { width, height, data: out };
}

/** Texture sizes for a room: about `density` texels a metre, within what every GPU handles. */
export function textureSizes(outline: Rect, interior: Rect, ceiling: number, density: number) {
  const even = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v / 8) * 8));
  const perimeter = 2 * (interior.x1 - interior.x0 + interior.z1 - interior.z0);
  const w = outline.x1 - outline.x0;
  const d = outline.z1 - outline.z0;
  const long = Math.max(w, d);
  const floorLong = even((long / 1000) * density, 64, 512);
  return {
    wall: {
      width: even((perimeter / 1000) * density, 128, 2048),
      height: even((ceiling / 1000) * density, 64, 512),
    },
    floor: {
      width: w >= d ? floorLong : even((floorLong * w) / d, 16, 512),
      height: d >= w ? floorLong : even((floorLong * d) / w, 16, 512),
    },
  };
}

export function averageColour(img: RawImage): Rgb {
  const sum = [0, 0, 0];
  const n = img.width * img.height;
  for (let i = 0; i < n * 3; i += 3) {
    sum[0]! += img.data[i]!;
    sum[1]! += img.data[i + 1]!;
    sum[2]! += img.data[i + 2]!;
  }
  return sum.map((s) => Math.round(s / Math.max(1, n))) as Rgb;
}

export async function encodeJpeg(img: RawImage, quality: number): Promise<Uint8Array> {
  const buf = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: "4:2:0" })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * Colours for a room that has only a flat photo (or a panorama that is not a full sphere): the
 * photo's lower quarter for the floor, its upper part, lightened, for the walls. Where the photo
 * was taken from is unknown, so it is not laid onto any wall.
 */
export async function photoColours(bytes: Uint8Array, label: string): Promise<{ floor: Rgb; wall: Rgb }> {
  await readMeta(bytes, label, "photo");
  try {
    const { data } = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .resize(16, 16, { fit: "fill" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rows = (from: number, to: number): RawImage => ({
      width: 16,
      height: to - from,
      data: new Uint8Array(data.subarray(from * 48, to * 48)),
    });
    const floor = averageColour(rows(12, 16));
    const wall = averageColour(rows(0, 10)).map((c) => Math.round(c + (255 - c) * 0.55)) as Rgb;
    return { floor, wall };
  } catch {
    throw new ModelInputError(`The photo of room “${label}” could not be read as an image.`);
  }
}

/** glTF colour factors are linear; pictures and CSS colours are sRGB. */
export function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

export const hex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

export interface RoomLook {
  floor: Rgb;
  wall: Rgb;
  floorTexture?: RawImage;
  wallTexture?: RawImage;
}

/** A light floor and white walls for rooms without pictures. */
export const PLAIN_FLOOR: Rgb = [216, 205, 187];
export const PLAIN_WALL: Rgb = [243, 241, 237];

/**
 * How a room looks. "textures": wall and floor textures at `density` texels a metre (colours are
 * their averages); "colours": only the average colours, from a small decode, for the still picture.
 */
export async function roomLook(
  room: { name: string; panorama?: Uint8Array; photo?: Uint8Array },
  outline: Rect,
  interior: Rect,
  ceiling: number,
  detail: { textures: boolean; density: number },
): Promise<RoomLook> {
  const pano = room.panorama
    ? await readPanorama(room.panorama, room.name, detail.textures ? PANORAMA_READ_WIDTH : 512)
    : null;
  if (pano) {
    const density = detail.textures ? detail.density : 10;
    const size = textureSizes(outline, interior, ceiling, density);
    const wall = wallTexture(pano, interior, ceiling, size.wall.width, size.wall.height);
    const floor = floorTexture(pano, outline, interior, size.floor.width, size.floor.height);
    const look: RoomLook = { floor: averageColour(floor), wall: averageColour(wall) };
    if (detail.textures) Object.assign(look, { floorTexture: floor, wallTexture: wall });
    return look;
  }
  // A panorama that is not a full sphere still tells the room's colours, like a photo.
  const photo = room.panorama ?? room.photo;
  if (photo) return photoColours(photo, room.name);
  return { floor: PLAIN_FLOOR, wall: PLAIN_WALL };
}

/** Runs `fn` over `items` with at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
