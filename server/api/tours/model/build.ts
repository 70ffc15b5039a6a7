// The dollhouse as a binary glTF (GLB): one node per room (its floor and the insides of its walls,
// textured from its 360° photo when it has one) and one for the wall structure (outsides, tops, door
// jambs). No ceiling, so it is looked at from above; no lights or camera, the viewer brings its own.
import { Document, NodeIO, type GLTF, type Material, type Texture } from "@gltf-transform/core";
import { checkInput, type ModelInput } from "./contract";
import { faceCorners, layoutPlan, normalOf, perimeterFraction, type Layout } from "./geometry";
import {
  encodeJpeg,
  mapLimit,
  roomLook,
  srgbToLinear,
  type RawImage,
  type RoomLook,
  type Rgb,
} from "./textures";

export interface BuiltModel {
  glb: Buffer;
  bytes: number;
  triangles: number;
  textures: number;
  millis: number;
  openings: number;
}

/** Texels a metre on walls and floors: sharp enough from a few metres away, small enough to download. */
const TEXEL_DENSITY = 100;
const JPEG_QUALITY = 78;
/** Rooms worked on at once: decoding runs on sharp's threads while JavaScript reprojects another. */
const CONCURRENCY = 2;
/** Overlapping floors (a plan with rooms drawn over each other) are lifted apart by this much. */
const FLOOR_STEP = 1; // mm
// WebGL's numbers for texture sampling, as glTF stores them.
const REPEAT: GLTF.TextureWrapMode = 10497;
const CLAMP_TO_EDGE: GLTF.TextureWrapMode = 33071;
const LINEAR: GLTF.TextureMagFilter = 9729;
const LINEAR_MIPMAP_LINEAR: GLTF.TextureMinFilter = 9987;
const WALL_TOP: Rgb = [96, 101, 108];
const WALL_OUTSIDE: Rgb = [236, 233, 227];

interface Bucket {
  positions: number[];
  normals: number[];
  uvs: number[] | null;
  indices: number[];
}

export async function buildDollhouse(input: ModelInput): Promise<BuiltModel> {
  const started = performance.now();
  const checked = checkInput(input, { linksRequired: true });
  const layout = layoutPlan(
    checked.rooms.map((r) => r.rect),
    checked.links,
    checked.ceiling,
  );
  const looks = await mapLimit(checked.rooms, CONCURRENCY, (room, i) =>
    roomLook(room, layout.rooms[i]!, layout.interiors[i]!, layout.ceiling, {
      textures: true,
      density: TEXEL_DENSITY,
    }),
  );
  const { glb, triangles, textures } = await writeGlb(
    layout,
    checked.rooms.map((r) => ({ id: r.id, name: r.name })),
    looks,
  );
  return {
    glb,
    bytes: glb.byteLength,
    triangles,
    textures,
    millis: Math.round(performance.now() - started),
    openings: layout.openings.length,
  };
}

async function writeGlb(layout: Layout, rooms: Array<{ id: number; name: string }>, looks: RoomLook[]) {
  const doc = new Document();
  doc.getRoot().getAsset().generator = "souq-estate dollhouse";
  const buffer = doc.createBuffer();
  let textures = 0;

  const colour = (c: Rgb): [number, number, number, number] => [
    srgbToLinear(c[0]),
    srgbToLinear(c[1]),
    srgbToLinear(c[2]),
    1,
  ];
  const material = (name: string, base: Rgb, doubleSided: boolean): Material =>
    doc
      .createMaterial(name)
      .setBaseColorFactor(colour(base))
      .setMetallicFactor(0)
      .setRoughnessFactor(0.9)
      .setDoubleSided(doubleSided);
  const texture = async (name: string, img: RawImage): Promise<Texture> => {
    textures++;
    return doc
      .createTexture(name)
      .setMimeType("image/jpeg")
      .setImage(await encodeJpeg(img, JPEG_QUALITY));
  };
  const textured = (mat: Material, tex: Texture, wrapS: GLTF.TextureWrapMode) => {
    // With a texture the factor multiplies it, so it goes back to white.
    mat.setBaseColorFactor([1, 1, 1, 1]).setBaseColorTexture(tex);
    mat
      .getBaseColorTextureInfo()!
      .setWrapS(wrapS)
      .setWrapT(CLAMP_TO_EDGE)
      .setMagFilter(LINEAR)
      .setMinFilter(LINEAR_MIPMAP_LINEAR);
  };

  // Geometry, gathered per node and material. Positions in metres, the plan's middle at the origin.
  const cx = (layout.bounds.x0 + layout.bounds.x1) / 2;
  const cz = (layout.bounds.z0 + layout.bounds.z1) / 2;
  const buckets = new Map<string, Bucket>();
  const bucket = (key: string, withUv: boolean) => {
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { positions: [], normals: [], uvs: withUv ? [] : null, indices: [] }));
    return b;
  };
  const quad = (
    b: Bucket,
    corners: Array<[number, number, number]>,
    normal: [number, number, number],
    uv?: (p: [number, number, number]) => [number, number],
  ) => {
    const base = b.positions.length / 3;
    for (const p of corners) {
      b.positions.push((p[0] - cx) / 1000, p[1] / 1000, (p[2] - cz) / 1000);
      b.normals.push(...normal);
      if (b.uvs) b.uvs.push(...(uv ? uv(p) : [0, 0]));
    }
    b.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  };

  layout.rooms.forEach((r, i) => {
    const hasFloor = Boolean(looks[i]!.floorTexture);
    const y = (i % 8) * FLOOR_STEP;
    const w = r.x1 - r.x0;
    const d = r.z1 - r.z0;
    quad(
      bucket(`floor:${i}`, hasFloor),
      [
        [r.x0, y, r.z0],
        [r.x0, y, r.z1],
        [r.x1, y, r.z1],
        [r.x1, y, r.z0],
      ],
      [0, 1, 0],
      (p) => [(p[0] - r.x0) / w, (p[2] - r.z0) / d],
    );
  });
  for (const box of layout.boxes) {
    for (const face of box.faces) {
      const corners = faceCorners(box, face);
      const normal = normalOf(face.side);
      if (face.kind === "room") {
        const interior = layout.interiors[face.room]!;
        const hasWall = Boolean(looks[face.room]!.wallTexture);
        quad(bucket(`walls:${face.room}`, hasWall), corners, normal, (p) => [
          perimeterFraction(interior, face.side, p[0], p[2]),
          (layout.ceiling - p[1]) / layout.ceiling,
        ]);
      } else {
        quad(bucket(face.kind === "top" ? "structure:top" : "structure:outside", false), corners, normal);
      }
    }
  }

  const primitive = (b: Bucket, mat: Material) => {
    const vertexCount = b.positions.length / 3;
    const prim = doc
      .createPrimitive()
      .setAttribute(
        "POSITION",
        doc.createAccessor().setType("VEC3").setArray(new Float32Array(b.positions)).setBuffer(buffer),
      )
      .setAttribute(
        "NORMAL",
        doc.createAccessor().setType("VEC3").setArray(new Float32Array(b.normals)).setBuffer(buffer),
      )
      .setIndices(
        doc
          .createAccessor()
          .setType("SCALAR")
          .setArray(vertexCount < 65536 ? new Uint16Array(b.indices) : new Uint32Array(b.indices))
          .setBuffer(buffer),
      )
      .setMaterial(mat);
    if (b.uvs)
      prim.setAttribute(
        "TEXCOORD_0",
        doc.createAccessor().setType("VEC2").setArray(new Float32Array(b.uvs)).setBuffer(buffer),
      );
    return prim;
  };

  const scene = doc.createScene("Dollhouse");
  const root = doc
    .createNode("Dollhouse")
    .setExtras({ ceilingHeight: layout.ceiling / 1000, openings: layout.openings.length });
  scene.addChild(root);
  let triangles = 0;
  for (let i = 0; i < rooms.length; i++) {
    const room = rooms[i]!;
    const look = looks[i]!;
    const mesh = doc.createMesh(room.name);
    const floor = buckets.get(`floor:${i}`);
    if (floor) {
      const mat = material(`${room.name} floor`, look.floor, true);
      if (look.floorTexture)
        textured(mat, await texture(`${room.name} floor`, look.floorTexture), CLAMP_TO_EDGE);
      mesh.addPrimitive(primitive(floor, mat));
      triangles += floor.indices.length / 3;
    }
    const walls = buckets.get(`walls:${i}`);
    if (walls) {
      const mat = material(`${room.name} walls`, look.wall, false);
      // The strip goes once round the room, so its two ends meet at the north-west corner.
      if (look.wallTexture) textured(mat, await texture(`${room.name} walls`, look.wallTexture), REPEAT);
      mesh.addPrimitive(primitive(walls, mat));
      triangles += walls.indices.length / 3;
    }
    root.addChild(doc.createNode(room.name).setMesh(mesh).setExtras({ roomId: room.id }));
  }
  const structure = doc.createMesh("Walls");
  const top = buckets.get("structure:top");
  const outside = buckets.get("structure:outside");
  if (top) {
    structure.addPrimitive(primitive(top, material("Wall tops", WALL_TOP, false)));
    triangles += top.indices.length / 3;
  }
  if (outside) {
    structure.addPrimitive(primitive(outside, material("Wall outsides", WALL_OUTSIDE, false)));
    triangles += outside.indices.length / 3;
  }
  root.addChild(doc.createNode("Walls").setMesh(structure));

  const glb = Buffer.from(await new NodeIO().writeBinary(doc));
  return { glb, triangles, textures };
}
