// Pictures the tour tests upload: a plain "room" with a floor darker than its walls.
import sharp from "sharp";

export const panoramaJpeg = (w = 1024, h = 512) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 180, g: 150, b: 120 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${w}" height="${h}"><rect y="${h / 2}" width="${w}" height="${h / 2}" fill="#654"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
