// `npm run demo:placeholders`: paints every demo picture once and writes what the demo's rows need
// before it is painted (demo/photos/placeholders.json). Run it after changing a painter; a test
// (demo/photos/pictures.test.ts) says when the file no longer matches them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { makeVariants } from "../server/media/images.server";
import { allDemoPictures, type Placeholder } from "../demo/photos/pictures";

const out: Record<string, Placeholder> = {};
for (const picture of allDemoPictures()) {
  const p = await makeVariants(await picture.paint(), { ...picture.options, avif: false });
  out[picture.id] = {
    width: p.width,
    height: p.height,
    widths: p.variants.map((v) => v.width),
    thumbhash: p.thumbhash,
    dominant: p.dominant,
  };
}
const file = path.resolve(import.meta.dirname, "../demo/photos/placeholders.json");
writeFileSync(file, await format(JSON.stringify(out), { parser: "json" }));
console.log(`${Object.keys(out).length} pictures described in ${path.relative(process.cwd(), file)}`);
