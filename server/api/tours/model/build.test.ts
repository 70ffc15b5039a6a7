import { crc32 } from "node:zlib";
import { NodeIO, type Document } from "@gltf-transform/core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDollhouse, ModelInputError, type ModelInput, type ModelRoom } from "./index";
import { syntheticPanorama } from "./synthetic";

const read = (glb: Buffer): Promise<Document> => new NodeIO().readBinary(new Uint8Array(glb));

/** All triangles of the model, in model space, with the name of the material each is drawn with. */
function triangles(doc: Document) {
  const out: Array<{ material: string; a: number[]; b: number[]; c: number[] }> = [];
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute("POSITION")!;
      const idx = prim.getIndices()!;
      const p = (i: number) => pos.getElement(idx.getScalar(i), []);
      for (let i = 0; i < idx.getCount(); i += 3)
        out.push({ material: prim.getMaterial()?.getName() ?? "", a: p(i), b: p(i + 1), c: p(i + 2) });
    }
  }
  return out;
}

/** Whether the segment from → to passes through a triangle (Möller–Trumbore). */
function crosses(from: number[], to: number[], t: { a: number[]; b: number[]; c: number[] }) {
  const sub = (u: number[], v: number[]) => u.map((x, i) => x - v[i]!);
  const cross = (u: number[], v: number[]) => [
    u[1]! * v[2]! - u[2]! * v[1]!,
    u[2]! * v[0]! - u[0]! * v[2]!,
    u[0]! * v[1]! - u[1]! * v[0]!,
  ];
  const dot = (u: number[], v: number[]) => u.reduce((s, x, i) => s + x * v[i]!, 0);
  const dir = sub(to, from);
  const e1 = sub(t.b, t.a);
  const e2 = sub(t.c, t.a);
  const h = cross(dir, e2);
  const det = dot(e1, h);
  if (Math.abs(det) < 1e-12) return false;
  const s = sub(from, t.a);
  const u = dot(s, h) / det;
  if (u < 0 || u > 1) return false;
  const q = cross(s, e1);
  const v = dot(dir, q) / det;
  if (v < 0 || u + v > 1) return false;
  const k = dot(e2, q) / det;
  return k >= 0 && k <= 1;
}

const plain = (id: number, name: string, x: number, y: number, width: number, depth: number): ModelRoom => ({
  id,
  name,
  outline: { x, y, width, depth },
});

describe("buildDollhouse", () => {
  it("writes a valid GLB: header, one node per room named after it, PBR materials, textures from panoramas", async () => {
    const panorama = await syntheticPanorama(0, 1024);
    const model = await buildDollhouse({
      rooms: [{ ...plain(7, "Living room", 0, 0, 5, 4), panorama }, plain(8, "Study", 5, 0, 3, 4)],
      links: [{ from: 7, to: 8 }],
    });
    const glb = model.glb;
    // glTF binary header: magic "glTF", version 2, total length.
    expect(glb.readUInt32LE(0)).toBe(0x46546c67);
    expect(glb.subarray(0, 4).toString("latin1")).toBe("glTF");
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.byteLength);
    expect(model.bytes).toBe(glb.byteLength);
    expect(model.openings).toBe(1);
    expect(model.textures).toBe(2);

    const doc = await read(glb);
    const root = doc.getRoot();
    const names = root.listNodes().map((n) => n.getName());
    expect(names).toEqual(expect.arrayContaining(["Living room", "Study", "Walls"]));
    expect(
      root
        .listNodes()
        .find((n) => n.getName() === "Study")!
        .getExtras(),
    ).toEqual({ roomId: 8 });
    expect(root.listMeshes().length).toBeGreaterThanOrEqual(3);
    for (const material of root.listMaterials()) {
      expect(material.getMetallicFactor()).toBe(0);
      expect(material.getRoughnessFactor()).toBeCloseTo(0.9);
    }
    const textures = root.listTextures();
    expect(textures.map((t) => t.getName()).sort()).toEqual(["Living room floor", "Living room walls"]);
    for (const t of textures) {
      expect(t.getMimeType()).toBe("image/jpeg");
      const meta = await sharp(t.getImage()!).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBeLessThanOrEqual(2048);
    }
    const livingWalls = root.listMaterials().find((m) => m.getName() === "Living room walls")!;
    expect(livingWalls.getBaseColorTexture()?.getName()).toBe("Living room walls");
    const studyFloor = root.listMaterials().find((m) => m.getName() === "Study floor")!;
    expect(studyFloor.getBaseColorTexture()).toBeNull();
    // Every textured primitive carries texture coordinates; all carry normals.
    for (const mesh of root.listMeshes()) {
      for (const prim of mesh.listPrimitives()) {
        expect(prim.getAttribute("NORMAL")).not.toBeNull();
        if (prim.getMaterial()?.getBaseColorTexture()) expect(prim.getAttribute("TEXCOORD_0")).not.toBeNull();
      }
    }
    const count = triangles(doc).length;
    expect(model.triangles).toBe(count);
  });

  it("leaves a door-sized hole in the wall between two linked touching rooms, and none when unlinked", async () => {
    // Rooms 4 × 3 and 3 × 3 side by side: the shared wall is at x = 4 m, the door centred at y = 1.5 m.
    const rooms = [plain(1, "A", 0, 0, 4, 3), plain(2, "B", 4, 0, 3, 3)];
    // The model is centred on the plan's middle (walls 5 cm thick outside the outlines).
    const centre = { x: 3.5, z: 1.5 };
    const ray = (y: number, z: number) => [
      [4 - 0.5 - centre.x, y, z - centre.z],
      [4 + 0.5 - centre.x, y, z - centre.z],
    ];
    const hits = (doc: Document, [from, to]: number[][]) =>
      triangles(doc).filter((t) => crosses(from!, to!, t)).length;

    const linked = await buildDollhouse({ rooms, links: [{ from: 1, to: 2 }] });
    expect(linked.openings).toBe(1);
    const linkedDoc = await read(linked.glb);
    expect(hits(linkedDoc, ray(1.0, 1.5))).toBe(0); // through the door
    expect(hits(linkedDoc, ray(1.0, 1.1))).toBe(0); // 40 cm off centre, still in it
    expect(hits(linkedDoc, ray(2.4, 1.5))).toBeGreaterThan(0); // above the door: the lintel
    expect(hits(linkedDoc, ray(1.0, 0.5))).toBeGreaterThan(0); // beside it: wall

    const unlinked = await buildDollhouse({ rooms, links: [] });
    expect(unlinked.openings).toBe(0);
    expect(hits(await read(unlinked.glb), ray(1.0, 1.5))).toBeGreaterThan(0);

    const apart = await buildDollhouse({
      rooms: [plain(1, "A", 0, 0, 4, 3), plain(2, "B", 5, 0, 3, 3)],
      links: [{ from: 1, to: 2 }],
    });
    expect(apart.openings).toBe(0);
  });

  it("builds rooms without pictures with plain materials, and photo rooms with the photo's colours", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a04020" } })
      .jpeg()
      .toBuffer();
    const model = await buildDollhouse({
      rooms: [plain(1, "Hall", 0, 0, 2, 5), { ...plain(2, "Kitchen", 2, 0, 3, 3), photo }],
      links: [{ from: 1, to: 2 }],
      ceilingHeight: 3,
    });
    expect(model.textures).toBe(0);
    expect(model.openings).toBe(1);
    const doc = await read(model.glb);
    const materials = doc.getRoot().listMaterials();
    const hallFloor = materials.find((m) => m.getName() === "Hall floor")!.getBaseColorFactor();
    const kitchenFloor = materials.find((m) => m.getName() === "Kitchen floor")!.getBaseColorFactor();
    expect(hallFloor[0]).toBeGreaterThan(0.5); // light
    expect(kitchenFloor[0]).toBeGreaterThan(kitchenFloor[2]! * 3); // the photo's red-brown
    const tops = triangles(doc).filter((t) => t.material === "Wall tops");
    expect(tops.every((t) => [t.a, t.b, t.c].every((p) => Math.abs(p[1]! - 3) < 1e-6))).toBe(true);
  });

  it("treats a panorama that is not 2:1 as a photo", async () => {
    const wide = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#3060a0" } })
      .jpeg()
      .toBuffer();
    const model = await buildDollhouse({
      rooms: [{ ...plain(1, "Balcony", 0, 0, 3, 1.5), panorama: wide }],
      links: [],
    });
    expect(model.textures).toBe(0);
  });

  describe("refuses hostile or broken input with a readable error, quickly", () => {
    const ok = plain(1, "Room", 0, 0, 4, 3);
    const bad: Array<[string, unknown, RegExp]> = [
      ["nothing", undefined, /no rooms/],
      ["no rooms", { rooms: [], links: [] }, /at least one room/],
      ["rooms not a list", { rooms: "kitchen", links: [] }, /at least one room/],
      [
        "41 rooms",
        {
          rooms: Array.from({ length: 41 }, (_, i) =>
            plain(i, `R${i}`, (i % 7) * 5, Math.floor(i / 7) * 5, 4, 4),
          ),
          links: [],
        },
        /at most 40 rooms/,
      ],
      ["zero width", { rooms: [plain(1, "Box", 0, 0, 0, 3)], links: [] }, /too small/],
      ["negative depth", { rooms: [plain(1, "Box", 0, 0, 3, -2)], links: [] }, /too small/],
      ["NaN", { rooms: [plain(1, "Box", Number.NaN, 0, 3, 3)], links: [] }, /not a number/],
      [
        "Infinity",
        { rooms: [plain(1, "Box", 0, 0, Number.POSITIVE_INFINITY, 3)], links: [] },
        /not a number/,
      ],
      [
        "a string size",
        { rooms: [{ id: 1, name: "Box", outline: { x: 0, y: 0, width: "4", depth: 3 } }], links: [] },
        /not a number/,
      ],
      ["a huge room", { rooms: [plain(1, "Hangar", 0, 0, 1e9, 3)], links: [] }, /too large/],
      [
        "a plan wider than 100 m",
        { rooms: [plain(1, "A", 0, 0, 60, 3), plain(2, "B", 60, 0, 60, 3)], links: [] },
        /more than 100 m/,
      ],
      ["far off the plan", { rooms: [plain(1, "Box", 1e7, 0, 3, 3)], links: [] }, /outside/],
      ["no outline", { rooms: [{ id: 1, name: "Box" }], links: [] }, /no place/],
      ["a duplicate id", { rooms: [ok, { ...ok, name: "Other" }], links: [] }, /same id/],
      ["a fractional id", { rooms: [{ ...ok, id: 1.5 }], links: [] }, /no valid id/],
      ["a link to nowhere", { rooms: [ok], links: [{ from: 1, to: 99 }] }, /not in the model \(id 99\)/],
      ["a NaN link", { rooms: [ok], links: [{ from: Number.NaN, to: 1 }] }, /not in the model/],
      ["no links list", { rooms: [ok] }, /links between rooms are missing/],
      ["a low ceiling", { rooms: [ok], links: [], ceilingHeight: 0.5 }, /ceiling height/],
      ["a NaN ceiling", { rooms: [ok], links: [], ceilingHeight: Number.NaN }, /ceiling height/],
      [
        "a panorama that is not an image",
        { rooms: [{ ...ok, panorama: Buffer.from("not a jpeg at all") }], links: [] },
        /could not be read as an image/,
      ],
      [
        "a panorama that is not bytes",
        { rooms: [{ ...ok, panorama: "https://example.com/p.jpg" }], links: [] },
        /not an image file/,
      ],
    ];
    it.each(bad)("%s", async (_label, input, message) => {
      const started = Date.now();
      const error = await buildDollhouse(input as ModelInput).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ModelInputError);
      expect((error as Error).message).toMatch(message);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("an image whose header claims 100 000 × 50 000 pixels", async () => {
      // A real 1×1 PNG with its size rewritten (and its checksum redone): decoding it would need 15 GB.
      const png = Buffer.from(
        await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      );
      png.writeUInt32BE(100_000, 16);
      png.writeUInt32BE(50_000, 20);
      png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
      const started = Date.now();
      await expect(buildDollhouse({ rooms: [{ ...ok, panorama: png }], links: [] })).rejects.toThrow(
        /could not be read as an image/,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("a name with control characters and a megabyte of text becomes a short single line", async () => {
      const model = await buildDollhouse({
        rooms: [{ ...ok, name: `Kitchen\u0000\n\t${"x".repeat(1_000_000)}` }],
        links: [],
      });
      const names = (await read(model.glb))
        .getRoot()
        .listNodes()
        .map((n) => n.getName());
      const name = names.find((n) => n.startsWith("Kitchen"))!;
      expect(name).toMatch(/^Kitchen x+…$/);
      expect(name.length).toBeLessThanOrEqual(60);
    });
  });

  describe("six rooms, each with a 4096 × 2048 panorama", () => {
    let input: ModelInput;
    beforeAll(async () => {
      // Photo-like panoramas of about 1.9 MB each, as a 360° camera's JPEGs.
      const panoramas: Buffer[] = [];
      for (let i = 0; i < 6; i++) panoramas.push(await syntheticPanorama(i));
      const outlines = [
        [0, 0, 6, 4.5],
        [6.1, 0, 3.5, 4.5],
        [0, 4.5, 9.6, 1.4],
        [0, 5.9, 4, 3.6],
        [4, 5.9, 2.4, 3.6],
        [6.4, 5.85, 3.2, 3.6],
      ] as const;
      const names = ["Living room", "Kitchen", "Hall", "Bedroom", "Bathroom", "Bedroom 2"];
      input = {
        rooms: outlines.map(([x, y, width, depth], i) => ({
          id: i + 1,
          name: names[i]!,
          outline: { x, y, width, depth },
          panorama: panoramas[i],
        })),
        links: [
          { from: 1, to: 2 },
          { from: 1, to: 3 },
          { from: 3, to: 4 },
          { from: 3, to: 5 },
          { from: 3, to: 6 },
        ],
      };
    }, 120_000);

    it("fits in 2 MB and builds in seconds", async () => {
      const model = await buildDollhouse(input);
      console.info(
        `six-room dollhouse: ${(model.bytes / 1024).toFixed(0)} KB, ${model.triangles} triangles, ${model.textures} textures, ${model.openings} openings, built in ${model.millis} ms`,
      );
      expect(model.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(model.textures).toBe(12);
      expect(model.openings).toBe(5);
      // A few seconds on two cores; the bound leaves room for a busy test machine.
      expect(model.millis).toBeLessThan(20_000);
      const doc = await read(model.glb);
      expect(
        doc
          .getRoot()
          .listNodes()
          .map((n) => n.getName()),
      ).toEqual(expect.arrayContaining(input.rooms.map((r) => r.name)));
    }, 60_000);
  });
});
